//! JSON writing primitives with go-cty's exact output: strings escaped as Go's
//! `encoding/json` does (HTML-safe), numbers as plain decimals.

use crate::error::{Error, ErrorKind, Result};
use crate::number::Number;

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Bytes that may need an escape: the ones escaped below, and `e2`, the
/// first byte of U+2028/U+2029.
const SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = true;
        b += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'<' as usize] = true;
    t[b'>' as usize] = true;
    t[b'&' as usize] = true;
    t[0xe2] = true;
    t
};

/// The index of the first byte from `i` on that is [`SPECIAL`], or the
/// length. Skips eight bytes at a time while a word has no control
/// character, `"`, `\\`, `<`, `>`, `&` nor non-ASCII byte (exact "any
/// byte" tests, so no special byte is ever skipped).
#[inline]
fn next_special(bytes: &[u8], mut i: usize) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    #[inline(always)]
    fn has_zero(x: u64) -> bool {
        x.wrapping_sub(LO) & !x & HI != 0
    }
    loop {
        while let Some(chunk) = bytes.get(i..i + 8) {
            let x = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
            let special = x & HI != 0
                || x.wrapping_sub(LO * 0x20) & !x & HI != 0
                || has_zero(x ^ (LO * u64::from(b'"')))
                || has_zero(x ^ (LO * u64::from(b'\\')))
                || has_zero(x ^ (LO * u64::from(b'&')))
                // '<' (3c) and '>' (3e) differ in bit 1 only.
                || has_zero((x ^ (LO * 0x3c)) & !(LO * 0x02));
            if special {
                break;
            }
            i += 8;
        }
        let end = (i + 8).min(bytes.len());
        while i < end {
            if SPECIAL[usize::from(bytes[i])] {
                return i;
            }
            i += 1;
        }
        if i >= bytes.len() {
            return bytes.len();
        }
    }
}

/// Appends `s` as a JSON string literal, escaped as Go's `encoding/json`:
/// `"` and `\` escaped; `\n`, `\r`, `\t` short forms; every other control
/// character, `<`, `>`, `&`, U+2028 and U+2029 as `\u00XX`/`\u20XX`.
pub fn write_string(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        i = next_special(bytes, i);
        let Some(&b) = bytes.get(i) else {
            break;
        };
        let escape: Option<&str> = match b {
            b'"' => Some("\\\""),
            b'\\' => Some("\\\\"),
            b'\n' => Some("\\n"),
            b'\r' => Some("\\r"),
            b'\t' => Some("\\t"),
            0x00..=0x1f | b'<' | b'>' | b'&' => Some(""),
            // U+2028 / U+2029 are E2 80 A8 / E2 80 A9 in UTF-8.
            0xe2 if bytes.get(i + 1) == Some(&0x80)
                && matches!(bytes.get(i + 2), Some(0xa8 | 0xa9)) =>
            {
                Some("")
            }
            _ => None,
        };
        let Some(escape) = escape else {
            i += 1;
            continue;
        };
        out.push_str(&s[start..i]);
        if escape.is_empty() {
            if b == 0xe2 {
                out.push_str(if bytes[i + 2] == 0xa8 {
                    "\\u2028"
                } else {
                    "\\u2029"
                });
                i += 3;
                start = i;
                continue;
            }
            out.push_str("\\u00");
            out.push(HEX[(b >> 4) as usize] as char);
            out.push(HEX[(b & 0xf) as usize] as char);
        } else {
            out.push_str(escape);
        }
        i += 1;
        start = i;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Appends `n` as a JSON number: a plain decimal of any size, no exponent.
///
/// # Errors
/// Infinities, which JSON cannot represent.
pub fn write_number(out: &mut String, n: &Number) -> Result<()> {
    n.write_decimal(out)
        .map_err(|_| Error::new(ErrorKind::Invalid, "cannot serialize infinity as JSON"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn esc(s: &str) -> String {
        let mut out = String::new();
        write_string(&mut out, s);
        out
    }

    #[test]
    fn special_bytes_are_never_skipped() {
        for special in 0..=255u8 {
            for len in 1..24 {
                for at in 0..len {
                    let mut s = vec![b'a'; len];
                    s[at] = special;
                    let want = s
                        .iter()
                        .position(|&b| SPECIAL[usize::from(b)])
                        .unwrap_or(len);
                    assert_eq!(next_special(&s, 0), want, "{special:#x} at {at} of {len}");
                }
            }
        }
    }

    #[test]
    fn escapes_like_go() {
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
    }
}
