#[tfschema::function]
pub fn count(#[tf(allow_unknown)] items: Vec<String>) -> i64 {
    items.len() as i64
}

fn main() {}
