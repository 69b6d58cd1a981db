use tfschema::{TfSchema, TfValue, Unknown};

#[derive(TfSchema, TfValue)]
struct Volume {
    #[tf(optional, computed, write_only, default = "x")]
    secret: Unknown<Option<String>>,
}

fn main() {}
