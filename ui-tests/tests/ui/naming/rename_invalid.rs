use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(rename = "instance-type")]
    instance_type: String,
}

fn main() {}
