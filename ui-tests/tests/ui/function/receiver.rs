struct Catalog;

impl Catalog {
    #[tfschema::function]
    fn lookup(&self, sku: String) -> String {
        sku
    }
}

fn main() {}
