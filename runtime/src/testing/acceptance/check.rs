//! Go's `resource.TestCheckFunc` helpers for a step's `check`, over the
//! flatmap view of Go's `rs.Primary.Attributes` ([`flatmap`]: `tags.#`,
//! `tags.0`, `attributes.%`, `location.0.warehouse`), for ports of tests
//! written with `TestCheckResourceAttr` and friends. Their messages are
//! Go's. New tests read better with [`statecheck`](super::statecheck).

use std::collections::BTreeMap;

use regex::Regex;
use serde_json::Value as Json;

use super::case::CheckFn;
use super::gofmt;
use super::json::State;

pub use super::flatmap::{flatmap, InstanceState};

/// The flatmap attributes of the instance `name` (Go's
/// `primaryInstanceState`).
fn attributes(state: &State, name: &str) -> Result<BTreeMap<String, String>, String> {
    let resource = state
        .resource(name)
        .ok_or_else(|| format!("Not found: {name} in [root]"))?;
    Ok(flatmap(&resource.values))
}

/// Go's `indexesIntoTypeSet`: a key part above 100 is most likely a set
/// element's hash from SDKv1 days.
fn indexes_into_type_set(key: &str) -> bool {
    key.split('.')
        .any(|part| part.parse::<i64>().is_ok_and(|i| i > 100))
}

/// Go's `checkIfIndexesIntoTypeSet`: a failure of a key that looks like a
/// set hash says so.
fn set_hint(key: String, f: impl Fn(&State) -> Result<(), String> + 'static) -> CheckFn {
    Box::new(move |state| {
        f(state).map_err(|e| {
            if indexes_into_type_set(&key) {
                format!("Error in test check: {e}\nTest check address {} likely indexes into TypeSet\nThis is currently not possible in the SDK", gofmt::q(&key))
            } else {
                e
            }
        })
    })
}

/// Go's hint when `key` names a whole list, set or map rather than its
/// size or elements; `None` when it names none.
fn collection_hint(attrs: &BTreeMap<String, String>, name: &str, key: &str) -> Option<String> {
    if attrs.contains_key(&format!("{key}.#")) {
        return Some(format!(
            "{name}: list or set attribute '{key}' must be checked by element count key ({key}.#) or element value keys (e.g. {key}.0). Set element value checks should use TestCheckTypeSet functions instead."
        ));
    }
    if attrs.contains_key(&format!("{key}.%")) {
        return Some(format!(
            "{name}: map attribute '{key}' must be checked by element count key ({key}.%) or element value keys (e.g. {key}.examplekey)."
        ));
    }
    None
}

fn is_size_key(key: &str) -> bool {
    key.ends_with(".#") || key.ends_with(".%")
}

fn compile(pattern: &str) -> Result<Regex, String> {
    Regex::new(pattern).map_err(|e| format!("{} is not a regex: {e}", gofmt::q(pattern)))
}

/// The attribute `key` of `name` is `value` (Go's `TestCheckResourceAttr`;
/// `"0"` for a size key `x.#` or `x.%` also matches an absent one).
pub fn resource_attr(
    name: impl Into<String>,
    key: impl Into<String>,
    value: impl Into<String>,
) -> CheckFn {
    let (name, key, value) = (name.into(), key.into(), value.into());
    set_hint(key.clone(), move |state| {
        let attrs = attributes(state, &name)?;
        match attrs.get(&key) {
            Some(got) if *got == value => Ok(()),
            Some(got) => Err(format!(
                "{name}: Attribute '{key}' expected {}, got {}",
                gofmt::q(&value),
                gofmt::q(got)
            )),
            None if value == "0" && is_size_key(&key) => Ok(()),
            None => Err(collection_hint(&attrs, &name, &key)
                .unwrap_or_else(|| format!("{name}: Attribute '{key}' not found"))),
        }
    })
}

fn attr_set(attrs: &BTreeMap<String, String>, name: &str, key: &str) -> Result<(), String> {
    match attrs.get(key) {
        Some(v) if !v.is_empty() => Ok(()),
        _ => Err(collection_hint(attrs, name, key)
            .unwrap_or_else(|| format!("{name}: Attribute '{key}' expected to be set"))),
    }
}

/// The attribute `key` of `name` has a non-empty value (Go's
/// `TestCheckResourceAttrSet`).
pub fn resource_attr_set(name: impl Into<String>, key: impl Into<String>) -> CheckFn {
    let (name, key) = (name.into(), key.into());
    set_hint(key.clone(), move |state| {
        attr_set(&attributes(state, &name)?, &name, &key)
    })
}

/// The attribute `key` of `name` is set and `f` accepts its value (Go's
/// `TestCheckResourceAttrWith`; `f`'s error is wrapped as Go wraps it).
pub fn resource_attr_with(
    name: impl Into<String>,
    key: impl Into<String>,
    f: impl Fn(&str) -> Result<(), String> + 'static,
) -> CheckFn {
    let (name, key) = (name.into(), key.into());
    set_hint(key.clone(), move |state| {
        let attrs = attributes(state, &name)?;
        attr_set(&attrs, &name, &key)?;
        let value = attrs.get(&key).map(String::as_str).unwrap_or_default();
        f(value).map_err(|e| format!("{name}: Attribute {} value: {e}", gofmt::q(&key)))
    })
}

/// The attribute `key` of `name` has no value (Go's
/// `TestCheckNoResourceAttr`; a size key `x.#` or `x.%` of `"0"` counts as
/// none).
pub fn no_resource_attr(name: impl Into<String>, key: impl Into<String>) -> CheckFn {
    let (name, key) = (name.into(), key.into());
    set_hint(key.clone(), move |state| {
        let attrs = attributes(state, &name)?;
        match attrs.get(&key) {
            Some(v) if v == "0" && is_size_key(&key) => Ok(()),
            Some(_) => Err(format!("{name}: Attribute '{key}' found when not expected")),
            None => collection_hint(&attrs, &name, &key).map_or(Ok(()), Err),
        }
    })
}

/// The attribute `key` of `name` matches the regex `pattern` (Go's
/// `TestMatchResourceAttr`; an absent attribute is matched as `""`, as in
/// Go).
pub fn match_resource_attr(
    name: impl Into<String>,
    key: impl Into<String>,
    pattern: &str,
) -> CheckFn {
    let (name, key) = (name.into(), key.into());
    let regex = compile(pattern);
    set_hint(key.clone(), move |state| {
        let regex = regex.as_ref().map_err(Clone::clone)?;
        let attrs = attributes(state, &name)?;
        let got = attrs.get(&key).map(String::as_str).unwrap_or_default();
        if regex.is_match(got) {
            Ok(())
        } else {
            Err(format!(
                "{name}: Attribute '{key}' didn't match {}, got {}",
                gofmt::q(regex.as_str()),
                gofmt::q(got)
            ))
        }
    })
}

/// The attribute `key_first` of `name_first` equals `key_second` of
/// `name_second`, both unset counting as equal (Go's
/// `TestCheckResourceAttrPair`).
pub fn resource_attr_pair(
    name_first: impl Into<String>,
    key_first: impl Into<String>,
    name_second: impl Into<String>,
    key_second: impl Into<String>,
) -> CheckFn {
    let (n1, k1, n2, k2) = (
        name_first.into(),
        key_first.into(),
        name_second.into(),
        key_second.into(),
    );
    let (hint1, hint2) = (k1.clone(), k2.clone());
    let check = move |state: &State| {
        let first = attributes(state, &n1)?;
        let second = attributes(state, &n2)?;
        pair(&first, &n1, &k1, &second, &n2, &k2)
    };
    Box::new(move |state| {
        check(state).map_err(|e| {
            if indexes_into_type_set(&hint1) || indexes_into_type_set(&hint2) {
                format!(
                    "Error in test check: {e}\nTest check address {} or {} likely indexes into TypeSet\nThis is currently not possible in the SDK",
                    gofmt::q(&hint1),
                    gofmt::q(&hint2)
                )
            } else {
                e
            }
        })
    })
}

/// Go's `testCheckResourceAttrPair`.
fn pair(
    first: &BTreeMap<String, String>,
    n1: &str,
    k1: &str,
    second: &BTreeMap<String, String>,
    n2: &str,
    k2: &str,
) -> Result<(), String> {
    if n1 == n2 && k1 == k2 {
        return Err(format!("comparing self: resource {n1} attribute {k1}"));
    }
    let v1 = first.get(k1).cloned().unwrap_or_default();
    let v2 = second.get(k2).cloned().unwrap_or_default();
    let (mut ok1, mut ok2) = (first.contains_key(k1), second.contains_key(k2));
    // Two size keys of the same kind: an empty collection is an unset one.
    let same_suffix = k1.len() > 2 && k2.len() > 2 && k1[k1.len() - 2..] == k2[k2.len() - 2..];
    if same_suffix && is_size_key(k1) {
        ok1 = ok1 && v1 != "0" && !v1.is_empty();
        ok2 = ok2 && v2 != "0" && !v2.is_empty();
    }
    let q = gofmt::q;
    match (ok1, ok2) {
        (false, true) => Err(format!(
            "{n1}: Attribute {} not set, but {} is set in {n2} as {}",
            q(k1),
            q(k2),
            q(&v2)
        )),
        (true, false) => Err(format!(
            "{n1}: Attribute {} is {}, but {} is not set in {n2}",
            q(k1),
            q(&v1),
            q(k2)
        )),
        (false, false) => Ok(()),
        (true, true) if v1 != v2 => Err(format!(
            "{n1}: Attribute '{k1}' expected {}, got {}",
            q(&v2),
            q(&v1)
        )),
        (true, true) => Ok(()),
    }
}

/// A root output as Go's state shim holds it: its `Type` and `Value`
/// (numbers and bools become strings, as Go's `shimOutputState` makes them).
fn shimmed_output(state: &State, name: &str) -> Result<(&'static str, Json, bool), String> {
    let output = state
        .values
        .as_ref()
        .and_then(|v| v.outputs.get(name))
        .ok_or_else(|| format!("Not found: {name}"))?;
    let (kind, value) = match &output.value {
        Json::String(s) => ("string", Json::String(s.clone())),
        Json::Bool(b) => ("string", Json::String(b.to_string())),
        Json::Number(n) => ("string", Json::String(n.to_string())),
        Json::Array(items) => ("list", Json::Array(items.clone())),
        Json::Object(map) => ("map", Json::Object(map.clone())),
        Json::Null => return Err("unexpected output type: <nil>".to_owned()),
    };
    Ok((kind, value, output.sensitive))
}

/// Go's `%#v` of the `*terraform.OutputState` (Go 1.24 and later print
/// its mutex this way).
fn output_state_text(kind: &str, value: &Json, sensitive: bool) -> String {
    format!(
        "&terraform.OutputState{{Sensitive:{sensitive}, Type:{}, Value:{}, mu:sync.Mutex{{_:sync.noCopy{{}}, mu:sync.Mutex{{state:0, sema:0x0}}}}}}",
        gofmt::q(kind),
        gofmt::sharp_v(value)
    )
}

/// The root output `name` is the string `value` (Go's `TestCheckOutput`;
/// a number or bool output compares as its text, as Go's state shim
/// makes it).
pub fn output(name: impl Into<String>, value: impl Into<String>) -> CheckFn {
    let (name, value) = (name.into(), value.into());
    Box::new(move |state| {
        let (kind, got, sensitive) = shimmed_output(state, &name)?;
        if got.as_str() == Some(value.as_str()) {
            Ok(())
        } else {
            Err(format!(
                "Output '{name}': expected {}, got {}",
                gofmt::q(&value),
                output_state_text(kind, &got, sensitive)
            ))
        }
    })
}

/// The root output `name` is a string matching the regex `pattern` (Go's
/// `TestMatchOutput`).
pub fn match_output(name: impl Into<String>, pattern: &str) -> CheckFn {
    let name = name.into();
    let regex = compile(pattern);
    Box::new(move |state| {
        let regex = regex.as_ref().map_err(Clone::clone)?;
        let (kind, got, sensitive) = shimmed_output(state, &name)?;
        let text = match &got {
            Json::String(s) => s,
            Json::Array(_) => {
                return Err("unexpected type []interface {} for resource value".to_owned())
            }
            _ => {
                return Err("unexpected type map[string]interface {} for resource value".to_owned())
            }
        };
        if regex.is_match(text) {
            Ok(())
        } else {
            Err(format!(
                "Output '{name}': {} didn't match {}",
                output_state_text(kind, &got, sensitive),
                gofmt::q(regex.as_str())
            ))
        }
    })
}

/// Whether the state key `key` matches the pattern parts `attr` (`*`
/// matching any one part) exactly.
fn matches_parts(attr: &[&str], key: &str) -> bool {
    let parts: Vec<&str> = key.split('.').collect();
    parts.len() == attr.len() && attr.iter().zip(&parts).all(|(a, p)| a == p || *a == "*")
}

fn sentinel(attr: &str) -> Result<Vec<&str>, String> {
    let parts: Vec<&str> = attr.split('.').collect();
    if parts.last() == Some(&"*") {
        Ok(parts)
    } else {
        Err(format!(
            "{} does not end with the special value \"*\"",
            gofmt::q(attr)
        ))
    }
}

/// An element of the set at `attr` (a flatmap key ending in `*`, such as
/// `tags.*` or `rule.*.ports.*`) is `value` (Go's
/// `TestCheckTypeSetElemAttr`).
pub fn type_set_elem_attr(
    name: impl Into<String>,
    attr: impl Into<String>,
    value: impl Into<String>,
) -> CheckFn {
    let (name, attr, value) = (name.into(), attr.into(), value.into());
    Box::new(move |state| {
        let attrs = attributes(state, &name)?;
        let found = sentinel(&attr).map(|parts| {
            attrs
                .iter()
                .any(|(k, v)| *v == value && matches_parts(&parts, k))
        });
        match found {
            Ok(true) => Ok(()),
            Ok(false) => Err(format!(
                "{} error: no TypeSet element {}, with value {} in state: {}",
                gofmt::q(&name),
                gofmt::q(&attr),
                gofmt::q(&value),
                gofmt::sharp_v_strings(&attrs)
            )),
            Err(e) => Err(format!("{} error: {e}", gofmt::q(&name))),
        }
    })
}

/// An element of the set at `key_first` (with `*` for the element) of
/// `name_first` equals the attribute `key_second` of `name_second` (Go's
/// `TestCheckTypeSetElemAttrPair`).
pub fn type_set_elem_attr_pair(
    name_first: impl Into<String>,
    key_first: impl Into<String>,
    name_second: impl Into<String>,
    key_second: impl Into<String>,
) -> CheckFn {
    let (n1, k1, n2, k2) = (
        name_first.into(),
        key_first.into(),
        name_second.into(),
        key_second.into(),
    );
    Box::new(move |state| {
        let first = attributes(state, &n1)?;
        let second = attributes(state, &n2)?;
        let value = second.get(&k2).ok_or_else(|| {
            format!(
                "{n2}: Attribute {} not set, cannot be checked against TypeSet",
                gofmt::q(&k2)
            )
        })?;
        let parts: Vec<&str> = k1.split('.').collect();
        if first
            .iter()
            .any(|(k, v)| v == value && matches_parts(&parts, k))
        {
            Ok(())
        } else {
            Err(format!(
                "no TypeSet element {}, with value {} in state: {}",
                gofmt::q(&k1),
                gofmt::q(value),
                gofmt::sharp_v_strings(&first)
            ))
        }
    })
}

/// Go's `testCheckTypeSetElemNestedAttrsInState`: some element under
/// `attr` has every one of the `wanted` nested attributes, each accepted
/// by `accept`.
fn nested_match<T>(
    attrs: &BTreeMap<String, String>,
    parts: &[&str],
    wanted: &BTreeMap<String, T>,
    count: usize,
    accept: impl Fn(&T, &str) -> bool,
) -> bool {
    let mut matches: BTreeMap<&str, usize> = BTreeMap::new();
    for (key, value) in attrs {
        let key_parts: Vec<&str> = key.split('.').collect();
        if key_parts.len() < 3 || parts.len() > key_parts.len() {
            continue;
        }
        if !parts
            .iter()
            .zip(&key_parts)
            .all(|(a, k)| a == k || *a == "*")
        {
            continue;
        }
        let id = key_parts[parts.len() - 1];
        let nested = key_parts[parts.len()..].join(".");
        if wanted.get(&nested).is_some_and(|w| accept(w, value)) {
            let n = matches.entry(id).or_default();
            *n += 1;
            if *n == count {
                return true;
            }
        }
    }
    false
}

/// An element of the set of objects at `attr` (ending in `*`) has these
/// nested attributes with these values (Go's
/// `TestCheckTypeSetElemNestedAttrs`; empty values are not looked at).
pub fn type_set_elem_nested_attrs(
    name: impl Into<String>,
    attr: impl Into<String>,
    values: impl IntoIterator<Item = (impl Into<String>, impl Into<String>)>,
) -> CheckFn {
    let (name, attr) = (name.into(), attr.into());
    let values: BTreeMap<String, String> = values
        .into_iter()
        .map(|(k, v)| (k.into(), v.into()))
        .collect();
    Box::new(move |state| {
        let attrs = attributes(state, &name)?;
        let parts = sentinel(&attr)?;
        let count = values.values().filter(|v| !v.is_empty()).count();
        if count == 0 {
            return Err(format!(
                "{} has no non-empty values",
                gofmt::sharp_v_strings(&values)
            ));
        }
        if nested_match(&attrs, &parts, &values, count, |w, v| w == v) {
            return Ok(());
        }
        Err(format!(
            "{} no TypeSet element {}, with nested attrs {} in state: {}",
            gofmt::q(&name),
            gofmt::q(&attr),
            gofmt::sharp_v_strings(&values),
            gofmt::sharp_v_strings(&attrs)
        ))
    })
}

/// As [`type_set_elem_nested_attrs`], each nested attribute matching a
/// regex (Go's `TestMatchTypeSetElemNestedAttrs`).
pub fn match_type_set_elem_nested_attrs(
    name: impl Into<String>,
    attr: impl Into<String>,
    patterns: impl IntoIterator<Item = (impl Into<String>, impl AsRef<str>)>,
) -> CheckFn {
    let (name, attr) = (name.into(), attr.into());
    let patterns: Result<BTreeMap<String, Regex>, String> = patterns
        .into_iter()
        .map(|(k, p)| compile(p.as_ref()).map(|r| (k.into(), r)))
        .collect();
    Box::new(move |state| {
        let patterns = patterns.as_ref().map_err(Clone::clone)?;
        let attrs = attributes(state, &name)?;
        let parts = sentinel(&attr)?;
        if patterns.is_empty() {
            return Err("map[string]*regexp.Regexp{} has no non-empty values".to_owned());
        }
        if nested_match(&attrs, &parts, patterns, patterns.len(), |r, v| {
            r.is_match(v)
        }) {
            return Ok(());
        }
        Err(format!(
            "{} no TypeSet element {}, with the regex provided, match in state: {}",
            gofmt::q(&name),
            gofmt::q(&attr),
            gofmt::sharp_v_strings(&attrs)
        ))
    })
}

/// Runs `checks` in order and stops at the first failure (Go's
/// `ComposeTestCheckFunc`).
pub fn compose(checks: Vec<CheckFn>) -> CheckFn {
    Box::new(move |state: &State| {
        let total = checks.len();
        for (i, check) in checks.iter().enumerate() {
            check(state).map_err(|e| format!("Check {}/{total} error: {e}", i + 1))?;
        }
        Ok(())
    })
}

/// Runs every one of `checks` and reports all failures (Go's
/// `ComposeAggregateTestCheckFunc`).
pub fn compose_aggregate(checks: Vec<CheckFn>) -> CheckFn {
    Box::new(move |state: &State| {
        let total = checks.len();
        let errors: Vec<String> = checks
            .iter()
            .enumerate()
            .filter_map(|(i, check)| {
                check(state)
                    .err()
                    .map(|e| format!("Check {}/{total} error: {e}", i + 1))
            })
            .collect();
        super::failures::joined(errors)
    })
}

#[cfg(test)]
#[path = "check_tests.rs"]
mod tests;
