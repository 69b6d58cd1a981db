use tfschema::{TfSchema, TfValue};

/// `optional_attributes("...")` names attributes of the struct, once each,
/// that may be null (a value that leaves them out holds null there).
#[derive(TfSchema, TfValue)]
#[tf(optional_attributes("a", "missing", "a", "count", "inner"))]
struct Thing {
    a: Option<String>,
    count: i64,
    #[tf(block)]
    inner: Vec<Inner>,
}

#[derive(TfSchema, TfValue)]
struct Inner {
    x: Option<String>,
}

#[derive(TfSchema, TfValue)]
#[tf(optional_attributes())]
struct Empty {
    a: Option<String>,
}

fn main() {}
