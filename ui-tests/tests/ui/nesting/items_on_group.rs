use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Settings {
    debug: Option<bool>,
}

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block, nesting = "group", max_items = 1)]
    settings: Settings,
}

fn main() {}
