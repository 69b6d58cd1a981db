use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    port: u16,
}

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block, min_items = 3, max_items = 2)]
    rules: Vec<Rule>,
}

fn main() {}
