use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Timeouts {
    create: Option<String>,
}

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block, max_items = 3)]
    timeouts: Timeouts,
}

fn main() {}
