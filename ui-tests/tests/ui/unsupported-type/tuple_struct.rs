use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Pair(String, i64);

fn main() {}
