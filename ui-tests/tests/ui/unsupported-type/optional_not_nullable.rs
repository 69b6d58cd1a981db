use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(optional)]
    name: String,
}

fn main() {}
