//! A server of the mux restricted to some of its types: for a provider
//! moving from one implementation to another one type at a time, the types
//! not yet ported served by the old provider binary, the others by the new
//! code ([`MuxBuilder::protocol_5_only`](super::MuxBuilder::protocol_5_only)
//! and its siblings).
//!
//! The restriction applies where the mux reads what a server serves: the
//! answers it merges (`GetMetadata`, `GetProviderSchema`,
//! `GetResourceIdentitySchemas`, `GetFunctions`) and the ones its discovery
//! reads keep only the names given, so the routing tables never send a
//! server anything else.

use std::collections::BTreeSet;

use crate::server::proto::tfplugin6 as v6;

/// The names a server is restricted to (type names and function names).
pub(super) type Names = BTreeSet<String>;

/// An answer that lists what a server serves.
pub(super) trait Restrict {
    /// Keeps only the types and functions whose names `keep` holds.
    fn restrict(&mut self, keep: &Names);
}

impl Restrict for v6::get_metadata::Response {
    fn restrict(&mut self, keep: &Names) {
        self.resources.retain(|t| keep.contains(&t.type_name));
        self.data_sources.retain(|t| keep.contains(&t.type_name));
        self.ephemeral_resources
            .retain(|t| keep.contains(&t.type_name));
        self.list_resources.retain(|t| keep.contains(&t.type_name));
        self.actions.retain(|t| keep.contains(&t.type_name));
        self.functions.retain(|f| keep.contains(&f.name));
    }
}

impl Restrict for v6::get_provider_schema::Response {
    fn restrict(&mut self, keep: &Names) {
        self.resource_schemas.retain(|name, _| keep.contains(name));
        self.data_source_schemas
            .retain(|name, _| keep.contains(name));
        self.ephemeral_resource_schemas
            .retain(|name, _| keep.contains(name));
        self.list_resource_schemas
            .retain(|name, _| keep.contains(name));
        self.action_schemas.retain(|name, _| keep.contains(name));
        self.functions.retain(|name, _| keep.contains(name));
    }
}

impl Restrict for v6::get_resource_identity_schemas::Response {
    fn restrict(&mut self, keep: &Names) {
        self.identity_schemas.retain(|name, _| keep.contains(name));
    }
}

impl Restrict for v6::get_functions::Response {
    fn restrict(&mut self, keep: &Names) {
        self.functions.retain(|name, _| keep.contains(name));
    }
}
