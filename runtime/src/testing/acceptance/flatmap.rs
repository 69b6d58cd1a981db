//! The flatmap view of a resource's attributes behind Go's
//! `rs.Primary.Attributes`: every value as a string under a dotted key, the
//! keys `TestCheckResourceAttr` and friends take.
//!
//! terraform-plugin-testing builds it from `terraform show -json` (its
//! `shimmedFlatmap`), and so does [`flatmap`]:
//!
//! - an attribute is its name (`id`), a nested attribute or map key is
//!   `parent.name` (`location.0.warehouse`, `labels.env`);
//! - a list, set or tuple has `name.#` (its length) and one key per element
//!   by position, `name.0`, `name.1`; a map or object has `name.%` (its
//!   size); empty collections keep their size key, `"0"`; the top level
//!   has its own `%` (the number of attributes);
//! - nulls have no key at all; bools are `true`/`false`; numbers are
//!   written as Terraform wrote them.
//!
//! Set elements are numbered by their position in Terraform's JSON, for
//! SDKv2 and framework providers alike: the element hashes of SDKv2's own
//! state (`tags.1234567.name`) never appear in a test's view (they did in
//! SDKv1's tests). A check whose key holds an index above 100 most likely
//! means such a hash, and its failure says so, as Go's does. Check set
//! elements with [`type_set_elem_attr`](super::check::type_set_elem_attr)
//! and the other `type_set_elem_*` checks, or with `knownvalue::set_*`.

use std::collections::BTreeMap;

use serde_json::Value as Json;

use super::json::Resource;

/// The flatmap of an attribute object (a resource's `values`), as Go's
/// `shimmedFlatmap` makes it; empty unless `values` is an object.
pub fn flatmap(values: &Json) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    if let Json::Object(map) = values {
        add_map(&mut out, "", map);
    }
    out
}

fn add_entry(out: &mut BTreeMap<String, String>, key: String, value: &Json) {
    match value {
        Json::Null => {}
        Json::Bool(b) => {
            out.insert(key, b.to_string());
        }
        Json::Number(n) => {
            out.insert(key, n.to_string());
        }
        Json::String(s) => {
            out.insert(key, s.clone());
        }
        Json::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                add_entry(out, format!("{key}.{i}"), item);
            }
            out.insert(format!("{key}.#"), items.len().to_string());
        }
        Json::Object(map) => add_map(out, &key, map),
    }
}

fn add_map(out: &mut BTreeMap<String, String>, prefix: &str, map: &serde_json::Map<String, Json>) {
    for (k, value) in map {
        let key = if prefix.is_empty() {
            k.clone()
        } else {
            format!("{prefix}.{k}")
        };
        add_entry(out, key, value);
    }
    let size = if prefix.is_empty() {
        "%".to_owned()
    } else {
        format!("{prefix}.%")
    };
    out.insert(size, map.len().to_string());
}

/// One resource instance as Go's `terraform.InstanceState` shows it to an
/// `ImportStateCheck`: its type, its ID and its flatmap attributes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InstanceState {
    /// The instance's `id` attribute, or `id-attribute-not-set` without one
    /// (Go's placeholder).
    pub id: String,
    /// The resource type (Go's `Ephemeral.Type`).
    pub type_name: String,
    /// The flatmap of its values (Go's `Attributes`).
    pub attributes: BTreeMap<String, String>,
}

impl InstanceState {
    /// The instance state of `resource`.
    pub fn of(resource: &Resource) -> InstanceState {
        let attributes = flatmap(&resource.values);
        InstanceState {
            id: attributes
                .get("id")
                .cloned()
                .unwrap_or_else(|| "id-attribute-not-set".to_owned()),
            type_name: resource.type_name.clone(),
            attributes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// terraform-plugin-testing's `testing_new_test.go` case "resource with
    /// primitive attributes": its JSON values and the flatmap Go expects.
    #[test]
    fn gos_primitive_attributes_case() {
        let m = flatmap(&json!({
            "id": "123999", "string_field": "hello world", "bool_field_1": false,
            "bool_field_2": true, "null_field": null, "empty_string": "", "number_field": 42
        }));
        let want: BTreeMap<String, String> = [
            ("%", "7"),
            ("id", "123999"),
            ("bool_field_2", "true"),
            ("string_field", "hello world"),
            ("bool_field_1", "false"),
            ("empty_string", ""),
            ("number_field", "42"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
        assert_eq!(m, want);
    }

    /// Sizes for empty collections, elements by position, nested keys.
    #[test]
    fn collections() {
        let m = flatmap(&json!({"tags": ["a"], "labels": {}, "o": {"x": 2}, "l": []}));
        let keys: Vec<&str> = m.keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            ["%", "l.#", "labels.%", "o.%", "o.x", "tags.#", "tags.0"]
        );
        assert_eq!(m["labels.%"], "0");
        assert_eq!(m["l.#"], "0");
        assert_eq!(m["o.x"], "2");
    }
}
