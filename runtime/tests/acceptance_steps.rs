//! Go's step sequence where it is more than the steps: the post-test
//! destroy without refresh, `test` one at a time and `parallel_test`
//! together, the test's directories linked into the working directory,
//! `unit_test` without `TF_ACC`, the skip line in the output, and the
//! summary per Terraform version. Real Terraform, gated on `TF_ACC` like
//! the other acceptance tests (e2e/acceptance.sh runs them on 1.0.3 and
//! 1.15.5).

// A test fails by panicking.
#![allow(clippy::panic)]

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, DataSource, NoConfig, Resource, TypedProvider};
use tfschema::server::ProviderServices;
use tfschema::testing::acceptance::{
    self, knownvalue, statecheck, tfversion, ExternalProvider, Outcome, TestCase, TestStep,
    Version, VersionOutcome,
};
use tfschema::{TfSchema, TfValue, Unknown};

/// A script's output, read by `acc_script`.
#[derive(TfSchema, TfValue, Debug, Clone)]
struct Script {
    /// What the script printed.
    #[tf(computed)]
    output: Unknown<String>,
}

/// A data source that fails once its script is removed.
struct ScriptSource(Arc<AtomicBool>);

impl DataSource for ScriptSource {
    type Client = ();
    type Model = Script;

    async fn read(&self, _: &mut Ctx<()>, mut config: Script) -> Result<Script, Diagnostics> {
        if self.0.load(Ordering::SeqCst) {
            return Err(Diagnostics::with_error(
                "Script not found",
                "the script was removed",
            ));
        }
        config.output = Unknown::Known("hello".to_owned());
        Ok(config)
    }
}

/// A note that keeps what it is given.
#[derive(TfSchema, TfValue, Debug, Clone)]
struct Note {
    /// The text.
    text: String,
}

/// `acc_note`; its create reports how many creates run at once.
struct Notes(Arc<Overlap>);

/// How many creates run at once, and the most seen.
#[derive(Default)]
struct Overlap {
    active: AtomicUsize,
    most: AtomicUsize,
    /// How long a create waits for another case's.
    wait: Duration,
}

impl Resource for Notes {
    type Client = ();
    type Model = Note;

    async fn create(&self, _: &mut Ctx<()>, planned: Note) -> Result<Note, Diagnostics> {
        let overlap = &self.0;
        let now = overlap.active.fetch_add(1, Ordering::SeqCst) + 1;
        overlap.most.fetch_max(now, Ordering::SeqCst);
        // Wait for another case's create, until two have met once:
        // parallel cases meet here (however far apart a loaded machine
        // starts them), serial ones never do.
        let start = Instant::now();
        while overlap.active.load(Ordering::SeqCst) < 2
            && overlap.most.load(Ordering::SeqCst) < 2
            && start.elapsed() < overlap.wait
        {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        overlap.active.fetch_sub(1, Ordering::SeqCst);
        Ok(planned)
    }

    async fn read(&self, _: &mut Ctx<()>, current: Note) -> Result<Option<Note>, Diagnostics> {
        Ok(Some(current))
    }

    async fn update(&self, _: &mut Ctx<()>, _: Note, planned: Note) -> Result<Note, Diagnostics> {
        Ok(planned)
    }

    async fn delete(&self, _: &mut Ctx<()>, _: Note) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn provider(
    removed: &Arc<AtomicBool>,
    overlap: &Arc<Overlap>,
) -> impl Fn() -> ProviderServices + Send + Sync + 'static {
    let (removed, overlap) = (removed.clone(), overlap.clone());
    move || {
        TypedProvider::<NoConfig>::without_config()
            .data_source("acc_script", ScriptSource(removed.clone()))
            .resource("acc_note", Notes(overlap.clone()))
            .into_services()
    }
}

const NOTE: &str = r#"
resource "acc_note" "a" {
  text = "first"
}
"#;

const SCRIPT: &str = r#"
data "acc_script" "s" {}

resource "acc_note" "a" {
  text = data.acc_script.s.output
}
"#;

fn assert_contains(message: &str, want: &str) {
    assert!(message.contains(want), "expected {want:?} in:\n{message}");
}

/// A data source that fails on refresh (its script removed by the last
/// step) does not fail the post-test destroy: Go destroys with
/// `-refresh=false`. With a refreshing destroy the case fails with "Error
/// running post-test destroy, there may be dangling resources" and the
/// data source's "Script not found".
#[test]
fn the_post_test_destroy_does_not_refresh() {
    let removed = Arc::new(AtomicBool::new(false));
    let reset = removed.clone();
    let remove = removed.clone();
    acceptance::test(
        TestCase::new()
            .provider("acc", provider(&removed, &Arc::default()))
            .pre_check(move || reset.store(false, Ordering::SeqCst))
            .step(
                TestStep::config(SCRIPT).state_checks(vec![statecheck::expect_known_value(
                    "acc_note.a",
                    acceptance::Path::new("text"),
                    knownvalue::string_exact("hello"),
                )]),
            )
            .step(
                TestStep::config(SCRIPT)
                    .pre_config(move || remove.store(true, Ordering::SeqCst))
                    .expect_error("Script not found"),
            ),
    );
}

/// Two cases of `cases` on threads of their own; the most creates seen at
/// once, `None` without `TF_ACC`.
///
/// `wait` is how long each create waits for the other case's: long for
/// cases that must meet, short for cases that must not (without the lock
/// they would start together and meet at once).
fn most_at_once(run: fn(TestCase), wait: Duration) -> Option<usize> {
    let overlap = Arc::new(Overlap {
        wait,
        ..Overlap::default()
    });
    let removed = Arc::new(AtomicBool::new(false));
    let threads: Vec<_> = (0..2)
        .map(|_| {
            let factory = provider(&removed, &overlap);
            std::thread::spawn(move || {
                run(TestCase::new()
                    .provider("acc", factory)
                    .step(TestStep::config(NOTE)));
            })
        })
        .collect();
    for thread in threads {
        assert!(
            thread.join().is_ok(),
            "a case failed (its message is above)"
        );
    }
    let most = overlap.most.load(Ordering::SeqCst);
    (most > 0).then_some(most)
}

/// Go's `resource.Test` without `t.Parallel()`: one case at a time.
#[test]
fn test_runs_one_case_at_a_time() {
    if let Some(most) = most_at_once(acceptance::test, Duration::from_millis(1500)) {
        assert_eq!(most, 1, "two `test` cases created at once");
    }
}

/// Go's `resource.ParallelTest`: cases run together.
#[test]
fn parallel_test_runs_cases_together() {
    if let Some(most) = most_at_once(acceptance::parallel_test, Duration::from_secs(60)) {
        assert_eq!(most, 2, "two `parallel_test` cases never created at once");
    }
}

/// The crate's directories are linked into the working directory, as Go
/// links the package's (`testdata/`): `tests/` is this file's directory.
#[test]
fn the_test_directories_are_linked_into_the_working_directory() {
    acceptance::test(
        TestCase::new().step(
            TestStep::config(
                r#"
output "linked" {
  value = fileexists("tests/acceptance_steps.rs")
}
"#,
            )
            .state_checks(vec![statecheck::expect_known_output_value(
                "linked",
                knownvalue::bool_exact(true),
            )]),
        ),
    );
}

/// A skipped version and a failed one are both in the failure's summary.
#[test]
fn a_failure_carries_the_summary_per_version() {
    let below = Version::new(1, 5, 0);
    let case = TestCase::new()
        .terraform_version_checks(vec![tfversion::skip_below(below.clone())])
        .step(TestStep::config("output \"x\" {\n  value = nope\n}\n"));
    let failure = match acceptance::run(&case) {
        Ok(Outcome::Skipped(_)) => return,
        Ok(Outcome::Ran(v)) => panic!("the case passed with {v:?}; it must fail"),
        Err(f) => f,
    };
    let summary = failure.summary();
    assert!(!summary.versions.is_empty(), "{failure}");
    let (mut skipped, mut failed) = (0, 0);
    for line in &summary.versions {
        let version = line.version.clone().expect("each binary answered");
        if version < below {
            skipped += 1;
            match &line.outcome {
                VersionOutcome::Skipped(reason) => assert_contains(
                    reason,
                    &format!("Terraform CLI version {version} is below minimum version 1.5.0"),
                ),
                other => panic!("{version}: {other:?}, expected skipped"),
            }
        } else {
            failed += 1;
            assert_eq!(line.outcome, VersionOutcome::Failed, "{version}");
        }
    }
    let text = failure.to_string();
    assert_contains(
        &text,
        &format!("Terraform versions: 0 ran, {skipped} skipped, {failed} failed"),
    );
    assert_contains(&text, "skipped: Terraform CLI version");
}

/// Passes at once; the subprocess tests run it alone.
#[test]
fn probe_a_case() {
    acceptance::test(TestCase::new().step(TestStep::config("output \"x\" {\n  value = 1\n}\n")));
}

/// A unit test with a check that says it ran; the subprocess tests run it
/// alone.
#[test]
fn probe_a_unit_test() {
    acceptance::unit_test(TestCase::new().step(
        TestStep::config("output \"x\" {\n  value = 1\n}\n").check(|_| {
            eprintln!("the unit test's step ran");
            Ok(())
        }),
    ));
}

/// This test binary on the test `name` alone, without `TF_ACC` and with
/// the output captured as `cargo test` captures it: passed, and what it
/// printed.
fn probe(name: &str, nocapture: bool) -> (bool, String) {
    let mut cmd = std::process::Command::new(std::env::current_exe().expect("the test binary"));
    cmd.args(["--exact", name, "--test-threads=1"]);
    if nocapture {
        cmd.arg("--nocapture");
    }
    cmd.env_remove("TF_ACC");
    let out = cmd.output().expect("run the test binary");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// Without `TF_ACC` a `test` passes and says, in the captured output,
/// that it ran nothing (Go's skip line).
#[test]
fn without_tf_acc_the_skip_line_shows_without_nocapture() {
    let (passed, text) = probe("probe_a_case", false);
    assert!(passed, "{text}");
    assert_contains(
        &text,
        "probe_a_case: Acceptance tests skipped unless env 'TF_ACC' set",
    );
}

/// `unit_test` runs without `TF_ACC` (Go's `resource.UnitTest`); it needs
/// Terraform, so it is probed only where the acceptance tests run.
#[test]
fn unit_test_runs_without_tf_acc() {
    if std::env::var_os("TF_ACC").is_none() {
        return;
    }
    let (passed, text) = probe("probe_a_unit_test", true);
    assert!(passed, "{text}");
    assert_contains(&text, "the unit test's step ran");
    assert!(
        !text.contains("Acceptance tests skipped"),
        "the unit test skipped:\n{text}"
    );
    assert_contains(&text, "Terraform versions: ");
}

/// The directory of the released Go `hashicorp/null` binaries
/// (`target/e2e-tools/null2.1.2`; e2e/acceptance.sh sets it).
fn go_null() -> Option<std::ffi::OsString> {
    std::env::var_os("TFSCHEMA_GO_NULL").filter(|v| !v.is_empty())
}

/// A step's external provider is installed under its version constraint:
/// one that no binary of the directory meets fails the step's `init` with
/// Terraform's text.
#[test]
fn a_step_external_provider_keeps_its_version_constraint() {
    let Some(dir) = go_null() else { return };
    let case = TestCase::new().step(
        TestStep::config("resource \"null_resource\" \"a\" {}\n").external(
            "null",
            ExternalProvider::binaries("hashicorp/null", dir).version_constraint("2.1.3"),
        ),
    );
    match acceptance::run(&case) {
        Ok(Outcome::Skipped(_)) => {}
        Ok(Outcome::Ran(v)) => panic!("installed a null 2.1.3 from 2.1.2 alone with {v:?}"),
        Err(f) => {
            let text = f.to_string();
            assert_contains(&text, "TestStep 1/1 running init: ");
            assert_contains(
                &text,
                "no available releases match the given constraints 2.1.3",
            );
        }
    }
}

/// A directory of binaries without one for the provider says what it looked for.
#[test]
fn a_directory_without_the_binary_says_what_it_expected() {
    let case = TestCase::new().step(
        TestStep::config("resource \"null_resource\" \"a\" {}\n").external(
            "null",
            ExternalProvider::binaries("hashicorp/null", "tests"),
        ),
    );
    match acceptance::run(&case) {
        Ok(Outcome::Skipped(_)) => {}
        Ok(Outcome::Ran(v)) => panic!("ran with {v:?} without a provider binary"),
        Err(f) => assert_contains(
            &f.to_string(),
            "no binary of registry.terraform.io/hashicorp/null in tests: expected a file named \
             terraform-provider-null_v<version>",
        ),
    }
}
