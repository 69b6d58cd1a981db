//! JSON as a [`Sink`]: [`JsonSink`] writes any type's encode in go-cty's
//! JSON form, attribute names written as pre-encoded text; an unknown
//! value is an error, as JSON cannot hold one.

use crate::error::{Error, ErrorKind, Result};
use crate::json::value::encode_value;
use crate::json::write::{write_number, JsonSink};
use crate::model::encode::nan_error;
use crate::model::{ObjectShape, SeqKind, Sink};
use crate::number::Number;
use crate::refinement::{RefineKind, Refinements};
use crate::text::{nfc, Quoting};
use crate::types::Type;
use crate::value::Value;

#[cold]
fn json_unknown() -> Error {
    Error::new(
        ErrorKind::Unknown,
        "value is not known: JSON cannot represent unknown values (unknown value where a known value is required; use Unknown<T> or Refined<T> to accept unknown)",
    )
}

impl Sink for JsonSink<'_> {
    type Seq = ();

    #[inline]
    fn null(&mut self, _: &dyn Fn() -> Type) -> Result<()> {
        self.out.push_str("null");
        Ok(())
    }

    #[inline]
    fn unknown(
        &mut self,
        _: &dyn Fn() -> Type,
        _: RefineKind,
        _: Option<&Refinements>,
    ) -> Result<()> {
        Err(json_unknown())
    }

    #[inline]
    fn bool(&mut self, v: bool) -> Result<()> {
        self.out.push_str(if v { "true" } else { "false" });
        Ok(())
    }

    #[inline]
    fn i64(&mut self, v: i64) -> Result<()> {
        self.out.push_str(itoa::Buffer::new().format(v));
        Ok(())
    }

    #[inline]
    fn u64(&mut self, v: u64) -> Result<()> {
        self.out.push_str(itoa::Buffer::new().format(v));
        Ok(())
    }

    #[inline]
    fn f64(&mut self, v: f64) -> Result<()> {
        let n = Number::from_f64(v).ok_or_else(nan_error)?;
        write_number(self.out, &n)
    }

    #[inline]
    fn number(&mut self, v: &Number) -> Result<()> {
        write_number(self.out, v)
    }

    #[inline]
    fn str(&mut self, v: &str) -> Result<()> {
        Quoting::JSON.write(self.out, &nfc(v));
        Ok(())
    }

    #[inline]
    fn dynamic(&mut self, v: &Value) -> Result<()> {
        encode_value(self.out, v, &Type::Dynamic)
    }

    #[inline]
    fn begin_seq(&mut self, _: SeqKind, _: usize, _: &dyn Fn() -> Type) -> Result<()> {
        self.out.push('[');
        Ok(())
    }

    #[inline]
    fn element(&mut self, _: &mut (), index: usize) -> Result<()> {
        if index > 0 {
            self.out.push(',');
        }
        Ok(())
    }

    #[inline]
    fn end_seq(&mut self, _: ()) -> Result<()> {
        self.out.push(']');
        Ok(())
    }

    #[inline]
    fn begin_map(&mut self, _: usize, _: &dyn Fn() -> Type) -> Result<()> {
        self.out.push('{');
        Ok(())
    }

    #[inline]
    fn key(&mut self, _: &mut (), index: usize, key: &str) -> Result<()> {
        if index > 0 {
            self.out.push(',');
        }
        Quoting::JSON.write(self.out, key);
        self.out.push(':');
        Ok(())
    }

    #[inline]
    fn end_map(&mut self, _: ()) -> Result<()> {
        self.out.push('}');
        Ok(())
    }

    #[inline]
    fn begin_object(&mut self, _: &'static ObjectShape) -> Result<()> {
        Ok(())
    }

    #[inline]
    fn attr(&mut self, shape: &'static ObjectShape, index: usize) -> Result<()> {
        self.out.push_str(shape.json[index]);
        Ok(())
    }

    #[inline]
    fn end_object(&mut self, shape: &'static ObjectShape) -> Result<()> {
        self.out
            .push_str(if shape.names.is_empty() { "{}" } else { "}" });
        Ok(())
    }
}
