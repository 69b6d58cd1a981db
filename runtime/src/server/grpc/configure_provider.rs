//! `ConfigureProvider` (protocol 5: `Configure`).

use super::{from_proto, to_proto, GrpcProvider};
use crate::diag::Diagnostics;
use crate::server::proto::tfplugin6::configure_provider as rpc;
use crate::server::raw::{self, RawProvider};

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn configure_provider(&self, request: rpc::Request) -> rpc::Response {
        tracing::debug!("ConfigureProvider");
        let ty = self.provider_type();
        let decoding = self.decoding();
        let config = decoding.value("provider configuration", request.config, ty);
        let raw_request = raw::ConfigureProviderRequest {
            terraform_version: request.terraform_version,
            config,
            client_capabilities: from_proto::capabilities(request.client_capabilities.as_ref()),
        };
        let diagnostics: Diagnostics = self
            .guarded(|p, stop| async move { p.configure_provider(raw_request, stop).await })
            .await;
        rpc::Response {
            diagnostics: to_proto::diagnostics(diagnostics),
        }
    }
}
