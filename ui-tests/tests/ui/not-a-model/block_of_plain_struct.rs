use tfschema::{TfSchema, TfValue};

struct Timeouts {
    create: Option<String>,
}

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block)]
    timeouts: Option<Timeouts>,
}

fn main() {}
