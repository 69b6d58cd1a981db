//! `tfschema schema import` end to end: the binary writes a provider crate
//! for Terraform's printed schema of the null provider, refuses under
//! `--strict` what the derive cannot express, and says which providers a
//! file holds when it holds several.

#![allow(clippy::unwrap_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../codegen/tests/data")
        .join(rel)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tfschema-import-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn import(input: &Path, output: &Path, extra: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tfschema"))
        .args(["schema", "import", "--no-rustfmt", "--providers-schema"])
        .arg(input)
        .arg("--output")
        .arg(output)
        .args(extra)
        .output()
        .unwrap()
}

#[test]
fn writes_a_provider_crate_for_the_null_provider() {
    let out = scratch("null");
    let run = import(
        &data("tfjson/null-2.1.2-tf1.15.5.json"),
        &out,
        &["--strict"],
    );
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        run.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let main = std::fs::read_to_string(out.join("src/main.rs")).unwrap();
    assert!(
        main.contains(".resource(\"null_resource\", ResourceResource)"),
        "{main}"
    );
    assert!(
        main.contains(".data_source(\"null_data_source\", DataSourceDataSource)"),
        "{main}"
    );
    let cargo = std::fs::read_to_string(out.join("Cargo.toml")).unwrap();
    assert!(
        cargo.contains("name = \"terraform-provider-null\""),
        "{cargo}"
    );
    let model = std::fs::read_to_string(out.join("src/models/resources/resource.rs")).unwrap();
    assert!(
        model.contains("pub triggers: Option<BTreeMap<String, String>>,"),
        "{model}"
    );
}

#[test]
fn strict_refuses_what_the_derive_cannot_express() {
    let input = scratch("strict-in").join("schema.json");
    std::fs::write(
        &input,
        // Required and computed at once: not a combination the derive (or
        // Terraform) accepts. (The deprecated block is expressible since
        // protocol 6.11's deprecation messages.)
        r#"{"format_version":"1.0","provider_schemas":{"registry.terraform.io/hashicorp/x":{"resource_schemas":{"x_old":{"version":0,"block":{"attributes":{"odd":{"type":"string","description_kind":"plain","required":true,"computed":true}},"description_kind":"plain","deprecated":true}}}}}}"#,
    )
    .unwrap();
    let out = scratch("strict-out");
    let run = import(&input, &out, &["--strict"]);
    assert!(!run.status.success());
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("warning: resource \"x_old\": treating as required")
            && stderr.contains("error: 1 warning(s) under --strict"),
        "{stderr}"
    );
    assert!(!out.join("src").exists(), "nothing written under --strict");
    // Without --strict: written, and the warning still said.
    let run = import(&input, &out, &[]);
    assert!(run.status.success());
    assert!(String::from_utf8_lossy(&run.stderr).contains("treating as required"));
    let model = std::fs::read_to_string(out.join("src/models/resources/old.rs")).unwrap();
    assert!(
        model.contains("#[tf(deprecated)]\npub struct Old {"),
        "{model}"
    );
}

#[test]
fn several_providers_need_an_address() {
    let input = scratch("two").join("schema.json");
    std::fs::write(
        &input,
        r#"{"format_version":"1.0","provider_schemas":{"registry.terraform.io/a/one":{},"registry.terraform.io/b/two":{}}}"#,
    )
    .unwrap();
    let run = import(&input, &scratch("two-out"), &[]);
    assert!(!run.status.success());
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("several providers; name one with --provider-address:\n  registry.terraform.io/a/one\n  registry.terraform.io/b/two"),
        "{stderr}"
    );
    let out = scratch("two-ok");
    let run = import(
        &input,
        &out,
        &["--provider-address", "registry.terraform.io/b/two"],
    );
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(out.join("Cargo.toml").exists());
}

#[test]
fn a_provider_above_the_crate_size_is_a_workspace() {
    let input = data("import/every_feature.json");
    // The default bound keeps this small provider one crate.
    let one = scratch("one-crate");
    let run = import(&input, &one, &["--strict", "-v"]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(String::from_utf8_lossy(&run.stderr).contains(", one crate)"));
    assert!(one.join("src/models/mod.rs").exists());
    assert!(!one.join("crates").exists());
    // A bound below every type: a crate per group of names.
    let ws = scratch("workspace");
    let run = import(&input, &ws, &["--strict", "-v", "--max-crate-size", "1"]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert!(stderr.contains(", a workspace of 7 crates)"), "{stderr}");
    let mut crates: Vec<String> = std::fs::read_dir(ws.join("crates"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    crates.sort();
    assert_eq!(crates, ["core", "every", "plain", "poke", "thing", "token"]);
    let root = std::fs::read_to_string(ws.join("Cargo.toml")).unwrap();
    assert!(root.contains("members = [\"crates/*\"]"), "{root}");
    assert!(ws
        .join("crates/thing/src/models/resources/thing.rs")
        .exists());
    assert!(!ws.join("src/models").exists());
    let bad = import(&input, &scratch("bad"), &["--max-crate-size", "many"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--max-crate-size"));
}
