//! Bad or hostile input gives a result or an error, never a panic, a hang or
//! a stack overflow.

#![allow(clippy::panic, clippy::unwrap_used)]

use serde_json::{json, Value};
use tfschema_codegen::{generate, ErrorKind, Options};

const CONFIG: &str =
    "provider:\n  name: fx\ndata_sources:\n  d:\n    read: {path: /d, method: GET}\n";

fn doc_with_response(schema: Value, components: Value) -> String {
    json!({
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1"},
        "components": {"schemas": components},
        "paths": {"/d": {"get": {"responses": {"200": {"description": "ok",
            "content": {"application/json": {"schema": schema}}}}}}}
    })
    .to_string()
}

#[test]
fn odd_schemas_do_not_panic() {
    let odd = [
        json!({"type": 5}),
        json!({"type": "object", "properties": []}),
        json!({"type": "object", "properties": {"a": true}}),
        json!({"type": "object", "properties": {"a": {"type": "array", "items": false}}}),
        json!({"type": "object", "properties": {"a": {"type": "array"}}}),
        json!({"type": "object", "required": "a", "properties": {"a": {"type": "string"}}}),
        json!({"type": "object", "properties": {"a": {"type": "object", "additionalProperties": {}}}}),
        json!({"type": "object", "properties": {"a": {"$ref": "#/components/schemas/missing"}}}),
        json!({"type": "object", "properties": {"a": {"$ref": "other.yaml#/x"}}}),
        json!({"type": "object", "properties": {"a": {"$ref": "#/components/schemas/bad%zz"}}}),
        json!({"type": "object", "properties": {"a": {"enum": "x", "type": "string", "minLength": "1"}}}),
        json!({"anyOf": []}),
        json!(null),
        json!([1, 2]),
    ];
    for schema in odd {
        let _ = generate(
            &doc_with_response(schema, json!({})),
            CONFIG,
            &Options::default(),
        );
    }
    for text in [
        "",
        "{",
        "openapi: [",
        "- a\n- b\n",
        "openapi: 2.0\n",
        "\u{feff}{}",
    ] {
        assert!(generate(text, CONFIG, &Options::default()).is_err());
    }
}

#[test]
fn long_ref_chains_stop_at_the_depth_limit() {
    let mut components = serde_json::Map::new();
    for i in 0..300 {
        components.insert(
            format!("S{i}"),
            json!({"type": "object", "properties": {"next": {"$ref": format!("#/components/schemas/S{}", i + 1)}}}),
        );
    }
    components.insert("S300".into(), json!({"type": "string"}));
    let doc = doc_with_response(
        json!({"$ref": "#/components/schemas/S0"}),
        Value::Object(components),
    );
    let err = generate(&doc, CONFIG, &Options::default()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Reference);
    assert!(err.to_string().contains("deeper than"), "{err}");
}

#[test]
fn exponential_compositions_are_bounded() {
    let mut components = serde_json::Map::new();
    for i in 0..40 {
        let next = format!("#/components/schemas/C{}", i + 1);
        components.insert(
            format!("C{i}"),
            json!({"anyOf": [{"$ref": next}, {"$ref": next}]}),
        );
    }
    // Null on both sides is accepted at every level, so both branches are walked.
    components.insert("C40".into(), json!({"type": "null"}));
    let doc = doc_with_response(
        json!({"type": "object", "properties": {"x": {"$ref": "#/components/schemas/C0"}}}),
        Value::Object(components),
    );
    let err = generate(&doc, CONFIG, &Options::default()).unwrap_err();
    assert!(err.to_string().contains("composition"), "{err}");
}

#[test]
fn exponential_expansion_is_bounded() {
    let mut components = serde_json::Map::new();
    for i in 0..40 {
        let next = json!({"$ref": format!("#/components/schemas/E{}", i + 1)});
        components.insert(
            format!("E{i}"),
            json!({"type": "object", "properties": {"a": next, "b": next}}),
        );
    }
    components.insert(
        "E40".into(),
        json!({"type": "object", "properties": {"s": {"type": "string"}}}),
    );
    let doc = doc_with_response(
        json!({"$ref": "#/components/schemas/E0"}),
        Value::Object(components),
    );
    let err = generate(&doc, CONFIG, &Options::default()).unwrap_err();
    assert!(err.to_string().contains("expands to more than"), "{err}");
}

#[test]
fn long_composition_chains_stop_without_overflow() {
    let mut components = serde_json::Map::new();
    for i in 0..3000 {
        let next = format!("#/components/schemas/A{}", i + 1);
        components.insert(format!("A{i}"), json!({"allOf": [{"$ref": next}]}));
    }
    components.insert("A3000".into(), json!({"type": "string"}));
    let doc = doc_with_response(
        json!({"type": "object", "properties": {"x": {"$ref": "#/components/schemas/A0"}}}),
        Value::Object(components),
    );
    let err = generate(&doc, CONFIG, &Options::default()).unwrap_err();
    assert!(err.to_string().contains("references followed"), "{err}");
}
