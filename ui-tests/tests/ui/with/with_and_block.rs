use tfschema::{TfSchema, TfValue};

mod stamp {
    pub type Wire = String;
    pub fn to_wire(v: &u64) -> Result<String, String> {
        Ok(v.to_string())
    }
    pub fn from_wire(w: String) -> Result<u64, String> {
        w.parse().map_err(|_| w)
    }
}

#[derive(TfSchema, TfValue)]
struct Inner {
    a: String,
}

#[derive(TfSchema, TfValue)]
struct Outer {
    #[tf(block, with = stamp)]
    inner: Inner,
    #[tf(nested, with = stamp)]
    nested: Inner,
}

fn main() {}
