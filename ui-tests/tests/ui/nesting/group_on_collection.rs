use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    port: u16,
}

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block(nesting = "group"))]
    rules: Vec<Rule>,
}

fn main() {}
