use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
union Bits {
    int: u32,
    float: f32,
}

fn main() {}
