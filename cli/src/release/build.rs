//! `--target TRIPLE`: the provider built with `cargo build --release
//! --target TRIPLE` in the current directory, and the binary found in
//! cargo's own report of what it built (its JSON messages), not guessed
//! from the target directory's layout.

use std::path::PathBuf;
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};
use serde_json::Value;

/// Builds the crate in the current directory for `triple` and returns its
/// `terraform-provider-*` binary.
///
/// # Errors
/// cargo cannot be run or fails (a target whose standard library is not
/// installed, a build error), or it builds no binary, or several, named
/// `terraform-provider-*`.
pub fn cargo_build(triple: &str) -> Result<PathBuf> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    eprintln!("tfschema: cargo build --release --target {triple}");
    let out = Command::new(&cargo)
        .args(["build", "--release", "--target", triple])
        .arg("--message-format=json-render-diagnostics")
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .with_context(|| format!("--target {triple}: cannot run cargo"))?;
    if !out.status.success() {
        bail!(
            "--target {triple}: `cargo build --release --target {triple}` failed ({}); is the \
             target installed (`rustup target add {triple}`), or, cross-compiling, its linker \
             set up (see the book's chapter on releases)?",
            out.status
        );
    }
    let mut binaries: Vec<PathBuf> = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(message) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        if message["reason"] != "compiler-artifact" {
            continue;
        }
        let is_bin = message["target"]["kind"]
            .as_array()
            .is_some_and(|kinds| kinds.iter().any(|k| k == "bin"));
        let named = message["target"]["name"]
            .as_str()
            .is_some_and(|n| n.starts_with("terraform-provider-"));
        if let (true, true, Some(exe)) = (is_bin, named, message["executable"].as_str()) {
            let exe = PathBuf::from(exe);
            if !binaries.contains(&exe) {
                binaries.push(exe);
            }
        }
    }
    match binaries.as_slice() {
        [one] => Ok(one.clone()),
        [] => bail!(
            "--target {triple}: cargo built no binary named terraform-provider-<name> in {} \
             (run it in the provider crate's directory)",
            std::env::current_dir()
                .map(|d| d.display().to_string())
                .unwrap_or_else(|_| ".".into())
        ),
        several => bail!(
            "--target {triple}: cargo built several provider binaries ({}); release one at a \
             time with --provider-binary",
            several
                .iter()
                .map(|b| b.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}
