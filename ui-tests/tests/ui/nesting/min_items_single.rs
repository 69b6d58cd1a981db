use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Timeouts {
    create: Option<String>,
}

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block, min_items = 2)]
    timeouts: Option<Timeouts>,
}

fn main() {}
