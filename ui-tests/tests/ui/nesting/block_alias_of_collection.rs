use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    port: i64,
}

/// A list block needs its `Vec` written in the field.
type Rules = Vec<Rule>;

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block)]
    rules: Rules,
}

fn main() {}
