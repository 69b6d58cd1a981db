//! `PlanResourceChange`: the planned state, what forces replacement, and
//! private data for apply.

use super::{deferral, from_proto, to_proto, GrpcProvider};
use crate::server::proto::tfplugin6::plan_resource_change as rpc;
use crate::server::raw::{self, Answer, RawProvider, TypeKind};

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn plan_resource_change(&self, request: rpc::Request) -> rpc::Response {
        tracing::debug!(type_name = %request.type_name, "PlanResourceChange");
        let Some(ty) = self.type_of(TypeKind::Resource, &request.type_name) else {
            return Answer::unknown_type(TypeKind::Resource, &request.type_name);
        };
        let decoding = self.decoding();
        let prior_state = decoding.value("prior state", request.prior_state, ty);
        let proposed_new_state =
            decoding.value("proposed new state", request.proposed_new_state, ty);
        let config = decoding.value("configuration", request.config, ty);
        let provider_meta = decoding.meta(request.provider_meta);
        let identity_ty = self.identity_type(&request.type_name);
        let prior_identity =
            decoding.identity("prior identity", request.prior_identity, identity_ty);
        let capabilities = from_proto::capabilities(request.client_capabilities.as_ref());
        let raw_request = raw::PlanResourceChangeRequest {
            type_name: request.type_name,
            prior_state,
            proposed_new_state,
            config,
            prior_private: request.prior_private,
            provider_meta,
            client_capabilities: capabilities,
            prior_identity,
            planned_private: request.planned_private,
        };
        let mut response = self
            .guarded(|p, stop| async move { p.plan_resource_change(raw_request, stop).await })
            .await;
        let d = &mut response.diagnostics;
        let planned_state = to_proto::dynamic(response.planned_state.take(), ty, d);
        let planned_identity = to_proto::identity(response.planned_identity.take(), identity_ty, d);
        let deferred = deferral::allowed(response.deferred, capabilities, d);
        rpc::Response {
            planned_state,
            requires_replace: response
                .requires_replace
                .iter()
                .map(|p| to_proto::path(p))
                .collect(),
            planned_private: response.planned_private,
            diagnostics: to_proto::diagnostics(response.diagnostics),
            legacy_type_system: false,
            deferred,
            planned_identity,
        }
    }
}
