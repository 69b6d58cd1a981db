//! A JSON writer that reproduces Go's `json.MarshalIndent(v, "", "\t")`.
//!
//! The goldens are compared byte for byte, so key order (the Go structs' field
//! order), tab indentation, Go's HTML-safe escaping (`<`, `>`, `&`, U+2028,
//! U+2029) and Go's float formatting all matter; a generic serializer gets
//! some of these wrong, hence this small dedicated one, with Go's string
//! quoting ([`write_string`]).

/// A JSON value whose object keys keep the order they were pushed in.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Json {
    Object(Vec<(&'static str, Json)>),
    Array(Vec<Json>),
    String(String),
    Int(i64),
    Float(f64),
    Bool(bool),
}

impl Json {
    /// Writes the value as Go's MarshalIndent with a tab indent, no trailing newline.
    pub(crate) fn to_go_indented(&self) -> String {
        let mut out = String::new();
        write_value(self, 0, &mut out);
        out
    }
}

fn indent(depth: usize, out: &mut String) {
    out.push('\n');
    for _ in 0..depth {
        out.push('\t');
    }
}

fn write_value(v: &Json, depth: usize, out: &mut String) {
    match v {
        Json::Object(fields) => {
            if fields.is_empty() {
                out.push_str("{}");
                return;
            }
            out.push('{');
            for (i, (k, v)) in fields.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(depth + 1, out);
                write_string(out, k);
                out.push_str(": ");
                write_value(v, depth + 1, out);
            }
            indent(depth, out);
            out.push('}');
        }
        Json::Array(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(depth + 1, out);
                write_value(v, depth + 1, out);
            }
            indent(depth, out);
            out.push(']');
        }
        Json::String(s) => write_string(out, s),
        Json::Int(i) => out.push_str(&i.to_string()),
        Json::Float(f) => out.push_str(&go_float(*f)),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
    }
}

/// Appends `s` quoted as Go's `encoding/json` does from Go 1.22 on:
/// HTML-safe (`<`, `>`, `&` as `\u003c`, `\u003e`, `\u0026`), U+2028 and
/// U+2029 escaped for JavaScript, `\b` and `\f` short forms, every other
/// C0 control as `\u00XX`; nothing else escaped.
pub(crate) fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\0'..='\u{1f}' | '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Formats a float64 as Go's encoding/json does: plain decimal digits, unless
/// the magnitude is below 1e-6 or at least 1e21, then `e` notation with a sign
/// and at least one exponent digit.
pub(crate) fn go_float(f: f64) -> String {
    let abs = f.abs();
    if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
        let s = format!("{f:e}");
        match s.split_once('e') {
            Some((mantissa, exp)) if !exp.starts_with('-') => format!("{mantissa}e+{exp}"),
            _ => s,
        }
    } else {
        format!("{f}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_like_go() {
        assert_eq!(go_float(1.5), "1.5");
        assert_eq!(go_float(1.0), "1");
        assert_eq!(go_float(1e21), "1e+21");
        assert_eq!(go_float(1.5e-7), "1.5e-7");
        assert_eq!(go_float(0.0), "0");
    }

    #[test]
    fn strings_like_go_1_22() {
        // encoding/json since Go 1.22: `\b` and `\f`; the rest as before.
        let esc = |s: &str| {
            let mut out = String::new();
            write_string(&mut out, s);
            out
        };
        assert_eq!(esc("\u{8}\u{c}\u{1}\u{b}"), r#""\b\f\u0001\u000b""#);
        assert_eq!(esc("a<b>&c"), r#""a\u003cb\u003e\u0026c""#);
        assert_eq!(esc("\u{2028}\u{2029}\u{7f}"), "\"\\u2028\\u2029\u{7f}\"");
        assert_eq!(esc("\"\\\n\r\t"), r#""\"\\\n\r\t""#);
    }

    #[test]
    fn html_escaping_and_layout() {
        let v = Json::Object(vec![
            ("a", Json::String("<&>".into())),
            ("b", Json::Array(vec![])),
            ("c", Json::Object(vec![])),
            ("d", Json::Array(vec![Json::Int(1), Json::Bool(true)])),
        ]);
        assert_eq!(
            v.to_go_indented(),
            "{\n\t\"a\": \"\\u003c\\u0026\\u003e\",\n\t\"b\": [],\n\t\"c\": {},\n\t\"d\": [\n\t\t1,\n\t\ttrue\n\t]\n}"
        );
    }
}
