use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Model {
    #[tf(with = 3)]
    created: u64,
}

fn main() {}
