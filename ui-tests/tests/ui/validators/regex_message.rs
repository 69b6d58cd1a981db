use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    #[tf(validate(regex("^[a-z]+$", message = "")))]
    name: String,
    #[tf(validate(regex("^[0-9]+$", message = "must be digits")))]
    port: i64,
}

fn main() {}
