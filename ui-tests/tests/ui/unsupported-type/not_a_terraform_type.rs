use tfschema::{TfSchema, TfValue};

struct Endpoint {
    url: String,
}

#[derive(TfSchema, TfValue)]
struct Resource {
    name: String,
    endpoint: Endpoint,
}

fn main() {}
