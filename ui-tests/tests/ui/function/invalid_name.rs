#[tfschema::function(name = "Join-Tags")]
pub fn join_tags(separator: String, #[tf(variadic)] tags: Vec<String>) -> String {
    tags.join(&separator)
}

#[allow(non_snake_case)]
#[tfschema::function]
pub fn Shout(text: String) -> String {
    text.to_uppercase()
}

fn main() {}
