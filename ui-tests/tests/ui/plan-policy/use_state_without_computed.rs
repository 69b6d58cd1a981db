use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Volume {
    #[tf(use_state_for_unknown)]
    id: Option<String>,
}

fn main() {}
