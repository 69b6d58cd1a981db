use tfschema::{TfSchema, TfValue};

type Label = String;

/// A named attribute whose type does not show whether it can be null (an
/// alias): the compiler checks it, at the name.
#[derive(TfSchema, TfValue)]
#[tf(optional_attributes("label"))]
struct Thing {
    label: Label,
}

fn main() {}
