//! JSON text as Go's `encoding/json` writes it: compact, with `<`, `>` and
//! `&` escaped as `\u003c`, `\u003e`, `\u0026` and U+2028/U+2029 as
//! `\u2028`/`\u2029` (Terraform marshals with the default HTML-safe
//! encoder). serde_json already writes the other escapes as Go 1.22+ does
//! (`\b`, `\f`, `\n`, `\r`, `\t`, `\u00XX` in lower-case hex).

use std::io;

use serde::Serialize;
use serde_json::ser::Formatter;

/// serde_json's compact formatter (the trait's defaults) with Go's
/// HTML-safe string escapes.
struct GoFormatter;

impl Formatter for GoFormatter {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut start = 0;
        for (i, c) in fragment.char_indices() {
            let escape = match c {
                '<' => "\\u003c",
                '>' => "\\u003e",
                '&' => "\\u0026",
                '\u{2028}' => "\\u2028",
                '\u{2029}' => "\\u2029",
                _ => continue,
            };
            writer.write_all(&fragment.as_bytes()[start..i])?;
            writer.write_all(escape.as_bytes())?;
            start = i + c.len_utf8();
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }
}

/// `value` as compact, HTML-safe JSON.
pub(crate) fn to_string<T: Serialize>(value: &T) -> String {
    let mut out = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, GoFormatter);
    value
        .serialize(&mut serializer)
        .expect("the model (strings, numbers, booleans, string-keyed maps) serializes into memory");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_as_go_encoding_json() {
        // Go: json.Marshal("<a href=\"x\">&</a>\u2028\b\f\t\x01") =
        // "\u003ca href=\"x\"\u003e\u0026\u003c/a\u003e\u2028\b\f\t\u0001"
        let got = to_string(&"<a href=\"x\">&</a>\u{2028}\u{8}\u{c}\t\u{1}é\u{7f}");
        assert_eq!(
            got,
            r#""\u003ca href=\"x\"\u003e\u0026\u003c/a\u003e\u2028\b\f\t\u0001é"#.to_owned()
                + "\u{7f}\""
        );
    }
}
