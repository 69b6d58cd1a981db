#[tfschema::function]
pub fn join_tags(separator: String, #[tf(variadic)] tags: String) -> String {
    tags.replace(',', &separator)
}

fn main() {}
