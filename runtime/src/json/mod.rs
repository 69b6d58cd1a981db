//! The JSON form of `DynamicValue`: what `UpgradeResourceState` hands over
//! (`RawState.json`) and a fallback Terraform may use. A cold path, so values
//! are owned; output matches go-cty byte for byte.

pub(crate) mod read;
mod sink;
mod source;
mod value;
pub(crate) mod write;

pub use read::{Reader, Token};
pub use value::{decode_from_reader, decode_value, encode_value, JsonOptions};
pub use write::JsonSink;

use crate::error::Result;
use crate::model::{TfDecode, TfEncode};
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

/// Encodes a typed value as JSON text.
///
/// # Errors
/// See [`TfEncode::encode_json`].
pub fn to_string<T: TfEncode + ?Sized>(value: &T) -> Result<String> {
    let mut out = String::with_capacity(256);
    value.encode_json(&mut out)?;
    Ok(out)
}

/// Encodes a typed value as JSON bytes.
///
/// # Errors
/// See [`TfEncode::encode_json`].
pub fn to_vec<T: TfEncode + ?Sized>(value: &T) -> Result<Vec<u8>> {
    to_string(value).map(String::into_bytes)
}

/// Decodes a whole JSON document into a typed value.
///
/// # Errors
/// See [`TfDecode::decode_json`]; trailing data.
pub fn from_slice<'de, T: TfDecode<'de>>(bytes: &'de [u8]) -> Result<T> {
    let mut reader = Reader::new(bytes)?;
    let value = T::decode_json(&mut reader)?;
    reader.finish()?;
    Ok(value)
}
