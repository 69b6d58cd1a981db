//! `tfschema openapi generate` end to end: the binary writes the Go tool's
//! bytes for the upstream petstore golden, and `--strict` fails on warnings.

#![allow(clippy::unwrap_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../codegen/tests/data")
        .join(rel)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tfschema-openapi-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn generate(config: &Path, spec: &Path, output: &Path, strict: bool) -> std::process::Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfschema"));
    cmd.args(["openapi", "generate", "--config"])
        .arg(config)
        .arg("--output")
        .arg(output);
    if strict {
        cmd.arg("--strict");
    }
    cmd.arg(spec).output().unwrap()
}

#[test]
fn petstore_matches_the_go_golden() {
    let out_file = scratch("petstore").join("provider_code_spec.json");
    let out = generate(
        &data("upstream/petstore3/generator_config.yml"),
        &data("upstream/petstore3/openapi_spec.json"),
        &out_file,
        true,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read(&out_file).unwrap();
    let golden = std::fs::read(data("upstream/petstore3/provider_code_spec.json")).unwrap();
    assert_eq!(written, golden);
}

#[test]
fn warnings_go_to_stderr_and_strict_fails() {
    // The fixture's config and OpenAPI document live in one YAML file.
    let fixture: fixture_text::Fixture = fixture_text::load(&data("fixtures/skips.yml"));
    let dir = scratch("skips");
    let config = dir.join("generator_config.yml");
    let spec = dir.join("openapi_spec.yml");
    std::fs::write(&config, fixture.config).unwrap();
    std::fs::write(&spec, fixture.openapi).unwrap();

    let out = generate(&config, &spec, &dir.join("out.json"), false);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr
            .lines()
            .filter(|l| l.starts_with("warning: "))
            .count(),
        3,
        "{stderr}"
    );

    let out = generate(&config, &spec, &dir.join("strict.json"), true);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("3 warning(s) with --strict"), "{stderr}");
    assert!(!dir.join("strict.json").exists());
}

#[test]
fn missing_input_is_a_clear_error() {
    let dir = scratch("missing");
    let out = generate(
        &dir.join("nope.yml"),
        &dir.join("nope.json"),
        &dir.join("o.json"),
        false,
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("error reading generator config file"));
}

/// Splits a fixture file into its config text and OpenAPI document text
/// without a YAML dependency: the document is re-indented from the
/// `openapi:` block.
mod fixture_text {
    use std::path::Path;

    pub struct Fixture {
        pub config: String,
        pub openapi: String,
    }

    pub fn load(path: &Path) -> Fixture {
        let text = std::fs::read_to_string(path).unwrap();
        Fixture {
            config: block(&text, "config: |"),
            openapi: block(&text, "openapi:"),
        }
    }

    /// The lines indented under the top-level key `header`, dedented by two.
    fn block(text: &str, header: &str) -> String {
        let mut out = String::new();
        let mut inside = false;
        for line in text.lines() {
            if inside {
                if !line.is_empty() && !line.starts_with(' ') {
                    break;
                }
                out.push_str(line.get(2..).unwrap_or(""));
                out.push('\n');
            } else if line == header {
                inside = true;
            }
        }
        out
    }
}
