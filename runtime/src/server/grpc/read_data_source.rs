//! `ReadDataSource`.

use super::{deferral, from_proto, to_proto, GrpcProvider};
use crate::server::proto::tfplugin6::read_data_source as rpc;
use crate::server::raw::{self, Answer, RawProvider, TypeKind};

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn read_data_source(&self, request: rpc::Request) -> rpc::Response {
        tracing::debug!(type_name = %request.type_name, "ReadDataSource");
        let Some(ty) = self.type_of(TypeKind::DataSource, &request.type_name) else {
            return Answer::unknown_type(TypeKind::DataSource, &request.type_name);
        };
        let decoding = self.decoding();
        let config = decoding.value("configuration", request.config, ty);
        let provider_meta = decoding.meta(request.provider_meta);
        let capabilities = from_proto::capabilities(request.client_capabilities.as_ref());
        let raw_request = raw::ReadDataSourceRequest {
            type_name: request.type_name,
            config,
            provider_meta,
            client_capabilities: capabilities,
        };
        let mut response = self
            .guarded(|p, stop| async move { p.read_data_source(raw_request, stop).await })
            .await;
        let d = &mut response.diagnostics;
        let state = to_proto::dynamic(response.state.take(), ty, d);
        let deferred = deferral::allowed(response.deferred, capabilities, d);
        rpc::Response {
            state,
            diagnostics: to_proto::diagnostics(response.diagnostics),
            deferred,
        }
    }
}
