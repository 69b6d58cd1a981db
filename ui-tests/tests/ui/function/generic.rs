#[tfschema::function]
pub fn first<T: Clone>(items: Vec<T>) -> T {
    items[0].clone()
}

fn main() {}
