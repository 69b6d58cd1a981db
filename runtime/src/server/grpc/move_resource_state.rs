//! `MoveResourceState`: a `moved` block from another resource type (or
//! provider) to one of this provider's.

use super::{to_proto, GrpcProvider};
use crate::server::proto::tfplugin6::move_resource_state as rpc;
use crate::server::raw::{self, Answer, RawProvider, TypeKind};

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn move_resource_state(&self, request: rpc::Request) -> rpc::Response {
        tracing::debug!(
            source = %request.source_type_name,
            target = %request.target_type_name,
            "MoveResourceState"
        );
        let Some(ty) = self.type_of(TypeKind::Resource, &request.target_type_name) else {
            return Answer::unknown_type(TypeKind::Resource, &request.target_type_name);
        };
        let identity_ty = self.identity_type(&request.target_type_name);
        let raw_request = raw::MoveResourceStateRequest {
            source_provider_address: request.source_provider_address,
            source_type_name: request.source_type_name,
            source_schema_version: request.source_schema_version,
            source_state_json: request.source_state.map(|r| r.json).unwrap_or_default(),
            source_private: request.source_private,
            source_identity_json: request.source_identity.map(|r| r.json),
            source_identity_schema_version: request.source_identity_schema_version,
            target_type_name: request.target_type_name,
        };
        let mut response = self
            .guarded(|p, stop| async move { p.move_resource_state(raw_request, stop).await })
            .await;
        let d = &mut response.diagnostics;
        let target_state = to_proto::dynamic(response.target_state.take(), ty, d);
        let target_identity = to_proto::identity(response.target_identity.take(), identity_ty, d);
        rpc::Response {
            target_state,
            diagnostics: to_proto::diagnostics(response.diagnostics),
            target_private: response.target_private,
            target_identity,
        }
    }
}
