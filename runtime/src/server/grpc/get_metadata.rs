//! `GetMetadata`: the type names served, without their schemas.

use super::{to_proto, GrpcProvider};
use crate::server::proto::tfplugin6::get_metadata as rpc;
use crate::server::raw::RawProvider;

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) fn get_metadata(&self) -> rpc::Response {
        let schema = self.schema();
        rpc::Response {
            server_capabilities: Some(to_proto::server_capabilities()),
            resources: schema
                .resources
                .keys()
                .map(|t| rpc::ResourceMetadata {
                    type_name: t.clone(),
                })
                .collect(),
            data_sources: schema
                .data_sources
                .keys()
                .map(|t| rpc::DataSourceMetadata {
                    type_name: t.clone(),
                })
                .collect(),
            ..Default::default()
        }
    }
}
