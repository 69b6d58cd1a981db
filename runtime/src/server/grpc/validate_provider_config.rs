//! `ValidateProviderConfig` (protocol 5: `PrepareProviderConfig`).

use super::{to_proto, GrpcProvider};
use crate::diag::Diagnostics;
use crate::server::proto::tfplugin6::{self as pb, validate_provider_config as rpc};
use crate::server::raw::DynamicValue;
use crate::server::raw::{self, RawProvider};

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn validate_provider_config(&self, request: rpc::Request) -> rpc::Response {
        let (_, diagnostics) = self.check_provider_config(request).await;
        rpc::Response {
            diagnostics: to_proto::diagnostics(diagnostics),
        }
    }

    /// Protocol 5's `PrepareProviderConfig`, which also answers with the
    /// configuration to use (Terraform decodes it): the configuration as
    /// sent, echoed back.
    pub(super) async fn prepare_provider_config(
        &self,
        request: rpc::Request,
    ) -> (Option<pb::DynamicValue>, Vec<pb::Diagnostic>) {
        let (config, mut diagnostics) = self.check_provider_config(request).await;
        let ty = self.provider_type();
        let prepared_config = to_proto::dynamic(Some(config), ty, &mut diagnostics);
        (prepared_config, to_proto::diagnostics(diagnostics))
    }

    /// The decoded configuration and what the provider says of it.
    async fn check_provider_config(&self, request: rpc::Request) -> (DynamicValue, Diagnostics) {
        tracing::debug!("ValidateProviderConfig");
        let ty = self.provider_type();
        let decoding = self.decoding();
        let config = decoding.value("provider configuration", request.config, ty);
        let raw_request = raw::ValidateProviderConfigRequest {
            config: config.clone(),
        };
        let diagnostics = self
            .guarded(|p, stop| async move { p.validate_provider_config(raw_request, stop).await })
            .await;
        (config, diagnostics)
    }
}
