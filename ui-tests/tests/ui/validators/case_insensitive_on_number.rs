use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    #[tf(validate(one_of_case_insensitive("tcp")))]
    port: i64,
    #[tf(validate(none_of_case_insensitive(1, "udp")))]
    protocol: String,
}

fn main() {}
