//! Schemas, blocks and attributes (`jsonprovider`'s `schema.go`,
//! `block.go` and `attribute.go`) and resource identity schemas.
//!
//! Field order is Terraform's key order; each field says when Terraform
//! leaves its key out.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use tfschema::Type;

use super::type_json;

/// A versioned schema: a provider's configuration, a resource type, a data
/// source, an ephemeral resource, a list resource's `config` block or a
/// state store.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Schema {
    /// The schema version (`version`, always printed).
    pub version: u64,
    /// The top-level block (`block`; Terraform always prints it for a
    /// schema it received).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block: Option<Block>,
}

/// A block: its attributes and nested block types.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Block {
    /// `attributes`, by name; left out when there are none.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub attributes: BTreeMap<String, Attribute>,
    /// `block_types`, by name; left out when there are none.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub block_types: BTreeMap<String, BlockType>,
    /// `description`; left out when empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// `description_kind` (Terraform always prints it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description_kind: Option<StringKind>,
    /// `deprecated`; left out when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub deprecated: bool,
    /// `deprecation_message` (Terraform 1.15+): what to use instead; left
    /// out when empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub deprecation_message: String,
}

/// A nested block type: how it nests and its block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockType {
    /// `nesting_mode`.
    pub nesting_mode: NestingMode,
    /// `block`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block: Option<Block>,
    /// `min_items`; left out when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub min_items: u64,
    /// `max_items`; left out when 0 (no limit).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub max_items: u64,
}

/// How a nested block or nested attribute type repeats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NestingMode {
    /// `single`: at most one.
    Single,
    /// `group`: exactly one, whose attributes are null when it is left out
    /// (blocks only).
    Group,
    /// `list`: an ordered list.
    List,
    /// `set`: a set.
    Set,
    /// `map`: by label (blocks) or key (attributes).
    Map,
}

/// An attribute of a block or of a nested attribute type.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attribute {
    /// `type`: the type constraint; absent for nested attributes.
    #[serde(
        default,
        serialize_with = "type_json::serialize_option",
        deserialize_with = "type_json::deserialize_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub r#type: Option<Type>,
    /// `nested_type`: nested attributes (protocol 6) instead of a `type`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nested_type: Option<NestedType>,
    /// `description`; left out when empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// `description_kind` (Terraform always prints it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description_kind: Option<StringKind>,
    /// `deprecated`; left out when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub deprecated: bool,
    /// `deprecation_message` (Terraform 1.15+): what to use instead; left
    /// out when empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub deprecation_message: String,
    /// `required`; left out when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub required: bool,
    /// `optional`; left out when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub optional: bool,
    /// `computed`; left out when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub computed: bool,
    /// `sensitive`; left out when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub sensitive: bool,
    /// `write_only` (Terraform 1.11+); left out when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub write_only: bool,
}

/// Nested attributes: an object type whose attributes carry their own
/// flags, nested as a single object, a list, a set or a map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NestedType {
    /// `attributes`, by name; left out when there are none.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub attributes: BTreeMap<String, Attribute>,
    /// `nesting_mode` (never `group`).
    pub nesting_mode: NestingMode,
}

/// How a description is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StringKind {
    /// `plain`.
    Plain,
    /// `markdown`.
    Markdown,
}

/// A managed resource type's identity (`resource_identity_schemas`,
/// Terraform 1.12+).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IdentitySchema {
    /// `version` (always printed).
    pub version: u64,
    /// `attributes`, by name; left out when there are none.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub attributes: BTreeMap<String, IdentityAttribute>,
}

/// One attribute of an identity.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IdentityAttribute {
    /// `type`.
    #[serde(
        default,
        serialize_with = "type_json::serialize_option",
        deserialize_with = "type_json::deserialize_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub r#type: Option<Type>,
    /// `description`; left out when empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// `required_for_import`; left out when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub required_for_import: bool,
    /// `optional_for_import`; left out when false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub optional_for_import: bool,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde passes a reference
pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde passes a reference
fn is_zero(n: &u64) -> bool {
    *n == 0
}
