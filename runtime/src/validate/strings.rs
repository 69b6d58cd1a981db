//! The checks of a string's text: its length (in bytes, Go's
//! `stringvalidator.LengthBetween`, or in characters, `UTF8LengthBetween`),
//! its prefix and a regular expression (`RegexMatches`). On an unknown
//! string each decides from its known prefix.

use regex::Regex;

use super::{known_prefix, out_of, prefixes_compatible, Ctx};
use crate::value::Value;

fn bounds_text(min: Option<u64>, max: Option<u64>) -> String {
    match (min, max) {
        (Some(a), Some(b)) => format!("between {a} and {b}"),
        (Some(a), None) => format!("at least {a}"),
        (None, Some(b)) => format!("at most {b}"),
        (None, None) => "anything".into(),
    }
}

/// String length in bytes of UTF-8, as Go's `stringvalidator.LengthBetween`
/// counts (`len(s)`); [`utf8_length`] counts characters. An unknown string
/// fails when its known prefix is already longer than `max`.
pub fn length(value: &Value, min: Option<u64>, max: Option<u64>, ctx: &mut Ctx<'_>) {
    string_length(value, min, max, Count::Bytes, ctx);
}

/// String length in characters (Unicode scalar values, Go's
/// `stringvalidator.UTF8LengthBetween` and `utf8.RuneCountInString`). An
/// unknown string fails when its known prefix already has more than `max`.
pub fn utf8_length(value: &Value, min: Option<u64>, max: Option<u64>, ctx: &mut Ctx<'_>) {
    string_length(value, min, max, Count::Chars, ctx);
}

/// What a string length counts.
#[derive(Clone, Copy)]
enum Count {
    Bytes,
    Chars,
}

impl Count {
    fn of(self, s: &str) -> u64 {
        match self {
            Count::Bytes => s.len() as u64,
            Count::Chars => s.chars().count() as u64,
        }
    }
}

fn string_length(
    value: &Value,
    min: Option<u64>,
    max: Option<u64>,
    count: Count,
    ctx: &mut Ctx<'_>,
) {
    ctx.each(value, &mut |ctx, v| {
        let got = match v {
            Value::String(s) => {
                let n = count.of(s);
                if !out_of(n, min, max) {
                    return;
                }
                n.to_string()
            }
            _ => {
                let Some(p) = known_prefix(v) else { return };
                let n = count.of(p);
                if max.is_none_or(|m| n <= m) {
                    return;
                }
                let unit = match count {
                    Count::Bytes => "bytes",
                    Count::Chars => "characters",
                };
                format!("an unknown value that will be at least {n} {unit} long")
            }
        };
        // helpers/validatordiag InvalidAttributeValueLengthDiagnostic; the
        // descriptions of stringvalidator/length_*.go and utf8_length_*.go.
        let what = match count {
            Count::Bytes => "string length",
            Count::Chars => "UTF-8 character count",
        };
        let detail = format!(
            "Attribute {} {what} must be {}, got: {got}",
            ctx.name(),
            bounds_text(min, max)
        );
        ctx.diags
            .error(&ctx.path, "Invalid Attribute Value Length", detail);
    });
}

/// The string starts with `prefix`. An unknown string fails when its known
/// prefix and `prefix` differ before either ends.
pub fn prefix(value: &Value, prefix: &str, ctx: &mut Ctx<'_>) {
    ctx.each(value, &mut |ctx, v| {
        let detail = || format!("Attribute {} value must start with {prefix:?}", ctx.name());
        match v {
            Value::String(s) if !s.starts_with(prefix) => {
                let detail = detail();
                ctx.error("Invalid Attribute Value Match", detail, || format!("{s:?}"));
            }
            _ => {
                let Some(known) = known_prefix(v) else { return };
                if !prefixes_compatible(known.as_bytes(), prefix.as_bytes()) {
                    let detail = detail();
                    ctx.error_unknown("Invalid Attribute Value Match", detail, || {
                        format!("start with {known:?}")
                    });
                }
            }
        }
    });
}

/// The string matches `re` (compiled from `pattern`); the message says
/// `message` in place of the pattern when given (Go's
/// `stringvalidator.RegexMatches(re, message)`). `anchored` lists the
/// literal prefixes one of which every match must start with at the start
/// of the string (the derive extracts them from a `^`-anchored pattern;
/// empty: none known); an unknown string fails when its known prefix fits
/// none of them.
pub fn regex(
    value: &Value,
    re: &Regex,
    pattern: &str,
    message: Option<&str>,
    anchored: &[&[u8]],
    ctx: &mut Ctx<'_>,
) {
    ctx.each(value, &mut |ctx, v| {
        // stringvalidator/regex_matches.go: the message replaces the
        // description, and the value is printed as it is, unquoted.
        let detail = || match message {
            Some(m) => format!("Attribute {} {m}", ctx.name()),
            None => format!(
                "Attribute {} value must match regular expression '{pattern}'",
                ctx.name()
            ),
        };
        match v {
            Value::String(s) if !re.is_match(s) => {
                let detail = detail();
                ctx.error("Invalid Attribute Value Match", detail, || s.clone());
            }
            _ => {
                let Some(known) = known_prefix(v) else { return };
                let refuted = !anchored.is_empty()
                    && !anchored
                        .iter()
                        .any(|lit| prefixes_compatible(known.as_bytes(), lit));
                if refuted {
                    let detail = detail();
                    ctx.error_unknown("Invalid Attribute Value Match", detail, || {
                        format!("start with {known:?}")
                    });
                }
            }
        }
    });
}
