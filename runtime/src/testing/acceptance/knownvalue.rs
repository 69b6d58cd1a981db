//! Value matchers, as Go's `knownvalue` package: exact strings, numbers and
//! bools, regexes, null and not null, and lists, sets, maps and objects
//! matched exactly, partially or by size. They read a value as Terraform's
//! JSON writes it; the messages follow Go's.

use std::collections::BTreeMap;
use std::fmt;

use regex::Regex;
use serde_json::Value as Json;

/// A matcher of one value; Go's `knownvalue.Check`.
pub trait Check: fmt::Debug + Send + Sync {
    /// `Ok` when `value` matches, else why not.
    fn check_value(&self, value: &Json) -> Result<(), String>;
    /// What it expects, for messages (Go's `String()`).
    fn describe(&self) -> String;
}

/// A boxed [`Check`], as the constructors here return.
pub type BoxCheck = Box<dyn Check>;

#[path = "knownvalue_extra.rs"]
mod extra;

pub use extra::{
    bool_func, float32_exact, float64_func, int32_exact, int64_func, string_func, tuple_exact,
    tuple_partial, tuple_size_exact,
};

#[derive(Debug)]
enum Kind {
    StringExact(String),
    StringRegexp(Result<Regex, String>),
    Int64(i64),
    Float64(f64),
    Number(String),
    Bool(bool),
    Null,
    NotNull,
    ListExact(Vec<BoxCheck>),
    ListPartial(BTreeMap<usize, BoxCheck>),
    ListSize(usize),
    SetExact(Vec<BoxCheck>),
    SetPartial(Vec<BoxCheck>),
    SetSize(usize),
    MapExact(BTreeMap<String, BoxCheck>),
    MapPartial(BTreeMap<String, BoxCheck>),
    MapSize(usize),
    ObjectExact(BTreeMap<String, BoxCheck>),
    ObjectPartial(BTreeMap<String, BoxCheck>),
}

#[derive(Debug)]
struct Known(Kind);

fn boxed(kind: Kind) -> BoxCheck {
    Box::new(Known(kind))
}

/// The string `value` exactly.
pub fn string_exact(value: impl Into<String>) -> BoxCheck {
    boxed(Kind::StringExact(value.into()))
}

/// A string matching the regex `pattern` (a pattern that does not compile
/// fails the check, saying why).
pub fn string_regexp(pattern: &str) -> BoxCheck {
    boxed(Kind::StringRegexp(Regex::new(pattern).map_err(|e| {
        format!("{pattern:?} is not a regex for StringRegexp check: {e}")
    })))
}

/// The whole number `value`.
pub fn int64_exact(value: i64) -> BoxCheck {
    boxed(Kind::Int64(value))
}

/// The number `value` (compared as an `f64`).
pub fn float64_exact(value: f64) -> BoxCheck {
    boxed(Kind::Float64(value))
}

/// A number written exactly as `value` in Terraform's JSON (`"3.14"`):
/// for numbers beyond `f64`, as Go's `NumberExact` with a `big.Float`.
pub fn number_exact(value: impl Into<String>) -> BoxCheck {
    boxed(Kind::Number(value.into()))
}

/// The bool `value`.
pub fn bool_exact(value: bool) -> BoxCheck {
    boxed(Kind::Bool(value))
}

/// Null.
pub fn null() -> BoxCheck {
    boxed(Kind::Null)
}

/// Anything but null.
pub fn not_null() -> BoxCheck {
    boxed(Kind::NotNull)
}

/// A list of exactly these elements, in order.
pub fn list_exact(elements: Vec<BoxCheck>) -> BoxCheck {
    boxed(Kind::ListExact(elements))
}

/// A list whose elements at these indexes match (others are not looked at).
pub fn list_partial(elements: impl IntoIterator<Item = (usize, BoxCheck)>) -> BoxCheck {
    boxed(Kind::ListPartial(elements.into_iter().collect()))
}

/// A list of `size` elements.
pub fn list_size_exact(size: usize) -> BoxCheck {
    boxed(Kind::ListSize(size))
}

/// A set of exactly these elements, in any order.
pub fn set_exact(elements: Vec<BoxCheck>) -> BoxCheck {
    boxed(Kind::SetExact(elements))
}

/// A set holding elements that match these (and maybe others).
pub fn set_partial(elements: Vec<BoxCheck>) -> BoxCheck {
    boxed(Kind::SetPartial(elements))
}

/// A set of `size` elements.
pub fn set_size_exact(size: usize) -> BoxCheck {
    boxed(Kind::SetSize(size))
}

/// A map with exactly these keys, each value matching.
pub fn map_exact(entries: impl IntoIterator<Item = (impl Into<String>, BoxCheck)>) -> BoxCheck {
    boxed(Kind::MapExact(collect(entries)))
}

/// A map holding these keys (and maybe others), each value matching.
pub fn map_partial(entries: impl IntoIterator<Item = (impl Into<String>, BoxCheck)>) -> BoxCheck {
    boxed(Kind::MapPartial(collect(entries)))
}

/// A map of `size` entries.
pub fn map_size_exact(size: usize) -> BoxCheck {
    boxed(Kind::MapSize(size))
}

/// An object with exactly these attributes, each value matching.
pub fn object_exact(
    attributes: impl IntoIterator<Item = (impl Into<String>, BoxCheck)>,
) -> BoxCheck {
    boxed(Kind::ObjectExact(collect(attributes)))
}

/// An object holding these attributes (and maybe others), each matching.
pub fn object_partial(
    attributes: impl IntoIterator<Item = (impl Into<String>, BoxCheck)>,
) -> BoxCheck {
    boxed(Kind::ObjectPartial(collect(attributes)))
}

fn collect(
    entries: impl IntoIterator<Item = (impl Into<String>, BoxCheck)>,
) -> BTreeMap<String, BoxCheck> {
    entries.into_iter().map(|(k, v)| (k.into(), v)).collect()
}

/// The Go type name a value would have in terraform-json, for messages.
pub(crate) fn go_type(value: &Json) -> &'static str {
    match value {
        Json::Null => "<nil>",
        Json::Bool(_) => "bool",
        Json::Number(_) => "json.Number",
        Json::String(_) => "string",
        Json::Array(_) => "[]interface {}",
        Json::Object(_) => "map[string]interface {}",
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Go's text for an array of another length than a check wants.
pub(super) fn sizes(name: &str, want: usize, got: usize) -> String {
    format!(
        "expected {} for {name} check, got {}",
        plural(want, "element", "elements"),
        plural(got, "element", "elements")
    )
}

/// Each check against the element at its position, the lengths equal (Go's
/// `ListExact` and `TupleExact`); `what` (`list`, `tuple`) names the
/// elements in a failure.
pub(super) fn exact_elements(
    name: &str,
    what: &str,
    checks: &[BoxCheck],
    items: &[Json],
) -> Result<(), String> {
    if checks.len() != items.len() {
        return Err(sizes(name, checks.len(), items.len()));
    }
    for (i, (check, item)) in checks.iter().zip(items).enumerate() {
        check
            .check_value(item)
            .map_err(|e| format!("{what} element index {i}: {e}"))?;
    }
    Ok(())
}

/// Each check against the element at its index, the others unchecked (Go's
/// `ListPartial` and `TuplePartial`).
pub(super) fn partial_elements(
    name: &str,
    what: &str,
    checks: &BTreeMap<usize, BoxCheck>,
    items: &[Json],
) -> Result<(), String> {
    for (i, check) in checks {
        let item = items
            .get(*i)
            .ok_or_else(|| format!("missing element index {i} for {name} check"))?;
        check
            .check_value(item)
            .map_err(|e| format!("{what} element {i}: {e}"))?;
    }
    Ok(())
}

impl Check for Known {
    fn check_value(&self, value: &Json) -> Result<(), String> {
        let name = self.name();
        match (&self.0, value) {
            (Kind::Null, Json::Null) => Ok(()),
            (Kind::Null, other) => Err(format!(
                "expected value nil for Null check, got: {}",
                go_type(other)
            )),
            (Kind::NotNull, Json::Null) => {
                Err("expected non-nil value for NotNull check, got nil".to_owned())
            }
            (Kind::NotNull, _) => Ok(()),
            (Kind::StringExact(want), Json::String(got)) => {
                if want == got {
                    Ok(())
                } else {
                    Err(format!(
                        "expected value {want} for StringExact check, got: {got}"
                    ))
                }
            }
            (Kind::StringRegexp(Err(e)), _) => Err(e.clone()),
            (Kind::StringRegexp(Ok(re)), Json::String(got)) => {
                if re.is_match(got) {
                    Ok(())
                } else {
                    Err(format!(
                        "expected regex match {re} for StringRegexp check, got: {got}"
                    ))
                }
            }
            (Kind::Bool(want), Json::Bool(got)) => {
                if want == got {
                    Ok(())
                } else {
                    Err(format!("expected value {want} for Bool check, got: {got}"))
                }
            }
            (Kind::Int64(want), Json::Number(got)) => match got.as_i64() {
                Some(n) if n == *want => Ok(()),
                _ => Err(format!(
                    "expected value {want} for Int64Exact check, got: {got}"
                )),
            },
            (Kind::Float64(want), Json::Number(got)) => match got.as_f64() {
                Some(n) if n == *want => Ok(()),
                _ => Err(format!(
                    "expected value {want} for Float64Exact check, got: {got}"
                )),
            },
            (Kind::Number(want), Json::Number(got)) => {
                if same_number(want, &got.to_string()) {
                    Ok(())
                } else {
                    Err(format!(
                        "expected value {want} for NumberExact check, got: {got}"
                    ))
                }
            }
            (Kind::ListExact(_) | Kind::ListPartial(_) | Kind::ListSize(_), Json::Array(items)) => {
                self.check_list(items)
            }
            (Kind::SetExact(_) | Kind::SetPartial(_) | Kind::SetSize(_), Json::Array(items)) => {
                self.check_set(items)
            }
            (
                Kind::MapExact(_)
                | Kind::MapPartial(_)
                | Kind::MapSize(_)
                | Kind::ObjectExact(_)
                | Kind::ObjectPartial(_),
                Json::Object(map),
            ) => self.check_map(map),
            (_, other) => Err(format!(
                "expected {} value for {name} check, got: {}",
                self.wants(),
                go_type(other)
            )),
        }
    }

    fn describe(&self) -> String {
        match &self.0 {
            Kind::StringExact(s) | Kind::Number(s) => s.clone(),
            Kind::StringRegexp(Ok(re)) => re.to_string(),
            Kind::StringRegexp(Err(e)) => e.clone(),
            Kind::Int64(n) => n.to_string(),
            Kind::Float64(n) => n.to_string(),
            Kind::Bool(b) => b.to_string(),
            Kind::Null => "null".to_owned(),
            Kind::NotNull => "not-null".to_owned(),
            Kind::ListSize(n) | Kind::SetSize(n) | Kind::MapSize(n) => n.to_string(),
            Kind::ListExact(items) | Kind::SetExact(items) | Kind::SetPartial(items) => {
                let inner: Vec<String> = items.iter().map(|c| c.describe()).collect();
                format!("[{}]", inner.join(" "))
            }
            Kind::ListPartial(items) => {
                let inner: Vec<String> = items
                    .iter()
                    .map(|(i, c)| format!("{i}:{}", c.describe()))
                    .collect();
                format!("[{}]", inner.join(" "))
            }
            Kind::MapExact(m)
            | Kind::MapPartial(m)
            | Kind::ObjectExact(m)
            | Kind::ObjectPartial(m) => {
                let inner: Vec<String> = m
                    .iter()
                    .map(|(k, c)| format!("{k}:{}", c.describe()))
                    .collect();
                format!("map[{}]", inner.join(" "))
            }
        }
    }
}

/// Whether two decimal numbers are equal, compared as decimals (so that
/// `1.50` equals `1.5` and digits beyond `f64` count).
fn same_number(a: &str, b: &str) -> bool {
    match (parse_decimal(a), parse_decimal(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// A decimal as (negative, digits without leading or trailing zeros,
/// exponent of the first digit).
fn parse_decimal(s: &str) -> Option<(bool, String, i64)> {
    let (neg, s) = s.strip_prefix('-').map_or((false, s), |r| (true, r));
    let (mantissa, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], s[i + 1..].parse::<i64>().ok()?),
        None => (s, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int.is_empty() && frac.is_empty()
        || !int.chars().chain(frac.chars()).all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let digits = format!("{int}{frac}");
    let lead = digits.len() - digits.trim_start_matches('0').len();
    let trimmed = digits.trim_matches('0').to_owned();
    if trimmed.is_empty() {
        return Some((false, String::new(), 0));
    }
    let point = i64::try_from(int.len()).ok()? - i64::try_from(lead).ok()? + exp;
    Some((neg, trimmed, point))
}

impl Known {
    fn name(&self) -> &'static str {
        match &self.0 {
            Kind::StringExact(_) => "StringExact",
            Kind::StringRegexp(_) => "StringRegexp",
            Kind::Int64(_) => "Int64Exact",
            Kind::Float64(_) => "Float64Exact",
            Kind::Number(_) => "NumberExact",
            Kind::Bool(_) => "Bool",
            Kind::Null => "Null",
            Kind::NotNull => "NotNull",
            Kind::ListExact(_) => "ListExact",
            Kind::ListPartial(_) => "ListPartial",
            Kind::ListSize(_) => "ListSizeExact",
            Kind::SetExact(_) => "SetExact",
            Kind::SetPartial(_) => "SetPartial",
            Kind::SetSize(_) => "SetSizeExact",
            Kind::MapExact(_) => "MapExact",
            Kind::MapPartial(_) => "MapPartial",
            Kind::MapSize(_) => "MapSizeExact",
            Kind::ObjectExact(_) => "ObjectExact",
            Kind::ObjectPartial(_) => "ObjectPartial",
        }
    }

    fn wants(&self) -> &'static str {
        match &self.0 {
            Kind::StringExact(_) | Kind::StringRegexp(_) => "string",
            Kind::Int64(_) | Kind::Float64(_) | Kind::Number(_) => "json.Number",
            Kind::Bool(_) => "bool",
            Kind::ListExact(_)
            | Kind::ListPartial(_)
            | Kind::ListSize(_)
            | Kind::SetExact(_)
            | Kind::SetPartial(_)
            | Kind::SetSize(_) => "[]any",
            _ => "map[string]any",
        }
    }

    fn check_list(&self, items: &[Json]) -> Result<(), String> {
        let name = self.name();
        match &self.0 {
            Kind::ListSize(n) if items.len() != *n => Err(sizes(name, *n, items.len())),
            Kind::ListExact(checks) => exact_elements(name, "list", checks, items),
            Kind::ListPartial(checks) => partial_elements(name, "list", checks, items),
            _ => Ok(()),
        }
    }

    fn check_set(&self, items: &[Json]) -> Result<(), String> {
        let name = self.name();
        let checks = match &self.0 {
            Kind::SetSize(n) if items.len() != *n => {
                return Err(format!(
                    "expected {} for {name} check, got {}",
                    plural(*n, "element", "elements"),
                    plural(items.len(), "element", "elements")
                ))
            }
            Kind::SetExact(checks) => {
                if checks.len() != items.len() {
                    return Err(format!(
                        "expected {} for {name} check, got {}",
                        plural(checks.len(), "element", "elements"),
                        plural(items.len(), "element", "elements")
                    ));
                }
                checks
            }
            Kind::SetPartial(checks) => checks,
            _ => return Ok(()),
        };
        // Each expected element takes the first unclaimed actual element it
        // matches, as Go's set checks do.
        let mut claimed = vec![false; items.len()];
        for check in checks {
            let found = items
                .iter()
                .enumerate()
                .find(|(i, item)| !claimed[*i] && check.check_value(item).is_ok());
            match found {
                Some((i, _)) => claimed[i] = true,
                None => {
                    return Err(format!(
                        "missing value {} for {name} check",
                        check.describe()
                    ))
                }
            }
        }
        Ok(())
    }

    fn check_map(&self, map: &serde_json::Map<String, Json>) -> Result<(), String> {
        let name = self.name();
        let (what, whats) = match &self.0 {
            Kind::ObjectExact(_) | Kind::ObjectPartial(_) => ("attribute", "attributes"),
            _ => ("element", "elements"),
        };
        let (checks, exact) = match &self.0 {
            Kind::MapSize(n) if map.len() != *n => {
                return Err(format!(
                    "expected {} for {name} check, got {}",
                    plural(*n, what, whats),
                    plural(map.len(), what, whats)
                ))
            }
            Kind::MapExact(c) | Kind::ObjectExact(c) => (c, true),
            Kind::MapPartial(c) | Kind::ObjectPartial(c) => (c, false),
            _ => return Ok(()),
        };
        if exact && checks.len() != map.len() {
            return Err(format!(
                "expected {} for {name} check, got {}",
                plural(checks.len(), what, whats),
                plural(map.len(), what, whats)
            ));
        }
        for (key, check) in checks {
            let value = map
                .get(key)
                .ok_or_else(|| format!("missing {what} {key} for {name} check"))?;
            check.check_value(value).map_err(|e| {
                format!(
                    "{key} {} {what}: {e}",
                    if what == "element" { "map" } else { "object" }
                )
            })?;
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn scalars() {
        assert!(string_exact("a").check_value(&json!("a")).is_ok());
        assert_eq!(
            string_exact("a").check_value(&json!("b")).unwrap_err(),
            "expected value a for StringExact check, got: b"
        );
        assert_eq!(
            string_exact("a").check_value(&json!(1)).unwrap_err(),
            "expected string value for StringExact check, got: json.Number"
        );
        assert!(int64_exact(3).check_value(&json!(3)).is_ok());
        assert!(int64_exact(3).check_value(&json!(4)).is_err());
        assert!(bool_exact(true).check_value(&json!(false)).is_err());
        assert!(null().check_value(&json!(null)).is_ok());
        assert!(null().check_value(&json!("x")).is_err());
        assert!(not_null().check_value(&json!(null)).is_err());
        assert!(string_regexp("^a+$").check_value(&json!("aaa")).is_ok());
        assert!(string_regexp("^a+$").check_value(&json!("ab")).is_err());
        assert!(string_regexp("(")
            .check_value(&json!("("))
            .unwrap_err()
            .contains("is not a regex"));
        assert!(float64_exact(1.5).check_value(&json!(1.5)).is_ok());
    }

    #[test]
    fn numbers_compare_as_decimals() {
        assert!(same_number("1.50", "1.5"));
        assert!(same_number("150e-2", "1.5"));
        assert!(same_number("0.0", "0"));
        assert!(!same_number("1.5", "15"));
        assert!(!same_number("-1", "1"));
        assert!(same_number(
            "12345678901234567890.5",
            "12345678901234567890.50"
        ));
        assert!(!same_number(
            "12345678901234567890.5",
            "12345678901234567890.6"
        ));
    }

    #[test]
    fn collections() {
        let list = json!(["a", "b"]);
        assert!(list_exact(vec![string_exact("a"), string_exact("b")])
            .check_value(&list)
            .is_ok());
        assert_eq!(
            list_exact(vec![string_exact("b"), string_exact("a")])
                .check_value(&list)
                .unwrap_err(),
            "list element index 0: expected value b for StringExact check, got: a"
        );
        assert!(list_exact(vec![string_exact("a")])
            .check_value(&list)
            .is_err());
        assert!(list_partial([(1, string_exact("b"))])
            .check_value(&list)
            .is_ok());
        assert!(list_partial([(2, string_exact("b"))])
            .check_value(&list)
            .is_err());
        assert!(list_size_exact(2).check_value(&list).is_ok());
        assert!(list_size_exact(1).check_value(&list).is_err());
        assert!(set_exact(vec![string_exact("b"), string_exact("a")])
            .check_value(&list)
            .is_ok());
        assert!(set_exact(vec![string_exact("a"), string_exact("a")])
            .check_value(&list)
            .is_err());
        assert!(set_partial(vec![string_exact("b")])
            .check_value(&list)
            .is_ok());
        assert!(set_partial(vec![string_exact("c")])
            .check_value(&list)
            .is_err());
        assert!(set_size_exact(3).check_value(&list).is_err());

        let map = json!({"env": "prod", "team": "a"});
        assert!(
            map_exact([("env", string_exact("prod")), ("team", string_exact("a"))])
                .check_value(&map)
                .is_ok()
        );
        assert!(map_exact([("env", string_exact("prod"))])
            .check_value(&map)
            .is_err());
        assert!(map_partial([("env", string_exact("prod"))])
            .check_value(&map)
            .is_ok());
        assert!(map_partial([("env", string_exact("dev"))])
            .check_value(&map)
            .is_err());
        assert!(map_partial([("x", not_null())]).check_value(&map).is_err());
        assert!(map_size_exact(2).check_value(&map).is_ok());
        assert!(object_exact([("env", string_exact("prod"))])
            .check_value(&map)
            .is_err());
        assert!(object_partial([("team", string_exact("a"))])
            .check_value(&map)
            .is_ok());
        assert!(list_size_exact(2).check_value(&map).is_err());
    }
}
