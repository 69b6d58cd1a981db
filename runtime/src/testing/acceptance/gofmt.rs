//! Go's `fmt` verbs for the values terraform-plugin-testing prints in its
//! failure messages: `%v` and `%#v` of what `encoding/json` decodes (with
//! `UseNumber`, as terraform-json reads), `%#v` of a flatmap, and `%q`.

use std::collections::BTreeMap;

use serde_json::Value as Json;

use crate::text::Quoting;

/// Go's `%q` (and `%#v` of a string): `strconv.Quote`.
pub(crate) fn q(s: &str) -> String {
    Quoting::GO_STRCONV.quote(s)
}

/// Go's `%v` of a decoded JSON value: `<nil>`, `true`, `12`, `text`,
/// `[a b]`, `map[k:v]` (keys sorted, as `fmt` sorts them).
pub(crate) fn v(value: &Json) -> String {
    match value {
        Json::Null => "<nil>".to_owned(),
        Json::Bool(b) => b.to_string(),
        Json::Number(n) => n.to_string(),
        Json::String(s) => s.clone(),
        Json::Array(items) => {
            let inner: Vec<String> = items.iter().map(v).collect();
            format!("[{}]", inner.join(" "))
        }
        Json::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let inner: Vec<String> = keys
                .into_iter()
                .map(|k| format!("{k}:{}", map.get(k).map(v).unwrap_or_default()))
                .collect();
            format!("map[{}]", inner.join(" "))
        }
    }
}

/// Go's `%#v` of a decoded JSON value held in an `interface{}`.
pub(crate) fn sharp_v(value: &Json) -> String {
    match value {
        Json::Null => "interface {}(nil)".to_owned(),
        Json::Bool(b) => b.to_string(),
        // A json.Number is a string type: `%#v` quotes it.
        Json::Number(n) => q(&n.to_string()),
        Json::String(s) => q(s),
        Json::Array(items) => {
            let inner: Vec<String> = items.iter().map(sharp_v).collect();
            format!("[]interface {{}}{{{}}}", inner.join(", "))
        }
        Json::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let inner: Vec<String> = keys
                .into_iter()
                .map(|k| format!("{}:{}", q(k), map.get(k).map(sharp_v).unwrap_or_default()))
                .collect();
            format!("map[string]interface {{}}{{{}}}", inner.join(", "))
        }
    }
}

/// Go's `%#v` of a `map[string]string`: `map[string]string{"a":"1", "b":"2"}`.
pub(crate) fn sharp_v_strings(map: &BTreeMap<String, String>) -> String {
    let inner: Vec<String> = map
        .iter()
        .map(|(k, v)| format!("{}:{}", q(k), q(v)))
        .collect();
    format!("map[string]string{{{}}}", inner.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    // The expected texts are what Go 1.25's fmt prints for the same values.
    #[test]
    fn go_verbs() {
        assert_eq!(
            v(&json!({"b": [1, "x"], "a": null})),
            "map[a:<nil> b:[1 x]]"
        );
        assert_eq!(v(&json!(true)), "true");
        assert_eq!(
            sharp_v(&json!(["a", 1, {"k": false}])),
            r#"[]interface {}{"a", "1", map[string]interface {}{"k":false}}"#
        );
        assert_eq!(sharp_v(&json!(null)), "interface {}(nil)");
        let m: BTreeMap<String, String> = [
            ("b".to_owned(), "2".to_owned()),
            ("a".to_owned(), "é\n".to_owned()),
        ]
        .into();
        assert_eq!(
            sharp_v_strings(&m),
            "map[string]string{\"a\":\"é\\n\", \"b\":\"2\"}"
        );
        assert_eq!(sharp_v_strings(&BTreeMap::new()), "map[string]string{}");
    }
}
