use tfschema::{TfSchema, TfValue, Unknown};

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(required, computed)]
    id: Unknown<String>,
}

fn main() {}
