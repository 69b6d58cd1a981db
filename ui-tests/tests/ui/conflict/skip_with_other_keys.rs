use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    name: String,
    #[tf(skip, rename = "cache")]
    cached: u32,
}

fn main() {}
