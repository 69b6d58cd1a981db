use tfschema::{TfSchema, TfValue};

/// A deprecation must say what to use instead, on the struct and on fields.
#[derive(TfSchema, TfValue)]
#[tf(deprecated = "")]
struct Thing {
    #[tf(deprecated = "  ")]
    label: Option<String>,
}

fn main() {}
