#[tfschema::function(deprecated = "use join_tags")]
#[deprecated = "use join_tags"]
pub fn concat_tags(#[tf(variadic)] tags: Vec<String>) -> String {
    tags.concat()
}

fn main() {}
