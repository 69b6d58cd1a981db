use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    #[tf(validate(no_null_values))]
    name: Option<String>,
}

fn main() {}
