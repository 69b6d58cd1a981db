//! Ephemeral resources (protocol 5.7/6.7): values opened for one Terraform
//! run, never stored in a plan or state.
//!
//! Terraform validates, opens, renews at each `renew_at` and closes an
//! ephemeral resource in every run that uses it (plan and apply alike).
//! Renew gets the private data of the previous Open or Renew; Close gets
//! the private data Open returned (Terraform 1.15 keeps Open's, not the
//! renewed ones), and is not called when the apply fails.

use std::time::SystemTime;

use super::{ClientCapabilities, Deferred, DynamicValue};
use crate::diag::Diagnostics;

/// `ValidateEphemeralResourceConfig`.
#[derive(Clone)]
pub struct ValidateEphemeralResourceConfigRequest {
    /// The ephemeral resource type.
    pub type_name: String,
    /// The configuration (may hold unknowns).
    pub config: DynamicValue,
}

/// `OpenEphemeralResource`: the configuration is wholly known (Terraform
/// does not open an ephemeral resource whose configuration is unknown).
#[derive(Clone)]
pub struct OpenEphemeralResourceRequest {
    /// The ephemeral resource type.
    pub type_name: String,
    /// The configuration.
    pub config: DynamicValue,
    /// What Terraform can do.
    pub client_capabilities: ClientCapabilities,
}

/// The opened value, and what the later calls need.
#[derive(Clone, Default)]
pub struct OpenEphemeralResourceResponse {
    /// The value, of the ephemeral resource's type.
    pub result: Option<DynamicValue>,
    /// Opaque data for Renew and Close.
    pub private: Option<Vec<u8>>,
    /// When Terraform should call Renew (if it still needs the value).
    pub renew_at: Option<SystemTime>,
    /// Not yet: Terraform 1.15 does not honour this for ephemeral
    /// resources (references then fail), so it is never sent; one set here
    /// becomes an error diagnostic. Leave it unset.
    pub deferred: Option<Deferred>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
}

/// `RenewEphemeralResource`.
#[derive(Clone)]
pub struct RenewEphemeralResourceRequest {
    /// The ephemeral resource type.
    pub type_name: String,
    /// The private data of the previous Open or Renew.
    pub private: Option<Vec<u8>>,
}

/// A renewal.
#[derive(Clone, Default)]
pub struct RenewEphemeralResourceResponse {
    /// Private data for the next Renew.
    pub private: Option<Vec<u8>>,
    /// When to renew again; `None` stops renewing.
    pub renew_at: Option<SystemTime>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
}

/// `CloseEphemeralResource`.
#[derive(Clone)]
pub struct CloseEphemeralResourceRequest {
    /// The ephemeral resource type.
    pub type_name: String,
    /// The private data Open returned.
    pub private: Option<Vec<u8>>,
}

redacted_debug!(ValidateEphemeralResourceConfigRequest { type_name } hides { config });
redacted_debug!(OpenEphemeralResourceRequest { type_name, client_capabilities } hides { config });
redacted_debug!(OpenEphemeralResourceResponse { renew_at, deferred, diagnostics } hides { result, private });
redacted_debug!(RenewEphemeralResourceRequest { type_name } hides { private });
redacted_debug!(RenewEphemeralResourceResponse { renew_at, diagnostics } hides { private });
redacted_debug!(CloseEphemeralResourceRequest { type_name } hides { private });
