use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Settings {
    debug: Option<bool>,
}

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block(nesting = "group"))]
    settings: Option<Settings>,
}

fn main() {}
