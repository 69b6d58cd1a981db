//! `ValidateDataResourceConfig` (protocol 5: `ValidateDataSourceConfig`).

use super::{to_proto, GrpcProvider};
use crate::diag::Diagnostics;
use crate::server::proto::tfplugin6::validate_data_resource_config as rpc;
use crate::server::raw::{self, Answer, RawProvider, TypeKind};

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn validate_data_resource_config(
        &self,
        request: rpc::Request,
    ) -> rpc::Response {
        tracing::debug!(type_name = %request.type_name, "ValidateDataSourceConfig");
        let Some(ty) = self.type_of(TypeKind::DataSource, &request.type_name) else {
            return Answer::unknown_type(TypeKind::DataSource, &request.type_name);
        };
        let decoding = self.decoding();
        let config = decoding.value("configuration", request.config, ty);
        let raw_request = raw::ValidateDataSourceConfigRequest {
            type_name: request.type_name,
            config,
        };
        let diagnostics: Diagnostics = self
            .guarded(
                |p, stop| async move { p.validate_data_source_config(raw_request, stop).await },
            )
            .await;
        rpc::Response {
            diagnostics: to_proto::diagnostics(diagnostics),
        }
    }
}
