//! A pull reader for JSON over a borrowed byte slice, the JSON counterpart
//! of [`msgpack::Decoder`](crate::msgpack::Decoder): strings without escapes
//! are borrowed from the input, numbers are handed out as their exact text
//! (so no precision is lost and serde_json's `arbitrary_precision` feature is
//! not needed), and nesting is limited.

use std::borrow::Cow;

use crate::error::{Error, ErrorKind, Result};
use crate::limits::MAX_DEPTH;

/// The kind of the next JSON value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool,
    /// A number (read as its exact text).
    Number,
    /// A string.
    String,
    /// `[`: an array.
    Array,
    /// `{`: an object.
    Object,
}

impl Token {
    /// How error messages name it.
    pub fn describe(self) -> &'static str {
        match self {
            Token::Null => "null",
            Token::Bool => "bool",
            Token::Number => "number",
            Token::String => "string",
            Token::Array => "array",
            Token::Object => "object",
        }
    }
}

/// A JSON reader over `&'de [u8]`.
#[derive(Debug, Clone)]
pub struct Reader<'de> {
    input: &'de str,
    pos: usize,
    depth: usize,
    ignore_unknown_attributes: bool,
}

impl<'de> Reader<'de> {
    /// A reader at the start of `input`.
    ///
    /// # Errors
    /// Input that is not UTF-8.
    pub fn new(input: &'de [u8]) -> Result<Self> {
        let input = std::str::from_utf8(input).map_err(|e| {
            Error::invalid(format!("JSON input is not valid UTF-8 ({e})"))
                .with_offset(e.valid_up_to())
        })?;
        Ok(Reader {
            input,
            pos: 0,
            depth: 0,
            ignore_unknown_attributes: false,
        })
    }

    /// Makes typed decoding skip object attributes the type does not have
    /// (a state written by an older schema), instead of refusing them.
    pub fn ignoring_unknown_attributes(mut self) -> Self {
        self.ignore_unknown_attributes = true;
        self
    }

    /// Whether [`ignoring_unknown_attributes`](Self::ignoring_unknown_attributes) was asked for.
    pub fn ignores_unknown_attributes(&self) -> bool {
        self.ignore_unknown_attributes
    }

    /// Checks that only whitespace follows.
    ///
    /// # Errors
    /// [`ErrorKind::TrailingData`] otherwise (go-cty ignores trailing data).
    pub fn finish(&mut self) -> Result<()> {
        self.skip_ws();
        if self.pos == self.input.len() {
            Ok(())
        } else {
            Err(Error::new(
                ErrorKind::TrailingData,
                "trailing data after the JSON value",
            )
            .with_offset(self.pos))
        }
    }

    #[cold]
    fn fail(&self, err: Error) -> Error {
        err.with_offset(self.pos)
    }

    #[inline]
    fn bytes(&self) -> &'de [u8] {
        self.input.as_bytes()
    }

    #[inline]
    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.bytes().get(self.pos) {
            self.pos += 1;
        }
    }

    /// The kind of the next value (whitespace skipped).
    ///
    /// # Errors
    /// End of input, or a byte that cannot start a value.
    #[inline]
    pub fn peek(&mut self) -> Result<Token> {
        self.skip_ws();
        match self.bytes().get(self.pos) {
            None => Err(self.fail(Error::eof())),
            Some(b'n') => Ok(Token::Null),
            Some(b't' | b'f') => Ok(Token::Bool),
            Some(b'"') => Ok(Token::String),
            Some(b'[') => Ok(Token::Array),
            Some(b'{') => Ok(Token::Object),
            Some(b'-' | b'0'..=b'9') => Ok(Token::Number),
            Some(&b) => Err(self.fail(Error::syntax(format!(
                "unexpected character {:?} where a JSON value was expected",
                char::from(b)
            )))),
        }
    }

    fn literal(&mut self, word: &str) -> Result<()> {
        if self.input[self.pos..].starts_with(word) {
            self.pos += word.len();
            Ok(())
        } else {
            Err(self.fail(Error::syntax(format!("invalid literal, expected {word}"))))
        }
    }

    /// Consumes a `null` if that is what comes next.
    ///
    /// # Errors
    /// Malformed input.
    #[inline]
    pub fn take_null(&mut self) -> Result<bool> {
        if self.peek()? == Token::Null {
            self.literal("null")?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    #[cold]
    fn mismatch(&mut self, expected: &str) -> Error {
        match self.peek() {
            Ok(found) => self.fail(Error::mismatch(expected, found.describe())),
            Err(e) => e,
        }
    }

    /// `true` or `false`.
    ///
    /// # Errors
    /// Anything else.
    pub fn read_bool(&mut self) -> Result<bool> {
        self.peek()?;
        match self.bytes().get(self.pos) {
            Some(b't') => self.literal("true").map(|()| true),
            Some(b'f') => self.literal("false").map(|()| false),
            _ => Err(self.mismatch("bool")),
        }
    }

    /// A number's exact text (JSON number grammar).
    ///
    /// # Errors
    /// Anything else, or a malformed number.
    pub fn read_number_text(&mut self) -> Result<&'de str> {
        if self.peek()? != Token::Number {
            return Err(self.mismatch("number"));
        }
        let bytes = self.bytes();
        let start = self.pos;
        let mut i = self.pos;
        if bytes.get(i) == Some(&b'-') {
            i += 1;
        }
        let digits = |i: &mut usize| {
            let from = *i;
            while bytes.get(*i).is_some_and(u8::is_ascii_digit) {
                *i += 1;
            }
            *i - from
        };
        let int_start = i;
        let int_digits = digits(&mut i);
        let bad = |at: usize| Error::syntax("malformed JSON number").with_offset(at);
        if int_digits == 0 || (int_digits > 1 && bytes[int_start] == b'0') {
            return Err(bad(start));
        }
        if bytes.get(i) == Some(&b'.') {
            i += 1;
            if digits(&mut i) == 0 {
                return Err(bad(start));
            }
        }
        if let Some(b'e' | b'E') = bytes.get(i) {
            i += 1;
            if let Some(b'+' | b'-') = bytes.get(i) {
                i += 1;
            }
            if digits(&mut i) == 0 {
                return Err(bad(start));
            }
        }
        self.pos = i;
        Ok(&self.input[start..i])
    }

    /// A string, borrowed when it has no escapes.
    ///
    /// # Errors
    /// Anything else, or a malformed string.
    pub fn read_str(&mut self) -> Result<Cow<'de, str>> {
        if self.peek()? != Token::String {
            return Err(self.mismatch("string"));
        }
        let bytes = self.bytes();
        let start = self.pos + 1;
        let mut i = skip_plain(bytes, start);
        loop {
            match bytes.get(i) {
                None => return Err(Error::eof().with_offset(i)),
                Some(b'"') => {
                    self.pos = i + 1;
                    return Ok(Cow::Borrowed(&self.input[start..i]));
                }
                Some(b'\\') => break,
                Some(0x00..=0x1f) => {
                    return Err(Error::syntax("control character in JSON string").with_offset(i));
                }
                Some(_) => i += 1,
            }
        }
        let mut out = String::with_capacity(i - start + 16);
        out.push_str(&self.input[start..i]);
        loop {
            match bytes.get(i) {
                None => return Err(Error::eof().with_offset(i)),
                Some(b'"') => {
                    self.pos = i + 1;
                    return Ok(Cow::Owned(out));
                }
                Some(b'\\') => {
                    let esc = bytes.get(i + 1).copied();
                    i += 2;
                    match esc {
                        Some(b'"') => out.push('"'),
                        Some(b'\\') => out.push('\\'),
                        Some(b'/') => out.push('/'),
                        Some(b'b') => out.push('\u{8}'),
                        Some(b'f') => out.push('\u{c}'),
                        Some(b'n') => out.push('\n'),
                        Some(b'r') => out.push('\r'),
                        Some(b't') => out.push('\t'),
                        Some(b'u') => {
                            let (c, used) = self.unicode_escape(i)?;
                            out.push(c);
                            i += used;
                        }
                        _ => {
                            return Err(
                                Error::syntax("invalid escape in JSON string").with_offset(i - 2)
                            )
                        }
                    }
                }
                Some(0x00..=0x1f) => {
                    return Err(Error::syntax("control character in JSON string").with_offset(i));
                }
                Some(_) => {
                    // Copy the run up to the next quote or backslash.
                    let run_start = i;
                    while let Some(&b) = bytes.get(i) {
                        if b == b'"' || b == b'\\' || b < 0x20 {
                            break;
                        }
                        i += 1;
                    }
                    out.push_str(&self.input[run_start..i]);
                }
            }
        }
    }

    /// Consumes the next member's key and its `:` when that key is exactly
    /// `quoted` (the JSON string literal of a name that needs no escapes,
    /// quotes included), as [`next_key`](Self::next_key) would have returned
    /// it; otherwise consumes nothing and returns `false` (the end of the
    /// object, another key, or malformed input: `next_key` tells which).
    #[inline]
    pub fn next_key_is(&mut self, first: &mut bool, quoted: &[u8]) -> bool {
        let bytes = self.bytes();
        let ws = |mut i: usize| {
            while let Some(b' ' | b'\n' | b'\r' | b'\t') = bytes.get(i) {
                i += 1;
            }
            i
        };
        let mut i = ws(self.pos);
        if !*first {
            if bytes.get(i) != Some(&b',') {
                return false;
            }
            i = ws(i + 1);
        }
        match bytes.get(i..) {
            Some(rest) if rest.starts_with(quoted) => i += quoted.len(),
            _ => return false,
        }
        i = ws(i);
        if bytes.get(i) != Some(&b':') {
            return false;
        }
        self.pos = i + 1;
        *first = false;
        true
    }

    /// Decodes the 4 hex digits at `at` (after `\u`), pairing surrogates;
    /// unpaired surrogates become U+FFFD as Go's encoding/json does.
    fn unicode_escape(&self, at: usize) -> Result<(char, usize)> {
        let hex4 = |at: usize| -> Result<u32> {
            let digits = self
                .input
                .get(at..at + 4)
                .ok_or_else(|| Error::syntax("truncated \\u escape").with_offset(at))?;
            u32::from_str_radix(digits, 16)
                .map_err(|_| Error::syntax("invalid \\u escape").with_offset(at))
        };
        let first = hex4(at)?;
        if (0xd800..0xdc00).contains(&first) && self.input.get(at + 4..at + 6) == Some("\\u") {
            let second = hex4(at + 6)?;
            if (0xdc00..0xe000).contains(&second) {
                let c = 0x10000 + ((first - 0xd800) << 10) + (second - 0xdc00);
                return Ok((char::from_u32(c).unwrap_or('\u{fffd}'), 10));
            }
        }
        Ok((char::from_u32(first).unwrap_or('\u{fffd}'), 4))
    }

    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.fail(Error::limit(format!(
                "nesting deeper than {MAX_DEPTH} levels"
            ))));
        }
        Ok(())
    }

    /// Consumes `[`; then call [`next_element`](Self::next_element) until it
    /// returns `false`.
    ///
    /// # Errors
    /// Anything else, or nesting beyond the limit.
    pub fn begin_array(&mut self) -> Result<()> {
        if self.peek()? != Token::Array {
            return Err(self.mismatch("array"));
        }
        self.enter()?;
        self.pos += 1;
        Ok(())
    }

    /// Whether another element follows (consuming the `,` before it), or the
    /// array ended (consuming `]`). `first` tracks the position; start with
    /// `true`.
    ///
    /// # Errors
    /// Malformed input.
    pub fn next_element(&mut self, first: &mut bool) -> Result<bool> {
        self.next_item(first, b']')
    }

    fn next_item(&mut self, first: &mut bool, close: u8) -> Result<bool> {
        self.skip_ws();
        match self.bytes().get(self.pos) {
            Some(&b) if b == close => {
                self.pos += 1;
                self.depth -= 1;
                Ok(false)
            }
            Some(b',') if !*first => {
                self.pos += 1;
                Ok(true)
            }
            Some(_) if *first => {
                *first = false;
                Ok(true)
            }
            None => Err(self.fail(Error::eof())),
            Some(_) => Err(self.fail(Error::syntax(format!(
                "expected ',' or '{}'",
                char::from(close)
            )))),
        }
    }

    /// Consumes `{`; then call [`next_key`](Self::next_key) until it returns
    /// `None`, reading each value after its key.
    ///
    /// # Errors
    /// Anything else, or nesting beyond the limit.
    pub fn begin_object(&mut self) -> Result<()> {
        if self.peek()? != Token::Object {
            return Err(self.mismatch("object"));
        }
        self.enter()?;
        self.pos += 1;
        Ok(())
    }

    /// The next member's key (its `:` consumed), or `None` at the end of the
    /// object (`}` consumed).
    ///
    /// # Errors
    /// Malformed input.
    pub fn next_key(&mut self, first: &mut bool) -> Result<Option<Cow<'de, str>>> {
        if !self.next_item(first, b'}')? {
            return Ok(None);
        }
        if self.peek()? != Token::String {
            return Err(self.fail(Error::syntax("object keys must be strings")));
        }
        let key = self.read_str()?;
        self.skip_ws();
        if self.bytes().get(self.pos) != Some(&b':') {
            return Err(self.fail(Error::syntax("expected ':' after an object key")));
        }
        self.pos += 1;
        Ok(Some(key))
    }

    /// The text between this reader's position and `later`'s (a clone that
    /// has read further).
    pub fn consumed_until(&self, later: &Reader<'de>) -> &'de str {
        self.input.get(self.pos..later.pos).unwrap_or("")
    }

    /// Skips one complete value.
    ///
    /// # Errors
    /// Malformed input, or nesting beyond the limit.
    pub fn skip(&mut self) -> Result<()> {
        match self.peek()? {
            Token::Null => self.literal("null"),
            Token::Bool => self.read_bool().map(drop),
            Token::Number => self.read_number_text().map(drop),
            Token::String => self.read_str().map(drop),
            Token::Array => {
                self.begin_array()?;
                let mut first = true;
                while self.next_element(&mut first)? {
                    self.skip()?;
                }
                Ok(())
            }
            Token::Object => {
                self.begin_object()?;
                let mut first = true;
                while self.next_key(&mut first)?.is_some() {
                    self.skip()?;
                }
                Ok(())
            }
        }
    }
}

/// The index of the first byte from `i` on that ends the plain run of a
/// string: `"`, `\\`, a control character, or the end of the input. Eight
/// bytes at a time while none of them is one of those.
#[inline]
fn skip_plain(bytes: &[u8], mut i: usize) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    while let Some(chunk) = bytes.get(i..i + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        // Exact "any byte" tests: below 0x20, equal to '"', equal to '\\'.
        let below = x.wrapping_sub(LO * 0x20) & !x & HI;
        let q = x ^ (LO * u64::from(b'"'));
        let quote = q.wrapping_sub(LO) & !q & HI;
        let b = x ^ (LO * u64::from(b'\\'));
        let backslash = b.wrapping_sub(LO) & !b & HI;
        if below | quote | backslash != 0 {
            break;
        }
        i += 8;
    }
    while let Some(&b) = bytes.get(i) {
        if b == b'"' || b == b'\\' || b < 0x20 {
            break;
        }
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_borrow_unless_escaped() {
        let input = br#" "plain" "a\"b\u00e9\ud83c\udf89\ud800x" "#;
        let mut r = Reader::new(input).expect("utf8");
        assert!(matches!(r.read_str().expect("str"), Cow::Borrowed("plain")));
        assert_eq!(r.read_str().expect("str"), "a\"b\u{e9}\u{1f389}\u{fffd}x");
        r.finish().expect("end");
    }

    #[test]
    fn plain_runs_stop_at_every_special_byte() {
        // Every byte value at every offset of a 20-byte run, against the
        // byte-by-byte definition.
        for special in 0..=255u8 {
            for at in 0..20 {
                let mut s = vec![b'a'; 20];
                s[at] = special;
                let want = s
                    .iter()
                    .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
                    .unwrap_or(s.len());
                for start in [0, 1, 3] {
                    let want = if want < start {
                        s[start..]
                            .iter()
                            .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
                            .map_or(s.len(), |p| p + start)
                    } else {
                        want
                    };
                    assert_eq!(skip_plain(&s, start), want, "byte {special:#x} at {at}");
                }
            }
        }
    }

    #[test]
    fn expected_keys_match_only_what_next_key_reads() {
        let input = br#"{ "a" : 1 ,"bc":2, "b":3,"d\u0065":4}"#;
        let mut r = Reader::new(input).expect("utf8");
        r.begin_object().expect("{");
        let mut first = true;
        assert!(!r.next_key_is(&mut first, br#""b""#));
        assert!(first, "nothing consumed");
        assert!(r.next_key_is(&mut first, br#""a""#));
        assert_eq!(r.read_number_text().expect("1"), "1");
        assert!(!r.next_key_is(&mut first, br#""b""#), "a prefix of bc");
        assert_eq!(r.next_key(&mut first).expect("key").as_deref(), Some("bc"));
        r.skip().expect("2");
        assert!(r.next_key_is(&mut first, br#""b""#));
        r.skip().expect("3");
        assert!(!r.next_key_is(&mut first, br#""de""#), "escaped");
        assert_eq!(r.next_key(&mut first).expect("key").as_deref(), Some("de"));
        r.skip().expect("4");
        assert!(!r.next_key_is(&mut first, br#""x""#));
        assert_eq!(r.next_key(&mut first).expect("end"), None);
        r.finish().expect("done");
    }

    #[test]
    fn numbers_keep_their_text() {
        let mut r = Reader::new(b"[-0.10e+3, 123456789012345678901234567890]").expect("utf8");
        r.begin_array().expect("[");
        let mut first = true;
        let mut texts = Vec::new();
        while r.next_element(&mut first).expect("elem") {
            texts.push(r.read_number_text().expect("num"));
        }
        assert_eq!(texts, ["-0.10e+3", "123456789012345678901234567890"]);
        for bad in ["01", "1.", ".5", "-", "1e", "+1"] {
            let mut r = Reader::new(bad.as_bytes()).expect("utf8");
            assert!(r.read_number_text().is_err(), "{bad}");
        }
    }

    #[test]
    fn objects_and_errors() {
        let mut r = Reader::new(br#"{"a": [1, {"b": null}], "c": true}"#).expect("utf8");
        r.begin_object().expect("{");
        let mut first = true;
        assert_eq!(r.next_key(&mut first).expect("key").as_deref(), Some("a"));
        r.skip().expect("skip");
        assert_eq!(r.next_key(&mut first).expect("key").as_deref(), Some("c"));
        assert!(r.read_bool().expect("bool"));
        assert_eq!(r.next_key(&mut first).expect("end"), None);
        r.finish().expect("done");
        for bad in [
            &b"[1,]"[..],
            b"[1 2]",
            b"{\"a\" 1}",
            b"{1:2}",
            b"\"\x01\"",
            b"tru",
            b"[",
            b"nul",
        ] {
            let mut r = Reader::new(bad).expect("utf8");
            assert!(r.skip().is_err(), "{}", String::from_utf8_lossy(bad));
        }
        let deep = "[".repeat(100_000);
        let err = Reader::new(deep.as_bytes())
            .expect("utf8")
            .skip()
            .expect_err("deep");
        assert_eq!(err.kind(), ErrorKind::Limit);
    }
}
