use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(max_items = 2)]
    tags: Vec<String>,
}

fn main() {}
