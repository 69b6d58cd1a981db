//! JSON writing primitives with go-cty's exact output: numbers as plain
//! decimals, and [`JsonSink`], the writer every type's encode writes its
//! JSON through (its `Sink` impl is in `sink.rs`). Strings are written by
//! the crate's JSON quoting, shared with the other places that write
//! Go-style strings.

use crate::error::{Error, ErrorKind, Result};
use crate::number::Number;

/// Appends `n` as a JSON number: a plain decimal of any size, no exponent.
///
/// # Errors
/// Infinities, which JSON cannot represent.
pub(crate) fn write_number(out: &mut String, n: &Number) -> Result<()> {
    n.write_decimal(out)
        .map_err(|_| Error::new(ErrorKind::Invalid, "cannot serialize infinity as JSON"))
}

/// Writes go-cty's JSON form into a string.
#[derive(Debug)]
pub struct JsonSink<'a> {
    pub(super) out: &'a mut String,
}

impl<'a> JsonSink<'a> {
    /// A sink appending to `out`.
    pub fn new(out: &'a mut String) -> Self {
        JsonSink { out }
    }
}
