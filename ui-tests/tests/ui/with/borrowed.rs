use tfschema::{TfSchema, TfValue};

mod text {
    pub type Wire = String;
    pub fn to_wire(v: &&str) -> Result<String, String> {
        Ok(v.to_string())
    }
    pub fn from_wire(w: String) -> Result<&'static str, String> {
        Err(w)
    }
}

#[derive(TfSchema, TfValue)]
struct Model<'a> {
    #[tf(with = text)]
    name: &'a str,
}

fn main() {}
