//! `ValidateResourceConfig` (protocol 5: `ValidateResourceTypeConfig`).

use super::{from_proto, to_proto, GrpcProvider};
use crate::diag::Diagnostics;
use crate::server::proto::tfplugin6::validate_resource_config as rpc;
use crate::server::raw::{self, Answer, RawProvider, TypeKind};

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn validate_resource_config(&self, request: rpc::Request) -> rpc::Response {
        tracing::debug!(type_name = %request.type_name, "ValidateResourceConfig");
        let Some(ty) = self.type_of(TypeKind::Resource, &request.type_name) else {
            return Answer::unknown_type(TypeKind::Resource, &request.type_name);
        };
        let decoding = self.decoding();
        let config = decoding.value("configuration", request.config, ty);
        let raw_request = raw::ValidateResourceConfigRequest {
            type_name: request.type_name,
            config,
            client_capabilities: from_proto::capabilities(request.client_capabilities.as_ref()),
        };
        let diagnostics: Diagnostics = self
            .guarded(|p, stop| async move { p.validate_resource_config(raw_request, stop).await })
            .await;
        rpc::Response {
            diagnostics: to_proto::diagnostics(diagnostics),
        }
    }
}
