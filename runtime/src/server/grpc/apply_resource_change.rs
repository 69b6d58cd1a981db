//! `ApplyResourceChange`: carries out a planned change.

use super::{to_proto, GrpcProvider};
use crate::server::proto::tfplugin6::apply_resource_change as rpc;
use crate::server::raw::{self, Answer, RawProvider, TypeKind};

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn apply_resource_change(&self, request: rpc::Request) -> rpc::Response {
        tracing::debug!(type_name = %request.type_name, "ApplyResourceChange");
        let Some(ty) = self.type_of(TypeKind::Resource, &request.type_name) else {
            return Answer::unknown_type(TypeKind::Resource, &request.type_name);
        };
        let decoding = self.decoding();
        let prior_state = decoding.value("prior state", request.prior_state, ty);
        let planned_state = decoding.value("planned state", request.planned_state, ty);
        let config = decoding.value("configuration", request.config, ty);
        let provider_meta = decoding.meta(request.provider_meta);
        let identity_ty = self.identity_type(&request.type_name);
        let planned_identity =
            decoding.identity("planned identity", request.planned_identity, identity_ty);
        let raw_request = raw::ApplyResourceChangeRequest {
            type_name: request.type_name,
            prior_state,
            planned_state,
            config,
            planned_private: request.planned_private,
            provider_meta,
            planned_identity,
        };
        let mut response = self
            .guarded(|p, stop| async move { p.apply_resource_change(raw_request, stop).await })
            .await;
        let d = &mut response.diagnostics;
        let new_state = to_proto::dynamic(response.new_state.take(), ty, d);
        let new_identity = to_proto::identity(response.new_identity.take(), identity_ty, d);
        rpc::Response {
            new_state,
            private: response.private,
            diagnostics: to_proto::diagnostics(response.diagnostics),
            legacy_type_system: false,
            new_identity,
        }
    }
}
