use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    #[tf(validate(regex(message = "must be lowercase")))]
    label: String,
}

fn main() {}
