//! A resource type's identity schema (Terraform 1.12+): versioned, with
//! plain attributes that are required or optional for import.

use super::ElementType;

/// A resource's identity.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Identity {
    /// The identity version (separate from the resource's schema version).
    pub version: i64,
    /// Its attributes, in input order.
    pub attributes: Vec<IdentityAttribute>,
}

/// One attribute of an [`Identity`].
#[derive(Debug, Clone, PartialEq)]
pub struct IdentityAttribute {
    /// The Terraform name.
    pub name: String,
    /// Its type (a string, number, bool or list of them).
    pub element_type: ElementType,
    /// Required for import (`false`: optional for import).
    pub required_for_import: bool,
    /// The description.
    pub description: Option<String>,
}
