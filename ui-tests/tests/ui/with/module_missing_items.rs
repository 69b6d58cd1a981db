use tfschema::{TfSchema, TfValue};

/// No `from_wire`, and no `semantically_equal` for `semantic_equal`.
mod stamp {
    pub type Wire = String;
    pub fn to_wire(v: &u64) -> Result<String, String> {
        Ok(v.to_string())
    }
}

#[derive(TfSchema, TfValue)]
struct Model {
    #[tf(with = stamp, semantic_equal)]
    created: u64,
    #[tf(with = no_such_module)]
    updated: u64,
}

fn main() {}
