//! The wrappers that say what a field can hold besides a known value:
//! [`Unknown<T>`] (may be unknown), [`Refined<T>`] (may be unknown, with its
//! refinements kept), [`Set<T>`] (Terraform's set semantics) and
//! [`Sensitive<T>`] (redacted in `Debug`).

use std::fmt;

use crate::error::Result;
use crate::json::read::Reader;
use crate::model::impls::{
    check_dynamic_elements, decode_seq_json, decode_seq_msgpack, element_type, encode_set_json,
    encode_set_msgpack, seq_from_value,
};
use crate::model::{unknown_error, FromValue, TfDecode, TfEncode, TfType};
use crate::msgpack::{Decoder, Encoder, UnknownExt};
use crate::refinement::{RefineKind, Refinements};
use crate::types::Type;
use crate::value::Value;

/// The msgpack bytes of a null, for decoding a type from "known null".
const NIL: &[u8] = &[0xc0];

/// A value that may be unknown until apply. Refinements are dropped on
/// decode and never written (an unknown is written as `d4 00 00`); use
/// [`Refined<T>`] to keep them.
///
/// "May be unknown, and null when known" is `Unknown<Option<T>>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Unknown<T> {
    Known(T),
    Unknown,
}

impl<T> Unknown<T> {
    /// The value, if known.
    pub fn known(&self) -> Option<&T> {
        match self {
            Unknown::Known(v) => Some(v),
            Unknown::Unknown => None,
        }
    }

    /// The value, if known.
    pub fn into_known(self) -> Option<T> {
        match self {
            Unknown::Known(v) => Some(v),
            Unknown::Unknown => None,
        }
    }

    /// Whether the value is known.
    pub fn is_known(&self) -> bool {
        matches!(self, Unknown::Known(_))
    }
}

impl<T> From<T> for Unknown<T> {
    fn from(v: T) -> Self {
        Unknown::Known(v)
    }
}

impl<T: TfType> TfType for Unknown<T> {
    const REFINE_KIND: RefineKind = T::REFINE_KIND;
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    fn tf_type() -> Type {
        T::tf_type()
    }
}

impl<T: TfEncode> TfEncode for Unknown<T> {
    #[inline]
    fn encode_msgpack(&self, enc: &mut Encoder) -> Result<()> {
        match self {
            Unknown::Known(v) => v.encode_msgpack(enc),
            Unknown::Unknown => {
                enc.write_unknown();
                Ok(())
            }
        }
    }
    fn encode_json(&self, out: &mut String) -> Result<()> {
        match self {
            Unknown::Known(v) => v.encode_json(out),
            Unknown::Unknown => Err(json_unknown()),
        }
    }
    fn to_value(&self) -> Value {
        match self {
            Unknown::Known(v) => v.to_value(),
            Unknown::Unknown => Value::unknown(T::tf_type()),
        }
    }
}

impl<'de, T: TfDecode<'de>> TfDecode<'de> for Unknown<T> {
    #[inline]
    fn decode_msgpack(dec: &mut Decoder<'de>) -> Result<Self> {
        if !dec.is_unknown() {
            return T::decode_msgpack(dec).map(Unknown::Known);
        }
        match dec.read_unknown(T::REFINE_KIND)? {
            UnknownExt::Unknown(_) => Ok(Unknown::Unknown),
            // A "definitely null" refinement is a known null, as in go-cty.
            UnknownExt::Null => T::decode_msgpack(&mut Decoder::new(NIL)).map(Unknown::Known),
        }
    }
    fn decode_json(r: &mut Reader<'de>) -> Result<Self> {
        T::decode_json(r).map(Unknown::Known)
    }
}

impl<T: FromValue> FromValue for Unknown<T> {
    fn from_value(value: Value) -> Result<Self> {
        match value {
            Value::Unknown(..) => Ok(Unknown::Unknown),
            other => T::from_value(other).map(Unknown::Known),
        }
    }
}

/// A value that may be unknown until apply, with what is known about it
/// (not null, a string prefix, number or length bounds) kept both ways.
#[derive(Debug, Clone, PartialEq)]
pub enum Refined<T> {
    Known(T),
    Unknown(Refinements),
}

impl<T> Refined<T> {
    /// The value, if known.
    pub fn known(&self) -> Option<&T> {
        match self {
            Refined::Known(v) => Some(v),
            Refined::Unknown(_) => None,
        }
    }

    /// The refinements, if unknown.
    pub fn refinements(&self) -> Option<&Refinements> {
        match self {
            Refined::Known(_) => None,
            Refined::Unknown(r) => Some(r),
        }
    }
}

impl<T> From<T> for Refined<T> {
    fn from(v: T) -> Self {
        Refined::Known(v)
    }
}

impl<T: TfType> TfType for Refined<T> {
    const REFINE_KIND: RefineKind = T::REFINE_KIND;
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    fn tf_type() -> Type {
        T::tf_type()
    }
}

impl<T: TfEncode> TfEncode for Refined<T> {
    #[inline]
    fn encode_msgpack(&self, enc: &mut Encoder) -> Result<()> {
        match self {
            Refined::Known(v) => v.encode_msgpack(enc),
            Refined::Unknown(r) => {
                r.encode(T::REFINE_KIND, enc);
                Ok(())
            }
        }
    }
    fn encode_json(&self, out: &mut String) -> Result<()> {
        match self {
            Refined::Known(v) => v.encode_json(out),
            Refined::Unknown(_) => Err(json_unknown()),
        }
    }
    fn to_value(&self) -> Value {
        match self {
            Refined::Known(v) => v.to_value(),
            Refined::Unknown(r) => Value::unknown_refined(T::tf_type(), r.clone()),
        }
    }
}

impl<'de, T: TfDecode<'de>> TfDecode<'de> for Refined<T> {
    #[inline]
    fn decode_msgpack(dec: &mut Decoder<'de>) -> Result<Self> {
        if !dec.is_unknown() {
            return T::decode_msgpack(dec).map(Refined::Known);
        }
        match dec.read_unknown(T::REFINE_KIND)? {
            UnknownExt::Unknown(r) => Ok(Refined::Unknown(r)),
            UnknownExt::Null => T::decode_msgpack(&mut Decoder::new(NIL)).map(Refined::Known),
        }
    }
    fn decode_json(r: &mut Reader<'de>) -> Result<Self> {
        T::decode_json(r).map(Refined::Known)
    }
}

impl<T: FromValue> FromValue for Refined<T> {
    fn from_value(value: Value) -> Result<Self> {
        match value {
            Value::Unknown(_, r) => Ok(Refined::Unknown(r)),
            other => T::from_value(other).map(Refined::Known),
        }
    }
}

#[cold]
fn json_unknown() -> crate::Error {
    let err = unknown_error();
    crate::Error::new(
        crate::ErrorKind::Unknown,
        format!(
            "value is not known: JSON cannot represent unknown values ({})",
            err.message()
        ),
    )
}

/// A Terraform set: equal known elements merge (the first one stays),
/// unknown elements never merge with anything; written in go-cty's order.
/// Iteration follows insertion order.
#[derive(Clone)]
pub struct Set<T> {
    items: Vec<T>,
}

impl<T> Set<T> {
    /// An empty set.
    pub fn new() -> Self {
        Set { items: Vec::new() }
    }

    /// The elements in insertion order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }

    /// How many elements.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether empty.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The elements.
    pub fn into_vec(self) -> Vec<T> {
        self.items
    }
}

impl<T: TfEncode> Set<T> {
    /// Adds `value` unless an equal known element is present; returns
    /// whether it was added. Unknown values are always added. Equality is
    /// go-cty's, compared through [`TfEncode::to_value`]: linear in the set's
    /// size per insert, which suits the small sets of provider models.
    pub fn insert(&mut self, value: T) -> bool {
        let new = value.to_value();
        if self
            .items
            .iter()
            .any(|v| v.to_value().equals(&new) == Some(true))
        {
            return false;
        }
        self.items.push(value);
        true
    }
}

impl<T> Default for Set<T> {
    fn default() -> Self {
        Set::new()
    }
}

impl<T: fmt::Debug> fmt::Debug for Set<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(&self.items).finish()
    }
}

impl<T: PartialEq> PartialEq for Set<T> {
    /// Same elements, in any order.
    fn eq(&self, other: &Self) -> bool {
        self.items.len() == other.items.len() && self.items.iter().all(|a| other.items.contains(a))
    }
}

impl<T: TfEncode> FromIterator<T> for Set<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut set = Set::new();
        for v in iter {
            set.insert(v);
        }
        set
    }
}

impl<T: TfEncode> From<Vec<T>> for Set<T> {
    fn from(items: Vec<T>) -> Self {
        items.into_iter().collect()
    }
}

impl<'a, T> IntoIterator for &'a Set<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<T> IntoIterator for Set<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<T: TfType> TfType for Set<T> {
    const REFINE_KIND: RefineKind = RefineKind::Collection;
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    fn tf_type() -> Type {
        Type::set(T::tf_type())
    }
}

impl<T: TfEncode> TfEncode for Set<T> {
    fn encode_msgpack(&self, enc: &mut Encoder) -> Result<()> {
        check_dynamic_elements(self.items.iter())?;
        encode_set_msgpack(enc, self.items.iter())
    }
    fn encode_json(&self, out: &mut String) -> Result<()> {
        check_dynamic_elements(self.items.iter())?;
        encode_set_json(out, self.items.iter())
    }
    fn to_value(&self) -> Value {
        let items: Vec<Value> = self.items.iter().map(TfEncode::to_value).collect();
        Value::set(element_type::<T>(&items), items)
    }
}

impl<'de, T: TfDecode<'de> + TfEncode> TfDecode<'de> for Set<T> {
    fn decode_msgpack(dec: &mut Decoder<'de>) -> Result<Self> {
        Ok(decode_seq_msgpack::<T>(dec)?.into_iter().collect())
    }
    fn decode_json(r: &mut Reader<'de>) -> Result<Self> {
        Ok(decode_seq_json::<T>(r)?.into_iter().collect())
    }
}

impl<T: FromValue + TfEncode> FromValue for Set<T> {
    fn from_value(value: Value) -> Result<Self> {
        Ok(seq_from_value::<T>(value, "set")?.into_iter().collect())
    }
}

/// A value that must not be shown: `Debug` prints `Sensitive(***)`. On the
/// wire it is `T`.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Sensitive<T>(pub T);

impl<T> fmt::Debug for Sensitive<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Sensitive(***)")
    }
}

impl<T: TfType> TfType for Sensitive<T> {
    const REFINE_KIND: RefineKind = T::REFINE_KIND;
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    fn tf_type() -> Type {
        T::tf_type()
    }
}

impl<T: TfEncode> TfEncode for Sensitive<T> {
    fn encode_msgpack(&self, enc: &mut Encoder) -> Result<()> {
        self.0.encode_msgpack(enc)
    }
    fn encode_json(&self, out: &mut String) -> Result<()> {
        self.0.encode_json(out)
    }
    fn to_value(&self) -> Value {
        self.0.to_value()
    }
}

impl<'de, T: TfDecode<'de>> TfDecode<'de> for Sensitive<T> {
    fn decode_msgpack(dec: &mut Decoder<'de>) -> Result<Self> {
        T::decode_msgpack(dec).map(Sensitive)
    }
    fn decode_json(r: &mut Reader<'de>) -> Result<Self> {
        T::decode_json(r).map(Sensitive)
    }
}

impl<T: FromValue> FromValue for Sensitive<T> {
    fn from_value(value: Value) -> Result<Self> {
        T::from_value(value).map(Sensitive)
    }
}
