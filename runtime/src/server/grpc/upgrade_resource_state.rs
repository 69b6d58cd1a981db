//! `UpgradeResourceState`: stored state (JSON, maybe by an older schema
//! version) to the current schema's type.

use super::{to_proto, GrpcProvider};
use crate::server::proto::tfplugin6::upgrade_resource_state as rpc;
use crate::server::raw::{self, Answer, RawProvider, TypeKind};

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn upgrade_resource_state(&self, request: rpc::Request) -> rpc::Response {
        tracing::debug!(
            type_name = %request.type_name,
            version = request.version,
            "UpgradeResourceState"
        );
        let Some(ty) = self.type_of(TypeKind::Resource, &request.type_name) else {
            return Answer::unknown_type(TypeKind::Resource, &request.type_name);
        };
        let raw_state_json = request.raw_state.map(|r| r.json).filter(|j| !j.is_empty());
        let raw_request = raw::UpgradeResourceStateRequest {
            type_name: request.type_name,
            version: request.version,
            raw_state_json,
        };
        let mut response = self
            .guarded(|p, stop| async move { p.upgrade_resource_state(raw_request, stop).await })
            .await;
        let upgraded_state = to_proto::dynamic(
            response.upgraded_state.take(),
            ty,
            &mut response.diagnostics,
        );
        rpc::Response {
            upgraded_state,
            diagnostics: to_proto::diagnostics(response.diagnostics),
        }
    }
}
