//! The dynamic msgpack codec: [`Value`] against a [`Type`], following the
//! object wire format and go-cty's choices byte for byte.

use std::collections::btree_map::Entry;
use std::collections::BTreeMap;

use crate::error::{Error, ErrorKind, Result};
use crate::msgpack::decode::Decoder;
use crate::msgpack::encode::Encoder;
use crate::msgpack::UnknownExt;
use crate::refinement::RefineKind;
use crate::set::canonical_set;
use crate::text::nfc_owned;
use crate::types::Type;
use crate::value::{check_attributes, check_element_types, unify_element_type, Value};

/// Decodes one value of type `ty` (optional-attribute markers are ignored:
/// msgpack always carries every attribute).
///
/// Checked in go-cty's order: an extension (unknown) first, then nil, then
/// the type's own form.
///
/// # Errors
/// See [`value_from_slice`](super::value_from_slice).
pub fn decode_value(dec: &mut Decoder<'_>, ty: &Type) -> Result<Value> {
    if dec.is_unknown() {
        let ty = ty.without_optional_attrs();
        return Ok(match dec.read_unknown(RefineKind::of(&ty))? {
            UnknownExt::Null => Value::Null(ty),
            UnknownExt::Unknown(r) => Value::unknown_refined(ty, r),
        });
    }
    if dec.take_nil() {
        return Ok(Value::Null(ty.without_optional_attrs()));
    }
    match ty {
        Type::String => Ok(Value::String(nfc_owned(dec.read_str()?.to_owned()))),
        Type::Number => Ok(Value::Number(dec.read_number()?)),
        Type::Bool => Ok(Value::Bool(dec.read_bool()?)),
        Type::Dynamic => decode_dynamic(dec),
        Type::List(elem) | Type::Set(elem) => {
            let len = dec.read_array_len()?;
            dec.enter()?;
            let mut items = Vec::with_capacity(len);
            for i in 0..len {
                items.push(decode_value(dec, elem).map_err(|e| e.at_index(i))?);
            }
            dec.leave();
            let elem_ty = unify_element_type(&elem.without_optional_attrs(), &items)?;
            Ok(if matches!(ty, Type::List(_)) {
                Value::List(elem_ty, items)
            } else {
                Value::Set(elem_ty, canonical_set(items))
            })
        }
        Type::Map(elem) => {
            let len = dec.read_map_len()?;
            dec.enter()?;
            let mut items = BTreeMap::new();
            for _ in 0..len {
                let key = nfc_owned(read_key(dec, "map")?.to_owned());
                let value = decode_value(dec, elem).map_err(|e| e.at_key(&key))?;
                match items.entry(key) {
                    Entry::Vacant(slot) => {
                        slot.insert(value);
                    }
                    Entry::Occupied(slot) => return Err(duplicate_key("map key", slot.key())),
                }
            }
            dec.leave();
            let elem_ty = unify_element_type(&elem.without_optional_attrs(), items.values())?;
            Ok(Value::Map(elem_ty, items))
        }
        Type::Object(object) => {
            let len = dec.read_map_len()?;
            let want = object.attrs().len();
            if len != want {
                return Err(Error::new(
                    ErrorKind::Type,
                    format!("an object with {want} attributes is required ({len} given)"),
                ));
            }
            dec.enter()?;
            let mut attrs = BTreeMap::new();
            for _ in 0..len {
                let name = read_key(dec, "object")?;
                let Some(attr_ty) = object.attr(name) else {
                    return Err(Error::new(
                        ErrorKind::Type,
                        format!("unsupported attribute {name:?}"),
                    ));
                };
                let value = decode_value(dec, attr_ty).map_err(|e| e.at_attr(name))?;
                if attrs.insert(name.to_owned(), value).is_some() {
                    return Err(duplicate_key("object attribute", name));
                }
            }
            dec.leave();
            Ok(Value::Object(attrs))
        }
        Type::Tuple(elems) => {
            let len = dec.read_array_len()?;
            if len != elems.len() {
                return Err(Error::new(
                    ErrorKind::Type,
                    format!(
                        "a tuple of length {} is required ({len} given)",
                        elems.len()
                    ),
                ));
            }
            dec.enter()?;
            let mut items = Vec::with_capacity(len);
            for (i, elem) in elems.iter().enumerate() {
                items.push(decode_value(dec, elem).map_err(|e| e.at_index(i))?);
            }
            dec.leave();
            Ok(Value::Tuple(items))
        }
    }
}

/// `[type JSON as bin (or str), value]`.
fn decode_dynamic(dec: &mut Decoder<'_>) -> Result<Value> {
    let len = dec.read_array_len().map_err(|e| {
        if e.kind() == ErrorKind::Type {
            Error::new(
                ErrorKind::Type,
                format!(
                    "a dynamic value must be a 2-element array [type, value] ({})",
                    e.message()
                ),
            )
        } else {
            e
        }
    })?;
    if len != 2 {
        return Err(Error::new(
            ErrorKind::Type,
            format!("a dynamic value array must have exactly two elements ({len} given)"),
        ));
    }
    dec.enter()?;
    let type_json = dec.read_str_bytes()?;
    let ty = Type::from_json(type_json)?;
    let value = decode_value(dec, &ty)?;
    dec.leave();
    Ok(value)
}

/// A map or object key; a non-string key is a type error saying so.
pub(crate) fn read_key<'de>(dec: &mut Decoder<'de>, what: &str) -> Result<&'de str> {
    dec.read_str().map_err(|e| {
        if e.kind() == ErrorKind::Type {
            Error::new(
                ErrorKind::Type,
                format!("all {what} keys must be strings ({})", e.message()),
            )
        } else {
            e
        }
    })
}

#[cold]
fn duplicate_key(what: &str, key: &str) -> Error {
    Error::new(ErrorKind::Invalid, format!("duplicate {what} {key:?}"))
}

#[cold]
fn nonconforming(ty: &Type, value: &Value) -> Error {
    Error::mismatch(ty.friendly_name(), value.ty().friendly_name())
}

/// Encodes an object's attributes (`attrs`) as the object type's (`want`).
/// The names are checked on the way, one pass over both: a wrong set of
/// names is reported as [`check_attributes`] reports it, before any error
/// inside an attribute's value, as when the names were checked first.
fn encode_object(
    enc: &mut Encoder,
    attrs: &BTreeMap<String, Value>,
    want: &BTreeMap<String, Type>,
) -> Result<()> {
    if attrs.len() != want.len() {
        return check_attributes(attrs, want).and(Err(attributes_mismatch()));
    }
    enc.write_map_len(want.len());
    for ((name, attr_ty), (key, item)) in want.iter().zip(attrs) {
        if name != key {
            return check_attributes(attrs, want).and(Err(attributes_mismatch()));
        }
        enc.write_str(name);
        if let Err(e) = encode_value(enc, item, attr_ty) {
            // The later names must be right too before this error counts.
            check_attributes(attrs, want)?;
            return Err(e.at_attr(name));
        }
    }
    Ok(())
}

/// Names that differ from the type's, which [`check_attributes`] always
/// tells apart first (a missing or unsupported attribute).
#[cold]
fn attributes_mismatch() -> Error {
    Error::new(
        ErrorKind::Type,
        "the object's attributes are not the type's",
    )
}

/// Encodes `value` as type `ty`.
///
/// # Errors
/// A value that does not conform to `ty` (no conversions are made), with the
/// path of the offending part.
pub fn encode_value(enc: &mut Encoder, value: &Value, ty: &Type) -> Result<()> {
    if let Type::Dynamic = ty {
        return match value {
            Value::Null(Type::Dynamic) => {
                enc.write_nil();
                Ok(())
            }
            Value::Unknown(Type::Dynamic, _) => {
                enc.write_unknown();
                Ok(())
            }
            _ => {
                let concrete = value.ty();
                enc.write_dynamic_header(&concrete.to_json());
                encode_value(enc, value, &concrete)
            }
        };
    }
    match (value, ty) {
        (Value::Unknown(_, refinements), _) => {
            enc.write_refined_unknown(refinements, RefineKind::of(ty));
            Ok(())
        }
        (Value::Null(_), _) => {
            enc.write_nil();
            Ok(())
        }
        (Value::Bool(b), Type::Bool) => {
            enc.write_bool(*b);
            Ok(())
        }
        (Value::Number(n), Type::Number) => {
            enc.write_number(n);
            Ok(())
        }
        (Value::String(s), Type::String) => {
            enc.write_str(s);
            Ok(())
        }
        (Value::List(_, items), Type::List(elem)) | (Value::Set(_, items), Type::Set(elem)) => {
            check_element_types(elem, items.iter())?;
            enc.write_array_len(items.len());
            for (i, item) in items.iter().enumerate() {
                encode_value(enc, item, elem).map_err(|e| e.at_index(i))?;
            }
            Ok(())
        }
        (Value::Map(_, items), Type::Map(elem)) => {
            check_element_types(elem, items.values())?;
            enc.write_map_len(items.len());
            for (key, item) in items {
                enc.write_str(key);
                encode_value(enc, item, elem).map_err(|e| e.at_key(key))?;
            }
            Ok(())
        }
        (Value::Object(attrs), Type::Object(object)) => encode_object(enc, attrs, object.attrs()),
        (Value::Tuple(items), Type::Tuple(elems)) => {
            if items.len() != elems.len() {
                return Err(Error::new(
                    ErrorKind::Type,
                    format!(
                        "a tuple of length {} is required ({} given)",
                        elems.len(),
                        items.len()
                    ),
                ));
            }
            enc.write_array_len(items.len());
            for (i, (item, elem)) in items.iter().zip(elems).enumerate() {
                encode_value(enc, item, elem).map_err(|e| e.at_index(i))?;
            }
            Ok(())
        }
        _ => Err(nonconforming(ty, value)),
    }
}
