use tfschema::{TfSchema, TfValue};

/// Go's other plan modifiers are plan policies too: refused on an identity.
#[derive(TfSchema, TfValue)]
#[tf(identity)]
struct DiskIdentity {
    #[tf(requires_replace_if_configured)]
    name: String,
    #[tf(use_non_null_state_for_unknown)]
    region: Option<String>,
}

fn main() {}
