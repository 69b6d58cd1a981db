use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Model {
    #[tf(each)]
    starts: Vec<String>,
}

fn main() {}
