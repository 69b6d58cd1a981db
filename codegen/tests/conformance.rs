//! The Go tool's own goldens, identifier cases and validator strings.

#![allow(clippy::panic, clippy::unwrap_used)]

mod common;

use common::{read, schema_errors};
use tfschema_codegen::{generate, identifier::terraform_identifier, validators as v, Options};

fn golden(case: &str, spec_file: &str) {
    let spec = read(&format!("upstream/{case}/{spec_file}"));
    let config = read(&format!("upstream/{case}/generator_config.yml"));
    let expected = read(&format!("upstream/{case}/provider_code_spec.json"));
    let out = generate(&spec, &config, &Options::default()).expect("generates");
    if out.json != expected {
        let diff_at = out
            .json
            .bytes()
            .zip(expected.bytes())
            .position(|(a, b)| a != b)
            .unwrap_or(out.json.len().min(expected.len()));
        let from = diff_at.saturating_sub(300);
        panic!(
            "{case}: output differs at byte {diff_at}\n--- ours ---\n{}\n--- golden ---\n{}",
            &out.json[from..(diff_at + 300).min(out.json.len())],
            &expected[from..(diff_at + 300).min(expected.len())]
        );
    }
    let errors = schema_errors(&out.json);
    assert!(errors.is_empty(), "{case}: schema errors {errors:?}");
}

#[test]
fn edgecase_golden() {
    golden("edgecase", "openapi_spec.yml");
}

#[test]
fn petstore3_golden() {
    golden("petstore3", "openapi_spec.json");
}

#[test]
fn goldens_are_deterministic() {
    let spec = read("upstream/petstore3/openapi_spec.json");
    let config = read("upstream/petstore3/generator_config.yml");
    let a = generate(&spec, &config, &Options::default())
        .expect("generates")
        .json;
    for _ in 0..5 {
        let b = generate(&spec, &config, &Options::default())
            .expect("generates")
            .json;
        assert_eq!(a, b);
    }
}

fn tsv_cases(file: &str) -> Vec<(String, String)> {
    read(file)
        .lines()
        .skip(1)
        .map(|line| {
            let (a, b) = line.split_once('\t').unwrap_or((line, ""));
            (a.to_owned(), b.to_owned())
        })
        .collect()
}

#[test]
fn identifier_cases() {
    let mut n = 0;
    for file in [
        "upstream/identifier_cases.tsv",
        "upstream/identifier_cases_derived.tsv",
    ] {
        for (input, expected) in tsv_cases(file) {
            assert_eq!(terraform_identifier(&input), expected, "input {input:?}");
            n += 1;
        }
    }
    assert!(n > 500, "only {n} identifier cases");
}

#[test]
fn validator_cases() {
    let text = read("upstream/validator_cases.tsv");
    let mut n = 0;
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 4, "bad line {line:?}");
        let args: Vec<serde_json::Value> = serde_json::from_str(cols[1]).expect("args");
        let expected: Option<String> = serde_json::from_str(cols[2]).expect("expected");
        let imports: Vec<String> = serde_json::from_str(cols[3]).expect("imports");
        let int = |i: usize| args[i].as_i64().expect("int arg");
        let string = |i: usize| args[i].as_str().expect("string arg").to_owned();
        let got = match cols[0] {
            "StringValidatorLengthAtLeast" => Some(v::string_length_at_least(int(0))),
            "StringValidatorLengthAtMost" => Some(v::string_length_at_most(int(0))),
            "StringValidatorLengthBetween" => Some(v::string_length_between(int(0), int(1))),
            "StringValidatorOneOf" => {
                let vals: Vec<String> = serde_json::from_value(args[0].clone()).unwrap_or_default();
                v::string_one_of(&vals)
            }
            "StringValidatorRegexMatches" => Some(v::string_regex_matches(&string(0), &string(1))),
            "Int64ValidatorAtLeast" => Some(v::int64_at_least(int(0))),
            "Int64ValidatorAtMost" => Some(v::int64_at_most(int(0))),
            "Int64ValidatorBetween" => Some(v::int64_between(int(0), int(1))),
            "Int64ValidatorOneOf" => {
                let vals: Vec<i64> = serde_json::from_value(args[0].clone()).unwrap_or_default();
                v::int64_one_of(&vals)
            }
            "Float64ValidatorOneOf" => {
                let vals: Vec<f64> = serde_json::from_value(args[0].clone()).unwrap_or_default();
                v::float64_one_of(&vals)
            }
            "ListValidatorSizeAtLeast" => Some(v::list_size_at_least(int(0))),
            "ListValidatorSizeAtMost" => Some(v::list_size_at_most(int(0))),
            "ListValidatorSizeBetween" => Some(v::list_size_between(int(0), int(1))),
            "ListValidatorUniqueValues" => Some(v::list_unique_values()),
            "MapValidatorSizeAtLeast" => Some(v::map_size_at_least(int(0))),
            "MapValidatorSizeAtMost" => Some(v::map_size_at_most(int(0))),
            "MapValidatorSizeBetween" => Some(v::map_size_between(int(0), int(1))),
            "SetValidatorSizeAtLeast" => Some(v::set_size_at_least(int(0))),
            "SetValidatorSizeAtMost" => Some(v::set_size_at_most(int(0))),
            "SetValidatorSizeBetween" => Some(v::set_size_between(int(0), int(1))),
            other => panic!("unknown validator function {other}"),
        };
        assert_eq!(
            got.as_ref().map(|c| c.schema_definition.clone()),
            expected,
            "{line}"
        );
        assert_eq!(
            got.map(|c| c.imports).unwrap_or_default(),
            imports,
            "{line}"
        );
        n += 1;
    }
    assert_eq!(n, 31);
}
