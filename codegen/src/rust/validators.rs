//! The `validate(...)` arguments of an attribute: the model's validators
//! the derive can check, merged where their bounds do not overlap; the
//! others are reported.

use super::emitter::{rust_str, FileEmitter};
use crate::model::{Attribute, Collection, Kind, Validator};

impl FileEmitter<'_> {
    /// The arguments of `validate(...)`: one entry per derive validator,
    /// merging the code spec's bounds where they do not overlap.
    pub(super) fn validators(&mut self, a: &Attribute, path: &[String]) -> Vec<String> {
        let mut length: (Option<u64>, Option<u64>) = (None, None);
        let mut items: (Option<u64>, Option<u64>) = (None, None);
        let mut range: (Option<i64>, Option<i64>) = (None, None);
        let mut one_of: Option<String> = None;
        let mut regex: Option<String> = None;
        let mut unique = false;
        let skip = |this: &mut Self, v: &Validator, why: &str| {
            this.warn(
                path,
                "skipping validator",
                format!("{}: {why}", v.to_custom().schema_definition),
            );
        };
        let fits = |v: &Validator| {
            matches!(
                (v, &a.kind),
                (
                    Validator::Length { .. } | Validator::OneOfString(_) | Validator::Regex { .. },
                    Kind::String
                ) | (
                    Validator::Int64Range { .. } | Validator::OneOfInt64(_),
                    Kind::Int64
                ) | (Validator::OneOfFloat64(_), Kind::Float64)
                    | (
                        Validator::Size {
                            collection: Collection::List,
                            ..
                        } | Validator::UniqueValues,
                        Kind::List(_) | Kind::ListNested(_)
                    )
                    | (
                        Validator::Size {
                            collection: Collection::Set,
                            ..
                        },
                        Kind::Set(_) | Kind::SetNested(_)
                    )
                    | (
                        Validator::Size {
                            collection: Collection::Map,
                            ..
                        },
                        Kind::Map(_) | Kind::MapNested(_)
                    )
            )
        };
        for v in &a.validators {
            if !fits(v) {
                skip(self, v, "does not apply to the attribute's type");
                continue;
            }
            match v {
                Validator::Length { min, max } | Validator::Size { min, max, .. } => {
                    let slot = if matches!(v, Validator::Length { .. }) {
                        &mut length
                    } else {
                        &mut items
                    };
                    let (Ok(min), Ok(max)) = (
                        min.map(u64::try_from).transpose(),
                        max.map(u64::try_from).transpose(),
                    ) else {
                        skip(self, v, "a negative bound");
                        continue;
                    };
                    if (min.is_some() && slot.0.is_some()) || (max.is_some() && slot.1.is_some()) {
                        skip(self, v, "a second bound of the same kind");
                        continue;
                    }
                    slot.0 = slot.0.or(min);
                    slot.1 = slot.1.or(max);
                }
                Validator::Int64Range { min, max } => {
                    if (min.is_some() && range.0.is_some()) || (max.is_some() && range.1.is_some())
                    {
                        skip(self, v, "a second bound of the same kind");
                        continue;
                    }
                    range.0 = range.0.or(*min);
                    range.1 = range.1.or(*max);
                }
                Validator::OneOfString(_)
                | Validator::OneOfInt64(_)
                | Validator::OneOfFloat64(_) => {
                    let values: Vec<String> = match v {
                        Validator::OneOfString(s) => s.iter().map(|s| rust_str(s)).collect(),
                        Validator::OneOfInt64(n) => n.iter().map(i64::to_string).collect(),
                        Validator::OneOfFloat64(n) => n.iter().map(|f| format!("{f:?}")).collect(),
                        _ => Vec::new(),
                    };
                    if values.is_empty() {
                        skip(self, v, "no allowed values");
                    } else if one_of.is_some() {
                        skip(self, v, "a second one_of");
                    } else {
                        one_of = Some(format!("one_of({})", values.join(", ")));
                    }
                }
                Validator::Regex { pattern, message } => {
                    if let Err(e) = regex_syntax::Parser::new().parse(pattern) {
                        skip(
                            self,
                            v,
                            &format!("the pattern is not valid for Rust's regex crate: {e}"),
                        );
                        continue;
                    }
                    if regex.is_some() {
                        skip(self, v, "a second regex");
                        continue;
                    }
                    regex = Some(regex_arg(pattern, message));
                }
                Validator::UniqueValues => unique = true,
            }
        }
        let bounds = |what: &str, min: Option<String>, max: Option<String>| {
            let parts: Vec<String> = [("min", min), ("max", max)]
                .into_iter()
                .filter_map(|(k, v)| v.map(|v| format!("{k} = {v}")))
                .collect();
            (!parts.is_empty()).then(|| format!("{what}({})", parts.join(", ")))
        };
        let mut out = Vec::new();
        out.extend(bounds(
            "length",
            length.0.map(|v| v.to_string()),
            length.1.map(|v| v.to_string()),
        ));
        out.extend(regex);
        out.extend(one_of);
        out.extend(bounds(
            "range",
            range.0.map(|v| v.to_string()),
            range.1.map(|v| v.to_string()),
        ));
        out.extend(bounds(
            "items",
            items.0.map(|v| v.to_string()),
            items.1.map(|v| v.to_string()),
        ));
        if unique {
            out.push("unique".into());
        }
        out
    }
}

/// The derive's `regex`: Go's `RegexMatches(re, "")` writes its own
/// message; one given takes its place, as `regex(pattern, message = ...)`
/// does.
fn regex_arg(pattern: &str, message: &str) -> String {
    if message.is_empty() {
        format!("regex = {}", rust_str(pattern))
    } else {
        format!(
            "regex({}, message = {})",
            rust_str(pattern),
            rust_str(message)
        )
    }
}
