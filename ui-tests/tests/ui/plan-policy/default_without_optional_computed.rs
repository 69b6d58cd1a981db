use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Volume {
    #[tf(default = "gp3")]
    volume_type: Option<String>,
}

fn main() {}
