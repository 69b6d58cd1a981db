//! Reading an OpenAPI 3.0 / 3.1 description from JSON or YAML text.
//!
//! Both formats become one `serde_json::Value` tree, so the mapper has a single
//! representation to walk; YAML goes through `serde_norway` (a maintained
//! fork of serde_yaml).

use serde_json::Value;

use crate::error::{Error, ErrorKind};

/// Parses an OpenAPI description. JSON is tried when the text starts with `{`;
/// everything else is read as YAML (of which JSON is a subset).
///
/// # Errors
/// Unparseable text, a top level that is not a mapping, or an `openapi`
/// version other than 3.x.
pub fn parse_openapi(text: &str) -> Result<Value, Error> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    let value: Value = if trimmed.starts_with('{') {
        serde_json::from_str(trimmed).map_err(|e| {
            Error::new(
                ErrorKind::Parse,
                format!("error parsing OpenAPI spec file: {e}"),
            )
        })?
    } else {
        let yaml = parse_yaml(trimmed).map_err(|e| {
            Error::new(
                ErrorKind::Parse,
                format!("error parsing OpenAPI spec file: {e}"),
            )
        })?;
        yaml_to_json(yaml)
    };
    let Some(obj) = value.as_object() else {
        return Err(Error::new(
            ErrorKind::Parse,
            "error parsing OpenAPI spec file: the document is not a mapping",
        ));
    };
    match obj.get("openapi") {
        Some(Value::String(v)) if v.starts_with("3.") => Ok(value),
        Some(other) => Err(Error::new(
            ErrorKind::Parse,
            format!("error building OpenAPI 3.x model: unsupported 'openapi' version {other}"),
        )),
        None => Err(Error::new(
            ErrorKind::Parse,
            "error building OpenAPI 3.x model: the document has no 'openapi' field (Swagger 2.0 is not supported)",
        )),
    }
}

/// Parses YAML and applies `<<` merge keys, which YAML 1.1 tools (and so
/// OpenAPI authors) use alongside anchors.
pub(crate) fn parse_yaml(text: &str) -> Result<serde_norway::Value, serde_norway::Error> {
    let mut value: serde_norway::Value = serde_norway::from_str(text)?;
    value.apply_merge()?;
    Ok(value)
}

/// Converts YAML to the JSON data model: non-string keys (`200:`) become their
/// text, tags are dropped, and numbers JSON cannot hold (`.nan`, `.inf`) become null.
pub(crate) fn yaml_to_json(value: serde_norway::Value) -> Value {
    use serde_norway::Value as Y;
    match value {
        Y::Null => Value::Null,
        Y::Bool(b) => Value::Bool(b),
        Y::Number(n) => {
            if let Some(i) = n.as_i64() {
                Value::from(i)
            } else if let Some(u) = n.as_u64() {
                Value::from(u)
            } else {
                n.as_f64()
                    .and_then(serde_json::Number::from_f64)
                    .map_or(Value::Null, Value::Number)
            }
        }
        Y::String(s) => Value::String(s),
        Y::Sequence(items) => Value::Array(items.into_iter().map(yaml_to_json).collect()),
        Y::Mapping(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (key_text(k), yaml_to_json(v)))
                .collect(),
        ),
        Y::Tagged(tagged) => yaml_to_json(tagged.value),
    }
}

fn key_text(key: serde_norway::Value) -> String {
    use serde_norway::Value as Y;
    match key {
        Y::String(s) => s,
        Y::Null => "null".to_owned(),
        Y::Bool(b) => b.to_string(),
        Y::Number(n) => n.to_string(),
        other => match yaml_to_json(other) {
            Value::String(s) => s,
            v => v.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_integer_keys_become_strings() {
        let doc = "openapi: 3.0.3\npaths:\n  /a:\n    get:\n      responses:\n        200:\n          description: ok\n";
        let v = parse_openapi(doc).ok();
        let code = v
            .as_ref()
            .and_then(|v| v.pointer("/paths/~1a/get/responses/200/description"))
            .and_then(Value::as_str);
        assert_eq!(code, Some("ok"));
    }

    #[test]
    fn yaml_merge_keys_apply() {
        let doc = "openapi: 3.1.0\nbase: &b {type: string, description: d}\nuse:\n  <<: *b\n  description: own\n";
        let v = parse_openapi(doc).ok();
        let used = v.as_ref().and_then(|v| v.get("use"));
        assert_eq!(
            used.and_then(|u| u.get("type")),
            Some(&Value::from("string"))
        );
        assert_eq!(
            used.and_then(|u| u.get("description")),
            Some(&Value::from("own"))
        );
    }

    #[test]
    fn rejects_swagger2() {
        assert!(parse_openapi("{\"swagger\": \"2.0\"}").is_err());
    }
}
