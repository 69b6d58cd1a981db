use tfschema::{TfSchema, TfValue};

/// Nothing of an ephemeral resource is stored: `write_only` means nothing.
#[derive(TfSchema, TfValue)]
#[tf(ephemeral)]
struct Token {
    #[tf(write_only, sensitive)]
    password: Option<String>,
}

fn main() {}
