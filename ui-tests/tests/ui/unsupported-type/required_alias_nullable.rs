use std::collections::BTreeMap;

use tfschema::{TfSchema, TfValue};

type Keepers = Option<BTreeMap<String, String>>;

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(required)]
    keepers: Keepers,
}

fn main() {}
