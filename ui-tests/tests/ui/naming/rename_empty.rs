use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(rename = "")]
    name: String,
}

fn main() {}
