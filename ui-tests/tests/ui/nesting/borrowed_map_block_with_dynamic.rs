use std::collections::BTreeMap;

use tfschema::{TfSchema, TfValue, Value};

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Setting {
    value: Value,
}

// A map (or list) block with a `dynamic` attribute is read through
// `FromValue`, which a borrowing struct cannot implement.
#[derive(TfSchema, TfValue)]
struct Resource<'a> {
    name: &'a str,
    #[tf(block)]
    setting: BTreeMap<String, Setting>,
}

fn main() {
    let _ = <Resource as TfSchema>::block();
}
