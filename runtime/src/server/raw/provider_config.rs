//! The provider's own configuration: `ValidateProviderConfig` and
//! `ConfigureProvider`.

use super::{ClientCapabilities, DynamicValue};

/// `ValidateProviderConfig` (protocol 5: `PrepareProviderConfig`).
#[derive(Clone)]
pub struct ValidateProviderConfigRequest {
    /// The `provider` block as written; may hold unknowns.
    pub config: DynamicValue,
}

/// `ConfigureProvider` (protocol 5: `Configure`).
#[derive(Clone)]
pub struct ConfigureProviderRequest {
    /// The version of the Terraform calling, e.g. `1.15.5`.
    pub terraform_version: String,
    /// The `provider` block; may hold unknowns (values from resources not
    /// yet created).
    pub config: DynamicValue,
    /// What this Terraform can do.
    pub client_capabilities: ClientCapabilities,
}

redacted_debug!(ValidateProviderConfigRequest {  } hides { config });
redacted_debug!(ConfigureProviderRequest { terraform_version, client_capabilities } hides { config });
