//! terraform-plugin-testing's `helper/resource` in Rust: acceptance tests
//! that run real Terraform against the provider served from the test
//! process.
//!
//! A [`TestCase`] names the providers (each a closure making its
//! `ProviderServices`, called once per Terraform command) and the
//! [`TestStep`]s; [`test()`] runs it as Go's `resource.Test` does:
//!
//! - each configuration step writes its configuration to the test's own
//!   working directory, runs `terraform plan -out`, applies that plan, runs
//!   the step's checks, then plans without refresh and with refresh, and
//!   fails unless both plans are empty (Go's messages: "After applying this
//!   test step, the non-refresh plan was not empty", ...);
//! - `import_state`, `refresh_state`, `query`, `plan_only`, `destroy` and
//!   `expect_error` steps behave as Go's;
//! - after the last step (or a failed one) everything is destroyed, then the
//!   case's `check_destroy` runs.
//!
//! Checks read `terraform show -json` as typed structs ([`State`],
//! [`Plan`]): [`plancheck`] and [`statecheck`] with the value matchers of
//! [`knownvalue`] at a [`Path`]; [`querycheck`] reads `terraform query
//! -json`.
//!
//! The environment is Go's: without `TF_ACC` a test prints "Acceptance
//! tests skipped unless env 'TF_ACC' set" and returns (it shows as passed
//! in `cargo test`, as a skipped Go test shows as `ok`; run with
//! `--nocapture` to see the line). `TF_ACC_TERRAFORM_PATH` names the
//! binary (else `terraform` on `PATH`), and `TF_ACC_TERRAFORM_PATHS`, a
//! list separated as `PATH` is, runs every test once per binary. See
//! [`mod@env`] for the others.
//!
//! ```no_run
//! use tfschema::testing::acceptance::{self, knownvalue, statecheck, Path, TestCase, TestStep};
//! # fn my_provider() -> tfschema::server::ProviderServices { tfschema::server::ProviderServices::new() }
//!
//! #[test]
//! fn item_lifecycle() {
//!     acceptance::test(
//!         TestCase::new()
//!             .provider("inventory", my_provider)
//!             .step(
//!                 TestStep::config(r#"resource "inventory_item" "a" { name = "bolt" }"#).state_checks(vec![
//!                     statecheck::expect_known_value(
//!                         "inventory_item.a",
//!                         Path::new("name"),
//!                         knownvalue::string_exact("bolt"),
//!                     ),
//!                 ]),
//!             ),
//!     );
//! }
//! ```

pub mod acctest;
mod case;
pub mod check;
pub mod echoprovider;
mod engine;
pub mod env;
mod failures;
mod flatmap;
mod gofmt;
mod import;
pub mod json;
pub mod knownvalue;
mod path;
pub mod plancheck;
pub mod querycheck;
mod serve;
pub mod statecheck;
mod terraform;
pub mod tfversion;
mod version;

use std::fmt;

pub use case::{
    CheckFn, ConfigPlanChecks, ErrorCheckFn, ErrorCheckResult, ImportStateCheckFn, ImportStateKind,
    ProviderFactory, TestCase, TestStep,
};
pub use flatmap::{flatmap, InstanceState};
pub use json::{Plan, State};
pub use path::{Path, Step as PathStep};
/// The JSON crate the checks read values with ([`knownvalue::Check`]
/// takes a `&serde_json::Value`), for custom checks without a dependency
/// of their own (and of another version).
pub use serde_json;
pub use version::Version;

use engine::Engine;
use terraform::{Terraform, WorkingDir};

/// Why a case failed: one message per Terraform binary it failed with.
#[derive(Debug, Clone)]
pub struct Failure {
    messages: Vec<String>,
}

impl Failure {
    /// The messages, one per failing Terraform binary.
    pub fn messages(&self) -> &[String] {
        &self.messages
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.messages.join("\n\n----\n\n"))
    }
}

impl std::error::Error for Failure {}

/// What [`run`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing: `TF_ACC` is not set.
    Skipped(String),
    /// The Terraform versions the case ran with (those it was skipped for,
    /// by its version checks or its error check, are left out).
    Ran(Vec<Version>),
}

/// Runs `case` and panics with the failure, as Go's `resource.Test` fails
/// the test; call it from a plain `#[test]` (it runs its own tokio runtime
/// for the providers).
#[track_caller]
// Failing the test is this function's job, as `t.Fatal` is Go's.
#[allow(clippy::panic)]
pub fn test(case: TestCase) {
    if let Err(failure) = run(&case) {
        panic!("{failure}");
    }
}

/// Runs `case` once per Terraform binary and returns the failures instead
/// of panicking: for tests of a case that must fail, and of this framework.
pub fn run(case: &TestCase) -> Result<Outcome, Failure> {
    // The providers get a runtime of their own, which cannot be driven
    // from inside another one: say so rather than panic inside tokio.
    if tokio::runtime::Handle::try_current().is_ok() {
        return Err(Failure {
            messages: vec![
                "acceptance::test and acceptance::run serve the providers on a tokio runtime of their own: \
                 call them from a plain #[test], not from #[tokio::test] or other async code"
                    .to_owned(),
            ],
        });
    }
    if !env::enabled() {
        let message = env::skip_message();
        eprintln!("{message}");
        return Ok(Outcome::Skipped(message));
    }
    let fail = |m: String| Failure { messages: vec![m] };
    let paths = env::terraform_paths().map_err(fail)?;
    let mut ran = Vec::new();
    let mut messages = Vec::new();
    for path in paths {
        let tf = match Terraform::locate(path) {
            Ok(tf) => tf,
            Err(e) => {
                messages.push(e);
                continue;
            }
        };
        if let Some(pre) = &case.pre_check {
            pre();
        }
        match tfversion::run(&case.version_checks, &tf.version) {
            tfversion::VersionVerdict::Run => {}
            tfversion::VersionVerdict::Skip(reason) => {
                eprintln!("{reason} ({})", tf.path.display());
                continue;
            }
            tfversion::VersionVerdict::Fail(e) => {
                messages.push(format!(
                    "with Terraform {} ({}):\n{e}",
                    tf.version,
                    tf.path.display()
                ));
                continue;
            }
        }
        statecheck::begin_run();
        let version = tf.version.clone();
        let path = tf.path.clone();
        match run_with(case, tf) {
            Ok(None) => ran.push(version),
            Ok(Some(reason)) => eprintln!(
                "Skipping the test case with Terraform {version} ({}): {reason}",
                path.display()
            ),
            Err(m) => messages.push(m),
        }
    }
    if messages.is_empty() {
        Ok(Outcome::Ran(ran))
    } else {
        Err(Failure { messages })
    }
}

/// One run; `Ok(Some(reason))` when the case's error check skipped it.
fn run_with(case: &TestCase, tf: Terraform) -> Result<Option<String>, String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("starting the providers' tokio runtime: {e}"))?;
    let wd =
        WorkingDir::create("case").map_err(|e| format!("creating the working directory: {e}"))?;
    let label = format!("Terraform {} ({})", tf.version, tf.path.display());
    let cli_config = if case.external.is_empty() {
        None
    } else {
        let mirrors: Vec<_> = case
            .external
            .iter()
            .map(|p| (p.source.clone(), p.mirror.clone()))
            .collect();
        Some(
            wd.write_cli_config(&mirrors)
                .map_err(|e| format!("writing the CLI configuration: {e}"))?,
        )
    };
    let mut engine = Engine {
        case,
        tf,
        rt,
        wd,
        applied: None,
        last_good: None,
        cli_config,
        skipped: None,
    };
    let result = engine.run();
    let Engine {
        rt, wd, skipped, ..
    } = engine;
    drop(wd);
    // Not a blocking drop: the caller may itself be inside a runtime.
    rt.shutdown_background();
    result
        .map(|()| skipped)
        .map_err(|m| format!("with {label}:\n{m}"))
}
