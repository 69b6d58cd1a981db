//! `UpgradeResourceIdentity`: an identity stored by an older identity
//! version, brought to the current one.

use super::{to_proto, GrpcProvider};
use crate::server::proto::tfplugin6::upgrade_resource_identity as rpc;
use crate::server::raw::{self, Answer, RawProvider, TypeKind};

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn upgrade_resource_identity(&self, request: rpc::Request) -> rpc::Response {
        tracing::debug!(type_name = %request.type_name, version = request.version, "UpgradeResourceIdentity");
        let Some(ty) = self.identity_type(&request.type_name) else {
            return if self
                .type_of(TypeKind::Resource, &request.type_name)
                .is_some()
            {
                Answer::from_diagnostics(no_identity(&request.type_name))
            } else {
                Answer::unknown_type(TypeKind::Resource, &request.type_name)
            };
        };
        let raw_request = raw::UpgradeResourceIdentityRequest {
            type_name: request.type_name,
            version: request.version,
            raw_identity_json: request.raw_identity.map(|r| r.json).unwrap_or_default(),
        };
        let mut response = self
            .guarded(|p, stop| async move { p.upgrade_resource_identity(raw_request, stop).await })
            .await;
        let d = &mut response.diagnostics;
        let upgraded_identity = to_proto::identity(response.upgraded_identity.take(), Some(ty), d);
        rpc::Response {
            upgraded_identity,
            diagnostics: to_proto::diagnostics(response.diagnostics),
        }
    }
}

/// The answer for a resource type without an identity schema.
pub(super) fn no_identity(type_name: &str) -> crate::diag::Diagnostics {
    let mut diagnostics = crate::diag::Diagnostics::new();
    diagnostics.error(
        &[],
        "Resource type has no identity",
        format!("The resource type {type_name:?} has no identity schema."),
    );
    diagnostics
}
