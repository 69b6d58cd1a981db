use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Empty;

fn main() {}
