use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(required, optional)]
    name: Option<String>,
}

fn main() {}
