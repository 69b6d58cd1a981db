use std::collections::BTreeMap;

use tfschema::timetypes::Rfc3339;
use tfschema::{TfSchema, TfValue, Unknown};

fn no_starts() -> Vec<Rfc3339> {
    Vec::new()
}

#[derive(TfSchema, TfValue)]
struct Model {
    #[tf(with = tfschema::timetypes::rfc3339, each)]
    by_port: BTreeMap<Box<str>, Rfc3339>,
    #[tf(optional, computed, with = tfschema::timetypes::rfc3339, each, default = no_starts)]
    starts: Unknown<Option<Vec<Rfc3339>>>,
}

fn main() {}
