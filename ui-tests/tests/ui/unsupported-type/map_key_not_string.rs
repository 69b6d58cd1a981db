use std::collections::BTreeMap;

use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    ports: BTreeMap<u16, String>,
}

fn main() {}
