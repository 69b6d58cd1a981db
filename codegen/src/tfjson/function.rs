//! Provider-defined function signatures (`internal/command/jsonfunction`).

use serde::{Deserialize, Serialize};
use tfschema::Type;

use super::schema::is_false;
use super::type_json;

/// A function's signature, as `functions.<name>`.
///
/// Terraform prints neither the description kinds nor whether a parameter
/// allows unknown values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FunctionSignature {
    /// `description`; left out when empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// `summary`; left out when empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub summary: String,
    /// `deprecation_message`; left out when empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub deprecation_message: String,
    /// `return_type` (always printed).
    #[serde(
        serialize_with = "type_json::serialize",
        deserialize_with = "type_json::deserialize"
    )]
    pub return_type: Type,
    /// `parameters`, in order; left out when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parameters: Vec<FunctionParameter>,
    /// `variadic_parameter`: takes any number of trailing arguments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variadic_parameter: Option<FunctionParameter>,
}

/// One parameter of a [`FunctionSignature`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FunctionParameter {
    /// `name`; left out when empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// `description`; left out when empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// `is_nullable`: null arguments reach the function; left out when
    /// false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub is_nullable: bool,
    /// `type` (always printed).
    #[serde(
        serialize_with = "type_json::serialize",
        deserialize_with = "type_json::deserialize"
    )]
    pub r#type: Type,
}
