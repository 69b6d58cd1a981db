use std::collections::BTreeMap;

use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Origin {
    host: String,
}

type Origins = BTreeMap<String, Origin>;

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(nested)]
    origins: Option<Origins>,
}

fn main() {}
