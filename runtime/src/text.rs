//! Text helpers shared by every codec: the Unicode NFC check and
//! normalisation go-cty applies to strings, and string quoting in the
//! dialects go-cty writes (JSON strings, `%q` in set hashes) plus the
//! HCL-like form [`show`](crate::show) prints. The bottom floor: this module
//! uses nothing else in the crate, so any codec may import it. Crate-private:
//! the code generator quotes Go's way with its own small functions.

use std::borrow::Cow;

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

/// Whether `s` is in Unicode Normalization Form C (ASCII fast path, then the
/// quick check, then a full comparison when the quick check is unsure).
#[inline]
pub(crate) fn is_nfc(s: &str) -> bool {
    is_ascii(s.as_bytes()) || is_nfc_non_ascii(s)
}

/// [`is_nfc`] past the ASCII check, out of line.
#[inline(never)]
fn is_nfc_non_ascii(s: &str) -> bool {
    match is_nfc_quick(s.chars()) {
        IsNormalized::Yes => true,
        IsNormalized::No => false,
        IsNormalized::Maybe => s.chars().eq(s.nfc()),
    }
}

/// `s` in NFC: borrowed when it already is.
pub(crate) fn nfc(s: &str) -> Cow<'_, str> {
    if is_nfc(s) {
        Cow::Borrowed(s)
    } else {
        Cow::Owned(s.nfc().collect())
    }
}

/// `s` in NFC, reusing the allocation when it already is.
pub(crate) fn nfc_owned(s: String) -> String {
    if is_nfc(&s) {
        s
    } else {
        s.nfc().collect()
    }
}

/// A string read from the wire in NFC: borrowed when it is NFC already.
pub(crate) fn cow_nfc(s: Cow<'_, str>) -> Cow<'_, str> {
    match s {
        Cow::Borrowed(b) => nfc(b),
        Cow::Owned(o) => Cow::Owned(nfc_owned(o)),
    }
}

/// Whether every byte is ASCII: eight bytes at a time (the last eight
/// overlapping), quicker than `<[u8]>::is_ascii` on the short strings of
/// typical values.
#[inline]
pub(crate) fn is_ascii(bytes: &[u8]) -> bool {
    #[inline(always)]
    fn word(chunk: &[u8]) -> u64 {
        u64::from_le_bytes(chunk.try_into().unwrap_or_default())
    }
    let len = bytes.len();
    if len < 8 {
        // Without a branch per length (a byte loop mispredicts on the
        // varying lengths of map keys and short values): two overlapping
        // 4-byte words, or the first, middle and last byte.
        return if len >= 4 {
            let half = |chunk: &[u8]| u32::from_le_bytes(chunk.try_into().unwrap_or_default());
            (half(&bytes[..4]) | half(&bytes[len - 4..])) & 0x8080_8080 == 0
        } else if len > 0 {
            (bytes[0] | bytes[len / 2] | bytes[len - 1]) < 0x80
        } else {
            true
        };
    }
    let mut acc = word(&bytes[len - 8..]);
    for chunk in bytes.chunks_exact(8) {
        acc |= word(chunk);
    }
    acc & 0x8080_8080_8080_8080 == 0
}

/// How a string is quoted: one of the dialects below, which differ only in
/// the escape syntax, the `\b`/`\f` short forms, HTML escaping and which
/// characters from U+007F up count as unprintable.
///
/// Every dialect writes `"` and `\` as `\"` and `\\`, `\n`, `\r`, `\t` in
/// their short forms, and escapes every other C0 control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Quoting {
    syntax: Syntax,
    /// `\b` and `\f` rather than numeric escapes for U+0008 and U+000C.
    short_bf: bool,
    /// `<`, `>` and `&` escaped, as `encoding/json` does by default.
    html: bool,
    unprintable: Unprintable,
}

/// How a character without a short form is escaped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Syntax {
    /// JSON: `\u00XX`/`\uXXXX`, a surrogate pair above U+FFFF.
    Json,
    /// A Go string literal: `\xNN` below U+0080, `\uXXXX`, `\UXXXXXXXX`;
    /// `\a` and `\v` short forms.
    Go,
}

/// Which characters from U+007F up are escaped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unprintable {
    /// U+2028 and U+2029 only (`encoding/json` escapes them for JavaScript).
    LineSeparators,
    /// DEL and the C1 controls (Rust's `char::is_control`).
    Controls,
    /// DEL, C1, U+00AD, U+2028, U+2029 and U+FEFF: the non-printable
    /// characters of Go's `strconv.IsPrint` that appear in practice.
    GoCommon,
    /// Every character Go's `strconv.IsPrint` refuses, but for unassigned
    /// code points (which it refuses too).
    GoStrconv,
}

impl Unprintable {
    /// Whether `c` (U+007F or above) is escaped.
    fn contains(self, c: char) -> bool {
        match self {
            Unprintable::LineSeparators => matches!(c, '\u{2028}' | '\u{2029}'),
            Unprintable::Controls => c.is_control(),
            Unprintable::GoCommon => matches!(
                c,
                '\u{7f}'..='\u{9f}' | '\u{ad}' | '\u{2028}' | '\u{2029}' | '\u{feff}'
            ),
            Unprintable::GoStrconv => !go_is_print(c),
        }
    }

    /// Whether a character starting with byte `b` (0x7F or above) may be
    /// escaped: the first UTF-8 byte of every character that
    /// [`contains`](Self::contains) accepts, so the scan can skip the others.
    fn may_start(self, b: u8) -> bool {
        match self {
            // U+2028 / U+2029 are E2 80 A8 / E2 80 A9.
            Unprintable::LineSeparators => b == 0xe2,
            // U+007F, and C2 80..C2 9F.
            Unprintable::Controls => matches!(b, 0x7f | 0xc2),
            // U+00AD is C2 AD, U+FEFF is EF BB BF.
            Unprintable::GoCommon => matches!(b, 0x7f | 0xc2 | 0xe2 | 0xef),
            // Non-printable characters start with many lead bytes.
            Unprintable::GoStrconv => true,
        }
    }
}

/// Go's `strconv.IsPrint` from U+007F up, but for unassigned code points:
/// controls, spaces other than U+0020, format characters, private use and
/// noncharacters are not printable.
fn go_is_print(c: char) -> bool {
    !matches!(u32::from(c),
        0x7f..=0xa0 | 0xad | 0x600..=0x605 | 0x61c | 0x6dd | 0x70f | 0x890..=0x891 | 0x8e2
        | 0x1680 | 0x180e | 0x2000..=0x200f | 0x2028..=0x202f | 0x205f..=0x2064
        | 0x2066..=0x206f | 0x3000 | 0xe000..=0xf8ff | 0xfeff | 0xfff9..=0xfffb
        | 0xfffe..=0xffff | 0x110bd | 0x110cd | 0x13430..=0x1343f | 0x1bca0..=0x1bca3
        | 0x1d173..=0x1d17a | 0xe0001 | 0xe0020..=0xe007f | 0xf0000..)
}

impl Quoting {
    /// go-cty's JSON strings: Go's `encoding/json` as go-cty's conformance
    /// output has it (before Go 1.22): HTML-safe (`<`, `>`, `&` as
    /// `\u003c`, `\u003e`, `\u0026`), U+2028 and U+2029 escaped, U+0008 and
    /// U+000C as `\u0008` and `\u000c`.
    pub(crate) const JSON: Quoting = Quoting {
        syntax: Syntax::Json,
        short_bf: false,
        html: true,
        unprintable: Unprintable::LineSeparators,
    };

    /// A string literal for display, HCL-like: JSON escapes for every
    /// control character (C0, DEL, C1) and nothing else.
    pub(crate) const HCL: Quoting = Quoting {
        syntax: Syntax::Json,
        short_bf: false,
        html: false,
        unprintable: Unprintable::Controls,
    };

    /// Go's `%q` as go-cty's set hash needs it: Go escapes, with DEL, C1,
    /// U+00AD, U+2028, U+2029 and U+FEFF taken as the non-printable
    /// characters.
    pub(crate) const GO_SET_HASH: Quoting = Quoting {
        syntax: Syntax::Go,
        short_bf: true,
        html: false,
        unprintable: Unprintable::GoCommon,
    };

    /// Go's `encoding/json.Marshal` since Go 1.22: as [`JSON`](Self::JSON),
    /// but U+0008 and U+000C as `\b` and `\f` (jsontypes' normalized text).
    pub(crate) const GO_JSON_MARSHAL: Quoting = Quoting {
        syntax: Syntax::Json,
        short_bf: true,
        html: true,
        unprintable: Unprintable::LineSeparators,
    };

    /// Go's `strconv.Quote` (`%q`), as Go's parsers quote their input in
    /// errors (nettypes).
    pub(crate) const GO_STRCONV: Quoting = Quoting {
        syntax: Syntax::Go,
        short_bf: true,
        html: false,
        unprintable: Unprintable::GoStrconv,
    };

    /// `s` as a quoted string literal of this dialect.
    pub fn quote(self, s: &str) -> String {
        let mut out = String::new();
        self.write(&mut out, s);
        out
    }

    /// Appends `s` as a quoted string literal of this dialect.
    pub fn write(self, out: &mut String, s: &str) {
        out.reserve(s.len() + 2);
        out.push('"');
        let bytes = s.as_bytes();
        let mut start = 0;
        let mut i = 0;
        while i < bytes.len() {
            i = self.next_special(bytes, i);
            // A special byte is ASCII or a UTF-8 lead byte, so `i` is on a
            // character boundary.
            let Some(c) = s.get(i..).and_then(|rest| rest.chars().next()) else {
                break;
            };
            let len = c.len_utf8();
            if self.escapes(c) {
                out.push_str(&s[start..i]);
                self.write_escape(out, c);
                start = i + len;
            }
            i += len;
        }
        out.push_str(&s[start..]);
        out.push('"');
    }

    /// Whether `c` is written as an escape.
    fn escapes(self, c: char) -> bool {
        match c {
            '"' | '\\' | '\0'..='\u{1f}' => true,
            '<' | '>' | '&' => self.html,
            ' '..='~' => false,
            _ => self.unprintable.contains(c),
        }
    }

    /// Whether byte `b` may start a character that [`escapes`](Self::escapes).
    #[inline]
    fn special_byte(self, b: u8) -> bool {
        match b {
            0x00..=0x1f | b'"' | b'\\' => true,
            b'<' | b'>' | b'&' => self.html,
            0x7f..=0xff => self.unprintable.may_start(b),
            _ => false,
        }
    }

    /// The index of the first byte from `i` on that is a
    /// [`special_byte`](Self::special_byte), or the length. Skips eight
    /// bytes at a time while a word has no control character, `"`, `\\`,
    /// DEL nor non-ASCII byte, and no `<`, `>`, `&` when they are escaped
    /// (exact "any byte" tests, so no special byte is ever skipped).
    #[inline]
    fn next_special(self, bytes: &[u8], mut i: usize) -> usize {
        const LO: u64 = 0x0101_0101_0101_0101;
        const HI: u64 = 0x8080_8080_8080_8080;
        #[inline(always)]
        fn has_zero(x: u64) -> bool {
            x.wrapping_sub(LO) & !x & HI != 0
        }
        let html = self.html;
        let del = self.unprintable.may_start(0x7f);
        loop {
            while let Some(chunk) = bytes.get(i..i + 8) {
                let x = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
                let special = x & HI != 0
                    || x.wrapping_sub(LO * 0x20) & !x & HI != 0
                    || has_zero(x ^ (LO * u64::from(b'"')))
                    || has_zero(x ^ (LO * u64::from(b'\\')))
                    || (html
                        && (has_zero(x ^ (LO * u64::from(b'&')))
                        // '<' (3c) and '>' (3e) differ in bit 1 only.
                        || has_zero((x ^ (LO * 0x3c)) & !(LO * 0x02))))
                    || (del && has_zero(x ^ (LO * 0x7f)));
                if special {
                    break;
                }
                i += 8;
            }
            let end = (i + 8).min(bytes.len());
            while i < end {
                if self.special_byte(bytes[i]) {
                    return i;
                }
                i += 1;
            }
            if i >= bytes.len() {
                return bytes.len();
            }
        }
    }

    /// Appends the escape for `c`, one that [`escapes`](Self::escapes).
    fn write_escape(self, out: &mut String, c: char) {
        let go = self.syntax == Syntax::Go;
        let short = match c {
            '"' => "\\\"",
            '\\' => "\\\\",
            '\n' => "\\n",
            '\r' => "\\r",
            '\t' => "\\t",
            '\u{8}' if self.short_bf => "\\b",
            '\u{c}' if self.short_bf => "\\f",
            '\u{7}' if go => "\\a",
            '\u{b}' if go => "\\v",
            _ => "",
        };
        if !short.is_empty() {
            out.push_str(short);
            return;
        }
        let code = u32::from(c);
        match self.syntax {
            Syntax::Go if code < 0x80 => push_hex(out, "\\x", code, 2),
            Syntax::Go if code > 0xffff => push_hex(out, "\\U", code, 8),
            Syntax::Json if code > 0xffff => {
                let offset = code - 0x1_0000;
                push_hex(out, "\\u", 0xd800 | (offset >> 10), 4);
                push_hex(out, "\\u", 0xdc00 | (offset & 0x3ff), 4);
            }
            Syntax::Go | Syntax::Json => push_hex(out, "\\u", code, 4),
        }
    }
}

/// Appends `prefix` and the low `digits` hex digits of `v`, lower case.
fn push_hex(out: &mut String, prefix: &str, v: u32, digits: u32) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push_str(prefix);
    for shift in (0..digits).rev() {
        out.push(char::from(HEX[((v >> (shift * 4)) & 0xf) as usize]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Go 1.22+: `strconv.Quote` and `json.Marshal` of the same inputs
    /// (expected texts as Go prints them).
    #[test]
    fn go_strconv_and_json_marshal_dialects() {
        let s = "a\u{a0}b\u{7f}\u{1F600}\u{feff}\u{7}\u{8}";
        assert_eq!(
            Quoting::GO_STRCONV.quote(s),
            "\"a\\u00a0b\\x7f\u{1F600}\\ufeff\\a\\b\""
        );
        assert_eq!(
            Quoting::GO_JSON_MARSHAL.quote("<a>&\u{8}\u{c}\u{1}\u{2028}\u{7f}"),
            "\"\\u003ca\\u003e\\u0026\\b\\f\\u0001\\u2028\u{7f}\""
        );
    }

    #[test]
    fn ascii_check() {
        assert!(is_ascii(b""));
        assert!(is_ascii(&[0x7f; 100]));
        for len in 0..40 {
            assert!(is_ascii(&vec![b'a'; len]));
            for at in 0..len {
                let mut s = vec![b'a'; len];
                s[at] = 0x80;
                assert!(!is_ascii(&s), "{len} {at}");
            }
        }
    }

    #[test]
    fn nfc_check_and_normalisation() {
        assert!(is_nfc("Café"));
        assert!(!is_nfc("Cafe\u{301}"));
        assert!(matches!(nfc("Café"), Cow::Borrowed("Café")));
        assert_eq!(nfc("Cafe\u{301}"), "Café");
        // U+212B ANGSTROM SIGN is U+00C5 in NFC.
        assert_eq!(nfc_owned("\u{212b}".to_owned()), "\u{c5}");
    }

    const ALL: [Quoting; 3] = [Quoting::JSON, Quoting::HCL, Quoting::GO_SET_HASH];

    #[test]
    fn special_bytes_are_never_skipped() {
        for q in ALL {
            for special in 0..=255u8 {
                for len in 1..24 {
                    for at in 0..len {
                        let mut s = vec![b'a'; len];
                        s[at] = special;
                        let want = s.iter().position(|&b| q.special_byte(b)).unwrap_or(len);
                        assert_eq!(
                            q.next_special(&s, 0),
                            want,
                            "{q:?}: {special:#x} at {at} of {len}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn lead_bytes_cover_every_escaped_character() {
        for q in ALL {
            for c in (0..=0x10_ffff).filter_map(char::from_u32) {
                if q.escapes(c) {
                    let mut buf = [0; 4];
                    let first = c.encode_utf8(&mut buf).as_bytes()[0];
                    assert!(q.special_byte(first), "{q:?}: {c:?}");
                }
            }
        }
    }

    #[test]
    fn json_escapes_like_go_cty() {
        let esc = |s: &str| Quoting::JSON.quote(s);
        // Expected strings are go-cty's output (conformance vectors
        // string/json-escapes, string/html-chars, string/u2028-u2029).
        assert_eq!(
            esc("a\"b\\c\nd\te\r\u{0}\u{1f}"),
            r#""a\"b\\c\nd\te\r\u0000\u001f""#
        );
        assert_eq!(
            esc("<a href=\"x\">&amp;</a>"),
            r#""\u003ca href=\"x\"\u003e\u0026amp;\u003c/a\u003e""#
        );
        assert_eq!(
            esc("line\u{2028}para\u{2029}end"),
            r#""line\u2028para\u2029end""#
        );
        assert_eq!(esc("héllo ✓ 🎉"), "\"héllo ✓ 🎉\"");
        assert_eq!(esc("\u{8}\u{c}\u{7f}"), "\"\\u0008\\u000c\u{7f}\"");
        // C1 controls, NBSP and BOM are printable to encoding/json.
        assert_eq!(esc("\u{85}\u{a0}\u{feff}"), "\"\u{85}\u{a0}\u{feff}\"");
        // Long ASCII runs go through the eight-byte scan.
        assert_eq!(
            esc("abcdefghijklmnop<qrstuvwxyz0123456789\""),
            r#""abcdefghijklmnop\u003cqrstuvwxyz0123456789\"""#
        );
    }

    #[test]
    fn hcl_escapes_every_control() {
        let esc = |s: &str| Quoting::HCL.quote(s);
        assert_eq!(esc("a\"b\\c\n\r\t"), r#""a\"b\\c\n\r\t""#);
        assert_eq!(
            esc("\u{8}\u{1b}\u{7f}\u{85}"),
            r#""\u0008\u001b\u007f\u0085""#
        );
        assert_eq!(esc("<&> \u{2028} \u{a0} é"), "\"<&> \u{2028} \u{a0} é\"");
    }

    #[test]
    fn go_set_hash_quotes_like_percent_q() {
        // fmt's %q is strconv.Quote: `\a \b \f \n \r \t \v`, `\xNN` for
        // other ASCII controls and DEL, `\uXXXX` for non-printable runes.
        let esc = |s: &str| Quoting::GO_SET_HASH.quote(s);
        assert_eq!(esc("\u{7}\u{8}\u{c}\n\r\t\u{b}"), r#""\a\b\f\n\r\t\v""#);
        assert_eq!(esc("\u{0}\u{1f}\u{7f}"), r#""\x00\x1f\x7f""#);
        assert_eq!(esc("say \"hi\"\\"), r#""say \"hi\"\\""#);
        assert_eq!(
            esc("\u{80}\u{9f}\u{ad}\u{2028}\u{2029}\u{feff}"),
            r#""\u0080\u009f\u00ad\u2028\u2029\ufeff""#
        );
        assert_eq!(esc("<&> é ✓ 🎉"), "\"<&> é ✓ 🎉\"");
    }

    #[test]
    fn escapes_above_the_bmp() {
        // No dialect above escapes a supplementary character; the syntax
        // still has to be right if one does.
        let mut json = String::new();
        Quoting::JSON.write_escape(&mut json, '\u{1f389}');
        assert_eq!(json, r"\ud83c\udf89");
        let mut go = String::new();
        Quoting::GO_SET_HASH.write_escape(&mut go, '\u{1f389}');
        assert_eq!(go, r"\U0001f389");
    }
}
