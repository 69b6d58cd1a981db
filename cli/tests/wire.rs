//! `tfschema wire`: the interface outside checks drive. Expected JSON and
//! msgpack are go-cty's own output; the `show` format is pinned by reviewed
//! goldens.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

fn tfschema(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tfschema"))
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn tfschema");
    if let Err(e) = child.stdin.take().expect("stdin").write_all(stdin) {
        // A command refusing its arguments may exit before reading its
        // input; its answer is still read below.
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "write stdin: {e}");
    }
    child.wait_with_output().expect("wait")
}

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{path}")).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn ok_stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "exit {:?}, stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).expect("utf-8 stdout")
}

fn failure(out: &Output) -> String {
    assert!(
        !out.status.success(),
        "expected failure, got {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(out.stdout.is_empty(), "nothing on stdout on failure");
    String::from_utf8(out.stderr.clone()).expect("utf-8 stderr")
}

const TYPE_FILE: &str = "examples/wire/aws_instance.type.json";

#[test]
fn convert_msgpack_hex_to_json_matches_go_cty() {
    let hex_in = read("examples/wire/aws_instance_state.msgpack.hex");
    let out = tfschema(
        &[
            "wire",
            "convert",
            "--type-file",
            TYPE_FILE,
            "--from",
            "msgpack",
            "--to",
            "json",
            "--hex",
        ],
        hex_in.as_bytes(),
    );
    assert_eq!(
        ok_stdout(&out),
        read("cli/tests/data/aws_instance_state.json") + "\n"
    );
}

#[test]
fn convert_json_to_msgpack_matches_go_cty() {
    let json_in = read("cli/tests/data/aws_instance_state.json");
    let want: String = read("examples/wire/aws_instance_state.msgpack.hex")
        .split_whitespace()
        .collect();
    let out = tfschema(
        &[
            "wire",
            "convert",
            "--type-file",
            TYPE_FILE,
            "--from",
            "json",
            "--to",
            "msgpack",
            "--hex",
        ],
        json_in.as_bytes(),
    );
    assert_eq!(ok_stdout(&out), want.clone() + "\n");
    // Raw bytes without --hex.
    let out = tfschema(
        &[
            "wire",
            "convert",
            "--type-file",
            TYPE_FILE,
            "--from",
            "json",
            "--to",
            "msgpack",
        ],
        json_in.as_bytes(),
    );
    assert!(out.status.success());
    assert_eq!(hex::encode(&out.stdout), want);
    // And raw bytes back to JSON.
    let raw = out.stdout;
    let out = tfschema(
        &[
            "wire",
            "convert",
            "--type-file",
            TYPE_FILE,
            "--from",
            "msgpack",
            "--to",
            "json",
        ],
        &raw,
    );
    assert_eq!(ok_stdout(&out), json_in + "\n");
}

#[test]
fn show_planned_value_golden() {
    let hex_in = read("examples/wire/aws_instance_planned.msgpack.hex");
    let out = tfschema(
        &["wire", "show", "--type-file", TYPE_FILE, "--hex"],
        hex_in.as_bytes(),
    );
    assert_eq!(ok_stdout(&out), read("cli/tests/data/show_planned.txt"));
}

#[test]
fn show_small_values() {
    // (type, msgpack hex from the go-cty vectors, expected rendering)
    for (ty, input, want) in [
        (
            r#""string""#,
            "c7090c8201c202a4616d692d",
            "(known after apply, not null, starts with \"ami-\")",
        ),
        (
            r#""number""#,
            "c70b0c8301c2039200c304920ac3",
            "(known after apply, not null, >= 0, <= 10)",
        ),
        (
            r#""number""#,
            "c7050c81049264c2",
            "(known after apply, < 100)",
        ),
        (
            r#"["list","string"]"#,
            "c7070c8301c205010605",
            "(known after apply, not null, length 1 to 5)",
        ),
        (r#""string""#, "d40000", "(known after apply)"),
        (r#""dynamic""#, "c0", "null"),
        (r#"["list","string"]"#, "90", "[]"),
        (r#""number""#, "a3302e31", "0.1"),
        (r#""number""#, "cb7ff0000000000000", "+Inf"),
        (
            r#""string""#,
            "ad6122625c630a6409650d001f7f",
            "\"a\\\"b\\\\c\\nd\\te\\r\\u0000\\u001f\\u007f\"",
        ),
        (
            r#"["map","bool"]"#,
            "81a43c6b263ec3",
            "{\n  \"<k&>\" = true\n}",
        ),
        (
            r#""dynamic""#,
            "92c4115b226c697374222c22737472696e67225d92a161a162",
            "[\n  \"a\",\n  \"b\",\n]",
        ),
        (
            r#"["object",{"a":"dynamic","bb":"string"}]"#,
            "82a16192c408226e756d626572222aa26262a173",
            "{\n  a  = 42\n  bb = \"s\"\n}",
        ),
    ] {
        let out = tfschema(&["wire", "show", "--type", ty, "--hex"], input.as_bytes());
        assert_eq!(ok_stdout(&out), format!("{want}\n"), "{ty} {input}");
    }
}

#[test]
fn show_reads_json_too() {
    let out = tfschema(
        &[
            "wire",
            "show",
            "--type",
            r#"["object",{"n":"number"}]"#,
            "--from",
            "json",
        ],
        br#"{"n": 1e3}"#,
    );
    assert_eq!(ok_stdout(&out), "{\n  n = 1000\n}\n");
}

#[test]
fn bad_input_names_the_path_and_reason() {
    let ty = r#"["object",{"rule":["list",["object",{"port":"number"}]]}]"#;
    // {"rule": [{"port": true}]}
    let out = tfschema(
        &["wire", "show", "--type", ty, "--hex"],
        b"81a472756c659181a4706f7274c3",
    );
    let err = failure(&out);
    assert!(
        err.contains("at .rule[0].port: number required, found bool"),
        "{err}"
    );
    let out = tfschema(
        &[
            "wire", "convert", "--type", ty, "--from", "json", "--to", "msgpack",
        ],
        br#"{"rule":[{"port":"x"}]}"#,
    );
    let err = failure(&out);
    assert!(err.contains("at .rule[0].port:"), "{err}");
}

#[test]
fn unknowns_cannot_become_json() {
    let out = tfschema(
        &[
            "wire",
            "convert",
            "--type",
            r#""string""#,
            "--from",
            "msgpack",
            "--to",
            "json",
            "--hex",
        ],
        b"d40000",
    );
    assert!(failure(&out).contains("value is not known"));
}

#[test]
fn bad_arguments_are_reported() {
    let out = tfschema(&["wire", "show", "--type", r#"["frob"]"#, "--hex"], b"c0");
    assert!(failure(&out).contains("invalid --type"));
    let out = tfschema(&["wire", "show", "--type", r#""string""#, "--hex"], b"zz");
    assert!(failure(&out).contains("not hexadecimal"));
    let out = tfschema(
        &["wire", "show", "--type", r#""string""#, "--hex"],
        b"a161ff",
    );
    assert!(failure(&out).contains("trailing bytes"));
}
