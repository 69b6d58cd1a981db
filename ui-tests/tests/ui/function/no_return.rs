#[tfschema::function]
pub fn log_sku(sku: String) {
    println!("{sku}");
}

fn main() {}
