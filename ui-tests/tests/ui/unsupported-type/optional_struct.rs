use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Endpoint {
    url: String,
}

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(optional)]
    endpoint: Endpoint,
}

fn main() {}
