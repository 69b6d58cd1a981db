use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    #[tf(validate(prefix = ""))]
    name: String,
}

fn main() {}
