//! Helpers for the code `#[derive(TfSchema, TfValue)]` generates. Not a
//! public API: names and signatures may change in any release.
//!
//! Generated code names everything through this module (never bare `Option`
//! or `Result`), so user types that shadow prelude names cannot break it.

pub use core::default::Default;
pub use core::fmt;
pub use core::option::Option::{self, None, Some};
pub use core::result::Result::{self, Err, Ok};
pub use std::boxed::Box;
pub use std::collections::BTreeMap;
pub use std::string::String;
pub use std::vec;
pub use std::vec::Vec;

pub use crate::error::{Error, ErrorKind};
pub use crate::json::read::Reader;
pub use crate::model::{FromValue, TfDecode, TfEncode, TfPlan, TfSchema, TfType, Unknown};
pub use crate::msgpack::{Decoder, Encoder};
pub use crate::refinement::RefineKind;
pub use crate::schema::{
    Attribute, AttributeType, Block, NestedBlock, NestedType, NestingMode, ObjectNesting,
    StringKind,
};
pub use crate::types::Type;
pub use crate::value::Value;

/// Reads an object's map header and checks it has `expected` entries.
///
/// # Errors
/// Not a map (with a null/unknown explained), or another entry count.
#[inline]
pub fn msgpack_begin_object(dec: &mut Decoder<'_>, expected: usize) -> Result<usize, Error> {
    let len = dec
        .read_map_len()
        .map_err(|e| crate::model::explain_msgpack(dec, e))?;
    if len != expected {
        return Err(Error::new(
            ErrorKind::Type,
            format!("an object with {expected} attributes is required ({len} given)"),
        ));
    }
    dec.enter()?;
    Ok(len)
}

/// An attribute name in an object.
///
/// # Errors
/// A key that is not a string.
#[inline]
pub fn msgpack_key<'de>(dec: &mut Decoder<'de>) -> Result<&'de str, Error> {
    crate::msgpack::value::read_key(dec, "object")
}

/// Starts reading a JSON object (a null explained).
///
/// # Errors
/// Not an object.
#[inline]
pub fn json_begin_object(r: &mut Reader<'_>) -> Result<(), Error> {
    r.begin_object()
        .map_err(|e| crate::model::explain_json(r, e))
}

/// The value of an attribute missing from JSON: JSON's missing attribute is
/// null, as go-cty reads it.
///
/// # Errors
/// The attribute cannot be null.
pub fn json_missing<'de, T: TfDecode<'de>>(name: &str) -> Result<T, Error> {
    match Reader::new(b"null") {
        Ok(mut r) => T::decode_json(&mut r).map_err(|e| e.at_attr(name)),
        Err(e) => Err(e),
    }
}

#[cold]
pub fn unsupported_attribute(name: &str) -> Error {
    Error::new(ErrorKind::Type, format!("unsupported attribute {name:?}"))
}

#[cold]
pub fn duplicate_attribute(name: &str) -> Error {
    Error::new(
        ErrorKind::Invalid,
        format!("duplicate object attribute {name:?}"),
    )
}

#[cold]
pub fn missing_attribute(name: &str) -> Error {
    Error::new(ErrorKind::Type, format!("attribute {name:?} is required"))
}

/// Appends `,"name":` (or `{"name":` for the first attribute).
#[inline]
pub fn json_key(out: &mut String, first: bool, name: &str) {
    out.push(if first { '{' } else { ',' });
    crate::json::write::write_string(out, name);
    out.push(':');
}

/// The attributes of an object value.
///
/// # Errors
/// Null, unknown or another kind of value.
pub fn object_attrs(value: Value) -> Result<BTreeMap<String, Value>, Error> {
    match value {
        Value::Object(attrs) => Ok(attrs),
        Value::Null(_) => Err(crate::model::null_error()),
        Value::Unknown(..) => Err(crate::model::unknown_error()),
        other => Err(Error::mismatch("object", other.ty().friendly_name())),
    }
}

/// Takes attribute `name` out of `attrs` and converts it.
///
/// # Errors
/// As the field's [`FromValue`]; a missing attribute counts as null.
pub fn take_attr<T: FromValue>(
    attrs: &mut BTreeMap<String, Value>,
    name: &str,
) -> Result<T, Error> {
    let value = attrs.remove(name).unwrap_or(Value::Null(T::tf_type()));
    T::from_value(value).map_err(|e| e.at_attr(name))
}

/// A description from doc-comment lines: trimmed, joined with newlines.
pub fn doc_description(lines: &[&str]) -> String {
    let text: Vec<&str> = lines
        .iter()
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect();
    text.join("\n").trim().to_owned()
}
