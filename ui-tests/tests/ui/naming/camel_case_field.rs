use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
#[allow(non_snake_case)]
struct Resource {
    instanceType: String,
}

fn main() {}
