use std::collections::BTreeMap;

use tfschema::{Set, TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Parent {
    id: String,
}

/// Identity attributes are primitives or lists of primitives.
#[derive(TfSchema, TfValue)]
#[tf(identity)]
struct RecordIdentity {
    name: String,
    labels: BTreeMap<String, String>,
    zones: Set<String>,
    hops: Vec<Vec<String>>,
    parent: Option<Parent>,
    extra: tfschema::Value,
}

fn main() {}
