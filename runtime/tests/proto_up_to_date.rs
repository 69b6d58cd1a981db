//! The Rust code committed under `src/server/proto/` is exactly what the
//! protocol definitions in `proto/` generate: this test compiles them with
//! protox and tonic-prost-build (no system `protoc`) into a scratch directory
//! and compares the files byte for byte.
//!
//! To regenerate after editing a `.proto` file:
//!
//! ```text
//! TFSCHEMA_REGENERATE_PROTO=1 cargo test -p tfschema --features server --test proto_up_to_date
//! ```
#![cfg(feature = "server")]

use std::fs;
use std::path::{Path, PathBuf};

/// The definitions, relative to `proto/`.
const PROTOS: &[&str] = &[
    "tfplugin5.proto",
    "tfplugin6.proto",
    "grpc_controller.proto",
    "grpc_stdio.proto",
    "grpc_broker.proto",
    "health.proto",
];

/// What prost-build writes (one file per protobuf package), and the name it is
/// committed under in `src/server/proto/`.
const OUTPUTS: &[(&str, &str)] = &[
    ("tfplugin5.rs", "tfplugin5.rs"),
    ("tfplugin6.rs", "tfplugin6.rs"),
    ("plugin.rs", "plugin.rs"),
    ("grpc.health.v1.rs", "health.rs"),
];

const REGENERATE_VAR: &str = "TFSCHEMA_REGENERATE_PROTO";

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn generate(out_dir: &Path) {
    let proto_dir = manifest_dir().join("proto");
    let files = protox::compile(PROTOS, [&proto_dir]).expect("proto/ compiles");
    tonic_prost_build::configure()
        // Clients and servers generic over the transport; the server module
        // chooses hyper/TLS itself.
        .build_transport(false)
        // Deterministic map order when re-encoding (HashMap would not be).
        .btree_map(".")
        .emit_rerun_if_changed(false)
        .out_dir(out_dir)
        .compile_fds(files)
        .expect("code generation succeeds");
}

#[test]
fn generated_code_matches_proto_definitions() {
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tfschema-proto");
    if scratch.exists() {
        fs::remove_dir_all(&scratch).expect("clear scratch directory");
    }
    fs::create_dir_all(&scratch).expect("create scratch directory");
    generate(&scratch);

    let mut produced: Vec<String> = fs::read_dir(&scratch)
        .expect("read scratch directory")
        .map(|entry| {
            entry
                .expect("scratch entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    produced.sort();
    let mut expected: Vec<String> = OUTPUTS.iter().map(|(from, _)| from.to_string()).collect();
    expected.sort();
    assert_eq!(
        produced, expected,
        "prost-build wrote an unexpected set of files"
    );

    let committed_dir = manifest_dir().join("src/server/proto");
    let regenerate = std::env::var_os(REGENERATE_VAR).is_some();
    let mut stale = Vec::new();
    for (from, to) in OUTPUTS {
        let fresh = fs::read(scratch.join(from)).expect("read generated file");
        let committed_path = committed_dir.join(to);
        if fs::read(&committed_path).ok().as_deref() == Some(fresh.as_slice()) {
            continue;
        }
        if regenerate {
            fs::create_dir_all(&committed_dir).expect("create src/server/proto");
            fs::write(&committed_path, &fresh).expect("write generated file");
            eprintln!("regenerated {}", committed_path.display());
        } else {
            stale.push(*to);
        }
    }
    assert!(
        stale.is_empty(),
        "src/server/proto/{{{}}} differ from what proto/ generates; regenerate with\n  \
         {REGENERATE_VAR}=1 cargo test -p tfschema --features server --test proto_up_to_date",
        stale.join(",")
    );
}
