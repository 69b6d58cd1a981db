use tfschema::{TfSchema, TfValue, Unknown};

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(optional, computed)]
    size: Option<Unknown<i64>>,
}

fn main() {}
