use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
#[tf(verison = 1)]
struct Resource {
    name: String,
}

fn main() {}
