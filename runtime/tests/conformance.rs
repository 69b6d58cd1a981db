//! The go-cty conformance corpus (tests/data/cty, written by go-cty 1.16.4):
//! every encode vector round-trips byte for byte through msgpack and JSON,
//! and every decode vector is accepted with go-cty's value or rejected as
//! go-cty does, except the documented departures below.

use serde_json::Value as J;
use tfschema::{json, msgpack, Number, Type, Value};

fn load(name: &str) -> Vec<J> {
    let path = format!("{}/tests/data/cty/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{path}: {e}")))
        .collect()
}

fn ty_of(row: &J, field: &str) -> Type {
    let text = serde_json::to_string(&row[field]).expect("type json");
    Type::from_json(text.as_bytes())
        .unwrap_or_else(|e| panic!("{}: bad type {text}: {e}", row["name"]))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s).expect("hex")
}

fn str_field<'a>(row: &'a J, field: &str) -> Option<&'a str> {
    row[field].as_str()
}

/// Vectors whose values cannot be decoded from bytes (go-cty could not write
/// them): checked through the API instead.
fn check_unwritable(name: &str) -> bool {
    match name {
        // NaN has no cty representation.
        "number/float/nan" => Number::from_f64(f64::NAN).is_none(),
        // No conversion from bool to number on encode.
        "convert/bool-to-number-error" => {
            msgpack::value_to_vec(&Value::Bool(true), &Type::Number).is_err()
        }
        // An object missing a required attribute cannot be written.
        "object/optional-attrs/missing-required" => {
            let ty: Type = r#"["object",{"a":"string","b":"number","c":"bool"},["b","c"]]"#
                .parse()
                .expect("type");
            let value = Value::object([
                ("b", Value::Null(Type::Number)),
                ("c", Value::Null(Type::Bool)),
            ]);
            msgpack::value_to_vec(&value, &ty)
                .expect_err("missing a")
                .to_string()
                .contains("attribute \"a\" is required")
        }
        // Marks (sensitivity) are not part of values here; nothing to check.
        "marked/string" => true,
        _ => false,
    }
}

#[test]
fn encode_vectors() {
    let rows = load("encode.jsonl");
    let (mut checked, mut json_checked, mut json_exact, mut unknown_refused) = (0, 0, 0, 0);
    for row in &rows {
        let name = row["name"].as_str().expect("name");
        let Some(want_hex) = str_field(row, "msgpack_hex") else {
            assert!(
                check_unwritable(name),
                "{name}: unwritable vector not handled"
            );
            checked += 1;
            continue;
        };
        let ty = ty_of(row, "type");
        assert_eq!(
            ty.to_json(),
            row["type_json"].as_str().expect("type_json"),
            "{name}: type JSON"
        );
        let bytes = unhex(want_hex);
        if name == "string/invalid-utf8" {
            // go-cty passes invalid UTF-8 through; we reject it (a departure).
            let err = msgpack::value_from_slice(&bytes, &ty).expect_err(name);
            assert_eq!(err.kind(), tfschema::ErrorKind::Invalid, "{name}: {err}");
            checked += 1;
            continue;
        }
        let value = msgpack::value_from_slice(&bytes, &ty)
            .unwrap_or_else(|e| panic!("{name}: decode: {e}"));
        let again =
            msgpack::value_to_vec(&value, &ty).unwrap_or_else(|e| panic!("{name}: encode: {e}"));
        assert_eq!(hex(&again), want_hex, "{name}: msgpack round trip");
        match str_field(row, "json") {
            Some(want_json) => {
                let text = json::value_to_string(&value, &ty)
                    .unwrap_or_else(|e| panic!("{name}: to JSON: {e}"));
                // msgpack writes -0 as the integer 0, so the sign is gone once
                // the value has been through msgpack; go-cty's own msgpack
                // round trip (the vector's `msgpack_roundtrip`) gives 0 too.
                let from_msgpack = if row["msgpack_roundtrip"] == "cty.NumberIntVal(0)" {
                    "0"
                } else {
                    want_json
                };
                assert_eq!(text, from_msgpack, "{name}: msgpack -> JSON");
                let back = json::value_from_slice(want_json.as_bytes(), &ty)
                    .unwrap_or_else(|e| panic!("{name}: from JSON: {e}"));
                let bytes = msgpack::value_to_vec(&back, &ty).expect("encode");
                // go-cty reads JSON numbers as 512-bit decimals, so a float64
                // such as 0.1 comes back as the decimal 0.1 and is written as
                // the string "0.1"; go-cty counts that the same value (its
                // numbers compare as float64 unless both are integers).
                if hex(&bytes) == want_hex {
                    json_exact += 1;
                } else {
                    assert_eq!(
                        back.equals(&value),
                        Some(true),
                        "{name}: JSON gave another value: {}",
                        hex(&bytes)
                    );
                    let again = json::value_to_string(&back, &ty).expect("json");
                    assert_eq!(again, want_json, "{name}: JSON -> value -> JSON");
                }
                json_checked += 1;
            }
            None => {
                let err = json::value_to_string(&value, &ty).expect_err(name);
                assert!(
                    matches!(
                        err.kind(),
                        tfschema::ErrorKind::Unknown | tfschema::ErrorKind::Invalid
                    ),
                    "{name}: {err}"
                );
                unknown_refused += 1;
            }
        }
        checked += 1;
    }
    println!(
        "encode vectors: {checked}/{} checked ({json_checked} through JSON, {json_exact} of them JSON -> msgpack byte-exact, {unknown_refused} refused JSON)",
        rows.len()
    );
    assert_eq!(checked, rows.len());
}

/// Decode vectors where we deliberately differ from go-cty (see
/// "Departures from go-cty" in the book, book/src/runtime.md): go-cty
/// accepts them, we reject them.
const REJECTED_BY_US: &[&str] = &[
    // Invalid UTF-8 in a string: an error, not bytes passed through.
    "string/invalid-utf8",
    // Trailing bytes after the top-level value.
    "string/trailing-bytes",
    // Duplicated map keys and object attributes; non-string map keys.
    "map/duplicate-keys",
    "map/non-string-key",
    "object/duplicate-key-same-count",
    // An empty map/array for an object/tuple type with attributes/elements:
    // go-cty returns a value of another type.
    "object/empty-map-for-nonempty-type",
    "tuple/empty-array-for-nonempty-type",
];

/// go-cty rejects these; the wire-format spec says any extension code is an
/// unknown value whatever its body, and we follow the spec.
const ACCEPTED_BY_US: &[&str] = &["unknown/ext8-code5-payload3", "unknown/fixext2-code0"];

#[test]
fn msgpack_decode_vectors() {
    let rows = load("decode-msgpack.jsonl");
    let (mut accepted, mut rejected, mut departures) = (0, 0, 0);
    for row in &rows {
        let name = row["name"].as_str().expect("name");
        let ty = ty_of(row, "type");
        let bytes = unhex(row["decode_hex"].as_str().expect("decode_hex"));
        let result = msgpack::value_from_slice(&bytes, &ty);
        let go_ok = row["outcome"] == "ok";
        if REJECTED_BY_US.contains(&name) {
            assert!(
                go_ok,
                "{name}: listed as a departure but go-cty rejects it too"
            );
            let err = result.expect_err(name);
            assert!(!err.to_string().is_empty());
            departures += 1;
            continue;
        }
        if ACCEPTED_BY_US.contains(&name) {
            assert!(
                !go_ok,
                "{name}: listed as a departure but go-cty accepts it too"
            );
            let value = result.unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(
                hex(&msgpack::value_to_vec(&value, &ty).expect("encode")),
                "d40000"
            );
            departures += 1;
            continue;
        }
        if !go_ok {
            assert!(
                result.is_err(),
                "{name}: go-cty rejects ({}), we accepted {:?}",
                row["result"],
                result
            );
            rejected += 1;
            continue;
        }
        let value = result.unwrap_or_else(|e| panic!("{name}: go-cty accepts, we rejected: {e}"));
        let value_ty = ty_of(row, "value_type");
        assert_eq!(value.ty(), value_ty, "{name}: type of the decoded value");
        if let Some(want) = str_field(row, "reencode_hex") {
            let again = msgpack::value_to_vec(&value, &ty).expect("encode");
            assert_eq!(hex(&again), want, "{name}: re-encoded");
        }
        if let Some(want) = str_field(row, "value_json") {
            if value.is_wholly_known() {
                let text = json::value_to_string(&value, &value.ty()).expect("json");
                assert_eq!(text, want, "{name}: value as JSON");
            }
        }
        accepted += 1;
    }
    println!(
        "msgpack decode vectors: {}/{} as go-cty ({accepted} accepted, {rejected} rejected), {departures} documented departures",
        accepted + rejected,
        rows.len()
    );
    assert_eq!(accepted + rejected + departures, rows.len());
}

const JSON_REJECTED_BY_US: &[&str] = &[
    // Trailing data after the document.
    "trailing-garbage",
    // Duplicated keys.
    "object/duplicate-key",
    "map/duplicate-key",
];

#[test]
fn json_decode_vectors() {
    let rows = load("decode-json.jsonl");
    let (mut accepted, mut rejected, mut departures) = (0, 0, 0);
    for row in &rows {
        let name = row["name"].as_str().expect("name");
        let ty = ty_of(row, "type");
        let input = row["decode_json"].as_str().expect("decode_json");
        let result = json::value_from_slice(input.as_bytes(), &ty);
        let go_ok = row["outcome"] == "ok";
        if JSON_REJECTED_BY_US.contains(&name) {
            assert!(go_ok, "{name}: go-cty rejects it too");
            assert!(result.is_err(), "{name}: accepted");
            departures += 1;
            continue;
        }
        if !go_ok {
            assert!(
                result.is_err(),
                "{name}: go-cty rejects ({}), we accepted {:?}",
                row["result"],
                result
            );
            rejected += 1;
            continue;
        }
        let value = result.unwrap_or_else(|e| panic!("{name}: go-cty accepts, we rejected: {e}"));
        if let Some(want) = str_field(row, "reencode_json") {
            assert_eq!(
                json::value_to_string(&value, &ty).expect("json"),
                want,
                "{name}: JSON"
            );
        }
        if let Some(want) = str_field(row, "reencode_msgpack_hex") {
            assert_eq!(
                hex(&msgpack::value_to_vec(&value, &ty).expect("msgpack")),
                want,
                "{name}: msgpack"
            );
        }
        accepted += 1;
    }
    println!(
        "JSON decode vectors: {}/{} as go-cty ({accepted} accepted, {rejected} rejected), {departures} documented departures",
        accepted + rejected,
        rows.len()
    );
    assert_eq!(accepted + rejected + departures, rows.len());
}
