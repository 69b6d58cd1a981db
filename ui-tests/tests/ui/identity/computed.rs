use tfschema::{TfSchema, TfValue, Unknown};

/// Names one item: its id is assigned by the API, but an identity is only
/// ever what the provider returns.
#[derive(TfSchema, TfValue)]
#[tf(identity)]
struct ItemIdentity {
    #[tf(computed)]
    id: Unknown<String>,
}

fn main() {}
