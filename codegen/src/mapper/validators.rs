//! The validators an OpenAPI schema's constraints become, with the Go tool's
//! rules on which attribute kinds get which: enums, string lengths and
//! patterns, integer bounds, item and property counts, unique items.
//!
//! Enum values that do not fit the attribute's type are skipped, as in the
//! Go tool (a string enum accepts any scalar's text); other keywords
//! (`format`, exclusive bounds) render nothing.

use serde_json::{Map, Value};

use crate::model::{Collection, Kind, Validator};
use crate::values::{integral, scalar_text};

/// The validators for the constraints of `schema`, mapped to `kind`.
pub(crate) fn validators(kind: &Kind, schema: &Map<String, Value>) -> Vec<Validator> {
    let int = |key: &str| schema.get(key).and_then(integral);
    let enum_values = || {
        schema
            .get("enum")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
    };
    let mut out = Vec::new();
    match kind {
        Kind::String => {
            let values: Vec<String> = enum_values().filter_map(scalar_text).collect();
            if !values.is_empty() {
                out.push(Validator::OneOfString(values));
            }
            out.extend(bounded(int("minLength"), int("maxLength"), |min, max| {
                Validator::Length { min, max }
            }));
            let pattern = schema.get("pattern").and_then(Value::as_str);
            if let Some(p) = pattern.filter(|p| !p.is_empty()) {
                out.push(Validator::Regex {
                    pattern: p.to_owned(),
                    message: String::new(),
                });
            }
        }
        Kind::Int64 => {
            let values: Vec<i64> = enum_values().filter_map(integral).collect();
            if !values.is_empty() {
                out.push(Validator::OneOfInt64(values));
            }
            // Bounds are integers for an integer; a fractional bound is
            // tightened to the nearest integer inside it.
            let bound = |key: &str| schema.get(key).and_then(Value::as_f64);
            let min = bound("minimum").map(|m| m.ceil() as i64);
            let max = bound("maximum").map(|m| m.floor() as i64);
            out.extend(bounded(min, max, |min, max| Validator::Int64Range {
                min,
                max,
            }));
        }
        Kind::Float64 => {
            let values: Vec<f64> = enum_values().filter_map(Value::as_f64).collect();
            if !values.is_empty() {
                out.push(Validator::OneOfFloat64(values));
            }
        }
        Kind::List(_) | Kind::ListNested(_) | Kind::Set(_) | Kind::SetNested(_) => {
            let collection = match kind {
                Kind::Set(_) | Kind::SetNested(_) => Collection::Set,
                _ => Collection::List,
            };
            out.extend(bounded(int("minItems"), int("maxItems"), |min, max| {
                Validator::Size {
                    collection,
                    min,
                    max,
                }
            }));
            let unique = schema.get("uniqueItems") == Some(&Value::Bool(true));
            if unique && collection == Collection::List {
                out.push(Validator::UniqueValues);
            }
        }
        Kind::Map(_) | Kind::MapNested(_) => {
            out.extend(bounded(
                int("minProperties"),
                int("maxProperties"),
                |min, max| Validator::Size {
                    collection: Collection::Map,
                    min,
                    max,
                },
            ));
        }
        Kind::Bool
        | Kind::Number
        | Kind::Object(_)
        | Kind::SingleNested(_)
        | Kind::Dynamic
        | Kind::Tuple(_) => {}
    }
    out
}

/// A validator for a lower and/or upper bound; none without either.
fn bounded(
    min: Option<i64>,
    max: Option<i64>,
    validator: impl FnOnce(Option<i64>, Option<i64>) -> Validator,
) -> Option<Validator> {
    (min.is_some() || max.is_some()).then(|| validator(min, max))
}
