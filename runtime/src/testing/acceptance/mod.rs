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
//! - after the last step (or a failed one) everything is destroyed, without
//!   refresh as Go destroys, then the case's `check_destroy` runs;
//! - [`test()`] runs one case at a time, [`parallel_test`] beside the other
//!   parallel ones (Go's `resource.ParallelTest`), [`unit_test`] without
//!   `TF_ACC` (Go's `resource.UnitTest`); each working directory links the
//!   directories of the test's current directory (`testdata/`), as Go's;
//! - a step may name providers of its own, served in process
//!   ([`TestStep::provider`]) or installed by Terraform from files
//!   ([`TestStep::external`] with an [`ExternalProvider`]): Go's upgrade
//!   tests, the released provider in step 1 and the new build in step 2.
//!
//! Checks read `terraform show -json` as typed structs ([`State`],
//! [`Plan`]): [`plancheck`] and [`statecheck`] with the value matchers of
//! [`knownvalue`] at a [`Path`]; [`querycheck`] reads `terraform query
//! -json`.
//!
//! The environment is Go's: without `TF_ACC` a test writes "Acceptance
//! tests skipped unless env 'TF_ACC' set" to stderr, past `cargo test`'s
//! capture, and returns (it shows as passed in `cargo test`, as a skipped
//! Go test shows as `ok`). `TF_ACC_TERRAFORM_PATH` names the binary (else
//! `terraform` on `PATH`), and `TF_ACC_TERRAFORM_PATHS`, a list separated
//! as `PATH` is, runs every test once per binary and ends it with a
//! [`Summary`] per binary. See [`mod@env`] for the others.
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
mod providers;
pub mod querycheck;
mod report;
mod serve;
pub mod statecheck;
mod terraform;
pub mod tfversion;
mod version;

use std::fmt;
use std::sync::{PoisonError, RwLock};

pub use case::{
    CheckFn, ConfigPlanChecks, ErrorCheckFn, ErrorCheckResult, ImportStateCheckFn, ImportStateKind,
    TestCase, TestStep,
};
pub use flatmap::{flatmap, InstanceState};
pub use json::{Plan, State};
pub use path::{Path, Step as PathStep};
pub use providers::{ExternalProvider, ProviderFactory};
pub use report::{Summary, VersionOutcome, VersionReport};
/// The JSON crate the checks read values with ([`knownvalue::Check`]
/// takes a `&serde_json::Value`), for custom checks without a dependency
/// of their own (and of another version).
pub use serde_json;
pub use version::Version;

use engine::Engine;
use terraform::{Terraform, WorkingDir};

/// Why a case failed: one message per Terraform binary it failed with,
/// and the [`Summary`] of every binary's run.
#[derive(Debug, Clone)]
pub struct Failure {
    messages: Vec<String>,
    summary: Summary,
}

impl Failure {
    fn alone(message: String) -> Failure {
        Failure {
            messages: vec![message],
            summary: Summary::default(),
        }
    }

    /// The messages, one per failing Terraform binary.
    pub fn messages(&self) -> &[String] {
        &self.messages
    }

    /// How the case went with each Terraform binary.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.messages.join("\n\n----\n\n"))?;
        if !self.summary.versions.is_empty() {
            write!(f, "\n\n{}", self.summary)?;
        }
        Ok(())
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

/// Held by [`test()`] and [`run`] alone, by [`parallel_test`] and
/// [`run_parallel`] together: Go's tests run one at a time unless they call
/// `t.Parallel()`, and the parallel ones wait until the others are done.
static SEQUENCE: RwLock<()> = RwLock::new(());

/// Runs `case` and panics with the failure, as Go's `resource.Test` fails
/// the test; call it from a plain `#[test]` (it runs its own tokio runtime
/// for the providers).
///
/// As Go's `Test`, one at a time: `cargo test` runs tests on several
/// threads, and this waits until no other [`test()`] or [`parallel_test`]
/// runs. In-process providers share the test process, and with it its
/// working directory and environment: a provider that writes a relative
/// path, or a test that sets a variable, is safe here and not in
/// [`parallel_test`].
#[track_caller]
pub fn test(case: TestCase) {
    let _alone = SEQUENCE.write().unwrap_or_else(PoisonError::into_inner);
    fail_on(run_unlocked(&case));
}

/// Runs `case` concurrently with the other parallel tests (Go's
/// `resource.ParallelTest`): it waits while a [`test()`] runs, then runs
/// beside the other `parallel_test`s, as many as `cargo test` runs threads
/// (`--test-threads`, Go's `-parallel`). The cases must not collide: random
/// names (see [`acctest`]), no relative paths written by the providers
/// (every in-process provider shares the process's working directory), no
/// process-wide state.
#[track_caller]
pub fn parallel_test(case: TestCase) {
    let _shared = SEQUENCE.read().unwrap_or_else(PoisonError::into_inner);
    fail_on(run_unlocked(&case));
}

/// [`test()`] without `TF_ACC` (Go's `resource.UnitTest`): the case runs in
/// every `cargo test`, for providers whose tests need no credentials and
/// create nothing remote. It still needs Terraform.
#[track_caller]
pub fn unit_test(case: TestCase) {
    test(case.is_unit_test());
}

#[track_caller]
// Failing the test is this function's job, as `t.Fatal` is Go's.
#[allow(clippy::panic)]
fn fail_on(result: Result<Outcome, Failure>) {
    if let Err(failure) = result {
        panic!("{failure}");
    }
}

/// Runs `case` once per Terraform binary and returns the failures instead
/// of panicking: for tests of a case that must fail, and of this framework.
/// One at a time, as [`test()`].
pub fn run(case: &TestCase) -> Result<Outcome, Failure> {
    let _alone = SEQUENCE.write().unwrap_or_else(PoisonError::into_inner);
    run_unlocked(case)
}

/// [`run`] beside other parallel runs, as [`parallel_test`].
pub fn run_parallel(case: &TestCase) -> Result<Outcome, Failure> {
    let _shared = SEQUENCE.read().unwrap_or_else(PoisonError::into_inner);
    run_unlocked(case)
}

/// Go's skip line, written to the process's stderr itself: `cargo test`
/// captures what `eprintln!` prints for a passing test, and a test that
/// ran nothing should not pass in silence.
fn say_skipped(message: &str) {
    let thread = std::thread::current();
    let line = match thread.name() {
        Some(name) if name != "main" => format!("{name}: {message}\n"),
        _ => format!("{message}\n"),
    };
    let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
}

fn run_unlocked(case: &TestCase) -> Result<Outcome, Failure> {
    // The providers get a runtime of their own, which cannot be driven
    // from inside another one: say so rather than panic inside tokio.
    if tokio::runtime::Handle::try_current().is_ok() {
        return Err(Failure::alone(
            "acceptance::test and acceptance::run serve the providers on a tokio runtime of their own: \
             call them from a plain #[test], not from #[tokio::test] or other async code"
                .to_owned(),
        ));
    }
    if !case.unit_test && !env::enabled() {
        let message = env::skip_message();
        say_skipped(&message);
        return Ok(Outcome::Skipped(message));
    }
    let paths = env::terraform_paths().map_err(Failure::alone)?;
    let mut ran = Vec::new();
    let mut messages = Vec::new();
    let mut summary = Summary::default();
    for path in paths {
        match run_version(case, path, &mut summary) {
            Ok(Some(version)) => ran.push(version),
            Ok(None) => {}
            Err(m) => messages.push(m),
        }
    }
    eprintln!("{summary}");
    if messages.is_empty() {
        Ok(Outcome::Ran(ran))
    } else {
        Err(Failure { messages, summary })
    }
}

/// The case with the binary at `path`: the version it ran with, `None` if
/// skipped; its line goes to `summary`.
fn run_version(
    case: &TestCase,
    path: std::path::PathBuf,
    summary: &mut Summary,
) -> Result<Option<Version>, String> {
    let tf = match Terraform::locate(path.clone()) {
        Ok(tf) => tf,
        Err(e) => {
            summary.push(path, None, VersionOutcome::Failed);
            return Err(e);
        }
    };
    let version = tf.version.clone();
    let skip = |summary: &mut Summary, reason: String| {
        eprintln!("{reason} ({})", path.display());
        summary.push(
            path.clone(),
            Some(version.clone()),
            VersionOutcome::Skipped(reason),
        );
        Ok(None)
    };
    if let Some(pre) = &case.pre_check {
        pre();
    }
    match tfversion::run(&case.version_checks, &tf.version) {
        tfversion::VersionVerdict::Run => {}
        tfversion::VersionVerdict::Skip(reason) => return skip(summary, reason),
        tfversion::VersionVerdict::Fail(e) => {
            summary.push(path.clone(), Some(version.clone()), VersionOutcome::Failed);
            return Err(format!(
                "with Terraform {version} ({}):\n{e}",
                path.display()
            ));
        }
    }
    statecheck::begin_run();
    match run_with(case, tf) {
        Ok(None) => {
            summary.push(path, Some(version.clone()), VersionOutcome::Ran);
            Ok(Some(version))
        }
        Ok(Some(reason)) => skip(
            summary,
            format!("Skipping the test case with Terraform {version}: {reason}"),
        ),
        Err(m) => {
            summary.push(path, Some(version), VersionOutcome::Failed);
            Err(m)
        }
    }
}

/// The CLI configuration installing every external provider of the case
/// and its steps from its files, written in `wd`; `None` without any.
fn cli_config(case: &TestCase, wd: &WorkingDir) -> Result<Option<std::path::PathBuf>, String> {
    let external = case
        .providers
        .external
        .iter()
        .chain(case.steps.iter().flat_map(|s| s.providers.external.iter()));
    let mut mirrors: Vec<(String, std::path::PathBuf)> = Vec::new();
    for (_, provider) in external {
        let mirror = provider.mirror_dir(wd.path())?;
        if !mirrors.contains(&mirror) {
            mirrors.push(mirror);
        }
    }
    if mirrors.is_empty() {
        return Ok(None);
    }
    wd.write_cli_config(&mirrors)
        .map(Some)
        .map_err(|e| format!("writing the CLI configuration: {e}"))
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
    let cli_config = cli_config(case, &wd)?;
    let mut engine = Engine {
        case,
        tf,
        rt,
        wd,
        applied: None,
        last_good: None,
        cli_config,
        skipped: None,
        providers: case.providers.clone(),
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
