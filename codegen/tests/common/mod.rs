//! Helpers shared by the integration tests: reading test data and checking
//! output against the Provider Code Specification JSON Schema.

#![allow(dead_code, clippy::panic)]

use std::path::PathBuf;

pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
}

pub fn read(rel: &str) -> String {
    let path = data_dir().join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// Validates spec JSON against the v0.1 JSON Schema; returns the errors.
pub fn schema_errors(json: &str) -> Vec<String> {
    let schema: serde_json::Value =
        serde_json::from_str(&read("upstream/spec-schema/schema-v0.1.json")).expect("schema json");
    let instance: serde_json::Value = serde_json::from_str(json).expect("output is JSON");
    let validator = jsonschema::validator_for(&schema).expect("schema compiles");
    validator
        .iter_errors(&instance)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect()
}
