use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Volume {
    #[tf(optional, use_non_null_state_for_unknown)]
    arn: Option<String>,
}

fn main() {}
