//! `GetProviderSchema` (protocol 5: `GetSchema`): every schema and function
//! signature, and the problems Terraform must stop on (reserved attribute
//! names); `GetFunctions` (the signatures alone, which OpenTofu asks for
//! when a function is not in the schema); `GetResourceIdentitySchemas`.

use super::schema::{self, NestedAttributes};
use super::{to_proto, GrpcProvider};
use crate::server::proto::tfplugin6 as pb;
use crate::server::proto::tfplugin6::get_provider_schema as rpc;
use crate::server::raw::RawProvider;

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) fn get_provider_schema(&self, nested: NestedAttributes) -> rpc::Response {
        tracing::debug!("GetProviderSchema");
        let s = self.schema();
        rpc::Response {
            diagnostics: to_proto::diagnostics(s.problems()),
            provider: Some(schema::schema(&s.provider, nested)),
            provider_meta: s.provider_meta.as_ref().map(|m| schema::schema(m, nested)),
            resource_schemas: schema::schemas(&s.resources, nested),
            data_source_schemas: schema::schemas(&s.data_sources, nested),
            server_capabilities: Some(to_proto::server_capabilities(s)),
            functions: schema::functions(&s.functions),
            ephemeral_resource_schemas: schema::schemas(&s.ephemeral_resources, nested),
            list_resource_schemas: schema::schemas(&s.list_resources, nested),
            action_schemas: schema::action_schemas(&s.actions, nested),
        }
    }
}

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) fn get_functions(&self) -> pb::get_functions::Response {
        tracing::debug!("GetFunctions");
        pb::get_functions::Response {
            functions: schema::functions(&self.schema().functions),
            diagnostics: Vec::new(),
        }
    }

    pub(super) fn get_resource_identity_schemas(
        &self,
    ) -> pb::get_resource_identity_schemas::Response {
        tracing::debug!("GetResourceIdentitySchemas");
        pb::get_resource_identity_schemas::Response {
            identity_schemas: schema::identities(&self.schema().identities),
            diagnostics: Vec::new(),
        }
    }
}
