//! Dynamic values: known, null or unknown (possibly refined) values of any
//! type, with go-cty's semantics for sets (equal known elements merge,
//! unknowns never merge; elements kept in go-cty's canonical order).
//!
//! This is the representation for tooling, tests and `dynamic` attributes;
//! derived model structs encode and decode without it. The checks every
//! codec makes before writing a value against a type (one concrete type
//! per `dynamic` collection, exactly the object's attributes) are here too.

use std::collections::BTreeMap;

use crate::error::{Error, ErrorKind, Result};
use crate::limits::MAX_COLLAPSED_LENGTH;
use crate::number::Number;
use crate::refinement::{RefineKind, Refinements};
use crate::text::nfc_owned;
use crate::types::{ObjectType, Type};

/// A value of the Terraform type system.
///
/// Strings and map keys are kept in Unicode NFC (the constructors normalise;
/// the codecs normalise what they read). A `Set`'s elements are kept merged
/// and in go-cty's order by [`Value::set`]; a `Set` built directly from the
/// variant is written in the order given.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A null of the given type (`dynamic` for an untyped null).
    Null(Type),
    /// An unknown of the given type, with what is known about it.
    ///
    /// The refinements are boxed so that a `Value` stays small (56 bytes
    /// on 64-bit targets): every element of a decoded collection is one.
    Unknown(Type, Box<Refinements>),
    /// A known bool.
    Bool(bool),
    /// A known number.
    Number(Number),
    /// A known string (NFC, as go-cty keeps them; see [`Value::string`]).
    String(String),
    /// Element type, elements.
    List(Type, Vec<Value>),
    /// Element type, elements (merged, canonical order).
    Set(Type, Vec<Value>),
    /// Element type, elements by key.
    Map(Type, BTreeMap<String, Value>),
    /// Attributes by name.
    Object(BTreeMap<String, Value>),
    /// Elements, each with its own type.
    Tuple(Vec<Value>),
}

impl Value {
    /// A string value, normalised to NFC.
    pub fn string(s: impl Into<String>) -> Value {
        Value::String(nfc_owned(s.into()))
    }

    /// A number value.
    pub fn number(n: impl Into<Number>) -> Value {
        Value::Number(n.into())
    }

    /// An unknown value without refinements.
    pub fn unknown(ty: Type) -> Value {
        Value::Unknown(ty.without_optional_attrs(), Box::default())
    }

    /// A list; `elem` is used as the element type (needed when empty).
    pub fn list(elem: Type, items: Vec<Value>) -> Value {
        Value::List(elem, items)
    }

    /// A map; keys are normalised to NFC (a later key equal after
    /// normalisation replaces an earlier one).
    pub fn map(elem: Type, items: impl IntoIterator<Item = (String, Value)>) -> Value {
        Value::Map(
            elem,
            items.into_iter().map(|(k, v)| (nfc_owned(k), v)).collect(),
        )
    }

    /// An object.
    pub fn object<K: Into<String>>(attrs: impl IntoIterator<Item = (K, Value)>) -> Value {
        Value::Object(attrs.into_iter().map(|(k, v)| (k.into(), v)).collect())
    }

    /// An unknown of `ty` with refinements, simplified as go-cty does: a
    /// definitely-null refinement gives a known null; a not-null number whose
    /// inclusive bounds are equal gives that number; a not-null collection of
    /// exact length 0 gives an empty collection, a list of exact length `n`
    /// a list of `n` unknowns (up to 1024; longer stays unknown), a set of
    /// exact length 1 a set of one unknown. Refinements that do not apply to
    /// the type are dropped; `dynamic` takes none.
    pub fn unknown_refined(ty: Type, refinements: Refinements) -> Value {
        let ty = ty.without_optional_attrs();
        let r = refinements.restricted_to(RefineKind::of(&ty));
        if r.not_null {
            if let (Some(lo), Some(hi)) = (&r.number_lower, &r.number_upper) {
                if lo.inclusive && hi.inclusive && lo.value == hi.value {
                    return Value::Number(lo.value.clone());
                }
            }
            if r.length_max == Some(r.length_min) {
                let n = r.length_min;
                match &ty {
                    Type::List(e) if n <= MAX_COLLAPSED_LENGTH => {
                        let items = (0..n).map(|_| Value::unknown((**e).clone())).collect();
                        return Value::List((**e).clone(), items);
                    }
                    Type::Set(e) if n <= 1 => {
                        let items = (0..n).map(|_| Value::unknown((**e).clone())).collect();
                        return Value::Set((**e).clone(), items);
                    }
                    Type::Map(e) if n == 0 => return Value::Map((**e).clone(), BTreeMap::new()),
                    _ => {}
                }
            }
        }
        Value::Unknown(ty, Box::new(r))
    }

    /// Whether this is a null.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null(_))
    }

    /// Whether this value itself is known (its elements may not be).
    pub fn is_known(&self) -> bool {
        !matches!(self, Value::Unknown(..))
    }

    /// Whether no unknown appears anywhere in this value.
    pub fn is_wholly_known(&self) -> bool {
        match self {
            Value::Unknown(..) => false,
            Value::Null(_) | Value::Bool(_) | Value::Number(_) | Value::String(_) => true,
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                items.iter().all(Value::is_wholly_known)
            }
            Value::Map(_, items) | Value::Object(items) => {
                items.values().all(Value::is_wholly_known)
            }
        }
    }

    /// The value's own type (concrete, without optional-attribute markers).
    pub fn ty(&self) -> Type {
        match self {
            Value::Null(t) | Value::Unknown(t, _) => t.clone(),
            Value::Bool(_) => Type::Bool,
            Value::Number(_) => Type::Number,
            Value::String(_) => Type::String,
            Value::List(e, _) => Type::list(e.clone()),
            Value::Set(e, _) => Type::set(e.clone()),
            Value::Map(e, _) => Type::map(e.clone()),
            Value::Object(attrs) => Type::Object(Box::new(ObjectType::new(
                attrs.iter().map(|(k, v)| (k.clone(), v.ty())),
            ))),
            Value::Tuple(items) => Type::Tuple(items.iter().map(Value::ty).collect()),
        }
    }

    /// go-cty's `Equals`: `None` when the answer depends on an unknown.
    /// Integers compare exactly; when either side is not an integer both
    /// are compared as the nearest `f64` (so the float64 0.1 and the decimal
    /// 0.1 are equal, as they are in Terraform).
    pub fn equals(&self, other: &Value) -> Option<bool> {
        match (self, other) {
            (Value::Unknown(..), _) | (_, Value::Unknown(..)) => None,
            (Value::Null(_), Value::Null(_)) => Some(true),
            (Value::Null(_), _) | (_, Value::Null(_)) => Some(false),
            (Value::Bool(a), Value::Bool(b)) => Some(a == b),
            (Value::Number(a), Value::Number(b)) => Some(numbers_equal(a, b)),
            (Value::String(a), Value::String(b)) => Some(a == b),
            (Value::List(_, a), Value::List(_, b))
            | (Value::Set(_, a), Value::Set(_, b))
            | (Value::Tuple(a), Value::Tuple(b)) => {
                if a.len() != b.len() {
                    return Some(false);
                }
                all_equal(a.iter().zip(b.iter()))
            }
            (Value::Map(_, a), Value::Map(_, b)) | (Value::Object(a), Value::Object(b)) => {
                if a.len() != b.len() || a.keys().ne(b.keys()) {
                    return Some(false);
                }
                all_equal(a.values().zip(b.values()))
            }
            _ => Some(false),
        }
    }
}

/// go-cty's number equality: integers compare exactly; when either side is
/// not an integer both are compared as the nearest `f64` (so the float64 0.1
/// and the decimal 0.1 are equal, as they are in Terraform).
pub(crate) fn numbers_equal(a: &Number, b: &Number) -> bool {
    if a.is_integer() && b.is_integer() {
        a == b
    } else {
        a.to_f64() == b.to_f64()
    }
}

fn all_equal<'a>(pairs: impl Iterator<Item = (&'a Value, &'a Value)>) -> Option<bool> {
    let mut unknown = false;
    for (a, b) in pairs {
        match a.equals(b) {
            Some(false) => return Some(false),
            None => unknown = true,
            Some(true) => {}
        }
    }
    if unknown {
        None
    } else {
        Some(true)
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Value {
        Value::Bool(v)
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::string(v)
    }
}

impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::string(v)
    }
}

impl From<Number> for Value {
    fn from(v: Number) -> Value {
        Value::Number(v)
    }
}

impl From<i64> for Value {
    fn from(v: i64) -> Value {
        Value::Number(Number::from_i64(v))
    }
}

/// The element type of a collection: `declared` when it has no `dynamic`
/// (every element then has that type), else the one concrete type all the
/// elements share. go-cty panics on mixed element types; we report an error.
pub(crate) fn unify_element_type<'a>(
    declared: &Type,
    items: impl IntoIterator<Item = &'a Value>,
) -> Result<Type> {
    if !declared.has_dynamic() {
        return Ok(declared.clone());
    }
    let mut found: Option<Type> = None;
    for (i, v) in items.into_iter().enumerate() {
        let t = v.ty();
        match &found {
            None => found = Some(t),
            Some(first) if *first == t => {}
            Some(first) => {
                return Err(Error::invalid(format!(
                    "inconsistent collection element types ({first} then {t})"
                ))
                .at_index(i));
            }
        }
    }
    Ok(found.unwrap_or_else(|| declared.clone()))
}

/// A collection of `dynamic` elements must hold one concrete type, as a
/// go-cty collection does (decoders reject mixed elements too).
pub(crate) fn check_element_types<'a>(
    elem: &Type,
    items: impl Iterator<Item = &'a Value>,
) -> Result<()> {
    unify_element_type(elem, items).map(drop)
}

/// Checks that an object value has exactly the type's attributes.
pub(crate) fn check_attributes(
    attrs: &BTreeMap<String, Value>,
    want: &BTreeMap<String, Type>,
) -> Result<()> {
    if attrs.len() == want.len() && attrs.keys().eq(want.keys()) {
        return Ok(());
    }
    if let Some(missing) = want.keys().find(|k| !attrs.contains_key(*k)) {
        return Err(Error::new(
            ErrorKind::Type,
            format!("attribute {missing:?} is required"),
        ));
    }
    let extra = attrs
        .keys()
        .find(|k| !want.contains_key(*k))
        .map_or("", String::as_str);
    Err(Error::new(
        ErrorKind::Type,
        format!("unsupported attribute {extra:?}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refinements_collapse_like_go_cty() {
        let r = Refinements {
            not_null: true,
            length_min: 2,
            length_max: Some(2),
            ..Refinements::default()
        };
        assert_eq!(
            Value::unknown_refined(Type::list(Type::String), r.clone()),
            Value::List(
                Type::String,
                vec![Value::unknown(Type::String), Value::unknown(Type::String)]
            )
        );
        assert!(!Value::unknown_refined(Type::set(Type::String), r).is_known());
        let huge = Refinements {
            not_null: true,
            length_min: 1 << 40,
            length_max: Some(1 << 40),
            ..Refinements::default()
        };
        assert!(!Value::unknown_refined(Type::list(Type::String), huge).is_known());
    }
}
