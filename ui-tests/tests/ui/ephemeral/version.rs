use tfschema::{TfSchema, TfValue};

/// No stored state, so no schema version to upgrade from.
#[derive(TfSchema, TfValue)]
#[tf(ephemeral, version = 2)]
struct Token {
    scope: String,
}

fn main() {}
