//! The committed models (`src/models/**`) are exactly what the generator
//! writes today from the petstore description, so a change to the
//! generator or to the description shows up here as drift.
//!
//! Same inputs and steps as
//!
//! ```text
//! cargo run -p tfschema-cli -- openapi rust \
//!     --config codegen/tests/data/upstream/petstore3/generator_config.yml \
//!     --output examples/terraform-provider-petstore \
//!     codegen/tests/data/upstream/petstore3/openapi_spec.json \
//!     --with-provider --tfschema-path ../../runtime
//! ```
//!
//! (the generator library, then `rustfmt --edition 2021` as the CLI runs
//! it), into a temporary directory. Only `src/models/` is compared:
//! `Cargo.toml`, `src/main.rs` and the rest are the hand-edited part.

#![allow(clippy::panic, clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use tfschema_codegen::rust::{generate, RustOptions, Spec, TfschemaDependency};

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn inputs() -> PathBuf {
    manifest().join("../../codegen/tests/data/upstream/petstore3")
}

/// Every file under `dir`, by path relative to it.
fn files_under(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let rel = path.strip_prefix(root).unwrap().to_string_lossy();
                out.insert(rel.replace('\\', "/"), std::fs::read(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

#[test]
fn committed_models_equal_a_fresh_generation() {
    let rustfmt = Command::new("rustfmt").arg("--version").output();
    if !rustfmt.is_ok_and(|o| o.status.success()) {
        // The committed files are rustfmt's output; without it the raw
        // generator output cannot be compared byte for byte.
        eprintln!("rustfmt not installed; drift not checked");
        return;
    }

    let config = std::fs::read_to_string(inputs().join("generator_config.yml")).unwrap();
    let openapi = std::fs::read_to_string(inputs().join("openapi_spec.json")).unwrap();
    let (mapped, _warnings) =
        tfschema_codegen::map(&openapi, &config, &tfschema_codegen::Options::default())
            .expect("map the petstore description");
    let out = generate(
        &Spec::from_mapped(&mapped),
        &RustOptions {
            source: "openapi_spec.json (generator_config.yml)".into(),
            with_provider: Some(TfschemaDependency::Path("../../runtime".into())),
            max_crate_size: None,
        },
    );

    let tmp = std::env::temp_dir().join(format!("petstore-regen-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let mut rust_files = Vec::new();
    for f in out
        .files
        .iter()
        .filter(|f| f.path.starts_with("src/models/"))
    {
        let path = tmp.join(&f.path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &f.text).unwrap();
        rust_files.push(path);
    }
    assert!(!rust_files.is_empty(), "the generator wrote no models");
    let status = Command::new("rustfmt")
        .args(["--edition", "2021"])
        .args(&rust_files)
        .status()
        .unwrap();
    assert!(status.success(), "rustfmt failed on the generated models");

    let fresh = files_under(&tmp.join("src/models"));
    let committed = files_under(&manifest().join("src/models"));
    let _ = std::fs::remove_dir_all(&tmp);

    let names = |m: &BTreeMap<String, Vec<u8>>| m.keys().cloned().collect::<Vec<_>>();
    assert_eq!(
        names(&committed),
        names(&fresh),
        "src/models/ files differ from a fresh generation; regenerate (see this test's header)"
    );
    for (name, text) in &fresh {
        assert!(
            committed[name] == *text,
            "src/models/{name} differs from a fresh generation; regenerate \
             (see this test's header). Fresh:\n{}",
            String::from_utf8_lossy(text)
        );
    }
}
