//! Attribute validators: the checks `#[tf(validate(...))]` generates and the
//! OpenAPI constraints map to (length, prefix, pattern, enum, range, item
//! counts, uniqueness, map keys). They run on the plan view's values, so they
//! skip nulls, and they never echo a sensitive value.
//!
//! An unknown value is judged on its refinements (Terraform 1.6+): a check
//! fails at plan time only when what is already known (a string prefix,
//! number bounds, collection length bounds) rules out every value that could
//! follow, and stays silent otherwise. Not-null decides nothing by itself,
//! but the other refinements decide only with it: they do not imply it
//! (go-cty), and an unknown that may still turn out null may still pass,
//! since validators accept null. String prefixes are compared bytewise:
//! Terraform sends only prefixes that appending text cannot change under NFC
//! normalisation (go-cty's `ctystrings.SafeKnownPrefix`), and known strings
//! are NFC.
//!
//! A scalar check on a collection applies to every element (e.g. a `regex`
//! on a list of strings checks each string); diagnostics name the element's
//! path, except inside sets, which Terraform cannot address.

// The submodules use this one's `Ctx` and helpers; the derive's calls
// reach them by their own paths (`crate::private::validate`).
pub(crate) mod choice;
pub(crate) mod combine;
pub(crate) mod strings;
pub(crate) mod write_only;

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::fmt::Write as _;

use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::number::Number;
use crate::refinement::{NumberBound, Refinements};
use crate::set::ExactKey;
use crate::types::Type;
use crate::value::{numbers_equal, Value};

/// Where a check runs: the attribute path, whether its value is
/// sensitive, and where diagnostics go.
#[derive(Debug)]
pub struct Ctx<'a> {
    /// The attribute being checked, outermost step first.
    pub path: Vec<PathStep>,
    /// Whether the value is sensitive: messages then leave it out.
    pub sensitive: bool,
    /// Where failed checks are reported.
    pub diags: &'a mut Diagnostics,
}

impl<'a> Ctx<'a> {
    /// A context for the attribute at `path`.
    pub fn new(path: Vec<PathStep>, sensitive: bool, diags: &'a mut Diagnostics) -> Self {
        Ctx {
            path,
            sensitive,
            diags,
        }
    }

    fn name(&self) -> String {
        let s: String = self.path.iter().map(ToString::to_string).collect();
        s.strip_prefix('.').map(str::to_owned).unwrap_or(s)
    }

    fn error(&mut self, summary: &str, mut detail: String, got: impl FnOnce() -> String) {
        if !self.sensitive {
            let _ = write!(detail, ", got: {}", got());
        }
        self.diags.error(&self.path, summary, detail);
    }

    /// Reports a rule that an unknown value's refinements already break;
    /// `known` says what is known of it, e.g. `start with "xyz-"`.
    fn error_unknown(&mut self, summary: &str, detail: String, known: impl FnOnce() -> String) {
        let detail = if self.sensitive {
            format!("{detail}, got: an unknown value that cannot satisfy this")
        } else {
            format!("{detail}, got: an unknown value that will {}", known())
        };
        self.diags.error(&self.path, summary, detail);
    }

    /// Runs `check` on `value`, or on each element when it is a collection
    /// (sets keep the set's path; lists and maps add the element's step).
    /// Unknown strings and numbers known not to be null reach `check` for
    /// their refinements.
    fn each(&mut self, value: &Value, check: &mut dyn FnMut(&mut Ctx<'_>, &Value)) {
        match value {
            Value::Unknown(Type::String | Type::Number, r) if r.not_null => check(self, value),
            Value::Null(_) | Value::Unknown(..) => {}
            Value::List(_, items) | Value::Tuple(items) => {
                for (i, item) in items.iter().enumerate() {
                    self.path.push(PathStep::Index(i as u64));
                    self.each(item, check);
                    self.path.pop();
                }
            }
            Value::Set(_, items) => {
                for item in items {
                    self.each(item, check);
                }
            }
            Value::Map(_, items) => {
                for (k, item) in items {
                    self.path.push(PathStep::Key(k.clone()));
                    self.each(item, check);
                    self.path.pop();
                }
            }
            scalar => check(self, scalar),
        }
    }
}

/// The size bounds as listvalidator/setvalidator/mapvalidator's
/// `SizeBetween`, `SizeAtLeast` and `SizeAtMost` say them.
fn elements_text(min: Option<u64>, max: Option<u64>) -> String {
    match (min, max) {
        (Some(a), Some(b)) => format!("at least {a} elements and at most {b} elements"),
        (Some(a), None) => format!("at least {a} elements"),
        (None, Some(b)) => format!("at most {b} elements"),
        (None, None) => "any number of elements".into(),
    }
}

fn out_of(n: u64, min: Option<u64>, max: Option<u64>) -> bool {
    min.is_some_and(|m| n < m) || max.is_some_and(|m| n > m)
}

fn quoted(v: &Value) -> String {
    match v {
        Value::String(s) => format!("{s:?}"),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        other => crate::show::render(other),
    }
}

/// The values of a `one_of` or `none_of` as Go prints its list
/// (`fmt.Sprintf("%s"/"%q", values)` of framework values): each quoted,
/// numbers too (`["1" "2"]`), separated by spaces.
pub(crate) fn listed(values: &[Value]) -> String {
    let items: Vec<String> = values
        .iter()
        .map(|v| match v {
            Value::Number(n) => format!("\"{n}\""),
            other => quoted(other),
        })
        .collect();
    format!("[{}]", items.join(" "))
}

/// The known prefix of an unknown string that will not be null.
fn known_prefix(v: &Value) -> Option<&str> {
    match v {
        Value::Unknown(Type::String, r) if r.not_null && !r.string_prefix.is_empty() => {
            Some(&r.string_prefix)
        }
        _ => None,
    }
}

/// Whether a string starting with `known` may still start with `wanted`.
fn prefixes_compatible(known: &[u8], wanted: &[u8]) -> bool {
    known.starts_with(wanted) || wanted.starts_with(known)
}

/// The refined number bounds in words, e.g. `be at least 1 and less than 5`.
fn number_bounds_text(r: &Refinements) -> String {
    let lower = r.number_lower.as_ref().map(|b| {
        let op = if b.inclusive {
            "at least"
        } else {
            "greater than"
        };
        format!("{op} {}", b.value)
    });
    let upper = r.number_upper.as_ref().map(|b| {
        let op = if b.inclusive { "at most" } else { "less than" };
        format!("{op} {}", b.value)
    });
    let parts: Vec<String> = lower.into_iter().chain(upper).collect();
    format!("be {}", parts.join(" and "))
}

/// Whether every number above `lower` exceeds `max`.
fn all_above(lower: &NumberBound, max: &Number) -> bool {
    lower.value > *max || (lower.value == *max && !lower.inclusive)
}

/// Whether every number below `upper` is under `min`.
fn all_below(upper: &NumberBound, min: &Number) -> bool {
    upper.value < *min || (upper.value == *min && !upper.inclusive)
}

/// Whether the refined bounds may admit a number equal to `n` as
/// [`one_of`] compares: exactly for integers; otherwise at f64 precision
/// with inclusive bounds (rounding is monotone, so no number equal to `n`
/// at that precision is ruled out).
fn may_equal(n: &Number, r: &Refinements) -> bool {
    let exact = n.is_integer()
        && r.number_lower.as_ref().is_none_or(|b| b.value.is_integer())
        && r.number_upper.as_ref().is_none_or(|b| b.value.is_integer());
    if exact {
        !r.number_lower.as_ref().is_some_and(|b| all_above(b, n))
            && !r.number_upper.as_ref().is_some_and(|b| all_below(b, n))
    } else {
        let x = n.to_f64();
        r.number_lower
            .as_ref()
            .is_none_or(|b| b.value.to_f64() <= x)
            && r.number_upper
                .as_ref()
                .is_none_or(|b| x <= b.value.to_f64())
    }
}

/// The value is one of `allowed` (numbers compare numerically). An unknown
/// string fails when no allowed string starts with its known prefix, an
/// unknown number when its bounds exclude every allowed number.
pub fn one_of(value: &Value, allowed: &[Value], ctx: &mut Ctx<'_>) {
    ctx.each(value, &mut |ctx, v| {
        let detail = |ctx: &Ctx<'_>| {
            format!(
                "Attribute {} value must be one of: {}",
                ctx.name(),
                listed(allowed)
            )
        };
        if let Value::Unknown(_, r) = v {
            if let Some(known) = known_prefix(v) {
                let possible = allowed.iter().any(
                    |a| matches!(a, Value::String(s) if s.as_bytes().starts_with(known.as_bytes())),
                );
                if !possible {
                    let detail = detail(ctx);
                    ctx.error_unknown("Invalid Attribute Value Match", detail, || {
                        format!("start with {known:?}")
                    });
                }
            } else if r.number_lower.is_some() || r.number_upper.is_some() {
                let possible = allowed
                    .iter()
                    .any(|a| matches!(a, Value::Number(n) if may_equal(n, r)));
                if !possible {
                    let detail = detail(ctx);
                    ctx.error_unknown("Invalid Attribute Value Match", detail, || {
                        number_bounds_text(r)
                    });
                }
            }
            return;
        }
        let ok = allowed.iter().any(|a| match (a, v) {
            (Value::Number(x), Value::Number(y)) => numbers_equal(x, y),
            _ => a.equals(v) == Some(true),
        });
        if !ok {
            let detail = detail(ctx);
            ctx.error("Invalid Attribute Value Match", detail, || quoted(v));
        }
    });
}

/// The number is within the inclusive bounds. An unknown number fails when
/// its bounds lie entirely outside them.
pub fn range(value: &Value, min: Option<&Number>, max: Option<&Number>, ctx: &mut Ctx<'_>) {
    ctx.each(value, &mut |ctx, v| {
        let detail = |ctx: &Ctx<'_>| {
            let bounds = match (min, max) {
                (Some(a), Some(b)) => format!("between {a} and {b}"),
                (Some(a), None) => format!("at least {a}"),
                (None, Some(b)) => format!("at most {b}"),
                (None, None) => "any number".into(),
            };
            format!("Attribute {} value must be {bounds}", ctx.name())
        };
        match v {
            Value::Number(n) => {
                let low = min.is_some_and(|m| n < m);
                let high = max.is_some_and(|m| n > m);
                if low || high {
                    let detail = detail(ctx);
                    ctx.error("Invalid Attribute Value", detail, || n.to_string());
                }
            }
            Value::Unknown(Type::Number, r) => {
                let high = r
                    .number_lower
                    .as_ref()
                    .zip(max)
                    .is_some_and(|(b, m)| all_above(b, m));
                let low = r
                    .number_upper
                    .as_ref()
                    .zip(min)
                    .is_some_and(|(b, m)| all_below(b, m));
                if low || high {
                    let detail = detail(ctx);
                    ctx.error_unknown("Invalid Attribute Value", detail, || number_bounds_text(r));
                }
            }
            _ => {}
        }
    });
}

/// The number of elements of a list, set, map or tuple. An unknown
/// collection fails when its length bounds lie entirely outside `min..=max`.
pub fn items(value: &Value, min: Option<u64>, max: Option<u64>, ctx: &mut Ctx<'_>) {
    let kind = |ty: &Type| match ty {
        Type::List(_) => Some("list"),
        Type::Set(_) => Some("set"),
        Type::Map(_) => Some("map"),
        _ => None,
    };
    let (what, got) = match value {
        Value::List(_, items) | Value::Tuple(items) => ("list", items.len() as u64),
        Value::Set(_, items) => ("set", items.len() as u64),
        Value::Map(_, items) => ("map", items.len() as u64),
        Value::Unknown(ty, r) if r.not_null => {
            let Some(what) = kind(ty) else { return };
            let too_many = max.is_some_and(|m| r.length_min > m);
            let too_few = min.zip(r.length_max).is_some_and(|(m, n)| n < m);
            if too_many || too_few {
                let known = if too_many {
                    format!("at least {}", r.length_min)
                } else {
                    format!("at most {}", r.length_max.unwrap_or_default())
                };
                let detail = format!(
                    "Attribute {} {what} must contain {}, got: an unknown {what} that will have {known} elements",
                    ctx.name(),
                    elements_text(min, max)
                );
                ctx.diags
                    .error(&ctx.path, "Invalid Attribute Value", detail);
            }
            return;
        }
        _ => return,
    };
    if out_of(got, min, max) {
        let detail = format!(
            "Attribute {} {what} must contain {}, got: {got}",
            ctx.name(),
            elements_text(min, max)
        );
        ctx.diags
            .error(&ctx.path, "Invalid Attribute Value", detail);
    }
}

/// A list's known elements are pairwise distinct.
pub fn unique(value: &Value, ctx: &mut Ctx<'_>) {
    let Value::List(_, items) = value else { return };
    // Only wholly known elements can be equal; found by hash, not by
    // comparing each pair.
    let mut first_at = HashMap::with_capacity(items.len());
    for (i, a) in items.iter().enumerate() {
        if !a.is_wholly_known() {
            continue;
        }
        match first_at.entry(ExactKey(a)) {
            Entry::Vacant(slot) => {
                slot.insert(i);
            }
            Entry::Occupied(first) => {
                let j: usize = *first.get();
                let detail = format!(
                    "Attribute {} elements must be unique; element {i} repeats element {j}",
                    ctx.name()
                );
                ctx.error("Duplicate List Value", detail, || quoted(a));
                return;
            }
        }
    }
}

/// Runs `check` on each key of a map, with the key's path.
pub fn keys(value: &Value, ctx: &mut Ctx<'_>, check: &mut dyn FnMut(&Value, &mut Ctx<'_>)) {
    let Value::Map(_, items) = value else { return };
    for k in items.keys() {
        ctx.path.push(PathStep::Key(k.clone()));
        check(&Value::String(k.clone()), ctx);
        ctx.path.pop();
    }
}

/// No element of a list, set or map is null (Go's `listvalidator`,
/// `setvalidator` and `mapvalidator.NoNullValues`); unknown elements wait.
/// One error at the collection's path, however many nulls (Go adds one per
/// null element, and the framework's `Diagnostics.Append` drops the equal
/// repeats).
pub fn no_null_values(value: &Value, ctx: &mut Ctx<'_>) {
    let (summary, has_null) = match value {
        Value::List(_, items) => ("Null List Value", items.iter().any(Value::is_null)),
        Value::Set(_, items) => ("Null Set Value", items.iter().any(Value::is_null)),
        Value::Map(_, items) => ("Null Map Value", items.values().any(Value::is_null)),
        _ => return,
    };
    if has_null {
        ctx.diags
            .error(&ctx.path, summary, "This attribute contains a null value.");
    }
}

#[cfg(test)]
mod tests {
    use super::strings::{length, regex, utf8_length};
    use super::*;
    use crate::types::Type;
    use regex::Regex;

    fn run(f: impl FnOnce(&mut Ctx<'_>)) -> Vec<String> {
        let mut diags = Diagnostics::new();
        let mut ctx = Ctx::new(vec![PathStep::Attr("name".into())], false, &mut diags);
        f(&mut ctx);
        diags
            .iter()
            .map(|d| format!("{}|{}", d.path_string(), d.detail))
            .collect()
    }

    #[test]
    fn length_counts_bytes_utf8_length_characters_and_both_skip_unknown_and_null() {
        // stringvalidator/length_between.go counts `len(value)` (bytes);
        // utf8_length_between.go `utf8.RuneCountInString`. "héllo" is 5
        // characters in 6 bytes.
        assert_eq!(
            run(|c| length(&Value::from("héllo"), Some(1), Some(5), c)),
            [".name|Attribute name string length must be between 1 and 5, got: 6"]
        );
        assert!(run(|c| utf8_length(&Value::from("héllo"), Some(1), Some(5), c)).is_empty());
        assert_eq!(
            run(|c| utf8_length(&Value::from("héllo"), Some(1), Some(4), c)),
            [".name|Attribute name UTF-8 character count must be between 1 and 4, got: 5"]
        );
        assert_eq!(
            run(|c| utf8_length(&Value::from("ab"), Some(3), None, c)),
            [".name|Attribute name UTF-8 character count must be at least 3, got: 2"]
        );
        // Go's LengthBetween(3, 3) says "between 3 and 3".
        assert_eq!(
            run(|c| length(&Value::from("ab"), Some(3), Some(3), c)),
            [".name|Attribute name string length must be between 3 and 3, got: 2"]
        );
        assert!(run(|c| length(&Value::unknown(Type::String), Some(10), None, c)).is_empty());
        assert!(run(|c| length(&Value::Null(Type::String), Some(10), None, c)).is_empty());
    }

    #[test]
    fn element_checks_name_list_and_map_elements_but_not_set_elements() {
        let list = Value::list(
            Type::String,
            vec![Value::from("ok"), Value::from("toolong")],
        );
        assert_eq!(
            run(|c| length(&list, None, Some(3), c)),
            [".name[1]|Attribute name[1] string length must be at most 3, got: 7"]
        );
        let set = Value::set(Type::String, vec![Value::from("toolong")]);
        assert_eq!(
            run(|c| length(&set, None, Some(3), c))[0].split('|').next(),
            Some(".name")
        );
        let map = Value::map(Type::String, [("k".to_string(), Value::from("toolong"))]);
        assert_eq!(
            run(|c| length(&map, None, Some(3), c))[0].split('|').next(),
            Some(".name[\"k\"]")
        );
    }

    #[test]
    fn regex_one_of_range_items_unique_keys() {
        let re = Regex::new("^[a-z]+$").expect("regex");
        assert_eq!(
            run(|c| regex(&Value::from("ABC"), &re, "^[a-z]+$", None, &[], c)),
            [".name|Attribute name value must match regular expression '^[a-z]+$', got: ABC"]
        );
        let allowed = [Value::from("tcp"), Value::from("udp")];
        assert_eq!(
            run(|c| one_of(&Value::from("icmp"), &allowed, c)),
            [".name|Attribute name value must be one of: [\"tcp\" \"udp\"], got: \"icmp\""]
        );
        let nums = [Value::from(1)];
        let one_float = Value::Number(Number::from_f64(1.0).expect("finite"));
        assert!(run(|c| one_of(&one_float, &nums, c)).is_empty());
        let (lo, hi) = (Number::from_i64(1), Number::from_i64(65535));
        assert_eq!(
            run(|c| range(&Value::from(70000), Some(&lo), Some(&hi), c)),
            [".name|Attribute name value must be between 1 and 65535, got: 70000"]
        );
        let list = Value::list(
            Type::Number,
            vec![Value::from(1), Value::from(2), Value::from(1)],
        );
        assert_eq!(
            run(|c| items(&list, Some(4), None, c)),
            [".name|Attribute name list must contain at least 4 elements, got: 3"]
        );
        assert_eq!(
            run(|c| unique(&list, c)),
            [".name|Attribute name elements must be unique; element 2 repeats element 0, got: 1"]
        );
        let map = Value::map(Type::Bool, [("Bad Key".to_string(), Value::Bool(true))]);
        let key_re = Regex::new("^[a-z_]+$").expect("regex");
        let out = run(|c| {
            keys(&map, c, &mut |k, c| {
                regex(k, &key_re, "^[a-z_]+$", None, &[], c)
            })
        });
        assert_eq!(out.len(), 1);
        assert!(out[0].starts_with(".name[\"Bad Key\"]|"), "{out:?}");
    }

    #[test]
    fn sensitive_values_are_never_echoed() {
        let mut diags = Diagnostics::new();
        let mut ctx = Ctx::new(vec![PathStep::Attr("password".into())], true, &mut diags);
        let re = Regex::new("^[0-9]+$").expect("regex");
        regex(
            &Value::from("hunter2"),
            &re,
            "^[0-9]+$",
            None,
            &[],
            &mut ctx,
        );
        one_of(&Value::from("hunter2"), &[Value::from("x")], &mut ctx);
        assert_eq!(diags.len(), 2);
        assert!(
            diags.iter().all(|d| !d.detail.contains("hunter2")),
            "{diags:?}"
        );
    }
}
