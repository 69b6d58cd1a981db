//! A JSON writer that reproduces Go's `json.MarshalIndent(v, "", "\t")`.
//!
//! The goldens are compared byte for byte, so key order (the Go structs' field
//! order), tab indentation, Go's HTML-safe escaping (`<`, `>`, `&`, U+2028,
//! U+2029) and Go's float formatting all matter; a generic serializer gets
//! some of these wrong, hence this small dedicated one. Strings are quoted by
//! the runtime's [`Quoting::GO_JSON`].

use tfschema::text::Quoting;

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
                Quoting::GO_JSON.write(out, k);
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
        Json::String(s) => Quoting::GO_JSON.write(out, s),
        Json::Int(i) => out.push_str(&i.to_string()),
        Json::Float(f) => out.push_str(&go_float(*f)),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
    }
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
