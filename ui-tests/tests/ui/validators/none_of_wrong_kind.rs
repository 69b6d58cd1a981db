use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    #[tf(validate(none_of("22", "23")))]
    port: i64,
}

fn main() {}
