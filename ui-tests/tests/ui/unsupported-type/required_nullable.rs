use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(required)]
    name: Option<String>,
}

fn main() {}
