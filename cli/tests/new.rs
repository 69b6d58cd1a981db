//! `tfschema new` as a user runs it: the files it writes, the path to
//! tfschema in the crate's Cargo.toml, rustfmt-clean Rust for short and
//! long names, and its errors. Nothing is compiled here (each test takes
//! milliseconds, rustfmt a fraction of a second); e2e/new.sh builds and
//! tests a generated crate and runs it with Terraform.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository: the tfschema checkout the crates depend on.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("the repository")
}

/// A directory of its own for each test, removed at the end.
struct TempDir(PathBuf);

impl TempDir {
    fn new(test: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("tfschema-new-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn tfschema_new(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tfschema"))
        .arg("new")
        .args(args)
        .output()
        .expect("tfschema runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The files under `dir`, relative to it, sorted.
fn files(dir: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("a directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let rel = path.strip_prefix(root).expect("under root");
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// Whether `text` holds a template placeholder, `{{key}}` with `key` of
/// lowercase letters and `_`, as `tfschema new` fills them.
fn holds_placeholder(text: &str) -> bool {
    text.match_indices("{{").any(|(at, _)| {
        let after = &text[at + 2..];
        let key = after
            .bytes()
            .take_while(|b| b.is_ascii_lowercase() || *b == b'_')
            .count();
        key > 0 && after[key..].starts_with("}}")
    })
}

#[test]
fn holds_placeholder_finds_keys_only() {
    assert!(holds_placeholder("provider \"{{name}}\""));
    assert!(holds_placeholder("a {{crate_ident}}"));
    assert!(!holds_placeholder("${{ matrix.os }}"));
    assert!(!holds_placeholder("resource \"acme\" {{\n}}"));
    assert!(!holds_placeholder("{{Name}} {{}}"));
}

#[test]
fn writes_the_scaffold() {
    let tmp = TempDir::new("files");
    let dir = tmp.0.join("terraform-provider-acme-cloud");
    let repo = repo();
    let out = tfschema_new(&[
        "acme-cloud",
        "--dir",
        dir.to_str().expect("UTF-8"),
        "--tfschema-path",
        repo.to_str().expect("UTF-8"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let expected = [
        ".github/dependabot.yml",
        ".github/workflows/release.yml",
        ".github/workflows/test.yml",
        ".gitignore",
        "CHANGELOG.md",
        "Cargo.toml",
        "README.md",
        "docs/data-sources/example.md",
        "docs/ephemeral-resources/example.md",
        "docs/functions/example.md",
        "docs/index.md",
        "docs/resources/example.md",
        "examples/README.md",
        "examples/data-sources/acme-cloud_example/data-source.tf",
        "examples/ephemeral-resources/acme-cloud_example/ephemeral-resource.tf",
        "examples/functions/example/function.tf",
        "examples/provider/provider.tf",
        "examples/resources/acme-cloud_example/import.sh",
        "examples/resources/acme-cloud_example/resource.tf",
        "src/client.rs",
        "src/data_source.rs",
        "src/ephemeral.rs",
        "src/function.rs",
        "src/lib.rs",
        "src/main.rs",
        "src/resource.rs",
        "terraform-registry-manifest.json",
        "tests/acceptance.rs",
        "tests/provider.rs",
    ];
    assert_eq!(files(&dir), expected);

    // Every placeholder is filled: no `{{key}}` is left (the `{{` that
    // remain are GitHub's `${{ ` and the brace escapes of Rust's format!).
    for file in expected {
        let text = std::fs::read_to_string(dir.join(file)).expect("a written file");
        assert!(!holds_placeholder(&text), "{file} holds a placeholder");
    }

    // The crate names tfschema's runtime by a relative path that leads to it.
    let cargo = std::fs::read_to_string(dir.join("Cargo.toml")).expect("Cargo.toml");
    assert!(
        cargo.contains("name = \"terraform-provider-acme-cloud\""),
        "{cargo}"
    );
    let path = cargo
        .lines()
        .find_map(|l| l.strip_prefix("tfschema = { path = \""))
        .and_then(|rest| rest.split('"').next())
        .expect("the tfschema dependency");
    assert!(Path::new(path).is_relative(), "{path}");
    let runtime = dir.join(path).canonicalize().expect("the path exists");
    assert_eq!(runtime, repo.join("runtime"));

    let lib = std::fs::read_to_string(dir.join("src/lib.rs")).expect("lib.rs");
    assert!(lib.contains("pub struct AcmeCloudProvider;"), "{lib}");
    assert!(lib.contains("const EXAMPLE: &str = \"acme-cloud_example\";"));
    let main = std::fs::read_to_string(dir.join("src/main.rs")).expect("main.rs");
    assert!(main.contains("terraform_provider_acme_cloud::provider().run()"));
    let manifest = std::fs::read_to_string(dir.join("terraform-registry-manifest.json"))
        .expect("the manifest");
    assert!(
        manifest.contains(r#""protocol_versions": ["6.0"]"#),
        "{manifest}"
    );
    // Protocol 6 by default, stated in `provider()`.
    assert!(lib.contains(".max_protocol(6)"), "{lib}");
}

/// The generated Rust is rustfmt-clean whatever the name's length, since
/// names reach `use` lines and type names.
#[test]
fn generated_rust_is_formatted() {
    let tmp = TempDir::new("fmt");
    let repo = repo();
    for name in ["x", "acme", "a-rather-long-provider-name-for-rustfmt"] {
        let dir = tmp.0.join(name);
        let out = tfschema_new(&[
            name,
            "--dir",
            dir.to_str().expect("UTF-8"),
            "--tfschema-path",
            repo.to_str().expect("UTF-8"),
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        // lib.rs brings in every module of src/.
        let fmt = Command::new("rustfmt")
            .args(["--check", "--edition", "2021", "src/lib.rs", "src/main.rs"])
            .args(["tests/provider.rs", "tests/acceptance.rs"])
            .current_dir(&dir)
            .output()
            .expect("rustfmt is installed (rustup component add rustfmt)");
        assert!(
            fmt.status.success(),
            "{name}: rustfmt --check:\n{}",
            String::from_utf8_lossy(&fmt.stdout)
        );
    }
}

#[test]
fn refuses_a_directory_that_is_not_empty() {
    let tmp = TempDir::new("nonempty");
    std::fs::write(tmp.0.join("main.tf"), "# mine\n").expect("a file");
    let out = tfschema_new(&["acme", "--dir", tmp.0.to_str().expect("UTF-8")]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("the directory is not empty"), "{err}");
    assert!(err.contains(&tmp.0.display().to_string()), "{err}");
    // Nothing written, nothing removed.
    assert_eq!(files(&tmp.0), ["main.tf"]);
    let kept = std::fs::read_to_string(tmp.0.join("main.tf")).expect("kept");
    assert_eq!(kept, "# mine\n");
}

#[test]
fn takes_an_empty_directory_and_the_runtime_path() {
    let tmp = TempDir::new("empty");
    let runtime = repo().join("runtime");
    let out = tfschema_new(&[
        "terraform-provider-acme",
        "--dir",
        tmp.0.to_str().expect("UTF-8"),
        "--tfschema-path",
        runtime.to_str().expect("UTF-8"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let cargo = std::fs::read_to_string(tmp.0.join("Cargo.toml")).expect("Cargo.toml");
    assert!(
        cargo.contains("name = \"terraform-provider-acme\""),
        "{cargo}"
    );
    assert!(tmp
        .0
        .join("examples/resources/acme_example/resource.tf")
        .is_file());
}

#[test]
fn an_invalid_name_says_which_names_are_valid() {
    let tmp = TempDir::new("badname");
    for (name, why) in [
        ("Acme", "uppercase letters (Terraform reads it as \"acme\""),
        ("acme_cloud", "characters other than a-z, 0-9 and -"),
        ("acme--cloud", "two dashes in a row"),
        ("acme-", "ends with a dash"),
        ("9lives", "does not start with a lowercase letter"),
    ] {
        let dir = tmp.0.join("out");
        let out = tfschema_new(&[name, "--dir", dir.to_str().expect("UTF-8")]);
        assert!(!out.status.success(), "{name}");
        let err = stderr(&out);
        assert!(
            err.contains(&format!("{name:?} is not a valid provider name")),
            "{err}"
        );
        assert!(err.contains(why), "{name}: {err}");
        assert!(
            err.contains("lowercase ASCII letters, digits and dashes"),
            "{err}"
        );
        assert!(!dir.exists(), "{name}: nothing is written");
    }
}

#[test]
fn a_tfschema_path_that_is_no_checkout_is_an_error() {
    let tmp = TempDir::new("badpath");
    let dir = tmp.0.join("out");
    let out = tfschema_new(&[
        "acme",
        "--dir",
        dir.to_str().expect("UTF-8"),
        "--tfschema-path",
        tmp.0.to_str().expect("UTF-8"),
    ]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("not a checkout of tfschema's repository"),
        "{err}"
    );
    assert!(err.contains("--tfschema-path"), "{err}");
    assert!(!dir.exists(), "nothing is written");
}

/// `--bare --protocol 5`: the provider block, its client and tests only,
/// serving protocol 5 (the manifest says `5.0`, as Go's tf5server
/// providers' manifests do); its Rust is rustfmt-clean too.
#[test]
fn bare_on_protocol_5() {
    let tmp = TempDir::new("bare");
    let repo = repo();
    for name in ["x", "acme", "a-rather-long-provider-name-for-rustfmt"] {
        let dir = tmp.0.join(name);
        let out = tfschema_new(&[
            name,
            "--bare",
            "--protocol",
            "5",
            "--dir",
            dir.to_str().expect("UTF-8"),
            "--tfschema-path",
            repo.to_str().expect("UTF-8"),
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let expected = [
            ".github/dependabot.yml",
            ".github/workflows/release.yml",
            ".github/workflows/test.yml",
            ".gitignore",
            "CHANGELOG.md",
            "Cargo.toml",
            "README.md",
            "docs/index.md",
            "examples/README.md",
            "examples/provider/provider.tf",
            "src/client.rs",
            "src/lib.rs",
            "src/main.rs",
            "terraform-registry-manifest.json",
            "tests/acceptance.rs",
            "tests/provider.rs",
        ];
        assert_eq!(files(&dir), expected);
        for file in expected {
            let text = std::fs::read_to_string(dir.join(file)).expect("a written file");
            assert!(!holds_placeholder(&text), "{file} holds a placeholder");
            for gone in [
                "_example",
                "ExampleResource",
                "src/resource.rs",
                "{{#",
                "{{/",
            ] {
                assert!(!text.contains(gone), "{file} mentions {gone}:\n{text}");
            }
        }
        let lib = std::fs::read_to_string(dir.join("src/lib.rs")).expect("lib.rs");
        assert!(lib.contains("provider.max_protocol(5)"), "{lib}");
        assert!(!lib.contains("pub mod resource;"), "{lib}");
        let manifest = std::fs::read_to_string(dir.join("terraform-registry-manifest.json"))
            .expect("the manifest");
        assert!(
            manifest.contains(r#""protocol_versions": ["5.0"]"#),
            "{manifest}"
        );
        let fmt = Command::new("rustfmt")
            .args(["--check", "--edition", "2021", "src/lib.rs", "src/main.rs"])
            .args(["tests/provider.rs", "tests/acceptance.rs"])
            .current_dir(&dir)
            .output()
            .expect("rustfmt is installed (rustup component add rustfmt)");
        assert!(
            fmt.status.success(),
            "{name}: rustfmt --check:\n{}",
            String::from_utf8_lossy(&fmt.stdout)
        );
    }
}

/// `--protocol` takes 5 or 6 only, and says so.
#[test]
fn a_protocol_other_than_5_or_6_is_refused() {
    let tmp = TempDir::new("protocol");
    let dir = tmp.0.join("p");
    let out = tfschema_new(&[
        "p",
        "--protocol",
        "4",
        "--dir",
        dir.to_str().expect("UTF-8"),
    ]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("--protocol") && err.contains("5..=6"), "{err}");
    assert!(!dir.exists(), "nothing is written");
}
