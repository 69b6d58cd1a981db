//! Attribute validators: the checks `#[tf(validate(...))]` generates and the
//! OpenAPI constraints map to (length, pattern, enum, range, item counts,
//! uniqueness, map keys). They run on the plan view's values, so they skip
//! unknown and null values, and they never echo a sensitive value.
//!
//! A scalar check on a collection applies to every element (e.g. a `regex`
//! on a list of strings checks each string); diagnostics name the element's
//! path, except inside sets, which Terraform cannot address.

use std::fmt::Write as _;

use regex::Regex;

use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::number::Number;
use crate::value::{numbers_equal, Value};

/// Where a check runs: the attribute path, whether its value is
/// sensitive, and where diagnostics go.
#[derive(Debug)]
pub struct Ctx<'a> {
    pub path: Vec<PathStep>,
    pub sensitive: bool,
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

    /// Runs `check` on `value`, or on each element when it is a collection
    /// (sets keep the set's path; lists and maps add the element's step).
    fn each(&mut self, value: &Value, check: &mut dyn FnMut(&mut Ctx<'_>, &Value)) {
        match value {
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

fn bounds_text(min: Option<u64>, max: Option<u64>) -> String {
    match (min, max) {
        (Some(a), Some(b)) if a == b => format!("exactly {a}"),
        (Some(a), Some(b)) => format!("between {a} and {b}"),
        (Some(a), None) => format!("at least {a}"),
        (None, Some(b)) => format!("at most {b}"),
        (None, None) => "anything".into(),
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

/// String length in characters (Unicode scalar values, as Terraform counts).
pub fn length(value: &Value, min: Option<u64>, max: Option<u64>, ctx: &mut Ctx<'_>) {
    ctx.each(value, &mut |ctx, v| {
        if let Value::String(s) = v {
            let n = s.chars().count() as u64;
            if out_of(n, min, max) {
                let detail = format!(
                    "Attribute {} string length must be {}",
                    ctx.name(),
                    bounds_text(min, max)
                );
                ctx.diags.error(
                    &ctx.path,
                    "Invalid Attribute Value Length",
                    format!("{detail}, got: {n}"),
                );
            }
        }
    });
}

/// The string matches `re` (compiled from `pattern`).
pub fn regex(value: &Value, re: &Regex, pattern: &str, ctx: &mut Ctx<'_>) {
    ctx.each(value, &mut |ctx, v| {
        if let Value::String(s) = v {
            if !re.is_match(s) {
                let detail = format!(
                    "Attribute {} value must match the regular expression '{pattern}'",
                    ctx.name()
                );
                ctx.error("Invalid Attribute Value Match", detail, || format!("{s:?}"));
            }
        }
    });
}

/// The value is one of `allowed` (numbers compare numerically).
pub fn one_of(value: &Value, allowed: &[Value], ctx: &mut Ctx<'_>) {
    ctx.each(value, &mut |ctx, v| {
        let ok = allowed.iter().any(|a| match (a, v) {
            (Value::Number(x), Value::Number(y)) => numbers_equal(x, y),
            _ => a.equals(v) == Some(true),
        });
        if !ok {
            let list: Vec<String> = allowed.iter().map(quoted).collect();
            let detail = format!(
                "Attribute {} value must be one of: [{}]",
                ctx.name(),
                list.join(" ")
            );
            ctx.error("Invalid Attribute Value Match", detail, || quoted(v));
        }
    });
}

/// The number is within the inclusive bounds.
pub fn range(value: &Value, min: Option<&Number>, max: Option<&Number>, ctx: &mut Ctx<'_>) {
    ctx.each(value, &mut |ctx, v| {
        if let Value::Number(n) = v {
            let low = min.is_some_and(|m| n < m);
            let high = max.is_some_and(|m| n > m);
            if low || high {
                let bounds = match (min, max) {
                    (Some(a), Some(b)) => format!("between {a} and {b}"),
                    (Some(a), None) => format!("at least {a}"),
                    (None, Some(b)) => format!("at most {b}"),
                    (None, None) => "any number".into(),
                };
                let detail = format!("Attribute {} value must be {bounds}", ctx.name());
                ctx.error("Invalid Attribute Value", detail, || n.to_string());
            }
        }
    });
}

/// The number of elements of a list, set, map or tuple.
pub fn items(value: &Value, min: Option<u64>, max: Option<u64>, ctx: &mut Ctx<'_>) {
    let (n, what) = match value {
        Value::List(_, items) | Value::Tuple(items) => (items.len(), "list"),
        Value::Set(_, items) => (items.len(), "set"),
        Value::Map(_, items) => (items.len(), "map"),
        _ => return,
    };
    let n = n as u64;
    if out_of(n, min, max) {
        let detail = format!(
            "Attribute {} {what} must contain {} elements, got: {n}",
            ctx.name(),
            bounds_text(min, max)
        );
        ctx.diags
            .error(&ctx.path, "Invalid Attribute Value", detail);
    }
}

/// A list's known elements are pairwise distinct.
pub fn unique(value: &Value, ctx: &mut Ctx<'_>) {
    let Value::List(_, items) = value else { return };
    for (i, a) in items.iter().enumerate() {
        if let Some(j) = items[..i].iter().position(|b| b.equals(a) == Some(true)) {
            let detail = format!(
                "Attribute {} elements must be unique; element {i} repeats element {j}",
                ctx.name()
            );
            ctx.error("Duplicate List Value", detail, || quoted(a));
            return;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Type;

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
    fn length_counts_characters_and_skips_unknown_and_null() {
        assert_eq!(
            run(|c| length(&Value::from("héllo"), Some(1), Some(4), c)),
            [".name|Attribute name string length must be between 1 and 4, got: 5"]
        );
        assert!(run(|c| length(&Value::from("héll"), Some(1), Some(4), c)).is_empty());
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
            run(|c| regex(&Value::from("ABC"), &re, "^[a-z]+$", c)),
            [".name|Attribute name value must match the regular expression '^[a-z]+$', got: \"ABC\""]
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
        let out = run(|c| keys(&map, c, &mut |k, c| regex(k, &key_re, "^[a-z_]+$", c)));
        assert_eq!(out.len(), 1);
        assert!(out[0].starts_with(".name[\"Bad Key\"]|"), "{out:?}");
    }

    #[test]
    fn sensitive_values_are_never_echoed() {
        let mut diags = Diagnostics::new();
        let mut ctx = Ctx::new(vec![PathStep::Attr("password".into())], true, &mut diags);
        let re = Regex::new("^[0-9]+$").expect("regex");
        regex(&Value::from("hunter2"), &re, "^[0-9]+$", &mut ctx);
        one_of(&Value::from("hunter2"), &[Value::from("x")], &mut ctx);
        assert_eq!(diags.len(), 2);
        assert!(
            diags.iter().all(|d| !d.detail.contains("hunter2")),
            "{diags:?}"
        );
    }
}
