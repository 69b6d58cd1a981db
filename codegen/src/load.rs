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
        serde_norway::from_str(trimmed).map_err(|e| {
            Error::new(
                ErrorKind::Parse,
                format!("error parsing OpenAPI spec file: {e}"),
            )
        })?
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
    fn rejects_swagger2() {
        assert!(parse_openapi("{\"swagger\": \"2.0\"}").is_err());
    }
}
