//! [`ProviderSchema`]: everything a provider serves, by type name.

use std::collections::BTreeMap;

use super::{FunctionSignature, IdentitySchema};
use crate::diag::Diagnostics;
use crate::schema::Schema;

/// Everything the provider serves: its schemas by type name.
#[derive(Debug, Clone, Default)]
pub struct ProviderSchema {
    /// The provider's own configuration block.
    pub provider: Schema,
    /// `provider_meta` blocks of modules (rarely used).
    pub provider_meta: Option<Schema>,
    /// Managed resource types.
    pub resources: BTreeMap<String, Schema>,
    /// Data source types.
    pub data_sources: BTreeMap<String, Schema>,
    /// Provider-defined functions by name.
    pub functions: BTreeMap<String, FunctionSignature>,
    /// Ephemeral resource types.
    pub ephemeral_resources: BTreeMap<String, Schema>,
    /// Identity schemas of managed resource types (those that have one).
    pub identities: BTreeMap<String, IdentitySchema>,
    /// List resource types (each also a managed resource type with an
    /// identity): the schemas of their `config` blocks.
    pub list_resources: BTreeMap<String, Schema>,
    /// Action types: the schemas of their `config` blocks.
    pub actions: BTreeMap<String, Schema>,
    /// Whether [`RawProvider::move_resource_state`](crate::server::raw::RawProvider::move_resource_state) is implemented:
    /// Terraform refuses `moved` blocks across resource types otherwise.
    pub move_resource_state: bool,
    /// Whether [`RawProvider::generate_resource_config`](crate::server::raw::RawProvider::generate_resource_config) is implemented:
    /// Terraform writes generated configuration itself otherwise.
    pub generate_resource_config: bool,
    /// Errors the provider found in its own setup (a typed list resource
    /// registered under the name of another resource type), returned from
    /// `GetProviderSchema` with the [`problems`](Self::problems) found in
    /// the schemas.
    pub errors: Diagnostics,
}

impl ProviderSchema {
    /// Whether any schema uses nested attributes, which only protocol 6 can
    /// describe.
    pub fn requires_protocol_6(&self) -> bool {
        std::iter::once(&self.provider)
            .chain(self.provider_meta.iter())
            .chain(self.resources.values())
            .chain(self.data_sources.values())
            .chain(self.ephemeral_resources.values())
            .chain(self.list_resources.values())
            .chain(self.actions.values())
            .any(|s| s.block.requires_protocol_6())
    }
}
