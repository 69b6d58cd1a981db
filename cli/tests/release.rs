//! `tfschema release` on a provider that is this test binary relaunched
//! (`RELEASE_TEST_PROVIDER`), behind a small wrapper named as a provider
//! binary is. Every expected file, hash and index is computed apart from
//! the code under test: the zips are read and hashed by Python's `zipfile`
//! and `hashlib` following Go's `dirhash.Hash1` (sha256 of
//! `<hex sha256>  <name>\n` per file, sorted, base64), sums and JSON are
//! written here by hand. e2e/release.sh checks the same hashes against
//! real Terraform's `providers lock` and the signature with real gpg.
//!
//! Cost: a few launches of this binary, one `cargo build --release` of a
//! dependency-free crate (about a second of rustc), zips of small files.

#![allow(clippy::unwrap_used, clippy::panic)]

#[path = "support/runner.rs"]
mod runner;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Output};

use serde_json::Value;
use sha2::{Digest, Sha256};
use tfschema::schema::{Attribute, AttributeType, Block, NestedType, ObjectNesting, Schema};
use tfschema::server::raw::{ProviderSchema, RawProvider};
use tfschema::Type;

// ---------------------------------------------------------------------------
// The provider side.

/// A provider with one data source; with `nested`, an attribute only
/// protocol 6 can carry.
struct Shelf {
    nested: bool,
}

impl RawProvider for Shelf {
    fn schema(&self) -> ProviderSchema {
        let mut name = Attribute::new("name", Type::String);
        name.required = true;
        let mut attributes = vec![name];
        if self.nested {
            let mut port = Attribute::new("port", Type::Number);
            port.required = true;
            let mut rules = Attribute::new("rules", Type::String);
            rules.optional = true;
            rules.ty = AttributeType::Nested(NestedType {
                attributes: vec![port],
                nesting: ObjectNesting::Set,
            });
            attributes.push(rules);
        }
        ProviderSchema {
            data_sources: [(
                "shelf_book".to_owned(),
                Schema {
                    version: 0,
                    block: Block {
                        attributes,
                        ..Block::default()
                    },
                },
            )]
            .into(),
            ..ProviderSchema::default()
        }
    }
}

fn provider_main(mode: &str) -> ExitCode {
    match mode {
        // A provider that serves another binary's types finds it in
        // TFSCHEMA_PROXIED_DIR/proxied/ (LaunchOptions::beside_executable):
        // without it there, it fails as such a provider would.
        "proxying" => {
            let dir = std::env::var_os("TFSCHEMA_PROXIED_DIR").unwrap_or_default();
            let go = Path::new(&dir).join("proxied/terraform-provider-shelf_v0.9.0_x5");
            if std::fs::read(&go).ok().as_deref() != Some(b"the Go binary".as_slice()) {
                eprintln!("Error: {}: no such file", go.display());
                return ExitCode::FAILURE;
            }
            tfschema::server::run(tfschema::server::ProviderServices::from_raw(Shelf {
                nested: false,
            }))
        }
        "serve" | "nested" => {
            tfschema::server::run(tfschema::server::ProviderServices::from_raw(Shelf {
                nested: mode == "nested",
            }))
        }
        _ => {
            println!("Hello, world");
            ExitCode::SUCCESS
        }
    }
}

// ---------------------------------------------------------------------------
// Helpers.

/// A fresh directory for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tfschema-release-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(path: &Path, bytes: &[u8]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

/// `DIR/terraform-provider-shelf`: a script running this test binary.
fn wrapper(dir: &Path, file: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(file);
    let exe = std::env::current_exe().unwrap();
    write(
        &path,
        format!("#!/bin/sh\nexec '{}' \"$@\"\n", exe.display()).as_bytes(),
    );
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// A file with the header of a Mach-O arm64 executable (macOS on Apple
/// silicon), for a platform this test cannot launch.
fn fake_darwin_arm64(dir: &Path) -> PathBuf {
    let mut bytes = vec![0u8; 256];
    bytes[..4].copy_from_slice(&0xfeed_facfu32.to_le_bytes());
    bytes[4..8].copy_from_slice(&0x0100_000cu32.to_le_bytes());
    bytes.extend_from_slice(b"darwin arm64 build");
    let path = dir.join("mac/terraform-provider-shelf");
    write(&path, &bytes);
    path
}

/// This machine in Go's names.
fn host() -> String {
    let os = match std::env::consts::OS {
        "macos" => "darwin",
        other => other,
    };
    let arch = match std::env::consts::ARCH {
        "x86_64" => "amd64",
        "aarch64" => "arm64",
        "x86" => "386",
        other => other,
    };
    format!("{os}_{arch}")
}

fn release(dir: &Path, mode: &str, args: &[&str]) -> Output {
    release_with(dir, mode, args, &[])
}

fn release_with(dir: &Path, mode: &str, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfschema"));
    cmd.arg("release")
        .args(args)
        .current_dir(dir)
        .env("RELEASE_TEST_PROVIDER", mode)
        .env_remove("TFSCHEMA_FORCE_PROTOCOL");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "exit {:?}, stderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn failed(out: &Output) -> String {
    assert!(
        !out.status.success(),
        "succeeded: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    String::from_utf8(out.stderr.clone()).unwrap()
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// Python's reading of every zip in `dir`: per zip, its sha256, its
/// entries (name, mode, compression, sha256) and the h1 hash computed as
/// Go's dirhash.Hash1 describes it.
const READ_ZIPS: &str = r#"
import base64, hashlib, json, os, sys, zipfile
out = {}
for f in sorted(os.listdir(sys.argv[1])):
    if not f.endswith(".zip"):
        continue
    path = os.path.join(sys.argv[1], f)
    z = zipfile.ZipFile(path)
    entries = [{"name": i.filename, "mode": i.external_attr >> 16,
                "compress": i.compress_type, "date": list(i.date_time),
                "sha256": hashlib.sha256(z.read(i.filename)).hexdigest()}
               for i in z.infolist()]
    summary = "".join("%s  %s\n" % (hashlib.sha256(z.read(n)).hexdigest(), n)
                      for n in sorted(z.namelist()))
    out[f] = {"sha256": hashlib.sha256(open(path, "rb").read()).hexdigest(),
              "entries": entries,
              "h1": "h1:" + base64.b64encode(hashlib.sha256(summary.encode()).digest()).decode()}
print(json.dumps(out))
"#;

fn read_zips(dir: &Path) -> BTreeMap<String, Value> {
    let out = Command::new("python3")
        .args(["-c", READ_ZIPS])
        .arg(dir)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Nothing in `parent` but `expected`: no `--out`, no staging directory.
fn nothing_left(parent: &Path, expected: &[&str]) {
    let left = names(parent);
    assert_eq!(left, expected, "left behind in {}", parent.display());
}

// ---------------------------------------------------------------------------
// The tests.

fn writes_what_the_registry_reads() {
    let dir = scratch("assets");
    let linux = wrapper(&dir.join("bin"), "terraform-provider-shelf");
    let mac = fake_darwin_arm64(&dir);
    let host = host();
    let out = ok(&release(
        &dir,
        "serve",
        &[
            "--version",
            "1.2.3",
            "--provider-binary",
            &format!("{host}={}", linux.display()),
            "--provider-binary",
            &format!("darwin_arm64={}", mac.display()),
            "--mirror",
            "mirror",
            "--provider-address",
            "example.com/acme/shelf",
        ],
    ));
    let dist = dir.join("dist");
    let host_zip = format!("terraform-provider-shelf_1.2.3_{host}.zip");
    let mac_zip = "terraform-provider-shelf_1.2.3_darwin_arm64.zip".to_owned();
    let mut expected = vec![
        host_zip.clone(),
        mac_zip.clone(),
        "terraform-provider-shelf_1.2.3_SHA256SUMS".into(),
        "terraform-provider-shelf_1.2.3_manifest.json".into(),
    ];
    expected.sort();
    assert_eq!(names(&dist), expected);

    // Flat zips holding exactly the binary, mode 0755, deflated, dated
    // at the zip format's epoch (so the same binary gives the same zip).
    let zips = read_zips(&dist);
    for (zip, binary) in [(&host_zip, &linux), (&mac_zip, &mac)] {
        let entries = zips[zip]["entries"].as_array().unwrap();
        assert_eq!(entries.len(), 1, "{zip}: {entries:?}");
        let e = &entries[0];
        assert_eq!(e["name"], "terraform-provider-shelf_v1.2.3", "{zip}");
        assert_eq!(e["mode"], 0o100755, "{zip}");
        assert_eq!(e["compress"], 8, "{zip}: deflate");
        assert_eq!(e["date"], serde_json::json!([1980, 1, 1, 0, 0, 0]), "{zip}");
        assert_eq!(
            e["sha256"].as_str().unwrap(),
            sha256_hex(&std::fs::read(binary).unwrap()),
            "{zip}"
        );
    }

    // The manifest: protocol 5 and 6, as this provider serves both.
    let manifest =
        std::fs::read_to_string(dist.join("terraform-provider-shelf_1.2.3_manifest.json")).unwrap();
    assert_eq!(
        manifest,
        "{\n  \"version\": 1,\n  \"metadata\": {\n    \"protocol_versions\": [\"5.0\", \"6.0\"]\n  }\n}\n"
    );
    // Sorted by file name, as goreleaser writes them.
    let mut sums = [
        (
            host_zip.clone(),
            zips[&host_zip]["sha256"].as_str().unwrap().to_owned(),
        ),
        (
            mac_zip.clone(),
            zips[&mac_zip]["sha256"].as_str().unwrap().to_owned(),
        ),
        (
            "terraform-provider-shelf_1.2.3_manifest.json".to_owned(),
            sha256_hex(manifest.as_bytes()),
        ),
    ];
    sums.sort();
    let sums: Vec<String> = sums.iter().map(|(f, h)| format!("{h}  {f}\n")).collect();
    assert_eq!(
        std::fs::read_to_string(dist.join("terraform-provider-shelf_1.2.3_SHA256SUMS")).unwrap(),
        sums.concat()
    );

    // The hashes printed, one line per zip in platform order.
    let line = |zip: &String| {
        format!(
            "{zip} {} zh:{}\n",
            zips[zip]["h1"].as_str().unwrap(),
            zips[zip]["sha256"].as_str().unwrap()
        )
    };
    let mut lines = [line(&host_zip), line(&mac_zip)];
    lines.sort();
    assert_eq!(out, lines.concat());

    // The packed mirror, with the indexes `terraform providers mirror`
    // writes (json.MarshalIndent, two spaces, no final newline).
    let at = dir.join("mirror/example.com/acme/shelf");
    let mut files = vec![
        "1.2.3.json".to_owned(),
        "index.json".to_owned(),
        host_zip.clone(),
        mac_zip.clone(),
    ];
    files.sort();
    assert_eq!(names(&at), files);
    assert_eq!(
        std::fs::read_to_string(at.join("index.json")).unwrap(),
        "{\n  \"versions\": {\n    \"1.2.3\": {}\n  }\n}"
    );
    let mut platforms = [(host.clone(), &host_zip), ("darwin_arm64".into(), &mac_zip)];
    platforms.sort();
    let archives: Vec<String> = platforms
        .iter()
        .map(|(p, zip)| {
            format!(
                "    \"{p}\": {{\n      \"hashes\": [\n        \"{}\"\n      ],\n      \"url\": \"{zip}\"\n    }}",
                zips[*zip]["h1"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        std::fs::read_to_string(at.join("1.2.3.json")).unwrap(),
        format!("{{\n  \"archives\": {{\n{}\n  }}\n}}", archives.join(",\n"))
    );
    // The mirror's zips are the release's.
    assert_eq!(
        read_zips(&at)[&host_zip]["sha256"],
        zips[&host_zip]["sha256"]
    );

    // A second version joins the first in the mirror's index.
    ok(&release(
        &dir,
        "serve",
        &[
            "--version",
            "1.3.0-rc.1",
            "--out",
            "dist2",
            "--provider-binary",
            &format!("{host}={}", linux.display()),
            "--mirror",
            "mirror",
            "--provider-address",
            "example.com/acme/shelf",
        ],
    ));
    assert_eq!(
        std::fs::read_to_string(at.join("index.json")).unwrap(),
        "{\n  \"versions\": {\n    \"1.2.3\": {},\n    \"1.3.0-rc.1\": {}\n  }\n}"
    );
    assert!(at.join("1.3.0-rc.1.json").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file with the header of a PE amd64 executable (Windows).
fn fake_windows_amd64(dir: &Path) -> PathBuf {
    let mut bytes = vec![0u8; 256];
    bytes[..2].copy_from_slice(b"MZ");
    bytes[0x3c] = 0x80;
    bytes[0x80..0x84].copy_from_slice(b"PE\0\0");
    bytes[0x84..0x86].copy_from_slice(&0x8664u16.to_le_bytes());
    let path = dir.join("win/terraform-provider-shelf.exe");
    write(&path, &bytes);
    path
}

fn windows_zips_hold_an_exe_and_zips_are_reproducible() {
    let dir = scratch("windows");
    let bin = wrapper(&dir.join("bin"), "terraform-provider-shelf");
    let win = fake_windows_amd64(&dir);
    let args = |out: &'static str| {
        vec![
            "--version".to_owned(),
            "2.0.0".to_owned(),
            "--out".to_owned(),
            out.to_owned(),
            "--provider-binary".to_owned(),
            format!("{}={}", host(), bin.display()),
            "--provider-binary".to_owned(),
            format!("windows_amd64={}", win.display()),
        ]
    };
    let first: Vec<String> = args("a");
    let first = ok(&release(
        &dir,
        "serve",
        &first.iter().map(String::as_str).collect::<Vec<_>>(),
    ));
    let zips = read_zips(&dir.join("a"));
    let entries = &zips["terraform-provider-shelf_2.0.0_windows_amd64.zip"]["entries"];
    assert_eq!(entries[0]["name"], "terraform-provider-shelf_v2.0.0.exe");
    assert_eq!(entries.as_array().unwrap().len(), 1);
    // The same binaries with other modification times: the same zips.
    let old = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000);
    for file in [&bin, &win] {
        std::fs::File::options()
            .write(true)
            .open(file)
            .unwrap()
            .set_modified(old)
            .unwrap();
    }
    let again: Vec<String> = args("b");
    let again = ok(&release(
        &dir,
        "serve",
        &again.iter().map(String::as_str).collect::<Vec<_>>(),
    ));
    assert_eq!(first, again);
    let _ = std::fs::remove_dir_all(&dir);
}

fn protocol_versions_come_from_the_binary() {
    let dir = scratch("protocols");
    let bin = wrapper(&dir.join("bin"), "terraform-provider-shelf");
    let given = format!("{}={}", host(), bin.display());
    let manifest = |out: &str| {
        std::fs::read_to_string(
            dir.join(out)
                .join("terraform-provider-shelf_0.1.0_manifest.json"),
        )
        .unwrap()
    };
    // Nested attributes: protocol 6 only.
    ok(&release(
        &dir,
        "nested",
        &[
            "--version",
            "0.1.0",
            "--out",
            "v6",
            "--provider-binary",
            &given,
        ],
    ));
    assert!(
        manifest("v6").contains("\"protocol_versions\": [\"6.0\"]"),
        "{}",
        manifest("v6")
    );
    // Limited to protocol 5, as an SDKv2 provider is.
    ok(&release_with(
        &dir,
        "serve",
        &[
            "--version",
            "0.1.0",
            "--out",
            "v5",
            "--provider-binary",
            &given,
        ],
        &[("TFSCHEMA_FORCE_PROTOCOL", "5")],
    ));
    assert!(
        manifest("v5").contains("\"protocol_versions\": [\"5.0\"]"),
        "{}",
        manifest("v5")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A `gpg` on PATH that records its arguments and writes a signature
/// (binary, armoured) or fails, by `FAKE_GPG`.
fn fake_gpg(dir: &Path) -> String {
    use std::os::unix::fs::PermissionsExt;
    let script = r#"#!/bin/sh
echo "$@" > "$FAKE_GPG_LOG"
out=""
while [ $# -gt 0 ]; do
  if [ "$1" = "--output" ]; then out="$2"; fi
  shift
done
case "$FAKE_GPG" in
  binary) printf '\210\001sig' > "$out" ;;
  armour) printf -- '-----BEGIN PGP SIGNATURE-----\n' > "$out" ;;
  *) echo "gpg: signing failed: No secret key" >&2; exit 2 ;;
esac
"#;
    let bin = dir.join("gpg-bin");
    write(&bin.join("gpg"), script.as_bytes());
    std::fs::set_permissions(bin.join("gpg"), std::fs::Permissions::from_mode(0o755)).unwrap();
    format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

fn signs_with_gpg() {
    let dir = scratch("gpg");
    let bin = wrapper(&dir.join("bin"), "terraform-provider-shelf");
    let given = format!("{}={}", host(), bin.display());
    let path = fake_gpg(&dir);
    let log = dir.join("gpg.log");
    let args = [
        "--version",
        "0.1.0",
        "--provider-binary",
        &given,
        "--gpg-key",
        "ACME",
    ];
    let run = |mode: &str| {
        release_with(
            &dir,
            "serve",
            &args,
            &[
                ("PATH", &path),
                ("FAKE_GPG", mode),
                ("FAKE_GPG_LOG", log.to_str().unwrap()),
            ],
        )
    };
    ok(&run("binary"));
    let sums = "terraform-provider-shelf_0.1.0_SHA256SUMS";
    assert_eq!(
        std::fs::read(dir.join("dist").join(format!("{sums}.sig"))).unwrap(),
        b"\x88\x01sig"
    );
    let logged = std::fs::read_to_string(&log).unwrap();
    // gpg --batch --yes --no-armor --local-user ACME --output <staging>/<sums>.sig
    // --detach-sign <staging>/<sums>
    let words: Vec<&str> = logged.split_whitespace().collect();
    assert_eq!(
        words[..5],
        ["--batch", "--yes", "--no-armor", "--local-user", "ACME"],
        "{logged}"
    );
    assert_eq!(words[5], "--output", "{logged}");
    assert!(words[6].ends_with(&format!("/{sums}.sig")), "{logged}");
    assert_eq!(words[7], "--detach-sign", "{logged}");
    assert!(words[8].ends_with(&format!("/{sums}")), "{logged}");
    assert_eq!(words.len(), 9, "{logged}");
    std::fs::remove_dir_all(dir.join("dist")).unwrap();

    for (mode, want) in [
        ("fail", "gpg could not sign it with key \"ACME\""),
        ("armour", "gpg did not write a binary signature"),
    ] {
        let err = failed(&run(mode));
        assert!(err.contains(sums), "{mode}: {err}");
        assert!(err.contains(want), "{mode}: {err}");
        if mode == "fail" {
            assert!(err.contains("No secret key"), "{err}");
        }
        nothing_left(&dir, &["bin", "gpg-bin", "gpg.log"]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn proxied_binaries_are_packed_beside_the_provider() {
    let dir = scratch("proxied");
    let bin = wrapper(&dir.join("bin"), "terraform-provider-shelf");
    let go = dir.join("go/terraform-provider-shelf_v0.9.0_x5");
    write(&go, b"the Go binary");
    let mac = fake_darwin_arm64(&dir);
    let out = dir.join("dist");
    let stdout = ok(&release(
        &dir,
        "proxying",
        &[
            "--version",
            "1.0.0",
            "--provider-binary",
            &format!("{}={}", host(), bin.display()),
            "--provider-binary",
            &format!("darwin_arm64={}", mac.display()),
            "--proxied",
            &format!("{}={}", host(), go.display()),
            "--out",
            out.to_str().unwrap(),
        ],
    ));
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    let zips = read_zips(&out);
    let entries = |zip: &str| -> Vec<(String, String)> {
        zips[zip]["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["name"].as_str().unwrap().to_owned(),
                    e["sha256"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    // The host's zip: the provider, then the Go binary under proxied/, and
    // no entry for the directory (Terraform's h1 of the installed files
    // would then differ from the zip's).
    let host_zip = format!("terraform-provider-shelf_1.0.0_{}.zip", host());
    let host_entries = entries(&host_zip);
    let names: Vec<&str> = host_entries.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "terraform-provider-shelf_v1.0.0",
            "proxied/terraform-provider-shelf_v0.9.0_x5"
        ]
    );
    assert_eq!(host_entries[1].1, sha256_hex(b"the Go binary"));
    // The other platform was given no proxied binary.
    let mac_entries = entries("terraform-provider-shelf_1.0.0_darwin_arm64.zip");
    let mac_names: Vec<&str> = mac_entries.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(mac_names, ["terraform-provider-shelf_v1.0.0"]);

    // Without --proxied, the provider cannot find its Go binary when
    // launched, and the release says so.
    let err = failed(&release(
        &dir,
        "proxying",
        &[
            "--version",
            "1.0.0",
            "--provider-binary",
            &format!("{}={}", host(), bin.display()),
            "--out",
            dir.join("dist2").to_str().unwrap(),
        ],
    ));
    assert!(
        err.contains("proxied/terraform-provider-shelf_v0.9.0_x5: no such file"),
        "{err}"
    );

    let bad: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["--proxied".into(), go.display().to_string()],
            "expected OS_ARCH=PATH",
        ),
        (
            vec![
                "--proxied".into(),
                format!("windows_amd64={}", go.display()),
            ],
            "no binary for windows_amd64 is released",
        ),
        (
            vec![
                "--proxied".into(),
                format!("{}={}", host(), dir.join("nope").display()),
            ],
            "no such file (--proxied",
        ),
        (
            vec![
                "--proxied".into(),
                format!("{}={}", host(), go.display()),
                "--proxied".into(),
                format!("{}={}", host(), go.display()),
            ],
            "a second proxied binary for",
        ),
    ];
    for (extra, expected) in bad {
        let mut args: Vec<String> = vec![
            "--version".into(),
            "1.0.0".into(),
            "--provider-binary".into(),
            format!("{}={}", host(), bin.display()),
            "--out".into(),
            dir.join("dist3").display().to_string(),
        ];
        args.extend(extra);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let err = failed(&release(&dir, "proxying", &args));
        assert!(err.contains(expected), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn bad_input_names_what_is_wrong_and_leaves_nothing() {
    let dir = scratch("errors");
    let bin = wrapper(&dir.join("bin"), "terraform-provider-shelf");
    let given = format!("{}={}", host(), bin.display());
    let mac = fake_darwin_arm64(&dir);
    let cases: Vec<(&str, Vec<String>, &str)> = vec![
        (
            "serve",
            vec![
                "--version".into(),
                "1.2".into(),
                "--provider-binary".into(),
                given.clone(),
            ],
            "--version \"1.2\": not a semantic version",
        ),
        (
            "serve",
            vec![
                "--version".into(),
                "v1.2.0".into(),
                "--provider-binary".into(),
                given.clone(),
            ],
            "without its `v` (\"1.2.0\")",
        ),
        (
            "serve",
            vec!["--version".into(), "1.0.0".into()],
            "nothing to release",
        ),
        (
            "serve",
            vec![
                "--version".into(),
                "1.0.0".into(),
                "--provider-binary".into(),
                format!("plan9_amd64={}", bin.display()),
            ],
            "\"plan9_amd64\" is not a platform",
        ),
        (
            "serve",
            vec![
                "--version".into(),
                "1.0.0".into(),
                "--provider-binary".into(),
                format!("{}=nowhere/terraform-provider-shelf", host()),
            ],
            "nowhere/terraform-provider-shelf: no such file",
        ),
        (
            "serve",
            vec![
                "--version".into(),
                "1.0.0".into(),
                "--target".into(),
                "wasm32-unknown-unknown".into(),
            ],
            "--target wasm32-unknown-unknown: not a target",
        ),
        // Not a provider: named, with what it printed.
        (
            "hello",
            vec![
                "--version".into(),
                "1.0.0".into(),
                "--provider-binary".into(),
                given.clone(),
            ],
            "not a go-plugin handshake line: \"Hello, world\"",
        ),
        // A binary for another platform than it is given for.
        (
            "serve",
            vec![
                "--version".into(),
                "1.0.0".into(),
                "--provider-binary".into(),
                given.clone(),
                "--provider-binary".into(),
                format!("linux_arm64={}", mac.display()),
            ],
            "given for linux_arm64, but it is a macho executable for arm64",
        ),
        // No binary this machine can launch: no protocol versions.
        (
            "serve",
            vec![
                "--version".into(),
                "1.0.0".into(),
                "--provider-binary".into(),
                format!("darwin_arm64={}", mac.display()),
            ],
            "the manifest's protocol versions are read by launching the provider",
        ),
        (
            "serve",
            vec![
                "--version".into(),
                "1.0.0".into(),
                "--provider-binary".into(),
                given.clone(),
                "--mirror".into(),
                "m".into(),
                "--provider-address".into(),
                "example.com/acme/other".into(),
            ],
            "its type \"other\" is not the provider's name \"shelf\"",
        ),
    ];
    for (mode, args, want) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let err = failed(&release(&dir, mode, &args));
        assert!(err.contains(want), "{args:?}: {err}");
        nothing_left(&dir, &["bin", "mac"]);
    }
    // A binary that is not named as a provider.
    let odd = wrapper(&dir.join("bin"), "shelf");
    let err = failed(&release(
        &dir,
        "serve",
        &[
            "--version",
            "1.0.0",
            "--provider-binary",
            &format!("{}={}", host(), odd.display()),
        ],
    ));
    assert!(
        err.contains("\"shelf\"") && err.contains("terraform-provider-<type>"),
        "{err}"
    );
    // A non-empty --out is never touched.
    write(&dir.join("dist/keep.txt"), b"mine");
    let err = failed(&release(
        &dir,
        "serve",
        &["--version", "1.0.0", "--provider-binary", &given],
    ));
    assert!(
        err.contains("dist: the output directory is not empty"),
        "{err}"
    );
    assert_eq!(names(&dir.join("dist")), ["keep.txt"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A crate whose `terraform-provider-shelf` binary runs this test binary,
/// built by `--target` with cargo (no dependencies: a second of rustc).
fn builds_each_target_with_cargo() {
    let dir = scratch("target");
    let krate = dir.join("shelf");
    write(
        &krate.join("Cargo.toml"),
        b"[package]\nname = \"terraform-provider-shelf\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
    );
    write(
        &krate.join("src/main.rs"),
        br#"fn main() {
    let exe = std::env::var_os("RELEASE_TEST_EXE").expect("RELEASE_TEST_EXE");
    let status = std::process::Command::new(exe).status().expect("runs");
    std::process::exit(status.code().unwrap_or(1));
}
"#,
    );
    let triple = host_triple();
    let exe = std::env::current_exe().unwrap();
    let out = release_with(
        &krate,
        "serve",
        &[
            "--version",
            "0.1.0",
            "--target",
            &triple,
            "--out",
            "../dist",
        ],
        &[
            ("RELEASE_TEST_EXE", exe.to_str().unwrap()),
            ("CARGO_TARGET_DIR", krate.join("target").to_str().unwrap()),
        ],
    );
    let stdout = ok(&out);
    let zip = format!("terraform-provider-shelf_0.1.0_{}.zip", host());
    assert!(stdout.starts_with(&format!("{zip} h1:")), "{stdout}");
    let built = krate.join(format!("target/{triple}/release/terraform-provider-shelf"));
    let zips = read_zips(&dir.join("dist"));
    assert_eq!(
        zips[&zip]["entries"][0]["sha256"].as_str().unwrap(),
        sha256_hex(&std::fs::read(built).unwrap())
    );
    // A target whose standard library is not installed (or, if it is,
    // whose linker is missing here): cargo's failure, named.
    let other = if triple.contains("apple") {
        "x86_64-pc-windows-msvc"
    } else {
        "aarch64-apple-darwin"
    };
    let err = failed(&release_with(
        &krate,
        "serve",
        &[
            "--version",
            "0.1.0",
            "--target",
            &triple,
            "--target",
            other,
            "--out",
            "../dist2",
        ],
        &[("CARGO_TARGET_DIR", krate.join("target").to_str().unwrap())],
    ));
    assert!(
        err.contains(&format!(
            "--target {other}: `cargo build --release --target {other}` failed"
        )),
        "{err}"
    );
    assert!(!dir.join("dist2").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

fn host_triple() -> String {
    let out = Command::new("rustc").arg("-vV").output().unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .unwrap()
        .to_owned()
}

fn main() -> ExitCode {
    if let Ok(mode) = std::env::var("RELEASE_TEST_PROVIDER") {
        return provider_main(&mode);
    }
    let tests: [(&str, fn()); 7] = [
        (
            "proxied_binaries_are_packed_beside_the_provider",
            proxied_binaries_are_packed_beside_the_provider,
        ),
        (
            "writes_what_the_registry_reads",
            writes_what_the_registry_reads,
        ),
        (
            "protocol_versions_come_from_the_binary",
            protocol_versions_come_from_the_binary,
        ),
        ("signs_with_gpg", signs_with_gpg),
        (
            "windows_zips_hold_an_exe_and_zips_are_reproducible",
            windows_zips_hold_an_exe_and_zips_are_reproducible,
        ),
        (
            "bad_input_names_what_is_wrong_and_leaves_nothing",
            bad_input_names_what_is_wrong_and_leaves_nothing,
        ),
        (
            "builds_each_target_with_cargo",
            builds_each_target_with_cargo,
        ),
    ];
    runner::run(&tests)
}
