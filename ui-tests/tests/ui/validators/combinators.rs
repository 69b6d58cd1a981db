use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    #[tf(validate(any()))]
    name: String,
    #[tf(validate(any(items(max = 3), length(max = 5))))]
    tags: Vec<String>,
    #[tf(validate(warn(range(min = 1))))]
    label: String,
}

fn main() {}
