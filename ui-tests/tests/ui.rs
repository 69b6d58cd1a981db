//! Compile-fail tests of `#[derive(TfSchema, TfValue)]` and
//! `#[tfschema::function]`: every compile-time rule has a case under
//! `tests/ui/<kind>/` with its reviewed `.stderr`.
//!
//! Compiler output changes between Rust releases, so the `.stderr` files
//! are blessed on one toolchain, [`BLESSED_ON`], which CI uses too. On any
//! other toolchain the test says so and does not compare (set
//! `TFSCHEMA_UI_FORCE=1` to compare anyway). See the README to re-bless.

use std::process::Command;

/// The `rustc` release the `.stderr` files were written by.
const BLESSED_ON: &str = "rustc 1.95.0 ";

fn rustc_version() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    Command::new(rustc)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default()
}

#[test]
fn ui() {
    let version = rustc_version();
    if !version.starts_with(BLESSED_ON) && std::env::var_os("TFSCHEMA_UI_FORCE").is_none() {
        eprintln!(
            "skipping the UI tests: blessed on {BLESSED_ON}but running {version} \
             (TFSCHEMA_UI_FORCE=1 compares anyway)"
        );
        return;
    }
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/**/*.rs");
}
