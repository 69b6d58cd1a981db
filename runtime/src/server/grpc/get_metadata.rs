//! `GetMetadata`: the type and function names served, without their
//! schemas (Terraform 1.15 does not call it; other clients may).

use super::{to_proto, GrpcProvider};
use crate::server::proto::tfplugin6::get_metadata as rpc;
use crate::server::raw::RawProvider;

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) fn get_metadata(&self) -> rpc::Response {
        let schema = self.schema();
        rpc::Response {
            server_capabilities: Some(to_proto::server_capabilities(schema)),
            resources: (schema.resources.keys())
                .map(|t| rpc::ResourceMetadata {
                    type_name: t.clone(),
                })
                .collect(),
            data_sources: (schema.data_sources.keys())
                .map(|t| rpc::DataSourceMetadata {
                    type_name: t.clone(),
                })
                .collect(),
            functions: (schema.functions.keys())
                .map(|name| rpc::FunctionMetadata { name: name.clone() })
                .collect(),
            ephemeral_resources: (schema.ephemeral_resources.keys())
                .map(|t| rpc::EphemeralMetadata {
                    type_name: t.clone(),
                })
                .collect(),
            list_resources: (schema.list_resources.keys())
                .map(|t| rpc::ListResourceMetadata {
                    type_name: t.clone(),
                })
                .collect(),
            actions: (schema.actions.keys())
                .map(|t| rpc::ActionMetadata {
                    type_name: t.clone(),
                })
                .collect(),
            diagnostics: Vec::new(),
        }
    }
}
