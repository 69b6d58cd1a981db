//! msgpack as a [`Source`]: the [`Decoder`] reads any type's decode.
//! The attribute name expected next is compared with its pre-encoded bytes
//! as a constant-size array, strings are borrowed from the input, and a
//! null or unknown where a known value is required is named as such.

use std::borrow::Cow;

use crate::error::{Error, ErrorKind, Result};
use crate::model::decode::{null_error, unknown_error};
use crate::model::{AttrKey, KeyText, Source};
use crate::msgpack::decode::{Decoder, Kind, UnknownsSeen};
use crate::msgpack::refinement::UnknownExt;
use crate::msgpack::value::{decode_value, read_key};
use crate::number::Number;
use crate::refinement::RefineKind;
use crate::types::Type;
use crate::value::Value;

/// How many entries of a msgpack array or map are left to read.
#[derive(Debug)]
pub struct MsgpackLeft {
    left: usize,
    len: usize,
}

impl MsgpackLeft {
    fn take(&mut self) -> bool {
        if self.left == 0 {
            return false;
        }
        self.left -= 1;
        true
    }
}

/// Turns a failed read of a required value into a clear error when what was
/// there is a null or an unknown. Call it before anything is consumed.
#[cold]
fn explain_msgpack(dec: &Decoder<'_>, err: Error) -> Error {
    match dec.peek_kind() {
        Ok(Kind::Nil) => null_error(),
        Ok(Kind::Ext) => unknown_error(),
        _ => err,
    }
}

impl<'de> Source<'de> for Decoder<'de> {
    type Seq = MsgpackLeft;
    type Map = MsgpackLeft;
    type Object = MsgpackLeft;

    #[inline(always)]
    fn take_null(&mut self) -> Result<bool> {
        Ok(Decoder::take_nil(self))
    }

    #[inline(always)]
    fn is_unknown(&mut self) -> Result<bool> {
        Ok(Decoder::is_unknown(self))
    }

    #[inline]
    fn unknown(&mut self, kind: RefineKind) -> Result<UnknownExt> {
        self.read_unknown(kind)
    }

    #[inline]
    fn next_is_wholly_known(&mut self) -> Result<bool> {
        let mut seen = UnknownsSeen::default();
        self.clone().skip_noting(&mut seen)?;
        Ok(!seen.any)
    }

    #[inline]
    fn skip(&mut self) -> Result<()> {
        Decoder::skip(self)
    }

    #[inline(always)]
    fn bool(&mut self) -> Result<bool> {
        self.read_bool().map_err(|e| explain_msgpack(self, e))
    }

    #[inline(always)]
    fn i64(&mut self, _: &str) -> Result<i64> {
        self.read_i64().map_err(|e| explain_msgpack(self, e))
    }

    #[inline(always)]
    fn u64(&mut self, _: &str) -> Result<u64> {
        self.read_u64().map_err(|e| explain_msgpack(self, e))
    }

    #[inline(always)]
    fn f64(&mut self) -> Result<f64> {
        self.read_f64().map_err(|e| explain_msgpack(self, e))
    }

    #[inline]
    fn number(&mut self) -> Result<Number> {
        self.read_number().map_err(|e| explain_msgpack(self, e))
    }

    #[inline(always)]
    fn str(&mut self) -> Result<Cow<'de, str>> {
        self.read_str_cow().map_err(|e| explain_msgpack(self, e))
    }

    #[inline(always)]
    fn borrowed_str(&mut self) -> Result<&'de str> {
        self.read_str_borrowed_nfc()
            .map_err(|e| explain_msgpack(self, e))
    }

    #[inline]
    fn dynamic(&mut self) -> Result<Value> {
        decode_value(self, &Type::Dynamic)
    }

    #[inline(always)]
    fn begin_seq(&mut self, _: &str) -> Result<MsgpackLeft> {
        let len = self
            .read_array_len()
            .map_err(|e| explain_msgpack(self, e))?;
        self.enter()?;
        Ok(MsgpackLeft { left: len, len })
    }

    #[inline]
    fn begin_tuple(&mut self, len: usize) -> Result<MsgpackLeft> {
        let given = self
            .read_array_len()
            .map_err(|e| explain_msgpack(self, e))?;
        if given != len {
            return Err(tuple_length(len, Some(given)));
        }
        self.enter()?;
        Ok(MsgpackLeft { left: len, len })
    }

    #[inline]
    fn seq_len(seq: &MsgpackLeft) -> Option<usize> {
        Some(seq.len)
    }

    #[inline(always)]
    fn next_element(&mut self, seq: &mut MsgpackLeft) -> Result<bool> {
        Ok(seq.take())
    }

    #[inline(always)]
    fn end_seq(&mut self, _: MsgpackLeft) {
        self.leave();
    }

    #[inline(always)]
    fn begin_map(&mut self) -> Result<MsgpackLeft> {
        let len = self.read_map_len().map_err(|e| explain_msgpack(self, e))?;
        self.enter()?;
        Ok(MsgpackLeft { left: len, len })
    }

    #[inline(always)]
    fn next_map_key(&mut self, map: &mut MsgpackLeft) -> Result<Option<KeyText<'de>>> {
        if !map.take() {
            return Ok(None);
        }
        let text = self.read_str_cow().map_err(|e| {
            if e.kind() == ErrorKind::Type {
                Error::new(
                    ErrorKind::Type,
                    format!("all map keys must be strings ({})", e.message()),
                )
            } else {
                e
            }
        })?;
        Ok(Some(KeyText { text, nfc: true }))
    }

    #[inline(always)]
    fn end_map(&mut self, _: MsgpackLeft) {
        self.leave();
    }

    #[inline(always)]
    fn begin_object(&mut self, attributes: usize) -> Result<MsgpackLeft> {
        let len = self.read_map_len().map_err(|e| explain_msgpack(self, e))?;
        if len != attributes {
            return Err(Error::new(
                ErrorKind::Type,
                format!("an object with {attributes} attributes is required ({len} given)"),
            ));
        }
        self.enter()?;
        Ok(MsgpackLeft { left: len, len })
    }

    #[inline(always)]
    fn take_key<const M: usize, const J: usize>(
        &mut self,
        object: &mut MsgpackLeft,
        key: &AttrKey<M, J>,
    ) -> bool {
        if object.left > 0 && self.take_raw(&key.msgpack) {
            object.left -= 1;
            return true;
        }
        false
    }

    #[inline(always)]
    fn next_key(&mut self, object: &mut MsgpackLeft) -> Result<Option<Cow<'de, str>>> {
        if !object.take() {
            return Ok(None);
        }
        read_key(self, "object").map(|k| Some(Cow::Borrowed(k)))
    }

    #[inline(always)]
    fn end_object(&mut self, _: MsgpackLeft) {
        self.leave();
    }

    #[cold]
    fn missing<F>(
        &mut self,
        name: &str,
        _: impl FnOnce(&mut Decoder<'de>) -> Result<F>,
    ) -> Result<F> {
        Err(missing_attribute(name))
    }
}

#[cold]
fn missing_attribute(name: &str) -> Error {
    Error::new(ErrorKind::Type, format!("attribute {name:?} is required"))
}

#[cold]
fn tuple_length(len: usize, given: Option<usize>) -> Error {
    let msg = match given {
        Some(n) => format!("a tuple of length {len} is required ({n} given)"),
        None => format!("a tuple of length {len} is required"),
    };
    Error::new(ErrorKind::Type, msg)
}
