//! What several test files share (each includes it with `mod common;`).

use tfschema::schema::{Attribute, Block, Schema};
use tfschema::server::raw::ProviderSchema;
use tfschema::Type;

/// A raw provider's schema: one resource type, `x_raw`, with an optional
/// string `name`.
pub fn x_raw_schema() -> ProviderSchema {
    let mut name = Attribute::new("name", Type::String);
    name.optional = true;
    let mut schema = ProviderSchema::default();
    schema.resources.insert(
        "x_raw".into(),
        Schema {
            version: 0,
            block: Block {
                attributes: vec![name],
                ..Block::default()
            },
        },
    );
    schema
}
