//! The ephemeral resource RPCs: `ValidateEphemeralResourceConfig`,
//! `OpenEphemeralResource`, `RenewEphemeralResource` and
//! `CloseEphemeralResource`.

use super::{deferral, from_proto, to_proto, GrpcProvider};
use crate::diag::Diagnostics;
use crate::server::proto::tfplugin6 as pb;
use crate::server::raw::{self, Answer, RawProvider, TypeKind};

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn validate_ephemeral_resource_config(
        &self,
        request: pb::validate_ephemeral_resource_config::Request,
    ) -> pb::validate_ephemeral_resource_config::Response {
        tracing::debug!(type_name = %request.type_name, "ValidateEphemeralResourceConfig");
        let Some(ty) = self.type_of(TypeKind::EphemeralResource, &request.type_name) else {
            return Answer::unknown_type(TypeKind::EphemeralResource, &request.type_name);
        };
        let config = self.decoding().value("configuration", request.config, ty);
        let raw_request = raw::ValidateEphemeralResourceConfigRequest {
            type_name: request.type_name,
            config,
        };
        let diagnostics: Diagnostics = self
            .guarded(|p, stop| async move {
                p.validate_ephemeral_resource_config(raw_request, stop)
                    .await
            })
            .await;
        pb::validate_ephemeral_resource_config::Response {
            diagnostics: to_proto::diagnostics(diagnostics),
        }
    }

    pub(super) async fn open_ephemeral_resource(
        &self,
        request: pb::open_ephemeral_resource::Request,
    ) -> pb::open_ephemeral_resource::Response {
        tracing::debug!(type_name = %request.type_name, "OpenEphemeralResource");
        let Some(ty) = self.type_of(TypeKind::EphemeralResource, &request.type_name) else {
            return Answer::unknown_type(TypeKind::EphemeralResource, &request.type_name);
        };
        let config = self.decoding().value("configuration", request.config, ty);
        let raw_request = raw::OpenEphemeralResourceRequest {
            type_name: request.type_name,
            config,
            client_capabilities: from_proto::capabilities(request.client_capabilities.as_ref()),
        };
        let mut response = self
            .guarded(|p, stop| async move { p.open_ephemeral_resource(raw_request, stop).await })
            .await;
        let d = &mut response.diagnostics;
        let result = to_proto::dynamic(response.result.take(), ty, d);
        let deferred = deferral::never(response.deferred, "opening an ephemeral resource", d);
        pb::open_ephemeral_resource::Response {
            diagnostics: to_proto::diagnostics(response.diagnostics),
            renew_at: to_proto::timestamp(response.renew_at),
            result,
            private: response.private,
            deferred,
        }
    }

    pub(super) async fn renew_ephemeral_resource(
        &self,
        request: pb::renew_ephemeral_resource::Request,
    ) -> pb::renew_ephemeral_resource::Response {
        tracing::debug!(type_name = %request.type_name, "RenewEphemeralResource");
        if self
            .type_of(TypeKind::EphemeralResource, &request.type_name)
            .is_none()
        {
            return Answer::unknown_type(TypeKind::EphemeralResource, &request.type_name);
        }
        let raw_request = raw::RenewEphemeralResourceRequest {
            type_name: request.type_name,
            private: request.private,
        };
        let response = self
            .guarded(|p, stop| async move { p.renew_ephemeral_resource(raw_request, stop).await })
            .await;
        pb::renew_ephemeral_resource::Response {
            diagnostics: to_proto::diagnostics(response.diagnostics),
            renew_at: to_proto::timestamp(response.renew_at),
            private: response.private,
        }
    }

    pub(super) async fn close_ephemeral_resource(
        &self,
        request: pb::close_ephemeral_resource::Request,
    ) -> pb::close_ephemeral_resource::Response {
        tracing::debug!(type_name = %request.type_name, "CloseEphemeralResource");
        if self
            .type_of(TypeKind::EphemeralResource, &request.type_name)
            .is_none()
        {
            return Answer::unknown_type(TypeKind::EphemeralResource, &request.type_name);
        }
        let raw_request = raw::CloseEphemeralResourceRequest {
            type_name: request.type_name,
            private: request.private,
        };
        let diagnostics: Diagnostics = self
            .guarded(|p, stop| async move { p.close_ephemeral_resource(raw_request, stop).await })
            .await;
        pb::close_ephemeral_resource::Response {
            diagnostics: to_proto::diagnostics(diagnostics),
        }
    }
}
