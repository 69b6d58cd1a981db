use tfschema::{TfSchema, TfValue, Unknown};

#[derive(TfSchema, TfValue)]
struct Volume {
    #[tf(optional, computed, default = "many")]
    iops: Unknown<Option<i64>>,
}

fn main() {}
