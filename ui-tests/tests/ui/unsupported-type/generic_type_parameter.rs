use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Wrapper<T> {
    value: T,
}

fn main() {}
