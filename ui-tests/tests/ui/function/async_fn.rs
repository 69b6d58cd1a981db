#[tfschema::function]
pub async fn fetch_price(sku: String) -> String {
    sku
}

fn main() {}
