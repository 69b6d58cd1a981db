use std::collections::BTreeMap;

use tfschema::{TfSchema, TfValue};

/// A name the derive cannot read: the key type's own trait impls decide.
type Port = u16;

#[derive(TfSchema, TfValue)]
struct Resource {
    ports: BTreeMap<Port, String>,
}

fn main() {}
