use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(nesting = "list")]
    tags: Vec<String>,
}

fn main() {}
