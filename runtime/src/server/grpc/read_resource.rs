//! `ReadResource`: refresh.

use super::{deferral, from_proto, to_proto, GrpcProvider};
use crate::server::proto::tfplugin6::read_resource as rpc;
use crate::server::raw::{self, Answer, RawProvider, TypeKind};

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn read_resource(&self, request: rpc::Request) -> rpc::Response {
        tracing::debug!(type_name = %request.type_name, "ReadResource");
        let Some(ty) = self.type_of(TypeKind::Resource, &request.type_name) else {
            return Answer::unknown_type(TypeKind::Resource, &request.type_name);
        };
        let decoding = self.decoding();
        let current_state = decoding.value("prior state", request.current_state, ty);
        let provider_meta = decoding.meta(request.provider_meta);
        let identity_ty = self.identity_type(&request.type_name);
        let current_identity =
            decoding.identity("current identity", request.current_identity, identity_ty);
        let capabilities = from_proto::capabilities(request.client_capabilities.as_ref());
        let raw_request = raw::ReadResourceRequest {
            type_name: request.type_name,
            current_state,
            private: request.private,
            provider_meta,
            client_capabilities: capabilities,
            current_identity,
        };
        let mut response = self
            .guarded(|p, stop| async move { p.read_resource(raw_request, stop).await })
            .await;
        let d = &mut response.diagnostics;
        let new_state = to_proto::dynamic(response.new_state.take(), ty, d);
        let new_identity = to_proto::identity(response.new_identity.take(), identity_ty, d);
        let deferred = deferral::allowed(response.deferred, capabilities, d);
        rpc::Response {
            new_state,
            private: response.private,
            diagnostics: to_proto::diagnostics(response.diagnostics),
            deferred,
            new_identity,
        }
    }
}
