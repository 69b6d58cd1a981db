use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(rename = "zone")]
    region: String,
    zone: String,
}

fn main() {}
