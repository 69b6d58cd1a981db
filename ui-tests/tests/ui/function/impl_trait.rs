#[tfschema::function]
pub fn shout(text: impl Into<String>) -> impl std::fmt::Display {
    text.into().to_uppercase()
}

fn main() {}
