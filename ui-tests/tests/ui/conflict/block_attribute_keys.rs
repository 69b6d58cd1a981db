use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Rule {
    port: u16,
}

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block, write_only, sensitive, description = "Rules.", markdown)]
    rule: Option<Rule>,
}

fn main() {}
