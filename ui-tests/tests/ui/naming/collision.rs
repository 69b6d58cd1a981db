use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    name: String,
    #[tf(rename = "name")]
    display_name: Option<String>,
}

fn main() {}
