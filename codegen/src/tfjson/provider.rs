//! The top level: `format_version` and one entry per provider address
//! (`jsonprovider`'s `provider.go`), read and written whole.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::function::FunctionSignature;
use super::go_json;
use super::schema::{Block, IdentitySchema, Schema};

/// The `format_version` Terraform 1.x prints (1.0.x printed `0.2`).
pub const FORMAT_VERSION: &str = "1.0";

/// The whole output of `terraform providers schema -json`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProvidersSchema {
    /// `format_version` ([`FORMAT_VERSION`]).
    pub format_version: String,
    /// `provider_schemas`, by provider source address
    /// (`registry.terraform.io/hashicorp/null`); left out when empty.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub provider_schemas: BTreeMap<String, ProviderSchema>,
}

/// Everything one provider serves. Terraform leaves out every empty
/// section.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProviderSchema {
    /// `provider`: the provider's configuration schema.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider: Option<Schema>,
    /// `resource_schemas`, by resource type name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub resource_schemas: BTreeMap<String, Schema>,
    /// `data_source_schemas`, by data source name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub data_source_schemas: BTreeMap<String, Schema>,
    /// `ephemeral_resource_schemas` (Terraform 1.10+).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ephemeral_resource_schemas: BTreeMap<String, Schema>,
    /// `list_resource_schemas` (Terraform 1.14+): each list resource's
    /// `config` block, with the version the provider gave.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub list_resource_schemas: BTreeMap<String, Schema>,
    /// `functions` (Terraform 1.8+), by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub functions: BTreeMap<String, FunctionSignature>,
    /// `resource_identity_schemas` (Terraform 1.12+), by resource type name,
    /// for the resource types that have an identity.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub resource_identity_schemas: BTreeMap<String, IdentitySchema>,
    /// `action_schemas` (Terraform 1.14+), by action type name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub action_schemas: BTreeMap<String, ActionSchema>,
    /// `state_store_schemas` (experimental in Terraform 1.15), by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub state_store_schemas: BTreeMap<String, Schema>,
}

/// An action type: the schema of its `config` block (no version).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionSchema {
    /// `block`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block: Option<Block>,
}

impl ProvidersSchema {
    /// Reads the output of `terraform providers schema -json`.
    ///
    /// # Errors
    /// Text that is not JSON, or JSON that is not that output: a missing
    /// `format_version`, a key the model does not know, a value of the
    /// wrong kind, an invalid type constraint or nesting mode. The error
    /// says what and where (line and column).
    pub fn parse(text: &str) -> Result<ProvidersSchema, ParseError> {
        serde_json::from_str(text).map_err(|e| ParseError {
            message: e.to_string(),
        })
    }

    /// The JSON as Terraform prints it (without the final newline).
    pub fn to_json(&self) -> String {
        go_json::to_string(self)
    }
}

impl ProviderSchema {
    /// One provider's entry as Terraform prints it.
    pub fn to_json(&self) -> String {
        go_json::to_string(self)
    }
}

/// Why a text is not the output of `terraform providers schema -json`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not the output of `terraform providers schema -json`: {}",
            self.message
        )
    }
}

impl std::error::Error for ParseError {}
