use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    #[tf(validate(regex = "^[a-z+$"))]
    name: String,
}

fn main() {}
