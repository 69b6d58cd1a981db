#[tfschema::function]
pub struct Location {
    pub warehouse: String,
}

fn main() {}
