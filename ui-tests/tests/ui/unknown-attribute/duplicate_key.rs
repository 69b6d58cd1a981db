use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(rename = "a", rename = "b")]
    name: String,
}

fn main() {}
