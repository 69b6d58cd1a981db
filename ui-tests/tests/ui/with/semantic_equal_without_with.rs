use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Model {
    #[tf(semantic_equal)]
    policy: String,
}

fn main() {}
