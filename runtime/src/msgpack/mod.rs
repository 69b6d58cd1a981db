//! The msgpack form of `DynamicValue`, the one Terraform sends and expects.
//!
//! [`Encoder`] and [`Decoder`] are the wire primitives that the dynamic
//! codec ([`Value`], [`encode_value`], [`decode_value`]) and every type's
//! [`TfEncode`]/[`TfDecode`] (through their `Sink` and `Source` impls)
//! call; the functions below are the entry points for whole messages.

pub(crate) mod decode;
pub(crate) mod encode;
mod refinement;
mod sink;
mod source;
pub(crate) mod value;

pub use decode::{Decoder, Kind, UnknownsSeen};
pub use encode::Encoder;
pub use refinement::UnknownExt;
pub use value::{decode_value, encode_value};

use crate::error::Result;
use crate::model::{TfDecode, TfEncode};
use crate::types::Type;
use crate::value::Value;

/// Decodes a whole msgpack message holding a value of type `ty`.
///
/// # Errors
/// Malformed input, a value that does not fit `ty`, or trailing bytes; the
/// error names the attribute path.
pub fn value_from_slice(bytes: &[u8], ty: &Type) -> Result<Value> {
    let mut dec = Decoder::new(bytes);
    let value = decode_value(&mut dec, ty)?;
    dec.finish()?;
    Ok(value)
}

/// Encodes `value` as type `ty`.
///
/// # Errors
/// A value that does not conform to `ty`; the error names the path.
pub fn value_to_vec(value: &Value, ty: &Type) -> Result<Vec<u8>> {
    let mut enc = Encoder::new();
    encode_value(&mut enc, value, ty)?;
    Ok(enc.into_vec())
}

/// Encodes a typed value (a derived model, or any [`TfEncode`] type).
///
/// # Errors
/// See [`TfEncode::encode_msgpack`].
pub fn to_vec<T: TfEncode + ?Sized>(value: &T) -> Result<Vec<u8>> {
    let mut enc = Encoder::with_capacity(256);
    value.encode_msgpack(&mut enc)?;
    Ok(enc.into_vec())
}

/// Decodes a whole msgpack message into a typed value; fields such as
/// `&'de str` borrow from `bytes`.
///
/// # Errors
/// See [`TfDecode::decode_msgpack`]; trailing bytes.
pub fn from_slice<'de, T: TfDecode<'de>>(bytes: &'de [u8]) -> Result<T> {
    let mut dec = Decoder::new(bytes);
    let value = T::decode_msgpack(&mut dec)?;
    dec.finish()?;
    Ok(value)
}

/// `value` read into `T` by `T`'s msgpack decode: written as msgpack with
/// `T`'s type first. The typed layer reads every [`Value`] it has into a
/// model this way, so that a provider compiles one decode per model (the
/// msgpack one, which request bytes need anyway) rather than one per
/// format; writing a value is fast next to building one.
///
/// # Errors
/// A value that does not fit `T`, with the attribute path.
#[cfg(feature = "server")]
pub(crate) fn decode_value_as<T: for<'de> TfDecode<'de>>(value: &Value) -> Result<T> {
    let bytes = value_to_vec(value, &T::tf_type())?;
    from_slice(&bytes)
}
