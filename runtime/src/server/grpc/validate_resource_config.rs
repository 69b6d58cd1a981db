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
        let client_capabilities = from_proto::capabilities(request.client_capabilities.as_ref());
        if !client_capabilities.computed_blocks_allowed {
            // A Terraform that ignores `Schema.Block.computed` would plan
            // such a block as an optional one: refuse before any plan.
            let schema = self.schema().resources.get(&request.type_name);
            let refused =
                schema.map(|s| raw::computed_blocks_refused(&request.type_name, &s.block));
            if let Some(refused) = refused.filter(Diagnostics::has_errors) {
                return rpc::Response {
                    diagnostics: to_proto::diagnostics(refused),
                };
            }
        }
        let decoding = self.decoding();
        let config = decoding.value("configuration", request.config, ty);
        let raw_request = raw::ValidateResourceConfigRequest {
            type_name: request.type_name,
            config,
            client_capabilities,
        };
        let diagnostics: Diagnostics = self
            .guarded(|p, stop| async move { p.validate_resource_config(raw_request, stop).await })
            .await;
        rpc::Response {
            diagnostics: to_proto::diagnostics(diagnostics),
        }
    }
}
