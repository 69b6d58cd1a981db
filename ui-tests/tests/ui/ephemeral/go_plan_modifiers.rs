use tfschema::{TfSchema, TfValue, Unknown};

/// Go's other plan modifiers mean nothing on an ephemeral resource either.
#[derive(TfSchema, TfValue)]
#[tf(ephemeral)]
struct Token {
    #[tf(requires_replace_if_configured)]
    scope: String,
    #[tf(computed, use_non_null_state_for_unknown)]
    id: Unknown<Option<String>>,
}

fn main() {}
