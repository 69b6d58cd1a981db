use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    note: Option<Option<String>>,
}

fn main() {}
