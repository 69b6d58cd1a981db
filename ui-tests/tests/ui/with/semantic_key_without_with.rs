use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Model {
    #[tf(semantic_key)]
    created: String,
}

fn main() {}
