//! Hand-made fixtures, one per mapping rule (see tests/data/fixtures/README.md).

#![allow(clippy::panic, clippy::unwrap_used)]

mod common;

use common::{data_dir, schema_errors};
use serde_json::Value;
use tfschema_codegen::{generate, Options};

#[derive(Debug, serde::Deserialize)]
struct Fixture {
    rule: String,
    config: String,
    openapi: Option<Value>,
    openapi_text: Option<String>,
    expected: Option<Value>,
    error: Option<String>,
    #[serde(default)]
    warnings: Vec<String>,
    /// The expected output breaks the spec's JSON Schema on purpose.
    #[serde(default)]
    schema_invalid: bool,
}

fn load(name: &str) -> Fixture {
    let path = data_dir().join("fixtures").join(format!("{name}.yml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_norway::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn run(name: &str) {
    let fx = load(name);
    assert!(!fx.rule.is_empty());
    let openapi = match (&fx.openapi_text, &fx.openapi) {
        (Some(text), _) => text.clone(),
        (None, Some(doc)) => serde_json::to_string_pretty(doc).unwrap(),
        (None, None) => panic!("{name}: no openapi"),
    };
    let result = generate(&openapi, &fx.config, &Options::default());
    if let Some(expected_error) = &fx.error {
        let err = result.expect_err("generation must fail");
        assert!(
            err.to_string().contains(expected_error.as_str()),
            "{name}: error {err} does not contain {expected_error}"
        );
        return;
    }
    let out = result.unwrap_or_else(|e| panic!("{name}: {e}"));
    let got: Value = serde_json::from_str(&out.json).unwrap();
    let expected = fx.expected.as_ref().unwrap();
    assert_eq!(
        &got, expected,
        "{name}: output differs\n--- ours ---\n{}",
        out.json
    );
    let errors = schema_errors(&out.json);
    assert_eq!(
        errors.is_empty(),
        !fx.schema_invalid,
        "{name}: schema errors {errors:?}"
    );

    let warnings: Vec<String> = out.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        warnings.len(),
        fx.warnings.len(),
        "{name}: warnings {warnings:#?}"
    );
    for (got, want) in warnings.iter().zip(&fx.warnings) {
        assert!(
            got.contains(want.as_str()),
            "{name}: warning {got:?} lacks {want:?}"
        );
    }
    // Strict mode fails exactly when there are warnings.
    let strict = generate(&openapi, &fx.config, &Options { strict: true });
    assert_eq!(strict.is_err(), !fx.warnings.is_empty(), "{name}: strict");
}

macro_rules! fixtures {
    ($($name:ident),* $(,)?) => {
        $( #[test] fn $name() { run(stringify!($name)); } )*

        #[test]
        fn every_fixture_file_has_a_test() {
            let names = [$(stringify!($name)),*];
            for entry in std::fs::read_dir(data_dir().join("fixtures")).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().and_then(|e| e.to_str()) == Some("yml") {
                    let stem = path.file_stem().unwrap().to_str().unwrap().to_owned();
                    assert!(names.contains(&stem.as_str()), "no test for fixture {stem}");
                }
            }
        }
    };
}

fixtures!(
    merge_priority,
    response_code_choice,
    media_type_choice,
    multi_types,
    all_of,
    aliases,
    overrides,
    ignores_nested,
    identifiers,
    root_array_data_source,
    defaults,
    types_and_validators,
    ref_cycle,
    ref_chain_cycle,
    openapi30_yaml_refs,
    spec_validation,
    skips,
    config_errors,
    bad_schema_ref,
);
