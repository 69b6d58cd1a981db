use tfschema::{TfSchema, TfValue};

/// An alias the derive cannot see through: the compiler checks it.
type Name = String;

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(optional)]
    name: Name,
}

fn main() {}
