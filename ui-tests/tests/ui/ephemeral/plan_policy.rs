use tfschema::schema::ReplaceIfRequest;
use tfschema::{TfSchema, TfValue, Unknown};

fn always(_: &ReplaceIfRequest<'_>) -> bool {
    true
}

/// An ephemeral resource is never planned: every plan-policy key is
/// refused, each at its key, in one pass.
#[derive(TfSchema, TfValue)]
#[tf(ephemeral)]
struct Token {
    #[tf(requires_replace)]
    scope: String,
    #[tf(requires_replace_if = always)]
    audience: Option<String>,
    #[tf(computed, use_state_for_unknown)]
    id: Unknown<String>,
    #[tf(optional, computed, default = 600)]
    ttl: Unknown<Option<i64>>,
}

fn main() {}
