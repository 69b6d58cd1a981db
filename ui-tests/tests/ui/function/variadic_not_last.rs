#[tfschema::function]
pub fn join_tags(#[tf(variadic)] tags: Vec<String>, separator: String) -> String {
    tags.join(&separator)
}

fn main() {}
