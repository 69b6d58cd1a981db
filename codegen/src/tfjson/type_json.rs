//! Type constraints (`"string"`, `["list","string"]`,
//! `["object",{"a":"number"},["a"]]`) as serde values, through the runtime's
//! [`Type`]: read with its parser (go-cty's rules), written in go-cty's
//! canonical form (object attributes and optional names sorted), which is
//! the form Terraform prints after parsing a provider's type itself.

use serde::de::Error as _;
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tfschema::Type;

/// A borrowed [`Type`] that serializes as its type-constraint JSON.
pub(crate) struct TypeJson<'a>(pub(crate) &'a Type);

impl Serialize for TypeJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Type::String => s.serialize_str("string"),
            Type::Number => s.serialize_str("number"),
            Type::Bool => s.serialize_str("bool"),
            Type::Dynamic => s.serialize_str("dynamic"),
            Type::List(e) => collection(s, "list", e),
            Type::Set(e) => collection(s, "set", e),
            Type::Map(e) => collection(s, "map", e),
            Type::Object(o) => {
                let optional = o.optional();
                let mut seq = s.serialize_seq(Some(if optional.is_empty() { 2 } else { 3 }))?;
                seq.serialize_element("object")?;
                seq.serialize_element(&Attributes(o.attrs()))?;
                if !optional.is_empty() {
                    seq.serialize_element(optional)?;
                }
                seq.end()
            }
            Type::Tuple(elems) => {
                let mut seq = s.serialize_seq(Some(2))?;
                seq.serialize_element("tuple")?;
                let elems: Vec<TypeJson<'_>> = elems.iter().map(TypeJson).collect();
                seq.serialize_element(&elems)?;
                seq.end()
            }
        }
    }
}

/// `[kind, element type]`.
fn collection<S: Serializer>(s: S, kind: &str, elem: &Type) -> Result<S::Ok, S::Error> {
    let mut seq = s.serialize_seq(Some(2))?;
    seq.serialize_element(kind)?;
    seq.serialize_element(&TypeJson(elem))?;
    seq.end()
}

/// An object type's attributes, in name order.
struct Attributes<'a>(&'a std::collections::BTreeMap<String, Type>);

impl Serialize for Attributes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, ty) in self.0 {
            map.serialize_entry(name, &TypeJson(ty))?;
        }
        map.end()
    }
}

/// Reads a type constraint with the runtime's parser.
fn parse<E: serde::de::Error>(json: &serde_json::Value) -> Result<Type, E> {
    let text = serde_json::to_vec(json).map_err(E::custom)?;
    Type::from_json(&text).map_err(|e| E::custom(format!("invalid type constraint: {e}")))
}

/// `serialize_with` for a [`Type`] field.
pub(crate) fn serialize<S: Serializer>(ty: &Type, s: S) -> Result<S::Ok, S::Error> {
    TypeJson(ty).serialize(s)
}

/// `deserialize_with` for a [`Type`] field.
pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Type, D::Error> {
    parse(&serde_json::Value::deserialize(d)?)
}

/// `serialize_with` for an `Option<Type>` field that Terraform leaves out
/// when there is no type (with `skip_serializing_if`, never called on
/// `None`).
pub(crate) fn serialize_option<S: Serializer>(ty: &Option<Type>, s: S) -> Result<S::Ok, S::Error> {
    match ty {
        Some(ty) => TypeJson(ty).serialize(s),
        None => s.serialize_none(),
    }
}

/// `deserialize_with` for an `Option<Type>` field: present means a type.
pub(crate) fn deserialize_option<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<Type>, D::Error> {
    match serde_json::Value::deserialize(d)? {
        serde_json::Value::Null => Err(D::Error::custom(
            "a type constraint cannot be null (Terraform leaves the key out instead)",
        )),
        json => parse(&json).map(Some),
    }
}
