//! A value for humans, in the spirit of Terraform's plan output: unknowns as
//! `(known after apply)` with their refinements spelled out, nested values
//! indented, object attributes aligned.

use crate::text::Quoting;
use crate::value::Value;

/// Renders `value` over several lines (no trailing newline).
///
/// ```
/// use tfschema::{show, Refinements, Type, Value};
///
/// let v = Value::object([
///     ("ami", Value::from("ami-0c55")),
///     ("id", Value::unknown_refined(Type::String, Refinements::not_null())),
/// ]);
/// assert_eq!(
///     show::render(&v),
///     "{\n  ami = \"ami-0c55\"\n  id  = (known after apply, not null)\n}"
/// );
/// ```
pub fn render(value: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, value, 0);
    out
}

fn indent(out: &mut String, level: usize) {
    for _ in 0..level {
        out.push_str("  ");
    }
}

fn write_value(out: &mut String, value: &Value, level: usize) {
    match value {
        Value::Null(_) => out.push_str("null"),
        Value::Unknown(_, refinements) => {
            out.push_str("(known after apply");
            if !refinements.is_empty() {
                out.push_str(", ");
                out.push_str(&refinements.to_string());
            }
            out.push(')');
        }
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&n.to_string()),
        Value::String(s) => Quoting::HCL.write(out, s),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return;
            }
            out.push_str("[\n");
            for item in items {
                indent(out, level + 1);
                write_value(out, item, level + 1);
                out.push_str(",\n");
            }
            indent(out, level);
            out.push(']');
        }
        Value::Map(_, items) => {
            let keys: Vec<String> = items.keys().map(|k| Quoting::HCL.quote(k)).collect();
            write_entries(
                out,
                keys.iter().map(String::as_str).zip(items.values()),
                level,
            );
        }
        Value::Object(attrs) => {
            write_entries(out, attrs.iter().map(|(k, v)| (k.as_str(), v)), level);
        }
    }
}

fn write_entries<'a>(
    out: &mut String,
    entries: impl Iterator<Item = (&'a str, &'a Value)> + Clone,
    level: usize,
) {
    let width = entries.clone().map(|(k, _)| k.chars().count()).max();
    let Some(width) = width else {
        out.push_str("{}");
        return;
    };
    out.push_str("{\n");
    for (key, value) in entries {
        indent(out, level + 1);
        out.push_str(key);
        for _ in key.chars().count()..width {
            out.push(' ');
        }
        out.push_str(" = ");
        write_value(out, value, level + 1);
        out.push('\n');
    }
    indent(out, level);
    out.push('}');
}
