use tfschema::{TfSchema, TfValue, Unknown};

#[derive(TfSchema, TfValue)]
struct Volume {
    #[tf(computed, use_state_for_unknown, use_non_null_state_for_unknown)]
    arn: Unknown<Option<String>>,
}

fn main() {}
