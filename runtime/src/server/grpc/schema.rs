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
use crate::server::raw::{FunctionParameter, FunctionSignature, IdentitySchema};

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
        deprecation_message: b.deprecation_message.clone(),
        computed: b.computed,
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
        deprecation_message: a.deprecation_message.clone(),
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

/// Action schemas by type name.
pub(super) fn action_schemas(
    m: &BTreeMap<String, Schema>,
    nested: NestedAttributes,
) -> BTreeMap<String, pb::ActionSchema> {
    m.iter()
        .map(|(k, s)| {
            let schema = Some(schema(s, nested));
            (k.clone(), pb::ActionSchema { schema })
        })
        .collect()
}

/// Function signatures by name. Every function has a return type:
/// Terraform 1.15 stops on one without.
pub(super) fn functions(m: &BTreeMap<String, FunctionSignature>) -> BTreeMap<String, pb::Function> {
    m.iter().map(|(k, f)| (k.clone(), function(f))).collect()
}

fn function(f: &FunctionSignature) -> pb::Function {
    pb::Function {
        parameters: f.parameters.iter().map(parameter).collect(),
        variadic_parameter: f.variadic.as_ref().map(parameter),
        r#return: Some(pb::function::Return {
            r#type: f.return_type.to_json().into_bytes(),
        }),
        summary: f.summary.clone(),
        description: f.description.clone(),
        description_kind: kind(f.description_kind),
        deprecation_message: f.deprecation_message.clone(),
    }
}

fn parameter(p: &FunctionParameter) -> pb::function::Parameter {
    pb::function::Parameter {
        name: p.name.clone(),
        r#type: p.ty.to_json().into_bytes(),
        allow_null_value: p.allow_null,
        allow_unknown_values: p.allow_unknown,
        description: p.description.clone(),
        description_kind: kind(p.description_kind),
    }
}

/// Identity schemas by resource type.
pub(super) fn identities(
    m: &BTreeMap<String, IdentitySchema>,
) -> BTreeMap<String, pb::ResourceIdentitySchema> {
    m.iter()
        .map(|(k, i)| {
            let identity_attributes = i
                .attributes
                .iter()
                .map(|a| pb::resource_identity_schema::IdentityAttribute {
                    name: a.name.clone(),
                    r#type: a.ty.to_json().into_bytes(),
                    required_for_import: a.required_for_import,
                    optional_for_import: a.optional_for_import,
                    description: a.description.clone(),
                })
                .collect();
            let schema = pb::ResourceIdentitySchema {
                version: i.version,
                identity_attributes,
            };
            (k.clone(), schema)
        })
        .collect()
}
