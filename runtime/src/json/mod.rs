//! The JSON form of `DynamicValue`: what `UpgradeResourceState` hands over
//! (`RawState.json`) and a fallback Terraform may use. A cold path, so values
//! are owned; output matches go-cty byte for byte.

pub mod read;
mod value;
pub mod write;

pub use value::{decode_value, encode_value, JsonOptions};

use crate::error::Result;
use crate::types::Type;
use crate::value::Value;

/// Decodes a JSON document holding a value of type `ty`, with go-cty's
/// lenient reads; unknown object properties are errors.
///
/// # Errors
/// Invalid JSON, a value that does not fit `ty`, an unknown property, a
/// duplicated key; the error names the attribute path.
pub fn value_from_slice(bytes: &[u8], ty: &Type) -> Result<Value> {
    decode_value(bytes, ty, &JsonOptions::default())
}

/// Encodes `value` as type `ty`.
///
/// # Errors
/// An unknown anywhere in the value (JSON cannot hold unknowns), an
/// infinity, or a value that does not conform to `ty`.
pub fn value_to_string(value: &Value, ty: &Type) -> Result<String> {
    let mut out = String::new();
    encode_value(&mut out, value, ty)?;
    Ok(out)
}
