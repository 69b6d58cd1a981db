#[tfschema::function]
pub fn greet(#[tf(allow_null)] name: String) -> String {
    format!("hello {name}")
}

fn main() {}
