use tfschema::{TfSchema, TfValue};

mod stamp {
    pub type Wire = std::time::Duration;
    pub fn to_wire(v: &u64) -> Result<std::time::Duration, String> {
        Ok(std::time::Duration::from_secs(*v))
    }
    pub fn from_wire(w: std::time::Duration) -> Result<u64, String> {
        Ok(w.as_secs())
    }
}

#[derive(TfSchema, TfValue)]
struct Model {
    #[tf(with = stamp)]
    created: u64,
}

fn main() {}
