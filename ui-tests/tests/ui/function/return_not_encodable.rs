pub struct Location {
    pub warehouse: String,
    pub shelf: String,
}

#[tfschema::function]
pub fn parse_location(text: String) -> Location {
    let (warehouse, shelf) = text.split_once('/').unwrap_or_default();
    Location {
        warehouse: warehouse.into(),
        shelf: shelf.into(),
    }
}

fn main() {}
