use tfschema::{TfSchema, TfValue, Value};

/// Takes the values, not the request: not a `requires_replace_if` function.
fn shrinking(prior: &Value, planned: &Value) -> bool {
    prior != planned
}

#[derive(TfSchema, TfValue)]
struct Disk {
    #[tf(requires_replace_if = shrinking)]
    size_gb: i64,
}

fn main() {}
