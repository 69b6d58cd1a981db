//! msgpack as a [`Sink`]: the [`Encoder`] writes any type's encode,
//! attribute names pre-encoded at compile time (the map header with the
//! first) and long lists presized after their first item.

use crate::error::Result;
use crate::model::encode::nan_error;
use crate::model::{ObjectShape, SeqKind, Sink};
use crate::msgpack::encode::{Encoder, PRESIZE_MIN_ITEMS};
use crate::msgpack::value::encode_value;
use crate::number::Number;
use crate::refinement::{RefineKind, Refinements};
use crate::types::Type;
use crate::value::Value;

/// Where a msgpack array's items start, and how many there are (a long
/// list reserves room for the rest after its first item).
#[derive(Debug)]
pub struct MsgpackSeq {
    start: usize,
    count: usize,
}

impl Sink for Encoder {
    type Seq = MsgpackSeq;

    #[inline]
    fn null(&mut self, _: &dyn Fn() -> Type) -> Result<()> {
        self.write_nil();
        Ok(())
    }

    #[inline]
    fn unknown(
        &mut self,
        _: &dyn Fn() -> Type,
        kind: RefineKind,
        refinements: Option<&Refinements>,
    ) -> Result<()> {
        match refinements {
            Some(r) => self.write_refined_unknown(r, kind),
            None => self.write_unknown(),
        }
        Ok(())
    }

    #[inline]
    fn bool(&mut self, v: bool) -> Result<()> {
        self.write_bool(v);
        Ok(())
    }

    #[inline]
    fn i64(&mut self, v: i64) -> Result<()> {
        self.write_i64(v);
        Ok(())
    }

    /// Compact up to `i64::MAX`; beyond, go-cty writes the decimal text.
    #[inline]
    fn u64(&mut self, v: u64) -> Result<()> {
        if v <= i64::MAX as u64 {
            self.write_u64(v);
        } else {
            self.write_number(&Number::from_u64(v));
        }
        Ok(())
    }

    #[inline]
    fn f64(&mut self, v: f64) -> Result<()> {
        if v.is_nan() {
            return Err(nan_error());
        }
        self.write_f64_number(v);
        Ok(())
    }

    #[inline]
    fn number(&mut self, v: &Number) -> Result<()> {
        self.write_number(v);
        Ok(())
    }

    #[inline]
    fn str(&mut self, v: &str) -> Result<()> {
        self.write_str(v);
        Ok(())
    }

    #[inline]
    fn dynamic(&mut self, v: &Value) -> Result<()> {
        encode_value(self, v, &Type::Dynamic)
    }

    #[inline]
    fn begin_seq(&mut self, _: SeqKind, len: usize, _: &dyn Fn() -> Type) -> Result<MsgpackSeq> {
        self.write_array_len(len);
        Ok(MsgpackSeq {
            start: self.len(),
            count: len,
        })
    }

    #[inline]
    fn element(&mut self, seq: &mut MsgpackSeq, index: usize) -> Result<()> {
        if index == 1 && seq.count >= PRESIZE_MIN_ITEMS {
            self.presize_rest(seq.start, seq.count);
        }
        Ok(())
    }

    #[inline]
    fn end_seq(&mut self, _: MsgpackSeq) -> Result<()> {
        Ok(())
    }

    #[inline]
    fn begin_map(&mut self, len: usize, _: &dyn Fn() -> Type) -> Result<MsgpackSeq> {
        self.write_map_len(len);
        Ok(MsgpackSeq { start: 0, count: 0 })
    }

    #[inline]
    fn key(&mut self, _: &mut MsgpackSeq, _: usize, key: &str) -> Result<()> {
        self.write_str_nfc(key);
        Ok(())
    }

    #[inline]
    fn end_map(&mut self, _: MsgpackSeq) -> Result<()> {
        Ok(())
    }

    #[inline]
    fn begin_object(&mut self, _: &'static ObjectShape) -> Result<()> {
        Ok(())
    }

    #[inline]
    fn attr(&mut self, shape: &'static ObjectShape, index: usize) -> Result<()> {
        self.write_raw(shape.msgpack[index]);
        Ok(())
    }

    #[inline]
    fn end_object(&mut self, shape: &'static ObjectShape) -> Result<()> {
        if shape.names.is_empty() {
            self.write_raw(shape.msgpack_empty);
        }
        Ok(())
    }
}
