use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    port: u16,
}

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block, optional)]
    rule: Option<Rule>,
}

fn main() {}
