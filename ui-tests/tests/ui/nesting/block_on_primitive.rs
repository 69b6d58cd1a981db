use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block)]
    tags: Vec<String>,
}

fn main() {}
