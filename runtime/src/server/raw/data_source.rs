//! Data sources: `ValidateDataResourceConfig` and `ReadDataSource`.

use super::{ClientCapabilities, Deferred, DynamicValue};
use crate::diag::Diagnostics;

/// `ValidateDataResourceConfig` (protocol 5: `ValidateDataSourceConfig`).
#[derive(Clone)]
pub struct ValidateDataSourceConfigRequest {
    /// The data source type.
    pub type_name: String,
    /// The `data` block as written; may hold unknowns.
    pub config: DynamicValue,
}

/// `ReadDataSource`.
#[derive(Clone)]
pub struct ReadDataSourceRequest {
    /// The data source type.
    pub type_name: String,
    /// The `data` block: known, but computed attributes are null.
    pub config: DynamicValue,
    /// The module's `provider_meta` block, when the schema has one.
    pub provider_meta: Option<DynamicValue>,
    /// What this Terraform can do.
    pub client_capabilities: ClientCapabilities,
}

/// The data source's state.
#[derive(Clone, Default)]
pub struct ReadDataSourceResponse {
    /// The configuration with the computed attributes filled.
    pub state: Option<DynamicValue>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
    /// Not yet: read in a later run. Sent only when the request allowed it
    /// ([`ClientCapabilities::deferral_allowed`]); otherwise the answer
    /// gets an error diagnostic instead.
    pub deferred: Option<Deferred>,
}

redacted_debug!(ValidateDataSourceConfigRequest { type_name } hides { config });
redacted_debug!(ReadDataSourceRequest { type_name, client_capabilities } hides { config, provider_meta });
redacted_debug!(ReadDataSourceResponse { diagnostics, deferred } hides { state });
