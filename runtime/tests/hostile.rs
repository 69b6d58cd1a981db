//! Hostile input (issue 2, "Tests that must exist"): depth bombs, length
//! bombs, truncation at every byte of real vectors, invalid UTF-8, oversized
//! refinements, huge exponents; every error is an error (never a panic, a
//! stack overflow or a huge allocation) and names the attribute path.
//!
//! Every test runs on the default test thread (2 MiB stack), so a decoder
//! that recursed per nesting level without a limit would crash the binary.

// Tests fail by panicking.
#![allow(clippy::panic)]

use std::mem::ManuallyDrop;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::Value as J;
use tfschema::json::JsonOptions;
use tfschema::limits::{MAX_DEPTH, MAX_REFINEMENT_PAYLOAD};
use tfschema::{json, msgpack, ErrorKind, Number, NumberBound, Refinements, Type, Value};

fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s.replace(' ', "")).expect("hex")
}

fn ty(text: &str) -> Type {
    Type::from_json(text.as_bytes()).expect("type")
}

/// msgpack str header + bytes.
fn mp_str(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match s.len() {
        n if n < 32 => out.push(0xa0 | n as u8),
        n if n < 256 => out.extend_from_slice(&[0xd9, n as u8]),
        n => {
            out.push(0xda);
            out.extend_from_slice(&(n as u16).to_be_bytes());
        }
    }
    out.extend_from_slice(s);
    out
}

/// A dynamic wrapper header: `92`, the type JSON as bin.
fn dynamic_header(type_json: &str) -> Vec<u8> {
    let mut out = vec![0x92, 0xc4, type_json.len() as u8];
    out.extend_from_slice(type_json.as_bytes());
    out
}

/// Runs `f`, asserting it finishes within `limit` (generous: debug builds).
fn quickly<T>(what: &str, limit: Duration, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = f();
    let took = start.elapsed();
    assert!(took < limit, "{what} took {took:?}");
    out
}

const FAST: Duration = Duration::from_millis(500);

// ---------------------------------------------------------------------------
// Depth bombs
//
// A stack overflow aborts the whole test binary, which would hide every other
// test's result; so each depth test runs in a child process (this binary,
// filtered to one ignored test in `isolated`), on a thread with the default
// 2 MiB stack, and the parent test checks that the child passed.

/// Runs `isolated::<name>` in a child process and asserts that it passed.
fn run_isolated(name: &str) {
    let exe = std::env::current_exe().expect("test binary");
    let full = format!("isolated::{name}");
    let out = Command::new(exe)
        .args([full.as_str(), "--exact", "--ignored", "--test-threads=1"])
        .env_remove("RUST_MIN_STACK")
        .output()
        .expect("run the child test");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "{full} in a child process: {}\n{stdout}\n{}",
        out.status,
        stderr.lines().take(20).collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn msgpack_dynamic_depth_bomb_is_a_limit_error() {
    run_isolated("msgpack_dynamic_depth_bomb");
}

#[test]
fn msgpack_array_depth_bomb_under_a_deep_list_type_is_a_limit_error() {
    run_isolated("msgpack_array_depth_bomb");
}

#[test]
fn msgpack_nesting_up_to_the_limit_decodes_and_one_more_level_does_not() {
    run_isolated("msgpack_nesting_at_the_limit");
}

#[test]
fn json_depth_bombs_are_errors() {
    run_isolated("json_depth_bombs");
}

#[test]
fn json_nesting_up_to_the_limit_decodes_and_one_more_level_does_not() {
    run_isolated("json_nesting_at_the_limit");
}

#[test]
fn msgpack_arrays_under_dynamic_depth_bomb_is_an_error() {
    // 100,000 × `91` under type dynamic: the first array is not a
    // [type, value] pair.
    let bytes = vec![0x91; 100_000];
    let err = msgpack::value_from_slice(&bytes, &Type::Dynamic).expect_err("not a pair");
    assert_eq!(err.kind(), ErrorKind::Type, "{err}");
}

/// `depth` nested list types around string (never dropped: dropping a Box
/// chain recurses once per level, and 100,000 levels would overflow the
/// stack in the test itself).
fn deep_list_type(depth: usize) -> ManuallyDrop<Type> {
    let mut t = Type::String;
    for _ in 0..depth {
        t = Type::list(t);
    }
    ManuallyDrop::new(t)
}

/// The bodies of the depth tests, run by `run_isolated`.
mod isolated {
    use super::*;

    /// Runs `f` on a new thread with the default 2 MiB stack (whatever
    /// `RUST_MIN_STACK` says) and propagates its panic.
    fn on_2mib_stack(f: impl FnOnce() + Send + 'static) {
        let handle = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(f)
            .expect("spawn");
        if let Err(panic) = handle.join() {
            std::panic::resume_unwind(panic);
        }
    }

    #[test]
    #[ignore = "run in a child process by msgpack_dynamic_depth_bomb_is_a_limit_error"]
    fn msgpack_dynamic_depth_bomb() {
        on_2mib_stack(|| {
            // 100,000 nested `[type "dynamic", ...]` wrappers, then nil.
            let wrapper = dynamic_header("\"dynamic\"");
            assert_eq!(hex::encode(&wrapper), "92c4092264796e616d696322");
            let mut bytes = wrapper.repeat(100_000);
            bytes.push(0xc0);
            let err = quickly("dynamic depth bomb", Duration::from_secs(2), || {
                msgpack::value_from_slice(&bytes, &Type::Dynamic)
            })
            .expect_err("too deep");
            assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
            assert!(err.to_string().contains("nesting deeper than"), "{err}");
        });
    }

    #[test]
    #[ignore = "run in a child process by msgpack_array_depth_bomb_under_a_deep_list_type_is_a_limit_error"]
    fn msgpack_array_depth_bomb() {
        on_2mib_stack(|| {
            // A list type nested 100,000 levels and 100,000 nested
            // one-element arrays.
            let depth = 100_000;
            let deep = deep_list_type(depth);
            let mut bytes = vec![0x91; depth];
            bytes.push(0xa0);
            let err = quickly("array depth bomb", Duration::from_secs(2), || {
                msgpack::value_from_slice(&bytes, &deep)
            })
            .expect_err("too deep");
            assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
            // The error says where it stopped: MAX_DEPTH steps of `[0]`.
            assert_eq!(err.path().len(), MAX_DEPTH, "{err:?}");
        });
    }

    #[test]
    #[ignore = "run in a child process by msgpack_nesting_up_to_the_limit_decodes_and_one_more_level_does_not"]
    fn msgpack_nesting_at_the_limit() {
        on_2mib_stack(|| {
            // MAX_DEPTH nested lists decode on a 2 MiB stack, even in an
            // unoptimised build (limits.rs); one more is a limit error.
            let t = deep_list_type(MAX_DEPTH);
            let mut bytes = vec![0x91; MAX_DEPTH];
            bytes.extend_from_slice(&[0xa1, b'x']);
            let value = msgpack::value_from_slice(&bytes, &t).expect("MAX_DEPTH levels");
            assert_eq!(msgpack::value_to_vec(&value, &t).expect("encode"), bytes);
            std::mem::forget(value);
            let t = deep_list_type(MAX_DEPTH + 1);
            let mut bytes = vec![0x91; MAX_DEPTH + 1];
            bytes.extend_from_slice(&[0xa1, b'x']);
            let err = msgpack::value_from_slice(&bytes, &t).expect_err("one level too deep");
            assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
            // The same through dynamic wrappers: each wrapper is a level.
            let mut bytes = dynamic_header("\"dynamic\"").repeat(MAX_DEPTH);
            bytes.extend_from_slice(&[0xc0]);
            let value = msgpack::value_from_slice(&bytes, &Type::Dynamic).expect("MAX_DEPTH");
            assert_eq!(value, Value::Null(Type::Dynamic));
            let mut bytes = dynamic_header("\"dynamic\"").repeat(MAX_DEPTH + 1);
            bytes.extend_from_slice(&[0xc0]);
            let err = msgpack::value_from_slice(&bytes, &Type::Dynamic).expect_err("too deep");
            assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
        });
    }

    #[test]
    #[ignore = "run in a child process by json_depth_bombs_are_errors"]
    fn json_depth_bombs() {
        on_2mib_stack(|| {
            let depth = 100_000;
            let arrays = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
            // Under a list type deeper than the limit: the depth limit. (Not
            // 100,000 levels here: the JSON decoder walks the whole type up
            // front, recursively, and types come from the schema, or from
            // type JSON, which is itself depth-limited.)
            let deep = deep_list_type(MAX_DEPTH + 88);
            let err = quickly("JSON depth bomb", Duration::from_secs(2), || {
                json::value_from_slice(arrays.as_bytes(), &deep)
            })
            .expect_err("too deep");
            assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
            // Under shallow types: a type error at the first level that
            // does not fit.
            let err = json::value_from_slice(arrays.as_bytes(), &Type::list(Type::String))
                .expect_err("array for string");
            assert_eq!(err.kind(), ErrorKind::Type, "{err}");
            assert_eq!(err.path_string(), "[0]", "{err}");
            let err = json::value_from_slice(arrays.as_bytes(), &Type::Dynamic)
                .expect_err("array for dynamic");
            assert_eq!(err.kind(), ErrorKind::Type, "{err}");
            // Unclosed.
            let open = "[".repeat(depth);
            let err = json::value_from_slice(open.as_bytes(), &deep).expect_err("too deep");
            assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
            // Nested dynamic values.
            let nested = format!(
                "{}null{}",
                r#"{"type":"dynamic","value":"#.repeat(depth),
                "}".repeat(depth)
            );
            let err = quickly("JSON dynamic depth bomb", Duration::from_secs(2), || {
                json::value_from_slice(nested.as_bytes(), &Type::Dynamic)
            })
            .expect_err("too deep");
            assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
            // Skipped when ignoring unknown attributes: still limited.
            let ignored = format!(r#"{{"x":{arrays}}}"#);
            let err = json::decode_value(
                ignored.as_bytes(),
                &ty(r#"["object",{"a":"string"}]"#),
                &JsonOptions::ignoring_unknown_attributes(),
            )
            .expect_err("too deep to skip");
            assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
        });
    }

    #[test]
    #[ignore = "run in a child process by json_nesting_up_to_the_limit_decodes_and_one_more_level_does_not"]
    fn json_nesting_at_the_limit() {
        on_2mib_stack(|| {
            let text = |depth: usize| format!("{}\"x\"{}", "[".repeat(depth), "]".repeat(depth));
            let t = deep_list_type(MAX_DEPTH);
            let value =
                json::value_from_slice(text(MAX_DEPTH).as_bytes(), &t).expect("MAX_DEPTH levels");
            assert_eq!(
                json::value_to_string(&value, &t).expect("encode"),
                text(MAX_DEPTH)
            );
            std::mem::forget(value);
            let t = deep_list_type(MAX_DEPTH + 1);
            let err = json::value_from_slice(text(MAX_DEPTH + 1).as_bytes(), &t)
                .expect_err("one level too deep");
            assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
        });
    }
}

#[test]
fn type_json_depth_bomb_is_an_error() {
    let depth = 100_000;
    let text = format!(
        "{}\"string\"{}",
        "[\"list\",".repeat(depth),
        "]".repeat(depth)
    );
    let err = Type::from_json(text.as_bytes()).expect_err("too deep");
    assert_eq!(err.kind(), ErrorKind::TypeConstraint, "{err}");
    // The same as the type of a dynamic value.
    let mut bytes = vec![0x92, 0xc6];
    bytes.extend_from_slice(&(text.len() as u32).to_be_bytes());
    bytes.extend_from_slice(text.as_bytes());
    bytes.push(0xc0);
    let err = msgpack::value_from_slice(&bytes, &Type::Dynamic).expect_err("too deep");
    assert_eq!(err.kind(), ErrorKind::TypeConstraint, "{err}");
}

// ---------------------------------------------------------------------------
// Length bombs

#[test]
fn length_headers_beyond_the_input_fail_before_allocating() {
    // Each header claims 2^32-1 elements or bytes in a few bytes of input;
    // `Vec::with_capacity` of that many values would abort the process.
    let cases: &[(&str, &str)] = &[
        (r#"["list","string"]"#, "dd ffffffff a0a0a0"),
        (r#"["set","number"]"#, "dd ffffffff 000000"),
        (r#"["tuple",["string"]]"#, "dd ffffffff a0"),
        (r#"["map","string"]"#, "df ffffffff a0a0a0"),
        (r#"["object",{"a":"string"}]"#, "df ffffffff a161a0"),
        (r#"["list","string"]"#, "dc ffff a0a0"),
        (r#"["map","string"]"#, "de ffff a0a0"),
        (r#""string""#, "db ffffffff 6161"),
        (r#""string""#, "c6 ffffffff 6161"),
        (r#""number""#, "db ffffffff 3131"),
        (r#""string""#, "c9 ffffffff 0c 8101c2"),
        (r#""string""#, "c9 ffffffff 00"),
        (r#""dynamic""#, "92 c6 ffffffff 22"),
        (r#""dynamic""#, "dd ffffffff c0"),
        (r#"["map","string"]"#, "81 db ffffffff 61"),
        // A refinement map claiming 2^32-1 entries inside a small payload.
        (r#""string""#, "c7 05 0c df ffffffff"),
        (r#"["list","string"]"#, "c7 06 0c 81 05 ce ffffffff"),
    ];
    for (t, input) in cases {
        let t = ty(t);
        let bytes = unhex(input);
        let result = quickly(input, FAST, || msgpack::value_from_slice(&bytes, &t));
        let err = result.expect_err(input);
        assert!(
            matches!(
                err.kind(),
                ErrorKind::Eof | ErrorKind::Limit | ErrorKind::Invalid
            ),
            "{input}: {err:?}"
        );
    }
}

#[test]
fn huge_refined_length_stays_unknown() {
    // A not-null list of exact length 2^32-1: no list of 4 billion unknowns.
    let bytes = unhex("c7 0f 0c 83 01 c2 05 ce ffffffff 06 ce ffffffff");
    let value = quickly("refined length", FAST, || {
        msgpack::value_from_slice(&bytes, &Type::list(Type::String))
    })
    .expect("a refined unknown");
    let Value::Unknown(_, r) = &value else {
        panic!("expected an unknown, got {value:?}")
    };
    assert_eq!(
        (r.length_min, r.length_max),
        (u64::MAX >> 32, Some(u64::MAX >> 32))
    );
    assert!(r.not_null);
}

// ---------------------------------------------------------------------------
// Truncation

fn load(name: &str) -> Vec<J> {
    let path = format!("{}/tests/data/cty/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{path}: {e}")))
        .collect()
}

/// msgpack values are self-delimiting, so no strict prefix of a value is a
/// value: every strict prefix of a vector must be an error, and (as the
/// bytes simply run out) an end-of-input error.
#[test]
fn truncation_at_every_offset_of_every_vector_is_an_eof_error() {
    let (mut vectors, mut prefixes, mut eof) = (0, 0, 0);
    for (file, field, type_field) in [
        ("encode.jsonl", "msgpack_hex", "type"),
        ("decode-msgpack.jsonl", "decode_hex", "type"),
    ] {
        for row in load(file) {
            let Some(hex) = row[field].as_str() else {
                continue;
            };
            let name = row["name"].as_str().expect("name");
            let t = ty(&serde_json::to_string(&row[type_field]).expect("type"));
            let bytes = unhex(hex);
            vectors += 1;
            // A vector that is itself rejected (a type mismatch, invalid
            // UTF-8, ...) may fail for that reason before the bytes run out.
            // A vector rejected for trailing bytes has one prefix that is a
            // complete value: the one that ends where the trailing bytes start.
            let whole = msgpack::value_from_slice(&bytes, &t);
            let whole_ok = whole.is_ok();
            let complete_prefix = match &whole {
                Err(e) if e.kind() == ErrorKind::TrailingData => e.offset(),
                _ => None,
            };
            for cut in 0..bytes.len() {
                prefixes += 1;
                let result = msgpack::value_from_slice(&bytes[..cut], &t);
                if Some(cut) == complete_prefix {
                    assert!(
                        result.is_ok(),
                        "{file} {name}: the complete prefix: {result:?}"
                    );
                    continue;
                }
                let err =
                    result.expect_err(&format!("{file} {name}: prefix of {cut} bytes decoded"));
                if whole_ok {
                    assert_eq!(
                        err.kind(),
                        ErrorKind::Eof,
                        "{file} {name}: prefix of {cut} bytes: {err}"
                    );
                    eof += 1;
                }
            }
            // And one byte too many is trailing data (when the whole decodes).
            if msgpack::value_from_slice(&bytes, &t).is_ok() {
                let mut longer = bytes.clone();
                longer.push(0xc0);
                let err = msgpack::value_from_slice(&longer, &t).expect_err(name);
                assert_eq!(err.kind(), ErrorKind::TrailingData, "{name}: {err}");
            }
        }
    }
    println!("truncation: {vectors} vectors, {prefixes} prefixes ({eof} of decodable vectors)");
    assert!(
        vectors >= 300 && eof > 3000,
        "{vectors} vectors, {prefixes} prefixes, {eof} eof"
    );
}

#[test]
fn truncated_json_never_panics() {
    let mut checked = 0;
    for row in load("encode.jsonl") {
        let Some(text) = row["json"].as_str() else {
            continue;
        };
        let t = ty(&serde_json::to_string(&row["type"]).expect("type"));
        // Every offset; for the few long vectors (a 64 KiB string), the
        // first and last 256 and 2,048 evenly spaced ones.
        let n = text.len();
        let step = (n / 2048).max(1);
        let cuts = (0..n).filter(|&c| c < 256 || c + 256 > n || c % step == 0);
        for cut in cuts {
            // A prefix may be a complete document ("1" of "12"); others fail.
            let _ = json::value_from_slice(&text.as_bytes()[..cut], &t);
            checked += 1;
        }
        // Cut inside a structure: always an error.
        if text.starts_with(['[', '{']) {
            let err = json::value_from_slice(&text.as_bytes()[..text.len() - 1], &t)
                .expect_err("unclosed");
            assert!(
                matches!(err.kind(), ErrorKind::Eof | ErrorKind::Syntax),
                "{text}: {err}"
            );
        }
    }
    assert!(checked > 1000, "{checked}");
}

// ---------------------------------------------------------------------------
// Invalid UTF-8

/// `{"name": <x>}` as msgpack, with `x` raw bytes.
fn in_attr(name: &str, x: &[u8]) -> Vec<u8> {
    let mut out = vec![0x81];
    out.extend(mp_str(name.as_bytes()));
    out.extend_from_slice(x);
    out
}

#[test]
fn invalid_utf8_in_a_string_is_invalid_with_the_path() {
    let t = ty(r#"["object",{"name":"string"}]"#);
    for bad in [
        "a2 c3 28",
        "c4 02 c3 28",
        "a1 ff",
        "a3 ed a0 80",
        "a2 c0 af",
    ] {
        let bytes = in_attr("name", &unhex(bad));
        let err = msgpack::value_from_slice(&bytes, &t).expect_err(bad);
        assert_eq!(err.kind(), ErrorKind::Invalid, "{bad}: {err}");
        assert_eq!(err.path_string(), ".name", "{bad}: {err}");
        assert!(err.to_string().starts_with("at .name: "), "{err}");
        assert!(err.to_string().contains("UTF-8"), "{err}");
    }
}

#[test]
fn invalid_utf8_in_a_map_key_is_invalid_with_the_path() {
    let t = ty(r#"["object",{"tags":["map","string"]}]"#);
    let bytes = in_attr("tags", &unhex("81 a2 c328 a1 76"));
    let err = msgpack::value_from_slice(&bytes, &t).expect_err("bad key");
    assert_eq!(err.kind(), ErrorKind::Invalid, "{err}");
    assert_eq!(err.path_string(), ".tags", "{err}");
    assert!(err.to_string().contains("UTF-8"), "{err}");
}

#[test]
fn invalid_utf8_in_an_object_key_is_invalid_with_the_path() {
    let t = ty(r#"["object",{"o":["object",{"a":"string"}]}]"#);
    let bytes = in_attr("o", &unhex("81 a1 ff a1 76"));
    let err = msgpack::value_from_slice(&bytes, &t).expect_err("bad key");
    assert_eq!(err.kind(), ErrorKind::Invalid, "{err}");
    assert_eq!(err.path_string(), ".o", "{err}");
}

#[test]
fn invalid_utf8_in_a_number_string_is_invalid_with_the_path() {
    let t = ty(r#"["object",{"n":"number"}]"#);
    let bytes = in_attr("n", &unhex("a2 31 ff"));
    let err = msgpack::value_from_slice(&bytes, &t).expect_err("bad number text");
    assert_eq!(err.kind(), ErrorKind::Invalid, "{err}");
    assert_eq!(err.path_string(), ".n", "{err}");
}

#[test]
fn invalid_utf8_in_dynamic_type_json_is_an_error_with_the_path() {
    let t = ty(r#"["object",{"d":"dynamic"}]"#);
    // [bin "\"str\xffing\"", "x"]
    let bytes = in_attr("d", &unhex("92 c4 09 22 73 74 72 ff 69 6e 67 22 a1 78"));
    let err = msgpack::value_from_slice(&bytes, &t).expect_err("bad type JSON");
    assert_eq!(err.path_string(), ".d", "{err}");
    assert!(
        matches!(err.kind(), ErrorKind::Invalid | ErrorKind::TypeConstraint),
        "{err:?}"
    );
    // JSON input must be UTF-8 as a whole.
    let err = json::value_from_slice(b"{\"d\":{\"value\":1,\"type\":\"num\xffber\"}}", &t)
        .expect_err("not UTF-8");
    assert_eq!(err.kind(), ErrorKind::Invalid, "{err}");
}

#[test]
fn invalid_utf8_in_a_refinement_prefix_is_invalid_with_the_path() {
    let t = ty(r#"["object",{"id":"string"}]"#);
    // ext 12 { 1: false, 2: "ab\xff" }
    let bytes = in_attr("id", &unhex("c7 08 0c 82 01 c2 02 a3 61 62 ff"));
    let err = msgpack::value_from_slice(&bytes, &t).expect_err("bad prefix");
    assert_eq!(err.kind(), ErrorKind::Invalid, "{err}");
    assert_eq!(err.path_string(), ".id", "{err}");
    assert!(err.to_string().contains("prefix"), "{err}");
    // The same payload with valid UTF-8 is a refined unknown.
    let good = in_attr("id", &unhex("c7 08 0c 82 01 c2 02 a3 61 62 63"));
    let value = msgpack::value_from_slice(&good, &t).expect("valid prefix");
    let want = Refinements {
        not_null: true,
        string_prefix: "abc".into(),
        ..Refinements::default()
    };
    assert_eq!(
        value,
        Value::object([("id", Value::Unknown(Type::String, Box::new(want)))])
    );
}

#[test]
fn json_lone_surrogates_become_replacement_characters() {
    // Go's encoding/json (and so go-cty) replaces unpaired UTF-16
    // surrogates with U+FFFD rather than failing.
    let t = ty(r#"["object",{"name":"string","tags":["map","string"]}]"#);
    let value = json::value_from_slice(br#"{"name":"\ud800","tags":{"\udc00k":"x\ud83d"}}"#, &t)
        .expect("lone surrogates");
    assert_eq!(
        value,
        Value::object([
            ("name", Value::from("\u{fffd}")),
            (
                "tags",
                Value::map(
                    Type::String,
                    [("\u{fffd}k".to_owned(), Value::from("x\u{fffd}"))]
                )
            ),
        ])
    );
    // A broken escape is a syntax error naming the attribute.
    let err = json::value_from_slice(br#"{"name":"\ud80"}"#, &t).expect_err("short escape");
    assert_eq!(err.kind(), ErrorKind::Syntax, "{err}");
    assert_eq!(err.path_string(), ".name", "{err}");
}

// ---------------------------------------------------------------------------
// Refinement payload size

/// ext16 with code 12 and `body`.
fn ext12(body: &[u8]) -> Vec<u8> {
    let mut out = vec![0xc8];
    out.extend_from_slice(&(body.len() as u16).to_be_bytes());
    out.push(0x0c);
    out.extend_from_slice(body);
    out
}

#[test]
fn oversized_refinement_payload_is_a_limit_error() {
    // {1: false} then padding (bytes after the map are ignored, as go-cty).
    let mut body = unhex("81 01 c2");
    body.resize(MAX_REFINEMENT_PAYLOAD, 0);
    let value = msgpack::value_from_slice(&ext12(&body), &Type::String).expect("1024 bytes");
    assert_eq!(
        value,
        Value::Unknown(Type::String, Box::new(Refinements::not_null()))
    );

    body.push(0);
    let t = ty(r#"["object",{"id":"string"}]"#);
    let err = msgpack::value_from_slice(&in_attr("id", &ext12(&body)), &t).expect_err("1025");
    assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
    assert_eq!(err.path_string(), ".id", "{err}");
    // Even for dynamic, whose refinements are ignored.
    let err = msgpack::value_from_slice(&ext12(&body), &Type::Dynamic).expect_err("1025");
    assert_eq!(err.kind(), ErrorKind::Limit, "{err}");
    // A long prefix inside the limit is fine and written back cut to 256
    // bytes.
    let prefix = "p".repeat(1000);
    let mut body = unhex("82 01 c2 02");
    body.extend(mp_str(prefix.as_bytes()));
    let value = msgpack::value_from_slice(&ext12(&body), &Type::String).expect("prefix");
    let again = msgpack::value_to_vec(&value, &Type::String).expect("encode");
    let back = msgpack::value_from_slice(&again, &Type::String).expect("decode");
    let Value::Unknown(_, r) = back else {
        panic!("unknown expected")
    };
    assert_eq!(r.string_prefix, "p".repeat(256));
}

/// Fuzz finding (msgpack_value, minimised): a number bound whose decimal
/// text is long decodes fine (its payload is small: `1e2000` is 6 bytes),
/// but the encoder writes the bound as 2001 digits, a payload over 1024
/// bytes that the decoder (ours and go-cty's) then refuses. The encoder
/// should not write what no reader accepts (e.g. leave out a bound whose
/// text would not fit, as it leaves out infinite bounds).
#[test]
fn encoded_refinements_always_decode_again() {
    // ext8 code 12 {3: ["1e2000", true]} under type number.
    let input = unhex("c7 0b 0c 81 03 92 a6 31 65 32 30 30 30 c3");
    let value = msgpack::value_from_slice(&input, &Type::Number).expect("valid input");
    let bytes = msgpack::value_to_vec(&value, &Type::Number).expect("encode");
    let again = msgpack::value_from_slice(&bytes, &Type::Number);
    assert!(
        again.is_ok(),
        "re-encoding ({} bytes) does not decode: {:?}",
        bytes.len(),
        again.err()
    );
    // The same through the API.
    let r = Refinements {
        number_upper: Some(NumberBound {
            value: Number::parse("-1e-3000").expect("number"),
            inclusive: false,
        }),
        ..Refinements::default()
    };
    let value = Value::Unknown(Type::Number, Box::new(r));
    let bytes = msgpack::value_to_vec(&value, &Type::Number).expect("encode");
    assert!(msgpack::value_from_slice(&bytes, &Type::Number).is_ok());
}

// ---------------------------------------------------------------------------
// Huge exponents

#[test]
fn huge_exponents_are_errors_quickly() {
    for text in [
        "1e999999999",
        "-1e999999999",
        "1e-999999999",
        "1.5e99999999999999999999",
        "1p99999999999",
        "1E10001",
        "1e-10001",
    ] {
        let err = quickly(text, FAST, || Number::parse(text)).expect_err(text);
        assert!(err.to_string().contains("exponent"), "{text}: {err}");
        // In msgpack, as a number string (str and bin).
        let bytes = mp_str(text.as_bytes());
        let err = quickly(text, FAST, || {
            msgpack::value_from_slice(&bytes, &Type::Number)
        })
        .expect_err(text);
        assert_eq!(err.kind(), ErrorKind::Invalid, "{text}: {err}");
        // In JSON, as a number and as a string.
        let t = ty(r#"["object",{"n":"number"}]"#);
        let mut docs = vec![format!(r#"{{"n":"{text}"}}"#)];
        if !text.contains('p') {
            // JSON number syntax has no binary exponent.
            docs.push(format!(r#"{{"n":{text}}}"#));
        }
        for doc in docs {
            let err =
                quickly(&doc, FAST, || json::value_from_slice(doc.as_bytes(), &t)).expect_err(&doc);
            assert_eq!(err.kind(), ErrorKind::Invalid, "{doc}: {err}");
            assert_eq!(err.path_string(), ".n", "{doc}: {err}");
        }
        // As a refinement bound.
        let mut body = unhex("81 03 92");
        body.extend(mp_str(text.as_bytes()));
        body.push(0xc3);
        let err = quickly(text, FAST, || {
            msgpack::value_from_slice(&ext12(&body), &Type::Number)
        })
        .expect_err(text);
        assert_eq!(err.kind(), ErrorKind::Invalid, "{text}: {err}");
    }
    // The largest exponents accepted still decode quickly.
    for text in ["1e10000", "1e-10000", "9.999e9999"] {
        let n = quickly(text, FAST, || Number::parse(text)).expect(text);
        let digits = quickly(text, FAST, || n.to_decimal_string()).expect("finite");
        assert!(digits.len() <= 10_010, "{text}: {} chars", digits.len());
    }
    // Zero with any exponent is zero (as Go).
    assert_eq!(
        Number::parse("0e999999999").expect("zero"),
        Number::from_i64(0)
    );
}

#[test]
fn overlong_number_text_is_an_error() {
    let text = "1".repeat(tfschema::limits::MAX_TEXT_LEN + 1);
    assert!(Number::parse(&text).is_err());
    let doc = format!("[{text}]");
    let err =
        json::value_from_slice(doc.as_bytes(), &Type::list(Type::Number)).expect_err("too long");
    assert_eq!(err.path_string(), "[0]", "{err}");
}

// ---------------------------------------------------------------------------
// Paths

#[test]
fn errors_name_the_attribute_path() {
    let t = ty(r#"["object",{"rule":["list",["object",{"port":"number"}]]}]"#);
    // {"rule": [{"port": true}]}
    let bytes = unhex("81 a4 72756c65 91 81 a4 706f7274 c3");
    let err = msgpack::value_from_slice(&bytes, &t).expect_err("bool for number");
    assert_eq!(err.kind(), ErrorKind::Type, "{err}");
    assert_eq!(err.path_string(), ".rule[0].port");
    assert_eq!(
        err.to_string(),
        format!(
            "at .rule[0].port: number required, found bool (byte {})",
            bytes.len() - 1
        )
    );
    let err = json::value_from_slice(br#"{"rule":[{"port":true}]}"#, &t).expect_err("json");
    assert_eq!(err.kind(), ErrorKind::Type, "{err}");
    assert_eq!(err.path_string(), ".rule[0].port");
    assert!(err.to_string().starts_with("at .rule[0].port: "), "{err}");

    // Third element of a list, map keys, tuple and set indexes, dynamic.
    let t = ty(r#"["object",{"m":["map",["tuple",["string",["set","number"]]]],"d":"dynamic"}]"#);
    let cases: &[(&str, &str, &str)] = &[
        (
            r#"{"d":null,"m":{"k\"1":["a",[1,"x"]]}}"#,
            r#".m["k\"1"][1][1]"#,
            "number",
        ),
        (
            r#"{"d":{"type":["list","bool"],"value":[true,false,7]},"m":{}}"#,
            ".d[2]",
            "bool",
        ),
        (
            r#"{"d":null,"m":{"a":["a",[1]],"b":[1,2,3]}}"#,
            r#".m["b"][1]"#,
            "set of number required",
        ),
        (
            r#"{"d":null,"m":{},"x":1}"#,
            "",
            "unsupported attribute \"x\"",
        ),
    ];
    for (text, path, needle) in cases {
        let err = json::value_from_slice(text.as_bytes(), &t).expect_err(text);
        assert_eq!(err.path_string(), *path, "{text}: {err}");
        assert!(err.to_string().contains(needle), "{text}: {err}");
        if !path.is_empty() {
            assert!(
                err.to_string().starts_with(&format!("at {path}: ")),
                "{err}"
            );
        }
    }
    // The same in msgpack: {"d": nil, "m": {"k\"1": ["a", [1, "x"]]}}
    let bytes = unhex("82 a1 64 c0 a1 6d 81 a3 6b 22 31 92 a1 61 92 01 a1 78");
    let err = msgpack::value_from_slice(&bytes, &t).expect_err("string in set of number");
    assert_eq!(err.path_string(), r#".m["k\"1"][1][1]"#, "{err}");
    assert_eq!(err.kind(), ErrorKind::Invalid, "{err}");
    // Dynamic: [type list(bool), [true, false, 7]]
    let mut bytes = unhex("82 a1 64");
    bytes.extend(dynamic_header(r#"["list","bool"]"#));
    bytes.extend(unhex("93 c3 c2 07 a1 6d 80"));
    let err = msgpack::value_from_slice(&bytes, &t).expect_err("int in list of bool");
    assert_eq!(err.path_string(), ".d[2]", "{err}");
    assert_eq!(err.kind(), ErrorKind::Type, "{err}");
}

#[test]
fn encode_errors_name_the_attribute_path() {
    let t = ty(r#"["object",{"rule":["list",["object",{"port":"number"}]]}]"#);
    let value = Value::object([(
        "rule",
        Value::list(
            t.clone(),
            vec![Value::object([("port", Value::from("80"))])],
        ),
    )]);
    let err = msgpack::value_to_vec(&value, &t).expect_err("string for number");
    assert_eq!(err.path_string(), ".rule[0].port", "{err}");
    let err = json::value_to_string(&value, &t).expect_err("string for number");
    assert_eq!(err.path_string(), ".rule[0].port", "{err}");
    // Unknowns cannot be written as JSON; the error says where.
    let value = Value::object([(
        "rule",
        Value::list(
            t.clone(),
            vec![Value::object([("port", Value::unknown(Type::Number))])],
        ),
    )]);
    let err = json::value_to_string(&value, &t).expect_err("unknown");
    assert_eq!(err.kind(), ErrorKind::Unknown, "{err}");
    assert_eq!(err.path_string(), ".rule[0].port", "{err}");
}
