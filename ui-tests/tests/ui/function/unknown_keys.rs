#[tfschema::function(nmae = "join")]
pub fn join_tags(separator: String, #[tf(variadc)] tags: Vec<String>) -> String {
    tags.join(&separator)
}

fn main() {}
