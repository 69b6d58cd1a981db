//! Resource identity (protocol 5.9/6.9) and moving state between resource
//! types (`MoveResourceState`, 5.5/6.5).
//!
//! An identity is a small versioned object that names a managed object
//! (an id, or a region and a name): Terraform stores it beside the state,
//! import blocks can name an object by it, and list resources return it.

use super::DynamicValue;
use crate::diag::Diagnostics;
use crate::types::Type;

/// The identity schema of a resource type.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct IdentitySchema {
    /// The identity's own version (separate from the resource schema's).
    pub version: i64,
    /// Its attributes.
    pub attributes: Vec<IdentityAttribute>,
}

impl IdentitySchema {
    /// The object type of identity values.
    pub fn implied_type(&self) -> Type {
        Type::object(
            self.attributes
                .iter()
                .map(|a| (a.name.clone(), a.ty.clone())),
        )
    }
}

/// One attribute of an [`IdentitySchema`].
#[derive(Debug, Clone, PartialEq)]
pub struct IdentityAttribute {
    /// The attribute's name.
    pub name: String,
    /// Its type.
    pub ty: Type,
    /// An `import` block naming the object by identity must set it.
    pub required_for_import: bool,
    /// An `import` block may set it (the provider can find it otherwise).
    pub optional_for_import: bool,
    /// What it is.
    pub description: String,
}

/// `UpgradeResourceIdentity`: an identity stored by an older identity
/// version, as the JSON of the state file.
#[derive(Debug, Clone)]
pub struct UpgradeResourceIdentityRequest {
    /// The resource type.
    pub type_name: String,
    /// The identity version that wrote it.
    pub version: i64,
    /// The stored identity, JSON.
    pub raw_identity_json: Vec<u8>,
}

/// The identity in the current identity schema's type.
#[derive(Clone, Default)]
pub struct UpgradeResourceIdentityResponse {
    /// The upgraded identity.
    pub upgraded_identity: Option<DynamicValue>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
}

/// `MoveResourceState`: a `moved` block from a resource of another type
/// (or provider) to one of this provider's.
#[derive(Clone)]
pub struct MoveResourceStateRequest {
    /// The source's provider, e.g. `registry.terraform.io/hashicorp/random`.
    pub source_provider_address: String,
    /// The source's resource type.
    pub source_type_name: String,
    /// The schema version that wrote the source state.
    pub source_schema_version: i64,
    /// The source state, as the state file has it (JSON).
    pub source_state_json: Vec<u8>,
    /// The source's private state.
    pub source_private: Vec<u8>,
    /// The source's identity, JSON, when it has one.
    pub source_identity_json: Option<Vec<u8>>,
    /// The identity version that wrote it (Terraform 1.15 leaves it 0).
    pub source_identity_schema_version: i64,
    /// This provider's resource type to move to.
    pub target_type_name: String,
}

/// The target's state.
#[derive(Clone, Default)]
pub struct MoveResourceStateResponse {
    /// The state, in the target type's schema; wholly known.
    pub target_state: Option<DynamicValue>,
    /// The target's private state.
    pub target_private: Vec<u8>,
    /// The target's identity.
    pub target_identity: Option<DynamicValue>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
}

redacted_debug!(UpgradeResourceIdentityResponse { diagnostics } hides { upgraded_identity });
redacted_debug!(MoveResourceStateRequest { source_provider_address, source_type_name, source_schema_version, source_identity_schema_version, target_type_name } hides { source_state_json, source_private, source_identity_json });
redacted_debug!(MoveResourceStateResponse { diagnostics } hides { target_state, target_private, target_identity });
