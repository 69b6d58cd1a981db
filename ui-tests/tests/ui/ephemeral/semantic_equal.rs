use tfschema::{TfSchema, TfValue};

mod upper {
    pub type Wire = String;
    pub fn to_wire(s: &String) -> Result<String, std::convert::Infallible> {
        Ok(s.clone())
    }
    pub fn from_wire(s: String) -> Result<String, std::convert::Infallible> {
        Ok(s)
    }
    pub fn semantically_equal(a: &String, b: &String) -> bool {
        a.eq_ignore_ascii_case(b)
    }
}

/// No prior state to compare with.
#[derive(TfSchema, TfValue)]
#[tf(ephemeral)]
struct Token {
    #[tf(with = upper, semantic_equal)]
    scope: String,
}

fn main() {}
