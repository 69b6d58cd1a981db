//! The harness's ephemeral resource calls: `ValidateEphemeralResourceConfig`,
//! `OpenEphemeralResource`, `RenewEphemeralResource` and
//! `CloseEphemeralResource`, as Terraform makes them.

use std::time::SystemTime;

use super::convert::{call, diagnostics_of, dv6, rpc_failed, value_of};
use super::harness::Harness;
use crate::diag::Diagnostics;
use crate::server::proto::tfplugin5::provider_server::Provider as _;
use crate::server::proto::tfplugin6 as pb6;
use crate::server::proto::tfplugin6::provider_server::Provider as _;
use crate::server::raw::RawProvider;
use crate::types::Type;
use crate::value::Value;

/// The result of [`Harness::open_ephemeral`].
#[derive(Clone)]
pub struct OpenResult {
    /// The opened value (null when none was returned).
    pub result: Value,
    /// Private data for renew and close, as returned.
    pub private: Option<Vec<u8>>,
    /// When to renew.
    pub renew_at: Option<SystemTime>,
    /// Whether the answer deferred the instance (Terraform 1.15 does not
    /// honour that).
    pub deferred: bool,
    /// Errors and warnings, as Terraform would show them.
    pub diagnostics: Diagnostics,
}

impl std::fmt::Debug for OpenResult {
    /// The value and the private data are left out (they hold secrets).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpenResult")
            .field("renew_at", &self.renew_at)
            .field("deferred", &self.deferred)
            .field("diagnostics", &self.diagnostics)
            .finish_non_exhaustive()
    }
}

/// The result of [`Harness::renew_ephemeral`].
#[derive(Clone)]
pub struct RenewResult {
    /// Private data for the next renew, as returned.
    pub private: Option<Vec<u8>>,
    /// When to renew next.
    pub renew_at: Option<SystemTime>,
    /// Errors and warnings, as Terraform would show them.
    pub diagnostics: Diagnostics,
}

impl std::fmt::Debug for RenewResult {
    /// The private data is left out.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RenewResult")
            .field("renew_at", &self.renew_at)
            .field("diagnostics", &self.diagnostics)
            .finish_non_exhaustive()
    }
}

fn time_of(at: Option<prost_types::Timestamp>) -> Option<SystemTime> {
    at.and_then(|t| SystemTime::try_from(t).ok())
}

impl<P: RawProvider> Harness<P> {
    /// The value type of an ephemeral resource type (an empty object if
    /// unknown).
    pub fn ephemeral_resource_type(&self, type_name: &str) -> Type {
        self.schema()
            .ephemeral_resources
            .get(type_name)
            .map(|s| s.block.implied_type())
            .unwrap_or_else(|| Type::object(Vec::<(String, Type)>::new()))
    }

    /// `ValidateEphemeralResourceConfig`.
    pub async fn validate_ephemeral(&self, type_name: &str, config: &Value) -> Diagnostics {
        let request = pb6::validate_ephemeral_resource_config::Request {
            type_name: type_name.into(),
            config: dv6(config, &self.ephemeral_resource_type(type_name)),
        };
        let response: Result<pb6::validate_ephemeral_resource_config::Response, _> = call!(
            self,
            validate_ephemeral_resource_config,
            validate_ephemeral_resource_config,
            request
        );
        response.map_or_else(|s| rpc_failed(&s), |r| diagnostics_of(r.diagnostics))
    }

    /// `OpenEphemeralResource`, with the (empty) client capabilities
    /// Terraform 1.15 sends.
    pub async fn open_ephemeral(&self, type_name: &str, config: &Value) -> OpenResult {
        let ty = self.ephemeral_resource_type(type_name);
        let request = pb6::open_ephemeral_resource::Request {
            type_name: type_name.into(),
            config: dv6(config, &ty),
            client_capabilities: Some(pb6::ClientCapabilities::default()),
        };
        let response: Result<pb6::open_ephemeral_resource::Response, _> = call!(
            self,
            open_ephemeral_resource,
            open_ephemeral_resource,
            request
        );
        match response {
            Ok(r) => {
                let mut diagnostics = diagnostics_of(r.diagnostics);
                let result = value_of(r.result, &ty, &mut diagnostics);
                OpenResult {
                    result,
                    private: r.private,
                    renew_at: time_of(r.renew_at),
                    deferred: r.deferred.is_some(),
                    diagnostics,
                }
            }
            Err(s) => OpenResult {
                result: Value::Null(ty),
                private: None,
                renew_at: None,
                deferred: false,
                diagnostics: rpc_failed(&s),
            },
        }
    }

    /// `RenewEphemeralResource` with the private data of the previous open
    /// or renew.
    pub async fn renew_ephemeral(&self, type_name: &str, private: Option<Vec<u8>>) -> RenewResult {
        let request = pb6::renew_ephemeral_resource::Request {
            type_name: type_name.into(),
            private,
        };
        let response: Result<pb6::renew_ephemeral_resource::Response, _> = call!(
            self,
            renew_ephemeral_resource,
            renew_ephemeral_resource,
            request
        );
        match response {
            Ok(r) => RenewResult {
                private: r.private,
                renew_at: time_of(r.renew_at),
                diagnostics: diagnostics_of(r.diagnostics),
            },
            Err(s) => RenewResult {
                private: None,
                renew_at: None,
                diagnostics: rpc_failed(&s),
            },
        }
    }

    /// `CloseEphemeralResource` with the private data of the open (as
    /// Terraform sends it, not a renew's).
    pub async fn close_ephemeral(&self, type_name: &str, private: Option<Vec<u8>>) -> Diagnostics {
        let request = pb6::close_ephemeral_resource::Request {
            type_name: type_name.into(),
            private,
        };
        let response: Result<pb6::close_ephemeral_resource::Response, _> = call!(
            self,
            close_ephemeral_resource,
            close_ephemeral_resource,
            request
        );
        response.map_or_else(|s| rpc_failed(&s), |r| diagnostics_of(r.diagnostics))
    }
}
