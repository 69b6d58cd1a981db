use tfschema::{TfSchema, TfValue, Unknown};

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
struct Model {
    #[tf(with = stamp, validate(length(max = 20)))]
    created: u64,
    #[tf(optional, computed, with = stamp, default = "0")]
    updated: Unknown<Option<u64>>,
}

fn main() {}
