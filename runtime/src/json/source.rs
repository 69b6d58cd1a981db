//! JSON as a [`Source`]: the [`Reader`] reads any type's decode with
//! go-cty's lenient reads (a number from a numeric string, a string from a
//! number or bool, a bool from `"true"`/`"false"`/`"1"`/`"0"`), a missing
//! attribute as null, and numbers from their exact text (with shortcuts
//! for the common short forms that give the same result).

use std::borrow::Cow;

use crate::error::{Error, Result};
use crate::json::read::{Reader, Token};
use crate::json::value::{decode_from_reader, JsonOptions};
use crate::model::decode::{
    null_error, out_of_range, read_null, unborrowable, unknown_error, unsupported_attribute,
};
use crate::model::{AttrKey, KeyText, Source};
use crate::msgpack::{Decoder, UnknownExt};
use crate::number::Number;
use crate::refinement::RefineKind;
use crate::text::{cow_nfc, is_nfc};
use crate::types::Type;
use crate::value::Value;

/// The shortcut of JSON's `f64` read (go-cty reads the text rounded to
/// 512 bits, then to 53, `Number::parse(..).to_f64()`): decimal text with at most 19 significant digits and at most
/// 40 digits and an exponent within ±100 in all (so the value is `D × 10^k`
/// with `D < 2^64` and `|k| ≤ 140`) is parsed by Rust directly, correctly
/// rounded to 53 bits. That is the same result: such a value is either
/// exactly a rounding boundary of `f64` (a 54-bit midpoint, exact at 512
/// bits too) or at least 2^-64 / 5^140 > 2^-390 away from every boundary in
/// relative terms (`|D / 10^a - m × 2^e|` is a non-zero multiple of
/// `2^e / 5^a`, or of `10^-a`), far more than the 2^-512 the first rounding
/// can move it, so the second rounding goes the same way.
fn simple_decimal_f64(text: &str) -> Option<f64> {
    let b = text.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let (mut digits, mut sig) = (0usize, 0usize);
    let mut digit_run = |i: &mut usize| {
        let from = *i;
        while let Some(&c) = b.get(*i) {
            if !c.is_ascii_digit() {
                break;
            }
            if sig > 0 || c != b'0' {
                sig += 1;
            }
            digits += 1;
            *i += 1;
        }
        *i > from
    };
    if !digit_run(&mut i) {
        return None;
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if !digit_run(&mut i) {
            return None;
        }
    }
    if let Some(b'e' | b'E') = b.get(i) {
        i += 1;
        if let Some(b'+' | b'-') = b.get(i) {
            i += 1;
        }
        let exp = b.get(i..)?;
        if exp.is_empty() || exp.len() > 3 || !exp.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let e = exp.iter().fold(0u32, |v, &c| v * 10 + u32::from(c - b'0'));
        if e > 100 {
            return None;
        }
        i = b.len();
    }
    if i != b.len() || sig > 19 || digits > 40 {
        return None;
    }
    text.parse().ok()
}

/// A JSON number's text, accepting a numeric string as go-cty does.
fn json_number_text<'de>(r: &mut Reader<'de>) -> Result<Cow<'de, str>> {
    match r.peek()? {
        Token::Number => Ok(Cow::Borrowed(r.read_number_text()?)),
        Token::String => r.read_str(),
        Token::Null => Err(null_error()),
        other => Err(Error::mismatch("number", other.describe())),
    }
}

fn parse_number(text: &str) -> Result<Number> {
    Number::parse(text).map_err(|e| Error::invalid(e.to_string()))
}

/// A JSON number as an integer [`Number`], with a shortcut for plain
/// integer text: an optional `-` and 1 to 18 digits is an `i64`, which is
/// what [`Number::parse`] makes of it (`-0`, which it reads as a float, is
/// left to it).
fn json_integer(r: &mut Reader<'_>) -> Result<Number> {
    let text = json_number_text(r)?;
    let (neg, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, &*text),
    };
    if !digits.is_empty() && digits.len() <= 18 && digits.bytes().all(|b| b.is_ascii_digit()) {
        let v = digits
            .bytes()
            .fold(0i64, |v, b| v * 10 + i64::from(b - b'0'));
        if !(neg && v == 0) {
            return Ok(Number::from_i64(if neg { -v } else { v }));
        }
    }
    parse_number(&text)
}

/// A JSON string value, accepting a number or bool as go-cty does.
fn json_string<'de>(r: &mut Reader<'de>) -> Result<Cow<'de, str>> {
    match r.peek()? {
        Token::String => r.read_str(),
        Token::Number => Ok(Cow::Borrowed(r.read_number_text()?)),
        Token::Bool => Ok(Cow::Borrowed(if r.read_bool()? { "true" } else { "false" })),
        Token::Null => Err(null_error()),
        other => Err(Error::mismatch("string", other.describe())),
    }
}

/// The JSON counterpart of `explain_msgpack`.
#[cold]
fn explain_json(reader: &mut Reader<'_>, err: Error) -> Error {
    match reader.peek() {
        Ok(Token::Null) => null_error(),
        _ => err,
    }
}

impl<'de> Source<'de> for Reader<'de> {
    type Seq = bool;
    type Map = bool;
    type Object = bool;

    #[inline]
    fn take_null(&mut self) -> Result<bool> {
        Reader::take_null(self)
    }

    /// JSON has no unknowns.
    #[inline]
    fn is_unknown(&mut self) -> Result<bool> {
        Ok(false)
    }

    #[inline]
    fn unknown(&mut self, _: RefineKind) -> Result<UnknownExt> {
        Err(unknown_error())
    }

    #[inline]
    fn next_is_wholly_known(&mut self) -> Result<bool> {
        Ok(true)
    }

    #[inline]
    fn skip(&mut self) -> Result<()> {
        Reader::skip(self)
    }

    #[inline]
    fn bool(&mut self) -> Result<bool> {
        match self.peek()? {
            Token::Bool => self.read_bool(),
            // go-cty's lenient read of a bool from a string.
            Token::String => match &*self.read_str()? {
                "true" | "1" => Ok(true),
                "false" | "0" => Ok(false),
                other => Err(Error::invalid(format!(
                    "a bool is required, found the string {other:?}"
                ))),
            },
            Token::Null => Err(null_error()),
            other => Err(Error::mismatch("bool", other.describe())),
        }
    }

    #[inline]
    fn i64(&mut self, target: &str) -> Result<i64> {
        let n = json_integer(self)?;
        n.to_i64().ok_or_else(|| out_of_range(&n, target))
    }

    #[inline]
    fn u64(&mut self, target: &str) -> Result<u64> {
        let n = json_integer(self)?;
        n.to_u64().ok_or_else(|| out_of_range(&n, target))
    }

    /// As go-cty reads it: the text rounded to 512 bits, then to 53
    /// (`Number::parse(..).to_f64()`), with a shortcut for short decimals
    /// where the result is provably the same (see `simple_decimal_f64`).
    #[inline]
    fn f64(&mut self) -> Result<f64> {
        let text = json_number_text(self)?;
        if let Some(v) = simple_decimal_f64(&text) {
            return Ok(v);
        }
        Ok(parse_number(&text)?.to_f64())
    }

    #[inline]
    fn number(&mut self) -> Result<Number> {
        let text = json_number_text(self)?;
        parse_number(&text)
    }

    #[inline]
    fn str(&mut self) -> Result<Cow<'de, str>> {
        json_string(self).map(cow_nfc)
    }

    #[inline]
    fn borrowed_str(&mut self) -> Result<&'de str> {
        match json_string(self)? {
            Cow::Borrowed(s) if is_nfc(s) => Ok(s),
            Cow::Borrowed(_) => Err(unborrowable(
                "string is not in Unicode normal form C and cannot be borrowed as is; use Cow<str> or String",
            )),
            Cow::Owned(_) => Err(unborrowable(
                "a JSON string with escapes cannot be borrowed; use Cow<str> or String",
            )),
        }
    }

    #[inline]
    fn dynamic(&mut self) -> Result<Value> {
        decode_from_reader(self, &Type::Dynamic, &JsonOptions::default())
    }

    #[inline]
    fn begin_seq(&mut self, _: &str) -> Result<bool> {
        self.begin_array().map_err(|e| explain_json(self, e))?;
        Ok(true)
    }

    #[inline]
    fn begin_tuple(&mut self, _: usize) -> Result<bool> {
        self.begin_array().map_err(|e| explain_json(self, e))?;
        Ok(true)
    }

    #[inline]
    fn seq_len(_: &bool) -> Option<usize> {
        None
    }

    #[inline]
    fn next_element(&mut self, first: &mut bool) -> Result<bool> {
        Reader::next_element(self, first)
    }

    #[inline]
    fn end_seq(&mut self, _: bool) {}

    #[inline]
    fn begin_map(&mut self) -> Result<bool> {
        Reader::begin_object(self).map_err(|e| explain_json(self, e))?;
        Ok(true)
    }

    #[inline]
    fn next_map_key(&mut self, first: &mut bool) -> Result<Option<KeyText<'de>>> {
        Ok(Reader::next_key(self, first)?.map(|text| KeyText { text, nfc: false }))
    }

    #[inline]
    fn end_map(&mut self, _: bool) {}

    #[inline]
    fn begin_object(&mut self, _: usize) -> Result<bool> {
        Reader::begin_object(self).map_err(|e| explain_json(self, e))?;
        Ok(true)
    }

    #[inline]
    fn take_key<const M: usize, const J: usize>(
        &mut self,
        first: &mut bool,
        key: &AttrKey<M, J>,
    ) -> bool {
        self.next_key_is(first, &key.json)
    }

    #[inline]
    fn next_key(&mut self, first: &mut bool) -> Result<Option<Cow<'de, str>>> {
        Reader::next_key(self, first)
    }

    #[inline]
    fn end_object(&mut self, _: bool) {}

    #[cold]
    fn unknown_attribute(&mut self, name: &str) -> Result<()> {
        if self.ignores_unknown_attributes() {
            Reader::skip(self)
        } else {
            Err(unsupported_attribute(name))
        }
    }

    #[cold]
    fn missing<F>(
        &mut self,
        name: &str,
        read: impl FnOnce(&mut Decoder<'de>) -> Result<F>,
    ) -> Result<F> {
        read_null(read).map_err(|e| e.at_attr(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            self.0 >> 33
        }
    }

    /// The JSON number shortcuts give what the general path gives: the
    /// float one on random decimal text (and exact `f64` midpoints, where
    /// the two roundings matter most), the integer one on random integers.
    #[test]
    fn json_number_shortcuts_agree_with_number_parse() {
        let mut r = Lcg(7);
        let mut shortcut = 0;
        let mut texts: Vec<String> = Vec::new();
        for _ in 0..30_000 {
            let len = 1 + (r.next() % 22) as usize;
            let mut digits: String = (0..len)
                .map(|_| char::from(b'0' + (r.next() % 10) as u8))
                .collect();
            let point = (r.next() % (len as u64 + 1)) as usize;
            if point < len && r.next() % 2 == 0 {
                digits.insert(point.max(1), '.');
            }
            let mut text = if r.next() % 3 == 0 {
                format!("-{digits}")
            } else {
                digits
            };
            if r.next() % 2 == 0 {
                let e = (r.next() % 260) as i64 - 130;
                text.push_str(&format!("e{e}"));
            }
            texts.push(text);
        }
        // Midpoints between neighbouring f64s, written out exactly, and one
        // digit off either way.
        for _ in 0..3_000 {
            let m = (r.next() << 22 ^ r.next()) & ((1 << 53) - 1) | (1 << 52);
            let scale = (r.next() % 60) as i32 - 30;
            let mid = Number::parse(&format!("{}p{}", 2 * m + 1, scale - 1)).expect("midpoint");
            let text = mid.to_decimal_string().expect("text");
            texts.push(text.clone());
            // Integer midpoints (from 2^53 up) are short enough for the
            // shortcut.
            let shift = r.next() % 11;
            texts.push(((2 * m + 1) << shift).to_string());
            let last = text.len() - 1;
            if let Some(d) = text[last..]
                .parse::<u8>()
                .ok()
                .filter(|d| (1..9).contains(d))
            {
                texts.push(format!("{}{}", &text[..last], d + 1));
                texts.push(format!("{}{}", &text[..last], d - 1));
            }
        }
        texts.extend(
            [
                "0",
                "-0",
                "0.0",
                "-0.0",
                "1e100",
                "1e-100",
                "9007199254740993",
                "0.1",
                "2499.875",
            ]
            .map(String::from),
        );
        for text in &texts {
            let Ok(n) = Number::parse(text) else {
                continue;
            };
            if let Some(v) = simple_decimal_f64(text) {
                assert_eq!(v.to_bits(), n.to_f64().to_bits(), "{text}");
                shortcut += 1;
            }
        }
        assert!(shortcut > 10_000, "{shortcut}");

        for i in 0..20_000 {
            let v = ((r.next() << 31 ^ r.next()) as i64) >> (r.next() % 40);
            let v = if i % 2 == 0 { -v } else { v };
            // As a JSON number, and as a string (go-cty reads numeric
            // strings too, and a string may have leading zeros).
            let texts = [
                v.to_string(),
                format!("{v}.0"),
                format!("0{}", v.unsigned_abs()),
            ];
            for text in texts {
                let json = if text.starts_with('0') && text.len() > 1 {
                    format!("{text:?}")
                } else {
                    text.clone()
                };
                let mut reader = Reader::new(json.as_bytes()).expect("utf8");
                let fast = json_integer(&mut reader).expect("number");
                let slow = Number::parse(&text).expect("number");
                assert!(fast == slow && fast.to_i64() == slow.to_i64(), "{text}");
            }
        }
    }
}
