use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Borrowed<'a, 'b> {
    name: &'a str,
    note: &'b str,
}

fn main() {}
