//! The dynamic JSON codec: [`Value`] against a [`Type`], with go-cty's lenient
//! reads (a number from a numeric string, a string from a number or bool, a
//! bool from `"true"`/`"false"`/`"1"`/`"0"`) and its exact output.
//!
//! Reading goes through the pull [`Reader`], which hands out numbers as
//! their exact text, so no precision is lost.

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;

use crate::error::{Error, ErrorKind, Result};
use crate::json::read::{Reader, Token};
use crate::json::write::write_number;
use crate::number::Number;
use crate::set::canonical_set;
use crate::text::{nfc_owned, Quoting};
use crate::types::Type;
use crate::value::{check_attributes, check_element_types, unify_element_type, Value};

/// Options for reading JSON.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct JsonOptions {
    /// Skip object properties that are not attributes of the type instead of
    /// failing: for state written by an older schema (state upgrades).
    pub ignore_unknown_attributes: bool,
}

impl JsonOptions {
    /// Options that skip unknown object properties.
    pub fn ignoring_unknown_attributes() -> Self {
        JsonOptions {
            ignore_unknown_attributes: true,
        }
    }
}

/// Decodes a JSON document holding a value of type `ty`.
///
/// # Errors
/// See [`value_from_slice`](super::value_from_slice).
pub fn decode_value(bytes: &[u8], ty: &Type, options: &JsonOptions) -> Result<Value> {
    let mut reader = Reader::new(bytes)?;
    let value = decode(&mut reader, &ty.without_optional_attrs(), options)?;
    reader.finish()?;
    Ok(value)
}

/// Decodes one value of type `ty` from `r` (for callers that read a larger
/// document, such as typed decoders with a `dynamic` field).
///
/// # Errors
/// See [`value_from_slice`](super::value_from_slice).
pub fn decode_from_reader(r: &mut Reader<'_>, ty: &Type, options: &JsonOptions) -> Result<Value> {
    decode(r, &ty.without_optional_attrs(), options)
}

fn decode(r: &mut Reader<'_>, ty: &Type, options: &JsonOptions) -> Result<Value> {
    if r.take_null()? {
        return Ok(Value::Null(ty.clone()));
    }
    let token = r.peek()?;
    let mismatch = || Error::mismatch(ty.friendly_name(), token.describe());
    match ty {
        Type::Number => {
            let number = match token {
                Token::Number => {
                    let text = r.read_number_text()?;
                    Number::parse(text).map_err(|e| Error::invalid(e.to_string()))?
                }
                Token::String => {
                    let s = r.read_str()?;
                    Number::parse(&s).map_err(|_| {
                        Error::invalid(format!("a number is required, found the string {s:?}"))
                    })?
                }
                _ => return Err(mismatch()),
            };
            Ok(Value::Number(number))
        }
        Type::String => match token {
            Token::String => Ok(Value::String(nfc_owned(r.read_str()?.into_owned()))),
            Token::Bool => Ok(Value::String(r.read_bool()?.to_string())),
            Token::Number => Ok(Value::String(r.read_number_text()?.to_owned())),
            _ => Err(mismatch()),
        },
        Type::Bool => match token {
            Token::Bool => Ok(Value::Bool(r.read_bool()?)),
            Token::String => {
                let s = r.read_str()?;
                match &*s {
                    "true" | "1" => Ok(Value::Bool(true)),
                    "false" | "0" => Ok(Value::Bool(false)),
                    _ => Err(Error::invalid(format!(
                        "a bool is required, found the string {s:?}"
                    ))),
                }
            }
            _ => Err(mismatch()),
        },
        Type::Dynamic => decode_dynamic(r, options),
        Type::List(elem) | Type::Set(elem) => {
            if token != Token::Array {
                return Err(mismatch());
            }
            r.begin_array()?;
            let mut items = Vec::new();
            let mut first = true;
            while r.next_element(&mut first)? {
                let i = items.len();
                items.push(decode(r, elem, options).map_err(|e| e.at_index(i))?);
            }
            let elem_ty = unify_element_type(elem, &items)?;
            Ok(if matches!(ty, Type::List(_)) {
                Value::List(elem_ty, items)
            } else {
                Value::Set(elem_ty, canonical_set(items))
            })
        }
        Type::Tuple(elems) => {
            if token != Token::Array {
                return Err(mismatch());
            }
            r.begin_array()?;
            let mut items = Vec::with_capacity(elems.len());
            let mut first = true;
            while r.next_element(&mut first)? {
                let i = items.len();
                let Some(elem) = elems.get(i) else {
                    return Err(tuple_length(elems.len()));
                };
                items.push(decode(r, elem, options).map_err(|e| e.at_index(i))?);
            }
            if items.len() != elems.len() {
                return Err(tuple_length(elems.len()));
            }
            Ok(Value::Tuple(items))
        }
        Type::Map(elem) => {
            if token != Token::Object {
                return Err(mismatch());
            }
            r.begin_object()?;
            let mut items = BTreeMap::new();
            let mut first = true;
            while let Some(key) = r.next_key(&mut first)? {
                let key = nfc_owned(key.into_owned());
                let value = decode(r, elem, options).map_err(|e| e.at_key(&key))?;
                match items.entry(key) {
                    Entry::Vacant(slot) => {
                        slot.insert(value);
                    }
                    Entry::Occupied(slot) => return Err(duplicate_key("map key", slot.key())),
                }
            }
            let elem_ty = unify_element_type(elem, items.values())?;
            Ok(Value::Map(elem_ty, items))
        }
        Type::Object(object) => {
            if token != Token::Object {
                return Err(mismatch());
            }
            r.begin_object()?;
            let mut attrs = BTreeMap::new();
            let mut first = true;
            while let Some(name) = r.next_key(&mut first)? {
                let Some(attr_ty) = object.attr(&name) else {
                    if options.ignore_unknown_attributes {
                        r.skip()?;
                        continue;
                    }
                    return Err(Error::new(
                        ErrorKind::Type,
                        format!("unsupported attribute {name:?}"),
                    ));
                };
                let value = decode(r, attr_ty, options).map_err(|e| e.at_attr(&name))?;
                match attrs.entry(name.into_owned()) {
                    Entry::Vacant(slot) => {
                        slot.insert(value);
                    }
                    Entry::Occupied(slot) => {
                        return Err(duplicate_key("object attribute", slot.key()))
                    }
                }
            }
            // A missing attribute is null, as go-cty reads JSON.
            for (name, attr_ty) in object.attrs() {
                attrs
                    .entry(name.clone())
                    .or_insert_with(|| Value::Null(attr_ty.clone()));
            }
            Ok(Value::Object(attrs))
        }
    }
}

#[cold]
fn tuple_length(want: usize) -> Error {
    Error::new(
        ErrorKind::Type,
        format!("a tuple of length {want} is required"),
    )
}

/// `{"value": V, "type": T}` in either order: when the value comes first it
/// is skipped and read again once the type is known.
fn decode_dynamic(r: &mut Reader<'_>, options: &JsonOptions) -> Result<Value> {
    let token = r.peek()?;
    if token != Token::Object {
        return Err(Error::new(
            ErrorKind::Type,
            format!(
                "a dynamic value must be an object with \"value\" and \"type\", found {}",
                token.describe()
            ),
        ));
    }
    r.begin_object()?;
    let mut value_at: Option<Reader<'_>> = None;
    let mut ty: Option<Type> = None;
    let mut first = true;
    while let Some(key) = r.next_key(&mut first)? {
        match &*key {
            "value" if value_at.is_none() => {
                value_at = Some(r.clone());
                r.skip()?;
            }
            "type" if ty.is_none() => {
                let start = r.clone();
                r.skip()?;
                ty = Some(Type::from_json(start.consumed_until(r).as_bytes())?);
            }
            "value" | "type" => return Err(duplicate_key("key", &key)),
            other => {
                return Err(Error::new(
                    ErrorKind::Type,
                    format!("invalid key {other:?} in dynamically-typed value"),
                ))
            }
        }
    }
    let ty =
        ty.ok_or_else(|| Error::new(ErrorKind::Type, "missing type in dynamically-typed value"))?;
    match value_at {
        Some(mut at) => decode(&mut at, &ty, options),
        None => Ok(Value::Null(ty)),
    }
}

#[cold]
fn duplicate_key(what: &str, key: &str) -> Error {
    Error::new(ErrorKind::Invalid, format!("duplicate {what} {key:?}"))
}

/// Appends `value` as type `ty` in go-cty's JSON form.
///
/// # Errors
/// See [`value_to_string`](super::value_to_string).
pub fn encode_value(out: &mut String, value: &Value, ty: &Type) -> Result<()> {
    if let Type::Dynamic = ty {
        return match value {
            Value::Null(Type::Dynamic) => {
                out.push_str("null");
                Ok(())
            }
            Value::Unknown(..) => Err(unknown()),
            _ => {
                let concrete = value.ty();
                out.push_str("{\"value\":");
                encode_value(out, value, &concrete)?;
                out.push_str(",\"type\":");
                concrete.write_json(out);
                out.push('}');
                Ok(())
            }
        };
    }
    match (value, ty) {
        (Value::Unknown(..), _) => Err(unknown()),
        (Value::Null(_), _) => {
            out.push_str("null");
            Ok(())
        }
        (Value::Bool(b), Type::Bool) => {
            out.push_str(if *b { "true" } else { "false" });
            Ok(())
        }
        (Value::Number(n), Type::Number) => write_number(out, n),
        (Value::String(s), Type::String) => {
            Quoting::JSON.write(out, &nfc_owned(s.clone()));
            Ok(())
        }
        (Value::List(_, items), Type::List(elem)) | (Value::Set(_, items), Type::Set(elem)) => {
            check_element_types(elem, items.iter())?;
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                encode_value(out, item, elem).map_err(|e| e.at_index(i))?;
            }
            out.push(']');
            Ok(())
        }
        (Value::Tuple(items), Type::Tuple(elems)) if items.len() == elems.len() => {
            out.push('[');
            for (i, (item, elem)) in items.iter().zip(elems).enumerate() {
                if i > 0 {
                    out.push(',');
                }
                encode_value(out, item, elem).map_err(|e| e.at_index(i))?;
            }
            out.push(']');
            Ok(())
        }
        (Value::Map(_, items), Type::Map(elem)) => {
            check_element_types(elem, items.values())?;
            out.push('{');
            for (i, (key, item)) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                Quoting::JSON.write(out, key);
                out.push(':');
                encode_value(out, item, elem).map_err(|e| e.at_key(key))?;
            }
            out.push('}');
            Ok(())
        }
        (Value::Object(attrs), Type::Object(object)) => {
            check_attributes(attrs, object.attrs())?;
            out.push('{');
            for (i, ((name, attr_ty), item)) in
                object.attrs().iter().zip(attrs.values()).enumerate()
            {
                if i > 0 {
                    out.push(',');
                }
                Quoting::JSON.write(out, name);
                out.push(':');
                encode_value(out, item, attr_ty).map_err(|e| e.at_attr(name))?;
            }
            out.push('}');
            Ok(())
        }
        _ => Err(Error::mismatch(
            ty.friendly_name(),
            value.ty().friendly_name(),
        )),
    }
}

#[cold]
fn unknown() -> Error {
    Error::new(
        ErrorKind::Unknown,
        "value is not known: JSON cannot represent unknown values",
    )
}
