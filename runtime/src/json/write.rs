//! JSON writing primitives with go-cty's exact output: numbers as plain
//! decimals. Strings are written by [`text`](crate::text)'s JSON quoting,
//! shared with the other places that write Go-style strings.

use crate::error::{Error, ErrorKind, Result};
use crate::number::Number;

/// Appends `n` as a JSON number: a plain decimal of any size, no exponent.
///
/// # Errors
/// Infinities, which JSON cannot represent.
pub fn write_number(out: &mut String, n: &Number) -> Result<()> {
    n.write_decimal(out)
        .map_err(|_| Error::new(ErrorKind::Invalid, "cannot serialize infinity as JSON"))
}
