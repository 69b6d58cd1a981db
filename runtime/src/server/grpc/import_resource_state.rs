//! `ImportResourceState`: `terraform import` with an id.

use super::{deferral, from_proto, to_proto, GrpcProvider};
use crate::diag::Diagnostics;
use crate::server::proto::tfplugin6::import_resource_state as rpc;
use crate::server::raw::{self, Answer, RawProvider, TypeKind};

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn import_resource_state(&self, request: rpc::Request) -> rpc::Response {
        tracing::debug!(type_name = %request.type_name, "ImportResourceState");
        if self
            .type_of(TypeKind::Resource, &request.type_name)
            .is_none()
        {
            return Answer::unknown_type(TypeKind::Resource, &request.type_name);
        }
        let identity = self.decoding().identity(
            "import identity",
            request.identity,
            self.identity_type(&request.type_name),
        );
        let capabilities = from_proto::capabilities(request.client_capabilities.as_ref());
        let raw_request = raw::ImportResourceStateRequest {
            type_name: request.type_name,
            id: request.id,
            client_capabilities: capabilities,
            identity,
        };
        let mut response = self
            .guarded(|p, stop| async move { p.import_resource_state(raw_request, stop).await })
            .await;
        let mut imported_resources = Vec::new();
        for imported in std::mem::take(&mut response.imported_resources) {
            // The provider may import objects of other types than the one asked.
            let Some(ty) = self.type_of(TypeKind::Resource, &imported.type_name) else {
                let diagnostics =
                    Diagnostics::unknown_type(TypeKind::Resource, &imported.type_name);
                response.diagnostics.extend(diagnostics);
                continue;
            };
            let d = &mut response.diagnostics;
            let state = to_proto::dynamic(Some(imported.state), ty, d);
            let identity_ty = self.identity_type(&imported.type_name);
            let identity = to_proto::identity(imported.identity, identity_ty, d);
            imported_resources.push(rpc::ImportedResource {
                type_name: imported.type_name,
                state,
                private: imported.private,
                identity,
            });
        }
        let deferred =
            deferral::allowed(response.deferred, capabilities, &mut response.diagnostics);
        rpc::Response {
            imported_resources,
            diagnostics: to_proto::diagnostics(response.diagnostics),
            deferred,
        }
    }
}
