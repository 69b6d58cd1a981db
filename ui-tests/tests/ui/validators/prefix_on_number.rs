use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    #[tf(validate(prefix = "p-"))]
    port: i64,
}

fn main() {}
