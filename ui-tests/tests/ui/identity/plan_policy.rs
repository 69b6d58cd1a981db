use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
#[tf(identity)]
struct DiskIdentity {
    #[tf(requires_replace)]
    name: String,
    #[tf(default = "eu-west-1")]
    region: Option<String>,
}

fn main() {}
