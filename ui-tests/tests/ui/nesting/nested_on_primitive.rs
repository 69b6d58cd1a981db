use std::collections::BTreeMap;

use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(nested)]
    labels: Option<BTreeMap<String, i64>>,
}

fn main() {}
