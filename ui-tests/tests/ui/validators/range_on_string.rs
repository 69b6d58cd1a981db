use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    #[tf(validate(range(min = 1, max = 10)))]
    name: String,
}

fn main() {}
