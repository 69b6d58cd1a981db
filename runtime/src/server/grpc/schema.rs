//! Schemas as protocol messages.
//!
//! Protocol 5 cannot describe nested attributes: it is never served when a
//! schema uses them (the handshake refuses), and [`NestedAttributes::Implied`]
//! describes such an attribute by its implied type there.

use std::collections::BTreeMap;

use crate::schema::{
    Attribute, AttributeType, Block, NestedBlock, NestedType, NestingMode, ObjectNesting, Schema,
    StringKind,
};
use crate::server::proto::tfplugin6 as pb;

/// How an attribute with nested attributes is described.
#[derive(Debug, Clone, Copy)]
pub(super) enum NestedAttributes {
    /// As a `nested_type` object (protocol 6).
    Nested,
    /// As its implied type, like any other attribute (protocol 5).
    Implied,
}

/// A schema map by type name.
pub(super) fn schemas(
    m: &BTreeMap<String, Schema>,
    nested: NestedAttributes,
) -> BTreeMap<String, pb::Schema> {
    m.iter()
        .map(|(k, s)| (k.clone(), schema(s, nested)))
        .collect()
}

pub(super) fn schema(s: &Schema, nested: NestedAttributes) -> pb::Schema {
    pb::Schema {
        version: s.version,
        block: Some(block(&s.block, nested)),
    }
}

fn block(b: &Block, nested: NestedAttributes) -> pb::schema::Block {
    pb::schema::Block {
        version: 0,
        attributes: b.attributes.iter().map(|a| attribute(a, nested)).collect(),
        block_types: b
            .block_types
            .iter()
            .map(|n| nested_block(n, nested))
            .collect(),
        description: b.description.clone(),
        description_kind: kind(b.description_kind),
        deprecated: b.deprecated,
        deprecation_message: String::new(),
    }
}

fn nested_block(n: &NestedBlock, nested: NestedAttributes) -> pb::schema::NestedBlock {
    use pb::schema::nested_block::NestingMode as M;
    pb::schema::NestedBlock {
        type_name: n.type_name.clone(),
        block: Some(block(&n.block, nested)),
        nesting: match n.nesting {
            NestingMode::Single => M::Single,
            NestingMode::List => M::List,
            NestingMode::Set => M::Set,
            NestingMode::Map => M::Map,
            NestingMode::Group => M::Group,
        } as i32,
        min_items: i64::try_from(n.min_items).unwrap_or(i64::MAX),
        max_items: i64::try_from(n.max_items).unwrap_or(i64::MAX),
    }
}

fn attribute(a: &Attribute, nested: NestedAttributes) -> pb::schema::Attribute {
    let mut out = pb::schema::Attribute {
        name: a.name.clone(),
        description: a.description.clone(),
        description_kind: kind(a.description_kind),
        required: a.required,
        optional: a.optional,
        computed: a.computed,
        sensitive: a.sensitive,
        deprecated: a.deprecated,
        write_only: a.write_only,
        ..Default::default()
    };
    match (&a.ty, nested) {
        (AttributeType::Nested(n), NestedAttributes::Nested) => out.nested_type = Some(object(n)),
        (ty, _) => out.r#type = ty.implied_type().to_json().into_bytes(),
    }
    out
}

fn object(n: &NestedType) -> pb::schema::Object {
    use pb::schema::object::NestingMode as M;
    pb::schema::Object {
        attributes: n
            .attributes
            .iter()
            .map(|a| attribute(a, NestedAttributes::Nested))
            .collect(),
        nesting: match n.nesting {
            ObjectNesting::Single => M::Single,
            ObjectNesting::List => M::List,
            ObjectNesting::Set => M::Set,
            ObjectNesting::Map => M::Map,
        } as i32,
        ..Default::default()
    }
}

fn kind(k: StringKind) -> i32 {
    match k {
        StringKind::Plain => pb::StringKind::Plain as i32,
        StringKind::Markdown => pb::StringKind::Markdown as i32,
    }
}
