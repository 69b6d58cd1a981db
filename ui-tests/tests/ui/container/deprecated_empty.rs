use tfschema::{TfSchema, TfValue};

/// An empty deprecation message is refused, on the struct and on fields:
/// a deprecation without a message is `deprecated` alone.
#[derive(TfSchema, TfValue)]
#[tf(deprecated = "")]
struct Thing {
    #[tf(deprecated = "  ")]
    label: Option<String>,
    #[tf(deprecated)]
    fine: Option<String>,
}

fn main() {}
