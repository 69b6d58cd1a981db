//! The dynamic JSON codec: [`Value`] against a [`Type`], with go-cty's lenient
//! reads (a number from a numeric string, a string from a number or bool, a
//! bool from `"true"`/`"false"`/`"1"`/`"0"`) and its exact output.
//!
//! serde_json checks the syntax and hands us each element's raw text
//! (`RawValue`), so numbers keep their exact digits without enabling
//! serde_json's `arbitrary_precision` feature for the whole build.

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;
use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;

use crate::error::{Error, ErrorKind, Result};
use crate::json::write::{write_number, write_string};
use crate::limits::MAX_DEPTH;
use crate::msgpack::value::check_attributes;
use crate::number::Number;
use crate::types::Type;
use crate::value::{canonical_set, nfc_owned, unify_element_type, Value};

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
    let text = std::str::from_utf8(bytes)
        .map_err(|e| Error::invalid(format!("JSON input is not valid UTF-8 ({e})")))?;
    let raw: &RawValue = serde_json::from_str(text).map_err(syntax)?;
    decode(raw, &ty.without_optional_attrs(), options, 0)
}

#[cold]
fn syntax(err: serde_json::Error) -> Error {
    if err.to_string().contains("recursion limit") {
        return Error::limit(format!("JSON nested too deeply ({err})"));
    }
    let kind = if err.is_eof() {
        ErrorKind::Eof
    } else {
        ErrorKind::Syntax
    };
    Error::new(kind, format!("invalid JSON: {err}"))
}

fn first_byte(raw: &RawValue) -> u8 {
    raw.get().as_bytes().first().copied().unwrap_or(b' ')
}

fn describe(raw: &RawValue) -> &'static str {
    match first_byte(raw) {
        b'n' => "null",
        b't' | b'f' => "bool",
        b'"' => "string",
        b'[' => "array",
        b'{' => "object",
        _ => "number",
    }
}

fn is_number_start(b: u8) -> bool {
    b == b'-' || b.is_ascii_digit()
}

fn decode(raw: &RawValue, ty: &Type, options: &JsonOptions, depth: usize) -> Result<Value> {
    if depth > MAX_DEPTH {
        return Err(Error::limit(format!(
            "nesting deeper than {MAX_DEPTH} levels"
        )));
    }
    let text = raw.get();
    let first = first_byte(raw);
    if first == b'n' {
        return Ok(Value::Null(ty.clone()));
    }
    let mismatch = || Error::mismatch(ty.friendly_name(), describe(raw));
    match ty {
        Type::Number => {
            let number = if first == b'"' {
                let s: String = serde_json::from_str(text).map_err(syntax)?;
                Number::parse(&s).map_err(|_| {
                    Error::invalid(format!("a number is required, found the string {s:?}"))
                })?
            } else if is_number_start(first) {
                Number::parse(text).map_err(|e| Error::invalid(e.to_string()))?
            } else {
                return Err(mismatch());
            };
            Ok(Value::Number(number))
        }
        Type::String => match first {
            b'"' => {
                let s: String = serde_json::from_str(text).map_err(syntax)?;
                Ok(Value::String(nfc_owned(s)))
            }
            b't' | b'f' => Ok(Value::String(text.to_owned())),
            b if is_number_start(b) => Ok(Value::String(text.to_owned())),
            _ => Err(mismatch()),
        },
        Type::Bool => match first {
            b't' => Ok(Value::Bool(true)),
            b'f' => Ok(Value::Bool(false)),
            b'"' => {
                let s: String = serde_json::from_str(text).map_err(syntax)?;
                match s.as_str() {
                    "true" | "1" => Ok(Value::Bool(true)),
                    "false" | "0" => Ok(Value::Bool(false)),
                    _ => Err(Error::invalid(format!(
                        "a bool is required, found the string {s:?}"
                    ))),
                }
            }
            _ => Err(mismatch()),
        },
        Type::Dynamic => decode_dynamic(raw, options, depth),
        Type::List(elem) | Type::Set(elem) => {
            if first != b'[' {
                return Err(mismatch());
            }
            let raw_items: Vec<&RawValue> = serde_json::from_str(text).map_err(syntax)?;
            let mut items = Vec::with_capacity(raw_items.len());
            for (i, item) in raw_items.into_iter().enumerate() {
                items.push(decode(item, elem, options, depth + 1).map_err(|e| e.at_index(i))?);
            }
            let elem_ty = unify_element_type(elem, &items)?;
            Ok(if matches!(ty, Type::List(_)) {
                Value::List(elem_ty, items)
            } else {
                Value::Set(elem_ty, canonical_set(items))
            })
        }
        Type::Tuple(elems) => {
            if first != b'[' {
                return Err(mismatch());
            }
            let raw_items: Vec<&RawValue> = serde_json::from_str(text).map_err(syntax)?;
            if raw_items.len() != elems.len() {
                return Err(Error::new(
                    ErrorKind::Type,
                    format!(
                        "a tuple of length {} is required ({} given)",
                        elems.len(),
                        raw_items.len()
                    ),
                ));
            }
            let mut items = Vec::with_capacity(elems.len());
            for (i, (item, elem)) in raw_items.into_iter().zip(elems).enumerate() {
                items.push(decode(item, elem, options, depth + 1).map_err(|e| e.at_index(i))?);
            }
            Ok(Value::Tuple(items))
        }
        Type::Map(elem) => {
            if first != b'{' {
                return Err(mismatch());
            }
            let mut items = BTreeMap::new();
            for (key, item) in entries(raw)? {
                let key = nfc_owned(key);
                let value = decode(item, elem, options, depth + 1).map_err(|e| e.at_key(&key))?;
                match items.entry(key) {
                    Entry::Vacant(slot) => {
                        slot.insert(value);
                    }
                    Entry::Occupied(slot) => return Err(duplicate_key("map key", slot.key())),
                }
            }
            let values: Vec<Value> = items.values().cloned().collect();
            let elem_ty = unify_element_type(elem, &values)?;
            Ok(Value::Map(elem_ty, items))
        }
        Type::Object(object) => {
            if first != b'{' {
                return Err(mismatch());
            }
            let mut attrs = BTreeMap::new();
            for (name, item) in entries(raw)? {
                let Some(attr_ty) = object.attr(&name) else {
                    if options.ignore_unknown_attributes {
                        continue;
                    }
                    return Err(Error::new(
                        ErrorKind::Type,
                        format!("unsupported attribute {name:?}"),
                    ));
                };
                let value =
                    decode(item, attr_ty, options, depth + 1).map_err(|e| e.at_attr(&name))?;
                match attrs.entry(name) {
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

/// `{"value": V, "type": T}` in either order.
fn decode_dynamic(raw: &RawValue, options: &JsonOptions, depth: usize) -> Result<Value> {
    if first_byte(raw) != b'{' {
        return Err(Error::new(
            ErrorKind::Type,
            format!(
                "a dynamic value must be an object with \"value\" and \"type\", found {}",
                describe(raw)
            ),
        ));
    }
    let mut value = None;
    let mut ty = None;
    for (key, item) in entries(raw)? {
        let slot = match key.as_str() {
            "value" => &mut value,
            "type" => &mut ty,
            other => {
                return Err(Error::new(
                    ErrorKind::Type,
                    format!("invalid key {other:?} in dynamically-typed value"),
                ))
            }
        };
        if slot.replace(item).is_some() {
            return Err(duplicate_key("key", &key));
        }
    }
    let ty =
        ty.ok_or_else(|| Error::new(ErrorKind::Type, "missing type in dynamically-typed value"))?;
    let ty = Type::from_json(ty.get().as_bytes())?;
    match value {
        Some(value) => decode(value, &ty, options, depth + 1),
        None => Ok(Value::Null(ty)),
    }
}

/// An object's members in document order, duplicates kept (so we can
/// reject them).
fn entries(raw: &RawValue) -> Result<Vec<(String, &RawValue)>> {
    struct Entries<'a>(Vec<(String, &'a RawValue)>);

    impl<'de: 'a, 'a> Deserialize<'de> for Entries<'a> {
        fn deserialize<D: Deserializer<'de>>(
            deserializer: D,
        ) -> std::result::Result<Self, D::Error> {
            struct EntriesVisitor<'a>(std::marker::PhantomData<&'a ()>);
            impl<'de: 'a, 'a> Visitor<'de> for EntriesVisitor<'a> {
                type Value = Entries<'a>;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a JSON object")
                }
                fn visit_map<M: MapAccess<'de>>(
                    self,
                    mut map: M,
                ) -> std::result::Result<Entries<'a>, M::Error> {
                    let mut out = Vec::new();
                    while let Some((k, v)) = map.next_entry::<String, &'de RawValue>()? {
                        out.push((k, v));
                    }
                    Ok(Entries(out))
                }
            }
            deserializer.deserialize_map(EntriesVisitor(std::marker::PhantomData))
        }
    }

    let Entries(items) = serde_json::from_str(raw.get()).map_err(syntax)?;
    Ok(items)
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
            write_string(out, &nfc_owned(s.clone()));
            Ok(())
        }
        (Value::List(_, items), Type::List(elem)) | (Value::Set(_, items), Type::Set(elem)) => {
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
            out.push('{');
            for (i, (key, item)) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(out, key);
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
                write_string(out, name);
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
