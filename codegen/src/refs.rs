//! Resolution of local `$ref`s (`#/components/...`) by JSON pointer.
//!
//! References are followed on demand while mapping rather than inlined up
//! front, so a cyclic description costs nothing until a mapped schema walks
//! into the cycle; the mapper then reports the cycle instead of recursing.

use serde_json::Value;

use crate::error::MapError;

/// The parsed document, for pointer lookups.
#[derive(Debug)]
pub(crate) struct Document {
    pub(crate) root: Value,
}

impl Document {
    /// Looks up a `#/...` reference.
    pub(crate) fn lookup(&self, reference: &str) -> Option<&Value> {
        let pointer = reference.strip_prefix('#')?;
        if pointer.is_empty() {
            return Some(&self.root);
        }
        let decoded = percent_decode(pointer)?;
        self.root.pointer(&decoded)
    }

    /// Follows `$ref` chains from `value` (found at `pointer`) to a value that
    /// is not a reference. Returns it with its pointer.
    ///
    /// Sibling keywords of `$ref` are ignored, as OpenAPI 3.0 prescribes.
    pub(crate) fn deref<'a>(
        &'a self,
        mut value: &'a Value,
        pointer: &str,
        chain: &mut Vec<String>,
    ) -> Result<(&'a Value, String), MapError> {
        let mut pointer = pointer.to_owned();
        while let Some(reference) = value.get("$ref").and_then(Value::as_str) {
            if !reference.starts_with('#') {
                return Err(MapError::fatal(
                    format!("external reference {reference:?} is not supported; only local '#/...' references are"),
                    &pointer,
                ));
            }
            if chain.iter().any(|p| p == reference) {
                chain.push(reference.to_owned());
                return Err(MapError::fatal(
                    format!("$ref cycle: {}", chain.join(" -> ")),
                    &pointer,
                ));
            }
            chain.push(reference.to_owned());
            value = self.lookup(reference).ok_or_else(|| {
                MapError::fatal(
                    format!("unable to resolve reference {reference:?}"),
                    &pointer,
                )
            })?;
            pointer = reference.to_owned();
        }
        Ok((value, pointer))
    }
}

/// Appends a key to a `#/...` pointer, escaping `~` and `/`.
pub(crate) fn child(pointer: &str, key: &str) -> String {
    format!("{pointer}/{}", key.replace('~', "~0").replace('/', "~1"))
}

fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn follows_chains_and_reports_cycles() {
        let doc = Document {
            root: json!({"components": {"schemas": {
                "A": {"$ref": "#/components/schemas/B"},
                "B": {"type": "string"},
                "C": {"$ref": "#/components/schemas/D"},
                "D": {"$ref": "#/components/schemas/C"},
                "a/b": {"type": "integer"}
            }}}),
        };
        let start = json!({"$ref": "#/components/schemas/A"});
        let (v, p) = doc.deref(&start, "#/x", &mut Vec::new()).expect("resolves");
        assert_eq!(v, &json!({"type": "string"}));
        assert_eq!(p, "#/components/schemas/B");
        let cyc = json!({"$ref": "#/components/schemas/C"});
        let err = doc.deref(&cyc, "#/x", &mut Vec::new()).expect_err("cycle");
        assert!(err.fatal && err.reason.contains("cycle"));
        assert!(doc.lookup("#/components/schemas/a~1b").is_some());
    }
}
