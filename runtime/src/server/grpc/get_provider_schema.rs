//! `GetProviderSchema` (protocol 5: `GetSchema`): every schema, and the
//! problems Terraform must stop on (reserved attribute names).

use super::schema::{self, NestedAttributes};
use super::{to_proto, GrpcProvider};
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
            server_capabilities: Some(to_proto::server_capabilities()),
            ..Default::default()
        }
    }
}
