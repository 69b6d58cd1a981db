//! What serving the provider in process saves: the same three-step test
//! (create, update in place, replace) through the in-process server and
//! through the built provider binary installed from a filesystem mirror,
//! alternated in one run, so that the ratio compares like with like.
//!
//! A whole-process benchmark (`harness = false`), gated like the acceptance
//! tests by `TF_ACC`:
//!
//! ```sh
//! # the debug build, as `cargo test` builds the tests:
//! TF_ACC=1 TF_ACC_TERRAFORM_PATH=… cargo test -p terraform-provider-inventory --bench acceptance_cost
//! # the release build:
//! TF_ACC=1 TF_ACC_TERRAFORM_PATH=… cargo bench -p terraform-provider-inventory --bench acceptance_cost
//! ```
//!
//! Not with `--all-features`: the `schema-v0` feature builds the 0.1.0
//! schema, which the configurations below do not fit. CI compiles it
//! (`.ci/run`); it prints figures and fails only when a Terraform run does.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use terraform_provider_inventory::{provider, Options};
use tfschema::testing::acceptance::{self, Outcome, TestCase, TestStep};

fn config(db: &Path, sku: &str, quantity: i64) -> String {
    format!(
        r#"provider "inventory" {{
  database_path = "{}"
}}

resource "inventory_item" "widget" {{
  name     = "Widget"
  sku      = "{sku}"
  quantity = {quantity}
  location {{
    warehouse = "north"
  }}
}}
"#,
        db.display()
    )
}

fn steps(case: TestCase, db: &Path) -> TestCase {
    case.step(TestStep::config(config(db, "CST-001", 1)))
        .step(TestStep::config(config(db, "CST-001", 2)))
        .step(TestStep::config(config(db, "CST-002", 2)))
}

/// The provider binary cargo built for this package, in a mirror of its own.
fn mirror() -> PathBuf {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_terraform-provider-inventory"));
    let os_arch = format!(
        "{}_{}",
        std::env::consts::OS,
        match std::env::consts::ARCH {
            "x86_64" => "amd64",
            "aarch64" => "arm64",
            other => other,
        }
    );
    let root = std::env::temp_dir().join(format!("inventory-acc-mirror-{}", std::process::id()));
    let dir = root
        .join("registry.terraform.io/hashicorp/inventory/0.2.0")
        .join(os_arch);
    std::fs::create_dir_all(&dir).expect("create the mirror");
    std::fs::copy(&bin, dir.join("terraform-provider-inventory_v0.2.0"))
        .expect("copy the provider binary");
    root
}

fn timed(case: &TestCase) -> Option<Duration> {
    let start = Instant::now();
    match acceptance::run(case) {
        Ok(Outcome::Ran(_)) => Some(start.elapsed()),
        Ok(Outcome::Skipped(_)) => None,
        Err(f) => panic!("{f}"),
    }
}

fn main() {
    let db = std::env::temp_dir().join(format!("inventory-acc-cost-{}.db", std::process::id()));
    let fresh = db.clone();
    let reset = move || {
        let _ = std::fs::remove_file(&fresh);
    };
    let in_process = steps(
        TestCase::new()
            .provider("inventory", || provider(Options::default()).into_services())
            .pre_check(reset.clone()),
        &db,
    );
    let mirror = mirror();
    let binary = steps(
        TestCase::new()
            .external_provider("inventory", "hashicorp/inventory", &mirror)
            .pre_check(reset),
        &db,
    );
    let rounds = 3;
    let (mut a, mut b) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..rounds {
        let Some(t) = timed(&in_process) else {
            println!(
                "acceptance_cost: skipped (set TF_ACC=1 and TF_ACC_TERRAFORM_PATH to measure)"
            );
            return;
        };
        a += t;
        b += timed(&binary).unwrap_or_default();
    }
    let _ = std::fs::remove_dir_all(&mirror);
    println!(
        "three-step test, {rounds} rounds: in process {:.2} s, binary from a mirror {:.2} s; binary / in process = {:.2}",
        a.as_secs_f64() / f64::from(rounds),
        b.as_secs_f64() / f64::from(rounds),
        b.as_secs_f64() / a.as_secs_f64()
    );
}
