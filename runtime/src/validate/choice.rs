//! The value is not one of a list (`none_of`), or is (or is not) one of a
//! list of strings compared without regard to case, as Go's
//! `stringvalidator.NoneOf`, `OneOfCaseInsensitive` and
//! `NoneOfCaseInsensitive` (and the number validators' `NoneOf`) judge.
//!
//! An unknown value never fails `none_of` or `none_of_case_insensitive`:
//! whatever is known of it, it may still become an allowed value.

use super::{listed, quoted, Ctx};
use crate::value::{numbers_equal, Value};

/// Whether `a` and `b` are equal as strings (numbers numerically).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => numbers_equal(x, y),
        _ => a.equals(b) == Some(true),
    }
}

/// The value is none of `forbidden` (numbers compare numerically).
pub fn none_of(value: &Value, forbidden: &[Value], ctx: &mut Ctx<'_>) {
    ctx.each(value, &mut |ctx, v| {
        if matches!(v, Value::Unknown(..)) || !forbidden.iter().any(|f| same(f, v)) {
            return;
        }
        // int64validator/none_of.go, stringvalidator/none_of.go.
        let detail = format!(
            "Attribute {} value must be none of: {}",
            ctx.name(),
            listed(forbidden)
        );
        ctx.error("Invalid Attribute Value Match", detail, || quoted(v));
    });
}

/// Whether two characters are equal under Unicode simple case folding, as
/// Go's `strings.EqualFold` compares runes: the same, or the same once
/// lowercased, or the same once uppercased (`σ`, `ς` and `Σ`; `k` and the
/// Kelvin sign; `ß` and `ẞ`).
fn fold_eq(a: char, b: char) -> bool {
    a == b || a.to_lowercase().eq(b.to_lowercase()) || a.to_uppercase().eq(b.to_uppercase())
}

/// `strings.EqualFold`: equal rune by rune under simple case folding.
fn equal_fold(a: &str, b: &str) -> bool {
    a.chars().count() == b.chars().count() && a.chars().zip(b.chars()).all(|(x, y)| fold_eq(x, y))
}

/// Whether `s` starts with `prefix` under simple case folding.
fn starts_with_fold(s: &str, prefix: &str) -> bool {
    let mut chars = s.chars();
    prefix
        .chars()
        .all(|p| chars.next().is_some_and(|c| fold_eq(c, p)))
}

fn strings_listed(values: &[&str]) -> String {
    let items: Vec<String> = values.iter().map(|s| format!("{s:?}")).collect();
    format!("[{}]", items.join(" "))
}

/// The string is one of `allowed`, ignoring case (`strings.EqualFold`). An
/// unknown string fails when no allowed string starts with its known
/// prefix, ignoring case.
pub fn one_of_case_insensitive(value: &Value, allowed: &[&str], ctx: &mut Ctx<'_>) {
    ctx.each(value, &mut |ctx, v| {
        // stringvalidator/one_of_case_insensitive.go: the description of
        // `OneOf`.
        let detail = |ctx: &Ctx<'_>| {
            format!(
                "Attribute {} value must be one of: {}",
                ctx.name(),
                strings_listed(allowed)
            )
        };
        match v {
            Value::String(s) if !allowed.iter().any(|a| equal_fold(s, a)) => {
                let detail = detail(ctx);
                ctx.error("Invalid Attribute Value Match", detail, || format!("{s:?}"));
            }
            _ => {
                let Some(known) = super::known_prefix(v) else {
                    return;
                };
                if !allowed.iter().any(|a| starts_with_fold(a, known)) {
                    let detail = detail(ctx);
                    ctx.error_unknown("Invalid Attribute Value Match", detail, || {
                        format!("start with {known:?}")
                    });
                }
            }
        }
    });
}

/// The string is none of `forbidden`, ignoring case (`strings.EqualFold`).
pub fn none_of_case_insensitive(value: &Value, forbidden: &[&str], ctx: &mut Ctx<'_>) {
    ctx.each(value, &mut |ctx, v| {
        let Value::String(s) = v else { return };
        if !forbidden.iter().any(|f| equal_fold(s, f)) {
            return;
        }
        // stringvalidator/none_of_case_insensitive.go.
        let detail = format!(
            "Attribute {} value must be none of: {}",
            ctx.name(),
            strings_listed(forbidden)
        );
        ctx.error("Invalid Attribute Value Match", detail, || format!("{s:?}"));
    });
}

#[cfg(test)]
mod tests {
    use super::{equal_fold, starts_with_fold};

    #[test]
    fn case_folding_is_go_equal_fold() {
        // The cases of Go's strings.EqualFold documentation and tests.
        assert!(equal_fold("Go", "GO"));
        assert!(equal_fold("σ", "ς"));
        assert!(equal_fold("ΣΑΣ", "σας"));
        assert!(equal_fold("\u{212A}", "k"));
        assert!(equal_fold("ß", "ẞ"));
        assert!(!equal_fold("ß", "ss"));
        assert!(!equal_fold("İ", "i"));
        assert!(!equal_fold("abc", "abcd"));
        assert!(starts_with_fold("Production", "PROD"));
        assert!(!starts_with_fold("Pr", "PROD"));
    }
}
