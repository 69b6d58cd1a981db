//! The dynamic [`Value`] as a [`Source`]: [`ValueSource`] takes a value
//! apart into any type's decode, which is how [`FromValue`] reads one.

use std::borrow::Cow;
use std::collections::btree_map;

use crate::error::{Error, Result};
use crate::model::decode::{
    null_error, out_of_range, read_null, unborrowable, unknown_error, AttrKey, FromValue, KeyText,
    Source, TfDecode,
};
use crate::msgpack::{Decoder, UnknownExt};
use crate::number::Number;
use crate::refinement::RefineKind;
use crate::types::Type;
use crate::value::Value;

/// Reads a dynamic [`Value`] (taking it apart) into a type.
#[derive(Debug)]
pub struct ValueSource {
    next: Option<Value>,
}

impl ValueSource {
    /// A source whose next (and only) value is `value`.
    pub fn new(value: Value) -> Self {
        ValueSource { next: Some(value) }
    }

    fn take(&mut self) -> Value {
        self.next.take().unwrap_or(Value::Null(Type::Dynamic))
    }

    /// The next value, which must be known and not null.
    fn known(&mut self) -> Result<Value> {
        match self.take() {
            Value::Null(_) => Err(null_error()),
            Value::Unknown(..) => Err(unknown_error()),
            other => Ok(other),
        }
    }
}

impl<T: for<'de> TfDecode<'de>> FromValue for T {
    fn from_value(value: Value) -> Result<Self> {
        T::decode(&mut ValueSource::new(value))
    }
}

#[cold]
fn value_mismatch(expected: &str, value: &Value) -> Error {
    Error::mismatch(expected, value.ty().friendly_name())
}

impl<'de> Source<'de> for ValueSource {
    type Seq = std::vec::IntoIter<Value>;
    type Map = btree_map::IntoIter<String, Value>;
    type Object = std::iter::Peekable<btree_map::IntoIter<String, Value>>;

    #[inline]
    fn take_null(&mut self) -> Result<bool> {
        if matches!(self.next, Some(Value::Null(_)) | None) {
            self.next = None;
            return Ok(true);
        }
        Ok(false)
    }

    #[inline]
    fn is_unknown(&mut self) -> Result<bool> {
        Ok(matches!(self.next, Some(Value::Unknown(..))))
    }

    #[inline]
    fn unknown(&mut self, _: RefineKind) -> Result<UnknownExt> {
        match self.take() {
            Value::Unknown(_, r) => Ok(UnknownExt::Unknown(*r)),
            other => Err(value_mismatch("unknown", &other)),
        }
    }

    #[inline]
    fn next_is_wholly_known(&mut self) -> Result<bool> {
        Ok(self.next.as_ref().is_none_or(Value::is_wholly_known))
    }

    #[inline]
    fn skip(&mut self) -> Result<()> {
        self.next = None;
        Ok(())
    }

    #[inline]
    fn bool(&mut self) -> Result<bool> {
        match self.known()? {
            Value::Bool(b) => Ok(b),
            other => Err(value_mismatch("bool", &other)),
        }
    }

    #[inline]
    fn i64(&mut self, target: &str) -> Result<i64> {
        let n = self.number()?;
        n.to_i64().ok_or_else(|| out_of_range(&n, target))
    }

    #[inline]
    fn u64(&mut self, target: &str) -> Result<u64> {
        let n = self.number()?;
        n.to_u64().ok_or_else(|| out_of_range(&n, target))
    }

    #[inline]
    fn f64(&mut self) -> Result<f64> {
        self.number().map(|n| n.to_f64())
    }

    #[inline]
    fn number(&mut self) -> Result<Number> {
        match self.known()? {
            Value::Number(n) => Ok(n),
            other => Err(value_mismatch("number", &other)),
        }
    }

    #[inline]
    fn str(&mut self) -> Result<Cow<'de, str>> {
        match self.known()? {
            Value::String(s) => Ok(Cow::Owned(s)),
            other => Err(value_mismatch("string", &other)),
        }
    }

    #[inline]
    fn borrowed_str(&mut self) -> Result<&'de str> {
        self.str()?;
        Err(unborrowable(
            "a string of a dynamic Value cannot be borrowed; use Cow<str> or String",
        ))
    }

    #[inline]
    fn dynamic(&mut self) -> Result<Value> {
        Ok(self.take())
    }

    #[inline]
    fn begin_seq(&mut self, what: &str) -> Result<Self::Seq> {
        match self.take() {
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                Ok(items.into_iter())
            }
            Value::Null(_) => Err(null_error()),
            Value::Unknown(..) => Err(unknown_error()),
            other => Err(value_mismatch(what, &other)),
        }
    }

    #[inline]
    fn begin_tuple(&mut self, len: usize) -> Result<Self::Seq> {
        match self.known()? {
            Value::Tuple(items) if items.len() == len => Ok(items.into_iter()),
            other => Err(value_mismatch(&format!("tuple of length {len}"), &other)),
        }
    }

    #[inline]
    fn seq_len(seq: &Self::Seq) -> Option<usize> {
        Some(seq.len())
    }

    #[inline]
    fn next_element(&mut self, seq: &mut Self::Seq) -> Result<bool> {
        self.next = seq.next();
        Ok(self.next.is_some())
    }

    #[inline]
    fn end_seq(&mut self, _: Self::Seq) {}

    #[inline]
    fn begin_map(&mut self) -> Result<Self::Map> {
        match self.known()? {
            Value::Map(_, items) | Value::Object(items) => Ok(items.into_iter()),
            other => Err(value_mismatch("map", &other)),
        }
    }

    #[inline]
    fn next_map_key(&mut self, map: &mut Self::Map) -> Result<Option<KeyText<'de>>> {
        Ok(map.next().map(|(k, v)| {
            self.next = Some(v);
            KeyText {
                text: Cow::Owned(k),
                nfc: true,
            }
        }))
    }

    #[inline]
    fn end_map(&mut self, _: Self::Map) {}

    #[inline]
    fn begin_object(&mut self, _: usize) -> Result<Self::Object> {
        match self.take() {
            Value::Object(attrs) => Ok(attrs.into_iter().peekable()),
            Value::Null(_) => Err(null_error()),
            Value::Unknown(..) => Err(unknown_error()),
            other => Err(Error::mismatch("object", other.ty().friendly_name())),
        }
    }

    #[inline]
    fn take_key<const M: usize, const J: usize>(
        &mut self,
        object: &mut Self::Object,
        key: &AttrKey<M, J>,
    ) -> bool {
        if object.peek().is_some_and(|(k, _)| k == key.name) {
            self.next = object.next().map(|(_, v)| v);
            return true;
        }
        false
    }

    #[inline]
    fn next_key(&mut self, object: &mut Self::Object) -> Result<Option<Cow<'de, str>>> {
        Ok(object.next().map(|(k, v)| {
            self.next = Some(v);
            Cow::Owned(k)
        }))
    }

    #[inline]
    fn end_object(&mut self, _: Self::Object) {}

    #[cold]
    fn missing<F>(
        &mut self,
        name: &str,
        read: impl FnOnce(&mut Decoder<'de>) -> Result<F>,
    ) -> Result<F> {
        read_null(read).map_err(|e| e.at_attr(name))
    }
}
