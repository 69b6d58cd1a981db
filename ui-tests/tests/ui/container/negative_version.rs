use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
#[tf(version = -1)]
struct Resource {
    name: String,
}

fn main() {}
