//! Finding the pieces of an operation the mapper reads: the request body
//! schema, the response body schema, and the path and query parameters.
//!
//! Selection follows the generator's rules: response 200, else 201, else the
//! first 2xx code in lexicographic order with a schema; media type
//! `application/json`, else the first media type in alphabetical order with a
//! schema. `$ref`s to `components/requestBodies`, `responses` and `parameters`
//! are followed.

use serde_json::{Map, Value};

use crate::config::OperationLocation;
use crate::error::{Error, ErrorKind, MapError};
use crate::refs::{child, Document};

/// An operation found in the document.
#[derive(Debug, Clone)]
pub(crate) struct Operation<'d> {
    pub(crate) value: &'d Map<String, Value>,
    pub(crate) pointer: String,
}

/// A schema found in a body: the value and its JSON pointer.
pub(crate) type Found<'d> = (&'d Value, String);

const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// The path item for `path`, or an error naming it.
pub(crate) fn path_item<'d>(
    doc: &'d Document,
    path: &str,
) -> Result<(&'d Map<String, Value>, String), Error> {
    let pointer = child("#/paths", path);
    let item = doc
        .root
        .get("paths")
        .and_then(|p| p.get(path))
        .ok_or_else(|| {
            Error::new(
                ErrorKind::Reference,
                format!("path '{path}' not found in OpenAPI spec"),
            )
        })?;
    let (item, pointer) = doc.deref(item, &pointer, &mut Vec::new()).map_err(|e| {
        Error::new(
            ErrorKind::Reference,
            format!("{} at {}", e.reason, e.pointer),
        )
    })?;
    let item = item.as_object().ok_or_else(|| {
        Error::new(
            ErrorKind::Reference,
            format!("path '{path}' is not a path item object"),
        )
    })?;
    Ok((item, pointer))
}

/// The operation at a configured location; `Ok(None)` when the path item has
/// no operation for that method (the mapper then finds no schema in it).
pub(crate) fn operation<'d>(
    doc: &'d Document,
    loc: &OperationLocation,
) -> Result<Option<Operation<'d>>, Error> {
    let (item, pointer) = path_item(doc, &loc.path)?;
    let method = loc.method.to_ascii_lowercase();
    if !METHODS.contains(&method.as_str()) {
        return Err(Error::new(
            ErrorKind::Reference,
            format!(
                "method '{}' not found at OpenAPI path '{}'",
                loc.method, loc.path
            ),
        ));
    }
    Ok(item
        .get(&method)
        .and_then(Value::as_object)
        .map(|value| Operation {
            value,
            pointer: child(&pointer, &method),
        }))
}

fn resolve_object<'d>(
    doc: &'d Document,
    value: &'d Value,
    pointer: &str,
) -> Result<(&'d Map<String, Value>, String), MapError> {
    let (v, p) = doc.deref(value, pointer, &mut Vec::new())?;
    match v.as_object() {
        Some(o) => Ok((o, p)),
        None => Err(MapError::new("expected an object", &p)),
    }
}

/// The schema of the operation's request body.
pub(crate) fn request_schema<'d>(
    doc: &'d Document,
    op: Option<&Operation<'d>>,
) -> Result<Option<Found<'d>>, MapError> {
    let Some(op) = op else { return Ok(None) };
    let Some(body) = op.value.get("requestBody") else {
        return Ok(None);
    };
    let (body, pointer) = resolve_object(doc, body, &child(&op.pointer, "requestBody"))?;
    media_schema(doc, body, &pointer)
}

/// The schema of the operation's success response.
pub(crate) fn response_schema<'d>(
    doc: &'d Document,
    op: Option<&Operation<'d>>,
) -> Result<Option<Found<'d>>, MapError> {
    let Some(op) = op else { return Ok(None) };
    let Some(responses) = op.value.get("responses").and_then(Value::as_object) else {
        return Ok(None);
    };
    let responses_ptr = child(&op.pointer, "responses");
    let mut candidates: Vec<&String> = Vec::new();
    for code in ["200", "201"] {
        if let Some((k, _)) = responses.get_key_value(code) {
            candidates.push(k);
        }
    }
    // serde_json's map iterates in key order, which is the lexicographic order.
    for code in responses.keys() {
        if code != "200"
            && code != "201"
            && code.parse::<u16>().is_ok_and(|c| (200..=299).contains(&c))
        {
            candidates.push(code);
        }
    }
    for code in candidates {
        let Some(response) = responses.get(code) else {
            continue;
        };
        let (response, pointer) = resolve_object(doc, response, &child(&responses_ptr, code))?;
        if let Some(found) = media_schema(doc, response, &pointer)? {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// `application/json` if it has a schema, else the first media type (alphabetical) with one.
fn media_schema<'d>(
    _doc: &'d Document,
    holder: &'d Map<String, Value>,
    pointer: &str,
) -> Result<Option<Found<'d>>, MapError> {
    let Some(content) = holder.get("content").and_then(Value::as_object) else {
        return Ok(None);
    };
    let content_ptr = child(pointer, "content");
    let schema_of = |media: &str| -> Option<Found<'d>> {
        let schema = content.get(media)?.get("schema").filter(|s| !s.is_null())?;
        Some((schema, child(&child(&content_ptr, media), "schema")))
    };
    if let Some(found) = schema_of("application/json") {
        return Ok(Some(found));
    }
    Ok(content.keys().find_map(|media| schema_of(media)))
}

/// A path or query parameter.
#[derive(Debug, Clone)]
pub(crate) struct Parameter<'d> {
    pub(crate) name: String,
    pub(crate) location: String,
    pub(crate) description: Option<String>,
    pub(crate) required: bool,
    pub(crate) schema: Option<Found<'d>>,
    pub(crate) pointer: String,
}

fn parameters_of<'d>(
    doc: &'d Document,
    holder: &'d Map<String, Value>,
    pointer: &str,
) -> Result<Vec<Parameter<'d>>, MapError> {
    let Some(list) = holder.get("parameters").and_then(Value::as_array) else {
        return Ok(Vec::new());
    };
    let list_ptr = child(pointer, "parameters");
    let mut out = Vec::new();
    for (i, p) in list.iter().enumerate() {
        let (p, ptr) = resolve_object(doc, p, &child(&list_ptr, &i.to_string()))?;
        let text = |k: &str| p.get(k).and_then(Value::as_str).map(str::to_owned);
        out.push(Parameter {
            name: text("name").unwrap_or_default(),
            location: text("in").unwrap_or_default(),
            description: text("description").filter(|d| !d.is_empty()),
            required: p.get("required") == Some(&Value::Bool(true)),
            schema: p
                .get("schema")
                .filter(|s| !s.is_null())
                .map(|s| (s, child(&ptr, "schema"))),
            pointer: ptr,
        });
    }
    Ok(out)
}

/// The read operation's parameters: the path item's, with the operation's
/// replacing same-named ones in place and the rest appended.
pub(crate) fn read_parameters<'d>(
    doc: &'d Document,
    path: &str,
    op: Option<&Operation<'d>>,
) -> Result<Vec<Parameter<'d>>, MapError> {
    let (item, pointer) =
        path_item(doc, path).map_err(|e| MapError::fatal(e.to_string(), "#/paths"))?;
    let mut merged = parameters_of(doc, item, &pointer)?;
    if let Some(op) = op {
        for p in parameters_of(doc, op.value, &op.pointer)? {
            match merged.iter_mut().find(|m| m.name == p.name) {
                Some(slot) => *slot = p,
                None => merged.push(p),
            }
        }
    }
    Ok(merged)
}
