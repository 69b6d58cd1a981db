use tfschema::{EphemeralSchema, TfSchema, TfValue, Unknown};

/// Derived, but not declared `#[tf(ephemeral)]`.
#[derive(TfSchema, TfValue)]
struct Token {
    scope: String,
    #[tf(computed, sensitive)]
    token: Unknown<String>,
}

/// What the typed layer's `EphemeralResource::Model` asks of its model.
fn ephemeral_model<M: EphemeralSchema>() {}

fn main() {
    ephemeral_model::<Token>();
}
