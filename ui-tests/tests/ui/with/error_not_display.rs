use tfschema::{TfSchema, TfValue};

/// An error type that is neither a `WireError` nor `Display`: its words
/// could not reach the diagnostic.
#[derive(Debug)]
pub struct Opaque;

mod stamp {
    pub type Wire = String;
    pub fn to_wire(v: &u64) -> Result<String, String> {
        Ok(v.to_string())
    }
    pub fn from_wire(text: String) -> Result<u64, super::Opaque> {
        text.parse().map_err(|_| super::Opaque)
    }
}

#[derive(TfSchema, TfValue)]
struct Model {
    #[tf(with = stamp)]
    created: u64,
}

fn main() {}
