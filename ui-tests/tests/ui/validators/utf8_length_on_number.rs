use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    #[tf(validate(utf8_length(max = 5)))]
    port: i64,
}

fn main() {}
