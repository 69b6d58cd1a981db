use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    #[tf(validate(noneof("a")))]
    name: String,
}

fn main() {}
