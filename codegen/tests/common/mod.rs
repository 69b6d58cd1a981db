//! Helpers shared by the integration tests: reading test data and checking
//! output against the Provider Code Specification JSON Schema.

#![allow(dead_code, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::Command;

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

/// Where the tests build generated crates: one target directory for all of
/// them (`rust_models`, `schema_import`), so tfschema compiles there once.
pub fn generated_target_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rust-models/target")
}

/// `cargo build` of the generated crate in `dir` (its own workspace),
/// offline with the workspace's lock file, in [`generated_target_dir`]
/// (cargo's lock on the workspace's own target is held while tests run).
/// No debug info (800 MB of target with it, mostly tfschema's
/// dependencies; the output is checked, not traced) and no incremental
/// caches.
pub fn cargo_build(dir: &Path) -> std::process::Output {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::copy(workspace.join("Cargo.lock"), dir.join("Cargo.lock")).expect("lock");
    Command::new(cargo)
        .args(["build", "--offline", "--quiet"])
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", generated_target_dir())
        .env("CARGO_PROFILE_DEV_DEBUG", "false")
        .env("CARGO_INCREMENTAL", "0")
        .env_remove("RUSTFLAGS")
        .output()
        .expect("run cargo")
}
