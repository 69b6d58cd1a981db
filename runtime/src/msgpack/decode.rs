//! msgpack reading primitives over a borrowed byte slice.
//!
//! [`Decoder`] hands out `&'de str` and `&'de [u8]` that point into the input,
//! so typed decoders can borrow instead of copying. Every read checks the
//! remaining length first; a length header that claims more elements than the
//! remaining bytes could hold is rejected before anything is allocated.

use std::borrow::Cow;

use crate::error::{Error, ErrorKind, Result};
use crate::limits::MAX_DEPTH;
use crate::number::Number;
use crate::text::{is_ascii, is_nfc, nfc};

/// The msgpack family of the next value, for dispatch and error messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `nil` (`c0`).
    Nil,
    /// `true` or `false`.
    Bool,
    /// An integer, fixint or sized.
    Int,
    /// A float32 or float64.
    Float,
    /// A string (str8/16/32 or fixstr).
    Str,
    /// Binary data (bin8/16/32).
    Bin,
    /// An array.
    Array,
    /// A map.
    Map,
    /// An extension value (go-cty writes unknowns as one).
    Ext,
    /// The reserved byte `c1`.
    Invalid,
}

impl Kind {
    /// The family of a msgpack first byte.
    #[inline]
    pub fn of(byte: u8) -> Kind {
        match byte {
            0x00..=0x7f | 0xe0..=0xff | 0xcc..=0xd3 => Kind::Int,
            0x80..=0x8f | 0xde | 0xdf => Kind::Map,
            0x90..=0x9f | 0xdc | 0xdd => Kind::Array,
            0xa0..=0xbf | 0xd9..=0xdb => Kind::Str,
            0xc0 => Kind::Nil,
            0xc2 | 0xc3 => Kind::Bool,
            0xc4..=0xc6 => Kind::Bin,
            0xc7..=0xc9 | 0xd4..=0xd8 => Kind::Ext,
            0xca | 0xcb => Kind::Float,
            0xc1 => Kind::Invalid,
        }
    }

    /// How error messages name it.
    pub fn describe(self) -> &'static str {
        match self {
            Kind::Nil => "nil",
            Kind::Bool => "bool",
            Kind::Int => "integer",
            Kind::Float => "float",
            Kind::Str => "string",
            Kind::Bin => "binary",
            Kind::Array => "array",
            Kind::Map => "map",
            Kind::Ext => "extension (unknown value)",
            Kind::Invalid => "reserved byte 0xc1",
        }
    }
}

/// A msgpack reader over `&'de [u8]`.
#[derive(Debug, Clone)]
pub struct Decoder<'de> {
    input: &'de [u8],
    pos: usize,
    depth: usize,
    /// Whether an unknown with refinements has been read (set by
    /// `read_unknown`, in `refinement.rs`).
    pub(super) refined: bool,
}

impl<'de> Decoder<'de> {
    /// A decoder at the start of `input`.
    pub fn new(input: &'de [u8]) -> Self {
        Decoder {
            input,
            pos: 0,
            depth: 0,
            refined: false,
        }
    }

    /// Whether an unknown carrying refinements has been read (through
    /// [`read_unknown`](Self::read_unknown)), whether or not the type kept
    /// them: what a second pass with [`skip_noting`](Self::skip_noting)
    /// would report as `refined`, known without one.
    pub fn saw_refined_unknown(&self) -> bool {
        self.refined
    }

    /// Offset of the next byte.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Bytes not yet read.
    pub fn remaining(&self) -> usize {
        self.input.len() - self.pos
    }

    /// Checks that the whole input was consumed.
    ///
    /// # Errors
    /// [`ErrorKind::TrailingData`] when bytes are left. (go-cty ignores
    /// trailing bytes; we reject them so a truncated or concatenated message
    /// cannot pass unnoticed.)
    pub fn finish(&self) -> Result<()> {
        if self.pos == self.input.len() {
            Ok(())
        } else {
            Err(Error::new(
                ErrorKind::TrailingData,
                format!("{} trailing bytes after the value", self.remaining()),
            )
            .with_offset(self.pos))
        }
    }

    #[cold]
    fn fail(&self, err: Error) -> Error {
        err.with_offset(self.pos)
    }

    /// The next byte, not consumed.
    ///
    /// # Errors
    /// End of input.
    #[inline]
    pub fn peek(&self) -> Result<u8> {
        match self.input.get(self.pos) {
            Some(&b) => Ok(b),
            None => Err(self.fail(Error::eof())),
        }
    }

    /// The family of the next value.
    ///
    /// # Errors
    /// End of input.
    #[inline]
    pub fn peek_kind(&self) -> Result<Kind> {
        self.peek().map(Kind::of)
    }

    /// Whether the next value is an extension, i.e. an unknown value.
    #[inline]
    pub fn is_unknown(&self) -> bool {
        matches!(self.input.get(self.pos), Some(0xc7..=0xc9 | 0xd4..=0xd8))
    }

    /// Consumes a `nil` if that is what comes next.
    #[inline]
    pub fn take_nil(&mut self) -> bool {
        if self.input.get(self.pos) == Some(&0xc0) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Consumes `bytes` if the input continues with exactly them (e.g. an
    /// attribute name with its header, pre-encoded by the derive). The
    /// length is a constant, so the comparison compiles to a few word
    /// compares instead of a `memcmp` call.
    #[inline(always)]
    pub fn take_raw<const N: usize>(&mut self, bytes: &[u8; N]) -> bool {
        match self
            .input
            .get(self.pos..)
            .and_then(<[u8]>::first_chunk::<N>)
        {
            Some(next) if next == bytes => {
                self.pos += N;
                true
            }
            _ => false,
        }
    }

    #[inline]
    fn take(&mut self, n: usize) -> Result<&'de [u8]> {
        if self.remaining() < n {
            return Err(self.fail(Error::eof()));
        }
        let bytes = &self.input[self.pos..self.pos + n];
        self.pos += n;
        Ok(bytes)
    }

    #[inline]
    fn take_array<const N: usize>(&mut self) -> Result<[u8; N]> {
        let bytes = self.take(N)?;
        let mut out = [0u8; N];
        out.copy_from_slice(bytes);
        Ok(out)
    }

    #[inline]
    fn byte(&mut self) -> Result<u8> {
        let b = self.peek()?;
        self.pos += 1;
        Ok(b)
    }

    #[cold]
    fn mismatch(&self, expected: &str, byte: u8) -> Error {
        self.fail(Error::mismatch(expected, Kind::of(byte).describe()))
    }

    /// Enters a nested array, map or dynamic wrapper.
    ///
    /// # Errors
    /// [`ErrorKind::Limit`] beyond [`crate::limits::MAX_DEPTH`].
    #[inline]
    pub fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.fail(Error::limit(format!(
                "nesting deeper than {MAX_DEPTH} levels"
            ))));
        }
        Ok(())
    }

    /// Leaves a level entered with [`enter`](Self::enter).
    #[inline]
    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// A bool.
    ///
    /// # Errors
    /// Anything else.
    #[inline]
    pub fn read_bool(&mut self) -> Result<bool> {
        match self.peek()? {
            0xc2 => {
                self.pos += 1;
                Ok(false)
            }
            0xc3 => {
                self.pos += 1;
                Ok(true)
            }
            b => Err(self.mismatch("bool", b)),
        }
    }

    /// The bytes of a str or bin value (go-cty accepts both for strings).
    ///
    /// # Errors
    /// Another kind, or a length beyond the input.
    #[inline]
    pub fn read_str_bytes(&mut self) -> Result<&'de [u8]> {
        let b = self.peek()?;
        let len = match b {
            0xa0..=0xbf => {
                self.pos += 1;
                usize::from(b & 0x1f)
            }
            0xd9 | 0xc4 => {
                self.pos += 1;
                usize::from(self.byte()?)
            }
            0xda | 0xc5 => {
                self.pos += 1;
                usize::from(u16::from_be_bytes(self.take_array()?))
            }
            0xdb | 0xc6 => {
                self.pos += 1;
                u32::from_be_bytes(self.take_array()?) as usize
            }
            _ => return Err(self.mismatch("string", b)),
        };
        self.take(len)
    }

    /// A string, borrowed from the input.
    ///
    /// # Errors
    /// Another kind, or bytes that are not UTF-8.
    #[inline]
    pub fn read_str(&mut self) -> Result<&'de str> {
        let start = self.pos;
        let bytes = self.read_str_bytes()?;
        std::str::from_utf8(bytes).map_err(|e| {
            Error::invalid(format!("string is not valid UTF-8 ({e})")).with_offset(start)
        })
    }

    /// A string borrowed from the input that must already be NFC (Terraform
    /// always sends NFC).
    ///
    /// # Errors
    /// As [`read_str`](Self::read_str), and a string that is not NFC.
    #[inline]
    pub fn read_str_borrowed_nfc(&mut self) -> Result<&'de str> {
        match self.take_short_ascii() {
            Some(s) => Ok(s),
            None => self.read_str_borrowed_nfc_general(),
        }
    }

    /// A fixstr of ASCII bytes (NFC as it is), taken if that is what comes
    /// next: most strings Terraform sends. Inlined into the typed decoders;
    /// anything else is left to the general readers.
    #[inline(always)]
    fn take_short_ascii(&mut self) -> Option<&'de str> {
        let (&header, rest) = self.input.get(self.pos..)?.split_first()?;
        if header & 0xe0 != 0xa0 {
            return None;
        }
        let bytes = rest.get(..usize::from(header & 0x1f))?;
        if !is_ascii(bytes) {
            return None;
        }
        // Cannot fail on ASCII.
        let s = std::str::from_utf8(bytes).ok()?;
        self.pos += 1 + bytes.len();
        Some(s)
    }

    /// [`read_str_borrowed_nfc`](Self::read_str_borrowed_nfc) past the
    /// short-ASCII case, out of line.
    #[inline(never)]
    fn read_str_borrowed_nfc_general(&mut self) -> Result<&'de str> {
        let start = self.pos;
        let s = self.read_str()?;
        if is_nfc(s) {
            Ok(s)
        } else {
            Err(Error::invalid(
                "string is not in Unicode normal form C and cannot be borrowed as is; \
                 use Cow<str> or String to accept and normalise it",
            )
            .with_offset(start))
        }
    }

    /// A string, borrowed when it is NFC already, normalised otherwise.
    ///
    /// # Errors
    /// As [`read_str`](Self::read_str).
    #[inline]
    pub fn read_str_cow(&mut self) -> Result<Cow<'de, str>> {
        match self.take_short_ascii() {
            Some(s) => Ok(Cow::Borrowed(s)),
            None => self.read_str_cow_general(),
        }
    }

    /// [`read_str_cow`](Self::read_str_cow) past the short-ASCII case.
    #[inline(never)]
    fn read_str_cow_general(&mut self) -> Result<Cow<'de, str>> {
        Ok(nfc(self.read_str()?))
    }

    /// A binary blob (bin or str).
    ///
    /// # Errors
    /// Another kind.
    pub fn read_bin(&mut self) -> Result<&'de [u8]> {
        self.read_str_bytes()
    }

    #[inline]
    fn check_claim(&self, count: usize, min_bytes_each: usize, what: &str) -> Result<()> {
        if count.saturating_mul(min_bytes_each) > self.remaining() {
            return Err(self.claim_error(count, what));
        }
        Ok(())
    }

    #[cold]
    fn claim_error(&self, count: usize, what: &str) -> Error {
        self.fail(Error::new(
            ErrorKind::Eof,
            format!(
                "{what} header claims {count} elements but only {} bytes remain",
                self.remaining()
            ),
        ))
    }

    /// An array header; the count is checked against the remaining input.
    ///
    /// # Errors
    /// Another kind, or a count the input cannot hold.
    #[inline]
    pub fn read_array_len(&mut self) -> Result<usize> {
        let b = self.peek()?;
        let len = match b {
            0x90..=0x9f => {
                self.pos += 1;
                usize::from(b & 0x0f)
            }
            0xdc => {
                self.pos += 1;
                usize::from(u16::from_be_bytes(self.take_array()?))
            }
            0xdd => {
                self.pos += 1;
                u32::from_be_bytes(self.take_array()?) as usize
            }
            _ => return Err(self.mismatch("array", b)),
        };
        self.check_claim(len, 1, "array")?;
        Ok(len)
    }

    /// A map header; the count is checked against the remaining input.
    ///
    /// # Errors
    /// Another kind, or a count the input cannot hold.
    #[inline]
    pub fn read_map_len(&mut self) -> Result<usize> {
        let b = self.peek()?;
        let len = match b {
            0x80..=0x8f => {
                self.pos += 1;
                usize::from(b & 0x0f)
            }
            0xde => {
                self.pos += 1;
                usize::from(u16::from_be_bytes(self.take_array()?))
            }
            0xdf => {
                self.pos += 1;
                u32::from_be_bytes(self.take_array()?) as usize
            }
            _ => return Err(self.mismatch("map", b)),
        };
        self.check_claim(len, 2, "map")?;
        Ok(len)
    }

    /// An extension: its code and body.
    ///
    /// # Errors
    /// Another kind, or a body beyond the input.
    pub fn read_ext(&mut self) -> Result<(i8, &'de [u8])> {
        let b = self.peek()?;
        let len = match b {
            0xd4 => 1,
            0xd5 => 2,
            0xd6 => 4,
            0xd7 => 8,
            0xd8 => 16,
            0xc7..=0xc9 => 0,
            _ => return Err(self.mismatch("extension", b)),
        };
        self.pos += 1;
        let len = match b {
            0xc7 => usize::from(self.byte()?),
            0xc8 => usize::from(u16::from_be_bytes(self.take_array()?)),
            0xc9 => u32::from_be_bytes(self.take_array()?) as usize,
            _ => len,
        };
        let code = self.byte()? as i8;
        let body = self.take(len)?;
        Ok((code, body))
    }

    /// A number: any int, uint, float32/64 (NaN rejected) or a str/bin holding
    /// decimal text (parsed at 512-bit precision, as go-cty).
    ///
    /// # Errors
    /// Another kind, NaN, or text that is not a number.
    pub fn read_number(&mut self) -> Result<Number> {
        let b = self.peek()?;
        match b {
            0x00..=0x7f => {
                self.pos += 1;
                Ok(Number::from_i64(i64::from(b)))
            }
            0xe0..=0xff => {
                self.pos += 1;
                Ok(Number::from_i64(i64::from(b as i8)))
            }
            0xcc..=0xd3 => self.read_int_slow(b).map(|v| match v {
                Int::Signed(i) => Number::from_i64(i),
                Int::Unsigned(u) => Number::from_u64(u),
            }),
            0xca | 0xcb => {
                let start = self.pos;
                let f = self.read_float_raw(b)?;
                Number::from_f64(f)
                    .ok_or_else(|| Error::invalid("NaN is not a valid number").with_offset(start))
            }
            0xa0..=0xbf | 0xd9..=0xdb | 0xc4..=0xc6 => {
                let start = self.pos;
                let bytes = self.read_str_bytes()?;
                let text = std::str::from_utf8(bytes).map_err(|_| {
                    Error::invalid("number text is not valid UTF-8").with_offset(start)
                })?;
                Number::parse(text).map_err(|e| Error::invalid(e.to_string()).with_offset(start))
            }
            _ => Err(self.mismatch("number", b)),
        }
    }

    fn read_float_raw(&mut self, b: u8) -> Result<f64> {
        self.pos += 1;
        if b == 0xca {
            Ok(f64::from(f32::from_be_bytes(self.take_array()?)))
        } else {
            Ok(f64::from_be_bytes(self.take_array()?))
        }
    }

    fn read_int_slow(&mut self, b: u8) -> Result<Int> {
        self.pos += 1;
        Ok(match b {
            0xcc => Int::Signed(i64::from(self.byte()?)),
            0xcd => Int::Signed(i64::from(u16::from_be_bytes(self.take_array()?))),
            0xce => Int::Signed(i64::from(u32::from_be_bytes(self.take_array()?))),
            0xcf => Int::Unsigned(u64::from_be_bytes(self.take_array()?)),
            0xd0 => Int::Signed(i64::from(self.byte()? as i8)),
            0xd1 => Int::Signed(i64::from(i16::from_be_bytes(self.take_array()?))),
            0xd2 => Int::Signed(i64::from(i32::from_be_bytes(self.take_array()?))),
            _ => Int::Signed(i64::from_be_bytes(self.take_array()?)),
        })
    }

    /// A number that must be an integer in `i64` range (any wire form).
    ///
    /// # Errors
    /// Not a number, or not an integer in range.
    #[inline]
    pub fn read_i64(&mut self) -> Result<i64> {
        let b = self.peek()?;
        match b {
            0x00..=0x7f => {
                self.pos += 1;
                Ok(i64::from(b))
            }
            0xe0..=0xff => {
                self.pos += 1;
                Ok(i64::from(b as i8))
            }
            0xcc..=0xd3 => {
                let start = self.pos;
                match self.read_int_slow(b)? {
                    Int::Signed(i) => Ok(i),
                    // uint64 (go-cty writes it for large non-negative values).
                    Int::Unsigned(u) => i64::try_from(u).map_err(|_| {
                        out_of_range(&Number::from_u64(u), "a 64-bit signed integer", start)
                    }),
                }
            }
            _ => {
                let start = self.pos;
                let n = self.read_number()?;
                n.to_i64()
                    .ok_or_else(|| out_of_range(&n, "a 64-bit signed integer", start))
            }
        }
    }

    /// A number that must be an integer in `u64` range (any wire form).
    ///
    /// # Errors
    /// Not a number, or not an integer in range.
    #[inline]
    pub fn read_u64(&mut self) -> Result<u64> {
        let b = self.peek()?;
        match b {
            0x00..=0x7f => {
                self.pos += 1;
                Ok(u64::from(b))
            }
            0xcc..=0xcf => match self.read_int_slow(b)? {
                Int::Signed(i) => Ok(i as u64),
                Int::Unsigned(u) => Ok(u),
            },
            _ => {
                let start = self.pos;
                let n = self.read_number()?;
                n.to_u64()
                    .ok_or_else(|| out_of_range(&n, "a 64-bit unsigned integer", start))
            }
        }
    }

    /// A number as `f64`, rounded to nearest when it has more precision.
    ///
    /// # Errors
    /// Not a number, or NaN.
    #[inline]
    pub fn read_f64(&mut self) -> Result<f64> {
        let b = self.peek()?;
        match b {
            0xcb => {
                let start = self.pos;
                let f = self.read_float_raw(b)?;
                if f.is_nan() {
                    return Err(Error::invalid("NaN is not a valid number").with_offset(start));
                }
                Ok(f)
            }
            0x00..=0x7f | 0xe0..=0xff | 0xcc..=0xce | 0xd0..=0xd3 => Ok(self.read_i64()? as f64),
            _ => Ok(self.read_number()?.to_f64()),
        }
    }

    /// Skips one complete value of any kind.
    ///
    /// # Errors
    /// Malformed or truncated input, or nesting beyond the limit.
    pub fn skip(&mut self) -> Result<()> {
        self.skip_noting(&mut UnknownsSeen::default())
    }

    /// Skips one complete value, noting the unknowns in it (anywhere).
    ///
    /// # Errors
    /// As [`skip`](Self::skip).
    pub fn skip_noting(&mut self, seen: &mut UnknownsSeen) -> Result<()> {
        let b = self.peek()?;
        match Kind::of(b) {
            Kind::Nil | Kind::Bool => {
                self.pos += 1;
                Ok(())
            }
            Kind::Int | Kind::Float => self.read_number().map(drop),
            Kind::Str | Kind::Bin => self.read_str_bytes().map(drop),
            Kind::Ext => {
                let (code, body) = self.read_ext()?;
                seen.any = true;
                seen.refined |=
                    code == crate::msgpack::encode::REFINED_UNKNOWN_EXT && body.len() > 1;
                Ok(())
            }
            Kind::Array => {
                let n = self.read_array_len()?;
                self.enter()?;
                for _ in 0..n {
                    self.skip_noting(seen)?;
                }
                self.leave();
                Ok(())
            }
            Kind::Map => {
                let n = self.read_map_len()?;
                self.enter()?;
                for _ in 0..n {
                    self.skip_noting(seen)?;
                    self.skip_noting(seen)?;
                }
                self.leave();
                Ok(())
            }
            Kind::Invalid => {
                Err(self.fail(Error::syntax("reserved byte 0xc1 is not valid msgpack")))
            }
        }
    }
}

/// What [`Decoder::skip_noting`] saw: whether an unknown appears, and
/// whether one carries refinements.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UnknownsSeen {
    /// An unknown (any extension) appears.
    pub any: bool,
    /// An unknown with refinements (extension 12 with a payload) appears.
    pub refined: bool,
}

enum Int {
    Signed(i64),
    Unsigned(u64),
}

#[cold]
fn out_of_range(n: &Number, what: &str, offset: usize) -> Error {
    Error::invalid(format!("{n} does not fit {what}")).with_offset(offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_bombs_fail_before_allocating() {
        // array32 claiming 2^32-1 elements in 5 bytes
        let mut dec = Decoder::new(&[0xdd, 0xff, 0xff, 0xff, 0xff]);
        let err = dec.read_array_len().expect_err("claim too big");
        assert!(
            err.to_string().contains("claims 4294967295 elements"),
            "{err}"
        );
        let mut dec = Decoder::new(&[0xdf, 0x00, 0x01, 0x00, 0x00, 0xc0]);
        assert!(dec.read_map_len().is_err());
        let mut dec = Decoder::new(&[0xdb, 0xff, 0xff, 0xff, 0xff, b'a']);
        assert_eq!(dec.read_str().expect_err("short").kind(), ErrorKind::Eof);
    }

    #[test]
    fn strings_borrow_from_the_input() {
        let input = [0xa3, b'a', b'b', b'c'];
        let mut dec = Decoder::new(&input);
        let s = dec.read_str().expect("str");
        assert_eq!(s.as_ptr(), input[1..].as_ptr());
        dec.finish().expect("consumed");
    }

    #[test]
    fn non_nfc_cannot_be_borrowed() {
        let input = [0xa3, 0x65, 0xcc, 0x81];
        let err = Decoder::new(&input)
            .read_str_borrowed_nfc()
            .expect_err("NFD");
        assert!(err.to_string().contains("Cow<str>"), "{err}");
        let cow = Decoder::new(&input).read_str_cow().expect("cow");
        assert_eq!(cow, "\u{e9}");
    }

    #[test]
    fn skip_depth_bomb_is_an_error() {
        let input = vec![0x91; 100_000];
        let err = Decoder::new(&input).skip().expect_err("deep");
        assert_eq!(err.kind(), ErrorKind::Limit);
    }

    #[test]
    fn raw_bytes_are_taken_only_when_all_there() {
        let mut dec = Decoder::new(b"\xa2ab\xa1");
        assert!(!dec.take_raw(b"\xa2ac"));
        assert!(dec.take_raw(b"\xa2ab"));
        assert_eq!(dec.position(), 3);
        // Fewer bytes left than the constant: no match, nothing consumed.
        assert!(!dec.take_raw(b"\xa1a"));
        assert!(dec.take_raw(b"\xa1"));
        assert!(!dec.take_raw(b"\xa1"));
        dec.finish().expect("consumed");
    }

    #[test]
    fn fast_integer_reads() {
        // uint64 within i64 range reads directly; beyond it, an error.
        let max = [0xcf, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
        assert_eq!(Decoder::new(&max).read_i64().expect("i64"), i64::MAX);
        let err = Decoder::new(&[0xcf, 0x80, 0, 0, 0, 0, 0, 0, 0])
            .read_i64()
            .expect_err("past i64");
        assert!(
            err.to_string()
                .contains("9223372036854775808 does not fit a 64-bit signed integer"),
            "{err}"
        );
        assert_eq!(
            Decoder::new(&[0xd1, 0xff, 0x38]).read_i64().expect("i64"),
            -200
        );
        assert_eq!(Decoder::new(&[0xcc, 0xc8]).read_u64().expect("u64"), 200);
        let big = [0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
        assert!(Decoder::new(&big).read_i64().is_err());
        assert_eq!(Decoder::new(&big).read_u64().expect("u64"), u64::MAX);
        assert_eq!(
            Decoder::new(&[0xa2, b'4', b'2']).read_i64().expect("text"),
            42
        );
        assert!(Decoder::new(&[0xff]).read_u64().is_err());
    }
}
