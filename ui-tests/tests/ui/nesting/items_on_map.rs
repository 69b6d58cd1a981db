use std::collections::BTreeMap;

use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Origin {
    host: String,
}

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block, min_items = 1)]
    origins: BTreeMap<String, Origin>,
}

fn main() {}
