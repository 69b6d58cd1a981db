//! Type constraints: the `type` of a schema attribute, and the type carried
//! in dynamic slots. Parsed from and printed to the compact JSON form go-cty
//! uses (`"string"`, `["list","string"]`, `["object",{"a":"number"},["a"]]`).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::error::{Error, ErrorKind, Result};
use crate::text::Quoting;

/// A Terraform type constraint.
///
/// Object attributes live in a [`BTreeMap`], so they iterate in the bytewise
/// order of their names: the order go-cty writes them in msgpack and JSON.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    /// `"string"`.
    String,
    /// `"number"`: arbitrary precision, as go-cty's.
    Number,
    /// `"bool"`.
    Bool,
    /// `"dynamic"`: the value's own type travels with it.
    Dynamic,
    /// `["list", T]`: ordered elements of one type.
    List(Box<Type>),
    /// `["set", T]`: unordered, distinct elements of one type.
    Set(Box<Type>),
    /// `["map", T]`: elements of one type by string key.
    Map(Box<Type>),
    /// `["object", {...}]`: named attributes, each of its own type.
    Object(Box<ObjectType>),
    /// `["tuple", [...]]`: a fixed sequence of elements, each of its own type.
    Tuple(Vec<Type>),
}

/// The attributes of an object type, and which of them are optional.
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjectType {
    attrs: BTreeMap<String, Type>,
    optional: BTreeSet<String>,
}

impl ObjectType {
    /// An object type with these attributes, none optional.
    pub fn new(attrs: impl IntoIterator<Item = (String, Type)>) -> Self {
        ObjectType {
            attrs: attrs.into_iter().collect(),
            optional: BTreeSet::new(),
        }
    }

    /// Marks `names` optional.
    ///
    /// # Errors
    /// A name that is not an attribute of the type.
    pub fn with_optional(
        mut self,
        names: impl IntoIterator<Item = impl Into<String>>,
    ) -> Result<Self> {
        for name in names {
            let name = name.into();
            if !self.attrs.contains_key(&name) {
                return Err(type_error(format!(
                    "optional attribute {name:?} is not an attribute of the object type"
                )));
            }
            self.optional.insert(name);
        }
        Ok(self)
    }

    /// The attributes in bytewise name order.
    pub fn attrs(&self) -> &BTreeMap<String, Type> {
        &self.attrs
    }

    /// The type of attribute `name`.
    pub fn attr(&self, name: &str) -> Option<&Type> {
        self.attrs.get(name)
    }

    /// Names of the optional attributes, sorted.
    pub fn optional(&self) -> &BTreeSet<String> {
        &self.optional
    }

    /// Whether attribute `name` is optional.
    pub fn is_optional(&self, name: &str) -> bool {
        self.optional.contains(name)
    }

    /// The same attributes with no optional markers (the type of a value).
    pub fn without_optional(&self) -> ObjectType {
        ObjectType {
            attrs: self.attrs.clone(),
            optional: BTreeSet::new(),
        }
    }
}

impl Type {
    /// `list(elem)`.
    pub fn list(elem: Type) -> Type {
        Type::List(Box::new(elem))
    }

    /// `set(elem)`.
    pub fn set(elem: Type) -> Type {
        Type::Set(Box::new(elem))
    }

    /// `map(elem)`.
    pub fn map(elem: Type) -> Type {
        Type::Map(Box::new(elem))
    }

    /// `object({...})` with no optional attributes.
    pub fn object<K: Into<String>>(attrs: impl IntoIterator<Item = (K, Type)>) -> Type {
        Type::Object(Box::new(ObjectType::new(
            attrs.into_iter().map(|(k, t)| (k.into(), t)),
        )))
    }

    /// `tuple([...])`.
    pub fn tuple(elems: impl IntoIterator<Item = Type>) -> Type {
        Type::Tuple(elems.into_iter().collect())
    }

    /// The element type of a list, set or map.
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::List(e) | Type::Set(e) | Type::Map(e) => Some(e),
            _ => None,
        }
    }

    /// Whether this is a list, set or map.
    pub fn is_collection(&self) -> bool {
        matches!(self, Type::List(_) | Type::Set(_) | Type::Map(_))
    }

    /// Whether this is string, number or bool.
    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::String | Type::Number | Type::Bool)
    }

    /// Whether `dynamic` appears anywhere in this type.
    pub fn has_dynamic(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::String | Type::Number | Type::Bool => false,
            Type::List(e) | Type::Set(e) | Type::Map(e) => e.has_dynamic(),
            Type::Object(o) => o.attrs.values().any(Type::has_dynamic),
            Type::Tuple(elems) => elems.iter().any(Type::has_dynamic),
        }
    }

    /// The type with every optional-attribute marker removed, recursively.
    pub fn without_optional_attrs(&self) -> Type {
        match self {
            Type::String | Type::Number | Type::Bool | Type::Dynamic => self.clone(),
            Type::List(e) => Type::list(e.without_optional_attrs()),
            Type::Set(e) => Type::set(e.without_optional_attrs()),
            Type::Map(e) => Type::map(e.without_optional_attrs()),
            Type::Object(o) => Type::Object(Box::new(ObjectType {
                attrs: o
                    .attrs
                    .iter()
                    .map(|(k, t)| (k.clone(), t.without_optional_attrs()))
                    .collect(),
                optional: BTreeSet::new(),
            })),
            Type::Tuple(elems) => {
                Type::Tuple(elems.iter().map(Type::without_optional_attrs).collect())
            }
        }
    }

    /// A short human name: `string`, `list of string`, `object`, ...
    pub fn friendly_name(&self) -> String {
        match self {
            Type::String => "string".into(),
            Type::Number => "number".into(),
            Type::Bool => "bool".into(),
            Type::Dynamic => "dynamic".into(),
            Type::List(e) => format!("list of {}", e.friendly_name()),
            Type::Set(e) => format!("set of {}", e.friendly_name()),
            Type::Map(e) => format!("map of {}", e.friendly_name()),
            Type::Object(_) => "object".into(),
            Type::Tuple(_) => "tuple".into(),
        }
    }

    /// Parses the type-constraint JSON (go-cty's `ctyjson.UnmarshalType`).
    ///
    /// # Errors
    /// Invalid JSON, or JSON that is not one of the type forms; the message
    /// says which part was wrong.
    pub fn from_json(text: &[u8]) -> Result<Type> {
        let json: serde_json::Value = serde_json::from_slice(text)
            .map_err(|e| type_error(format!("type constraint is not valid JSON: {e}")))?;
        Type::from_json_value(&json, 0)
    }

    fn from_json_value(json: &serde_json::Value, depth: usize) -> Result<Type> {
        use serde_json::Value as J;
        if depth > crate::limits::MAX_DEPTH {
            return Err(Error::limit("type constraint nested too deeply"));
        }
        match json {
            J::String(name) => match name.as_str() {
                "string" => Ok(Type::String),
                "number" => Ok(Type::Number),
                "bool" => Ok(Type::Bool),
                "dynamic" => Ok(Type::Dynamic),
                other => Err(type_error(format!("invalid primitive type name {other:?}"))),
            },
            J::Array(items) => {
                let Some(J::String(kind)) = items.first() else {
                    return Err(type_error(
                        "a complex type constraint must be an array starting with a kind string",
                    ));
                };
                let arity_error = |expected: &str| {
                    type_error(format!(
                        "type constraint {kind:?} needs {expected}, found {} elements",
                        items.len()
                    ))
                };
                match kind.as_str() {
                    "list" | "set" | "map" => {
                        if items.len() != 2 {
                            return Err(arity_error("exactly one element type"));
                        }
                        let elem = Box::new(Type::from_json_value(&items[1], depth + 1)?);
                        Ok(match kind.as_str() {
                            "list" => Type::List(elem),
                            "set" => Type::Set(elem),
                            _ => Type::Map(elem),
                        })
                    }
                    "object" => {
                        if !(2..=3).contains(&items.len()) {
                            return Err(arity_error(
                                "an attribute object and an optional list of optional attributes",
                            ));
                        }
                        let J::Object(attrs) = &items[1] else {
                            return Err(type_error(
                                "object type constraint: attributes must be a JSON object",
                            ));
                        };
                        let mut object = ObjectType::default();
                        for (name, ty) in attrs {
                            let ty = Type::from_json_value(ty, depth + 1)?;
                            object.attrs.insert(name.clone(), ty);
                        }
                        if let Some(optional) = items.get(2) {
                            let J::Array(names) = optional else {
                                return Err(type_error(
                                    "object type constraint: optional attributes must be an array of names",
                                ));
                            };
                            let mut list = Vec::with_capacity(names.len());
                            for name in names {
                                let J::String(name) = name else {
                                    return Err(type_error(
                                        "object type constraint: optional attribute names must be strings",
                                    ));
                                };
                                list.push(name.clone());
                            }
                            object = object.with_optional(list)?;
                        }
                        Ok(Type::Object(Box::new(object)))
                    }
                    "tuple" => {
                        if items.len() != 2 {
                            return Err(arity_error("an array of element types"));
                        }
                        let J::Array(elems) = &items[1] else {
                            return Err(type_error(
                                "tuple type constraint: element types must be an array",
                            ));
                        };
                        let elems = elems
                            .iter()
                            .map(|t| Type::from_json_value(t, depth + 1))
                            .collect::<Result<Vec<_>>>()?;
                        Ok(Type::Tuple(elems))
                    }
                    other => Err(type_error(format!("invalid complex type kind {other:?}"))),
                }
            }
            other => Err(type_error(format!(
                "a type constraint must be a string or an array, found {}",
                json_kind(other)
            ))),
        }
    }

    /// The compact type-constraint JSON, byte for byte as go-cty writes it.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }

    /// Appends the compact type-constraint JSON to `out`.
    pub fn write_json(&self, out: &mut String) {
        match self {
            Type::String => out.push_str("\"string\""),
            Type::Number => out.push_str("\"number\""),
            Type::Bool => out.push_str("\"bool\""),
            Type::Dynamic => out.push_str("\"dynamic\""),
            Type::List(e) | Type::Set(e) | Type::Map(e) => {
                out.push_str(match self {
                    Type::List(_) => "[\"list\",",
                    Type::Set(_) => "[\"set\",",
                    _ => "[\"map\",",
                });
                e.write_json(out);
                out.push(']');
            }
            Type::Object(o) => {
                out.push_str("[\"object\",{");
                for (i, (name, ty)) in o.attrs.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    Quoting::JSON.write(out, name);
                    out.push(':');
                    ty.write_json(out);
                }
                out.push('}');
                if !o.optional.is_empty() {
                    out.push_str(",[");
                    for (i, name) in o.optional.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        Quoting::JSON.write(out, name);
                    }
                    out.push(']');
                }
                out.push(']');
            }
            Type::Tuple(elems) => {
                out.push_str("[\"tuple\",[");
                for (i, ty) in elems.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    ty.write_json(out);
                }
                out.push_str("]]");
            }
        }
    }
}

fn json_kind(json: &serde_json::Value) -> &'static str {
    match json {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a bool",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

#[cold]
fn type_error(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::TypeConstraint, message)
}

impl fmt::Display for Type {
    /// The type-constraint JSON.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_json())
    }
}

impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Type({})", self.to_json())
    }
}

impl fmt::Debug for ObjectType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ObjectType")
            .field("attrs", &self.attrs)
            .field("optional", &self.optional)
            .finish()
    }
}

impl std::str::FromStr for Type {
    type Err = Error;
    fn from_str(s: &str) -> Result<Type> {
        Type::from_json(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_like_go_cty() {
        let ty = Type::from_json(br#"["object",{"b":"number","a":["list","string"]},["b"]]"#)
            .expect("valid");
        assert_eq!(
            ty.to_json(),
            r#"["object",{"a":["list","string"],"b":"number"},["b"]]"#
        );
        let ty =
            Type::from_json(br#" [ "tuple" , [ "bool", ["map","dynamic"] ] ] "#).expect("valid");
        assert_eq!(ty.to_json(), r#"["tuple",["bool",["map","dynamic"]]]"#);
    }

    #[test]
    fn escapes_attribute_names_like_encoding_json() {
        let ty = Type::object([("<&>", Type::Bool)]);
        assert_eq!(ty.to_json(), r#"["object",{"\u003c\u0026\u003e":"bool"}]"#);
    }

    #[test]
    fn rejects_other_forms_with_reasons() {
        for (text, needle) in [
            (r#""strin""#, "invalid primitive type name \"strin\""),
            (r#"["list"]"#, "exactly one element type"),
            (r#"["list","string","x"]"#, "exactly one element type"),
            (r#"["object",["a"]]"#, "must be a JSON object"),
            (r#"["object",{"a":"bool"},["b"]]"#, "not an attribute"),
            (r#"["object",{"a":"bool"},"a"]"#, "array of names"),
            (r#"["tuple","string"]"#, "must be an array"),
            (r#"["frob","string"]"#, "invalid complex type kind"),
            (r#"[]"#, "starting with a kind string"),
            (r#"42"#, "found a number"),
            (r#"{"a":1}"#, "found an object"),
            (r#"["list","#, "not valid JSON"),
        ] {
            let err = Type::from_json(text.as_bytes()).expect_err(text);
            assert_eq!(err.kind(), ErrorKind::TypeConstraint, "{text}");
            assert!(err.to_string().contains(needle), "{text}: {err}");
        }
    }

    #[test]
    fn deep_type_json_is_an_error_not_a_crash() {
        let depth = 5000;
        let text = format!(
            "{}\"string\"{}",
            "[\"list\",".repeat(depth),
            "]".repeat(depth)
        );
        // serde_json itself stops at 128 levels; either way it is an error.
        assert!(Type::from_json(text.as_bytes()).is_err());
    }
}
