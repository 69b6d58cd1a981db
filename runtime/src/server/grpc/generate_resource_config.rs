//! `GenerateResourceConfig`: the configuration to write for an object
//! (`-generate-config-out`).

use super::{to_proto, GrpcProvider};
use crate::server::proto::tfplugin6::generate_resource_config as rpc;
use crate::server::raw::{self, Answer, RawProvider, TypeKind};

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn generate_resource_config(&self, request: rpc::Request) -> rpc::Response {
        tracing::debug!(type_name = %request.type_name, "GenerateResourceConfig");
        let Some(ty) = self.type_of(TypeKind::Resource, &request.type_name) else {
            return Answer::unknown_type(TypeKind::Resource, &request.type_name);
        };
        let state = self.decoding().value("state", request.state, ty);
        let raw_request = raw::GenerateResourceConfigRequest {
            type_name: request.type_name,
            state,
        };
        let mut response = self
            .guarded(|p, stop| async move { p.generate_resource_config(raw_request, stop).await })
            .await;
        let config = to_proto::dynamic(response.config.take(), ty, &mut response.diagnostics);
        rpc::Response {
            config,
            diagnostics: to_proto::diagnostics(response.diagnostics),
        }
    }
}
