//! Go's `resource.TestCheckFunc` helpers for a step's `check`, over the
//! SDK's flatmap keys (`tags.#`, `tags.0`, `attributes.%`,
//! `location.0.warehouse`), for ports of tests written with
//! `TestCheckResourceAttr` and friends. Their messages are Go's. New tests
//! read better with [`statecheck`](super::statecheck).

use super::case::CheckFn;
use super::import::flatmap;
use super::json::State;

fn attributes(
    state: &State,
    name: &str,
) -> Result<std::collections::BTreeMap<String, String>, String> {
    let resource = state
        .resource(name)
        .ok_or_else(|| format!("Not found: {name} in [root]"))?;
    Ok(flatmap(&resource.values))
}

/// The attribute `key` of `name` is `value` (Go's `TestCheckResourceAttr`;
/// `"0"` for a size key `x.#` or `x.%` also matches an absent one).
pub fn resource_attr(
    name: impl Into<String>,
    key: impl Into<String>,
    value: impl Into<String>,
) -> CheckFn {
    let (name, key, value) = (name.into(), key.into(), value.into());
    Box::new(move |state| {
        let attrs = attributes(state, &name)?;
        match attrs.get(&key) {
            Some(got) if *got == value => Ok(()),
            Some(got) => Err(format!(
                "{name}: Attribute '{key}' expected {value:?}, got {got:?}"
            )),
            None if value == "0" && (key.ends_with(".#") || key.ends_with(".%")) => Ok(()),
            None => Err(format!("{name}: Attribute '{key}' not found")),
        }
    })
}

/// The attribute `key` of `name` has a value (Go's
/// `TestCheckResourceAttrSet`).
pub fn resource_attr_set(name: impl Into<String>, key: impl Into<String>) -> CheckFn {
    let (name, key) = (name.into(), key.into());
    Box::new(move |state| match attributes(state, &name)?.get(&key) {
        Some(v) if !v.is_empty() => Ok(()),
        _ => Err(format!("{name}: Attribute '{key}' expected to be set")),
    })
}

/// The attribute `key` of `name` has no value (Go's
/// `TestCheckNoResourceAttr`).
pub fn no_resource_attr(name: impl Into<String>, key: impl Into<String>) -> CheckFn {
    let (name, key) = (name.into(), key.into());
    Box::new(move |state| {
        let attrs = attributes(state, &name)?;
        let empty_size = (key.ends_with(".#") || key.ends_with(".%"))
            && attrs.get(&key).is_some_and(|v| v == "0");
        if attrs.contains_key(&key) && !empty_size {
            Err(format!("{name}: Attribute '{key}' found when not expected"))
        } else {
            Ok(())
        }
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
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::testing::acceptance::json::parse_state;

    /// The shape of `terraform show -json` of a state (values trimmed).
    fn state() -> State {
        parse_state(
            br#"{"format_version":"1.0","values":{"root_module":{"resources":[{"address":"inventory_item.a","mode":"managed","type":"inventory_item","name":"a","values":{"id":"itm-1","tags":["blue"],"attributes":{},"notes":null,"location":[{"warehouse":"north"}]}}]}}}"#,
        )
        .unwrap()
    }

    #[test]
    fn flatmap_checks_with_gos_messages() {
        let s = state();
        assert!(resource_attr("inventory_item.a", "tags.#", "1")(&s).is_ok());
        assert!(resource_attr("inventory_item.a", "tags.0", "blue")(&s).is_ok());
        assert!(resource_attr("inventory_item.a", "attributes.%", "0")(&s).is_ok());
        assert!(resource_attr("inventory_item.a", "location.0.warehouse", "north")(&s).is_ok());
        assert_eq!(
            resource_attr("inventory_item.a", "tags.0", "red")(&s).unwrap_err(),
            "inventory_item.a: Attribute 'tags.0' expected \"red\", got \"blue\""
        );
        assert_eq!(
            resource_attr("inventory_item.b", "id", "x")(&s).unwrap_err(),
            "Not found: inventory_item.b in [root]"
        );
        assert!(resource_attr_set("inventory_item.a", "id")(&s).is_ok());
        assert!(resource_attr_set("inventory_item.a", "notes")(&s).is_err());
        assert!(no_resource_attr("inventory_item.a", "notes")(&s).is_ok());
        assert!(no_resource_attr("inventory_item.a", "id")(&s).is_err());
        let both = compose(vec![
            resource_attr("inventory_item.a", "id", "itm-1"),
            resource_attr("inventory_item.a", "id", "itm-2"),
        ]);
        assert_eq!(
            both(&s).unwrap_err(),
            "Check 2/2 error: inventory_item.a: Attribute 'id' expected \"itm-2\", got \"itm-1\""
        );
        let all = compose_aggregate(vec![
            resource_attr("inventory_item.a", "id", "x"),
            resource_attr("inventory_item.a", "id", "y"),
        ]);
        assert_eq!(all(&s).unwrap_err().lines().count(), 2);
    }
}
