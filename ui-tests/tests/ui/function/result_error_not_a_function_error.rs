#[tfschema::function]
pub fn parse_count(text: String) -> Result<i64, std::num::ParseIntError> {
    text.parse()
}

fn main() {}
