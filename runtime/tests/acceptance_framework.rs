//! The acceptance framework's own rules, each with a test that fails when
//! the rule is broken: a small in-memory provider (`acc_thing`) served in
//! process, and real Terraform. They need `TF_ACC` (and a Terraform, from
//! `TF_ACC_TERRAFORM_PATH(S)` or `PATH`); without it each returns at once
//! and passes, printing Go's skip line (seen with `--nocapture`).
//!
//! Cost: about 100 Terraform commands per binary; e2e/acceptance.sh runs
//! them on 1.0.3 and 1.15.5.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, NoConfig, Resource, TypedProvider};
use tfschema::server::ProviderServices;
use tfschema::testing::acceptance::plancheck::{self, ResourceAction};
use tfschema::testing::acceptance::statecheck::{self, Comparer};
use tfschema::testing::acceptance::{
    self, knownvalue, ConfigPlanChecks, Outcome, Path, TestCase, TestStep,
};
use tfschema::{TfSchema, TfValue, Unknown};

/// A thing in memory.
#[derive(TfSchema, TfValue, Debug, Clone)]
struct Thing {
    /// Its name.
    name: String,
    /// A note, changed in place.
    note: Option<String>,
    /// Assigned on create.
    #[tf(computed)]
    id: Unknown<String>,
}

/// The remote side: things by id, and switches that make the provider
/// misbehave.
#[derive(Default)]
struct Store {
    things: BTreeMap<String, Thing>,
    next: u64,
    /// `read` reports this note instead of the stored one.
    drift: Option<String>,
    /// `delete` fails.
    undeletable: bool,
}

type Shared = Arc<Mutex<Store>>;

fn lock(store: &Shared) -> std::sync::MutexGuard<'_, Store> {
    store.lock().unwrap_or_else(PoisonError::into_inner)
}

struct Things(Shared);

impl Resource for Things {
    type Client = ();
    type Model = Thing;

    async fn create(&self, _: &mut Ctx<()>, mut planned: Thing) -> Result<Thing, Diagnostics> {
        if planned.name == "boom" {
            return Err(Diagnostics::with_error(
                "Cannot create boom",
                "the API refuses the name boom",
            ));
        }
        let mut store = lock(&self.0);
        store.next += 1;
        let id = format!("t-{}", store.next);
        planned.id = Unknown::Known(id.clone());
        store.things.insert(id, planned.clone());
        Ok(planned)
    }

    async fn read(&self, _: &mut Ctx<()>, current: Thing) -> Result<Option<Thing>, Diagnostics> {
        let store = lock(&self.0);
        let Some(id) = current.id.known() else {
            return Ok(None);
        };
        let found = store.things.get(id).cloned();
        Ok(found.map(|mut t| {
            if let Some(note) = &store.drift {
                t.note = Some(note.clone());
            }
            t
        }))
    }

    async fn update(
        &self,
        _: &mut Ctx<()>,
        prior: Thing,
        mut planned: Thing,
    ) -> Result<Thing, Diagnostics> {
        planned.id = prior.id.clone();
        if let Some(id) = planned.id.known() {
            lock(&self.0).things.insert(id.clone(), planned.clone());
        }
        Ok(planned)
    }

    async fn delete(&self, _: &mut Ctx<()>, current: Thing) -> Result<(), Diagnostics> {
        let mut store = lock(&self.0);
        if store.undeletable {
            return Err(Diagnostics::with_error(
                "Cannot delete",
                "the API refuses deletes",
            ));
        }
        if let Some(id) = current.id.known() {
            store.things.remove(id);
        }
        Ok(())
    }

    async fn read_by_id(&self, _: &mut Ctx<()>, id: &str) -> Result<Option<Thing>, Diagnostics> {
        Ok(lock(&self.0).things.get(id).cloned())
    }
}

fn services(store: &Shared) -> impl Fn() -> ProviderServices + Send + Sync + 'static {
    let store = store.clone();
    move || {
        TypedProvider::<NoConfig>::without_config()
            .resource("acc_thing", Things(store.clone()))
            .into_services()
    }
}

/// The case with the provider; each run (one per Terraform binary) starts
/// with an empty, well-behaved store.
fn case(store: &Shared) -> TestCase {
    let fresh = store.clone();
    TestCase::new()
        .provider("acc", services(store))
        .pre_check(move || *lock(&fresh) = Store::default())
}

const ONE: &str = r#"
resource "acc_thing" "a" {
  name = "first"
}
"#;

const ONE_NOTED: &str = r#"
resource "acc_thing" "a" {
  name = "first"
  note = "hello"
}
"#;

/// Runs `case`, which must fail; its message. `None` without `TF_ACC`.
fn failure(case: &TestCase) -> Option<String> {
    match acceptance::run(case) {
        Ok(Outcome::Skipped(_)) => None,
        Ok(Outcome::Ran(v)) => panic!("the case passed with {v:?}; it must fail"),
        Err(f) => Some(f.to_string()),
    }
}

fn assert_contains(message: &str, want: &str) {
    assert!(message.contains(want), "expected {want:?} in:\n{message}");
}

#[test]
fn a_lifecycle_passes_and_checks_see_each_step() {
    let store = Shared::default();
    let id = statecheck::compare_value(Comparer::ValuesSame);
    acceptance::test(
        case(&store)
            .step(
                TestStep::config(ONE)
                    .plan_checks(ConfigPlanChecks {
                        pre_apply: vec![
                            plancheck::expect_resource_action(
                                "acc_thing.a",
                                ResourceAction::Create,
                            ),
                            plancheck::expect_unknown_value("acc_thing.a", Path::new("id")),
                            plancheck::expect_known_value(
                                "acc_thing.a",
                                Path::new("name"),
                                knownvalue::string_exact("first"),
                            ),
                        ],
                        post_apply_post_refresh: vec![plancheck::expect_empty_plan()],
                        ..ConfigPlanChecks::default()
                    })
                    .state_checks(vec![
                        statecheck::expect_known_value(
                            "acc_thing.a",
                            Path::new("note"),
                            knownvalue::null(),
                        ),
                        id.add_state_value("acc_thing.a", Path::new("id")),
                    ])
                    .check(|state| {
                        let r = state.resource("acc_thing.a").ok_or("no acc_thing.a")?;
                        (r.values["name"] == "first")
                            .then_some(())
                            .ok_or_else(|| format!("{r:?}"))
                    }),
            )
            .step(
                TestStep::config(ONE_NOTED)
                    .plan_checks(ConfigPlanChecks {
                        pre_apply: vec![plancheck::expect_resource_action(
                            "acc_thing.a",
                            ResourceAction::Update,
                        )],
                        ..ConfigPlanChecks::default()
                    })
                    .state_checks(vec![
                        statecheck::expect_known_value(
                            "acc_thing.a",
                            Path::new("note"),
                            knownvalue::string_exact("hello"),
                        ),
                        id.add_state_value("acc_thing.a", Path::new("id")),
                    ]),
            )
            .step(
                TestStep::new()
                    .import_state("acc_thing.a")
                    .import_state_verify(),
            )
            .step(TestStep::new().refresh_state())
            .check_destroy({
                let store = store.clone();
                move |state| {
                    // The state from before the destroy, and nothing left.
                    state.resource("acc_thing.a").ok_or("no prior state")?;
                    let left = lock(&store).things.len();
                    (left == 0)
                        .then_some(())
                        .ok_or_else(|| format!("{left} things left"))
                }
            }),
    );
}

#[test]
fn a_read_that_drifts_fails_the_step_with_gos_message() {
    let store = Shared::default();
    let drifting = store.clone();
    let case = case(&store).step(TestStep::config(ONE).pre_config(move || {
        lock(&drifting).drift = Some("changed behind Terraform's back".to_owned());
    }));
    let Some(message) = failure(&case) else {
        return;
    };
    assert_contains(
        &message,
        "Step 1/1 error: After applying this test step, the refresh plan was not empty.",
    );
    // The plan as Terraform renders it, and the step named.
    assert_contains(&message, "acc_thing.a will be updated in-place");
    assert_contains(
        &message,
        "configuration beginning `resource \"acc_thing\" \"a\" {`",
    );
}

#[test]
fn a_changing_output_fails_the_non_refresh_plan() {
    let store = Shared::default();
    let case = case(&store).step(TestStep::config(
        "output \"now\" {\n  value = timestamp()\n}\n",
    ));
    let Some(message) = failure(&case) else {
        return;
    };
    assert_contains(
        &message,
        "Step 1/1 error: After applying this test step, the non-refresh plan was not empty.",
    );
}

#[test]
fn expect_non_empty_plan_lets_the_changing_output_pass() {
    let store = Shared::default();
    acceptance::test(case(&store).step(
        TestStep::config("output \"now\" {\n  value = timestamp()\n}\n").expect_non_empty_plan(),
    ));
}

#[test]
fn expect_non_empty_plan_fails_on_an_empty_plan() {
    let store = Shared::default();
    let case = case(&store).step(TestStep::config(ONE).expect_non_empty_plan());
    let Some(message) = failure(&case) else {
        return;
    };
    assert_contains(
        &message,
        "Expected a non-empty plan, but got an empty refresh plan",
    );
}

#[test]
fn a_wrong_resource_action_fails_the_pre_apply_checks() {
    let store = Shared::default();
    let case = case(&store).step(TestStep::config(ONE).plan_checks(ConfigPlanChecks {
        pre_apply: vec![plancheck::expect_resource_action(
            "acc_thing.a",
            ResourceAction::Update,
        )],
        ..ConfigPlanChecks::default()
    }));
    let Some(message) = failure(&case) else {
        return;
    };
    assert_contains(
        &message,
        "Step 1/1 error: Pre-apply plan check(s) failed:\n'acc_thing.a' - expected Update, got action(s): [create]",
    );
    // The failed step applied nothing, so nothing is destroyed.
    assert!(lock(&store).things.is_empty());
}

#[test]
fn a_wrong_known_value_fails_the_state_checks() {
    let store = Shared::default();
    let case = case(&store).step(TestStep::config(ONE).state_checks(vec![
        statecheck::expect_known_value(
            "acc_thing.a",
            Path::new("name"),
            knownvalue::string_exact("second"),
        ),
    ]));
    let Some(message) = failure(&case) else {
        return;
    };
    assert_contains(
        &message,
        "Post-apply refresh state check(s) failed:\nexpected value second for StringExact check, got: first",
    );
    // The post-test destroy ran despite the failure.
    assert!(lock(&store).things.is_empty());
}

#[test]
fn a_value_that_differs_fails_compare_value_same() {
    let store = Shared::default();
    let name = statecheck::compare_value(Comparer::ValuesSame);
    let second = ONE.replace("first", "second");
    let case = case(&store)
        .step(
            TestStep::config(ONE)
                .state_checks(vec![name.add_state_value("acc_thing.a", Path::new("name"))]),
        )
        .step(
            TestStep::config(second)
                .state_checks(vec![name.add_state_value("acc_thing.a", Path::new("name"))]),
        );
    let Some(message) = failure(&case) else {
        return;
    };
    assert_contains(&message, "Step 2/2 error");
    assert_contains(
        &message,
        "expected values to be the same, but they differ: first != second",
    );
}

#[test]
fn expect_error_matches_a_provider_error() {
    let store = Shared::default();
    acceptance::test(
        case(&store).step(
            TestStep::config(ONE.replace("first", "boom")).expect_error("Cannot create boom"),
        ),
    );
}

#[test]
fn expect_error_without_an_error_fails() {
    let store = Shared::default();
    let case = case(&store).step(TestStep::config(ONE).expect_error("Cannot create"));
    let Some(message) = failure(&case) else {
        return;
    };
    assert_contains(&message, "Step 1/1, expected an error but got none");
}

#[test]
fn expect_error_with_another_error_fails() {
    let store = Shared::default();
    let case = case(&store)
        .step(TestStep::config(ONE.replace("first", "boom")).expect_error("something else"));
    let Some(message) = failure(&case) else {
        return;
    };
    assert_contains(
        &message,
        "Step 1/1, expected an error with pattern, no match on: Error running apply: ",
    );
    assert_contains(&message, "Cannot create boom");
}

#[test]
fn a_config_that_does_not_parse_names_the_step_and_command() {
    let store = Shared::default();
    let case = case(&store)
        .step(TestStep::config(ONE))
        .step(TestStep::config(
            "resource \"acc_thing\" \"a\" {\n  name = \n",
        ));
    let Some(message) = failure(&case) else {
        return;
    };
    assert_contains(
        &message,
        "Step 2/2 error: Error running pre-apply plan: exit status 1",
    );
    assert_contains(&message, "(command: terraform plan");
    assert_contains(&message, "(step 2 of 2");
    // The final destroy fell back on step 1's configuration: nothing is
    // left behind.
    assert!(message.find("dangling").is_none(), "{message}");
    assert!(lock(&store).things.is_empty());
}

#[test]
fn a_failing_destroy_reports_dangling_resources() {
    let store = Shared::default();
    let undeletable = store.clone();
    let case = case(&store)
        .step(TestStep::config(ONE).pre_config(move || lock(&undeletable).undeletable = true));
    let Some(message) = failure(&case) else {
        return;
    };
    assert_contains(
        &message,
        "Error running post-test destroy, there may be dangling resources: ",
    );
    assert_contains(&message, "Cannot delete");
}

#[test]
fn a_failing_check_destroy_is_reported() {
    let store = Shared::default();
    let case = case(&store)
        .step(TestStep::config(ONE))
        .check_destroy(|_| Err("the thing is still there".to_owned()));
    let Some(message) = failure(&case) else {
        return;
    };
    assert_contains(
        &message,
        "Error running post-test destroy, there may be dangling resources: the thing is still there",
    );
}

#[test]
fn plan_only_fails_on_a_non_empty_plan() {
    let store = Shared::default();
    let case = case(&store).step(TestStep::config(ONE).plan_only());
    let Some(message) = failure(&case) else {
        return;
    };
    assert_contains(
        &message,
        "Step 1/1 error: The non-refresh plan was not empty.",
    );
    assert!(lock(&store).things.is_empty(), "a plan-only step applied");
}

#[test]
fn a_destroy_step_removes_the_resource() {
    let store = Shared::default();
    let gone = store.clone();
    acceptance::test(case(&store).step(TestStep::config(ONE)).step(
        TestStep::config(ONE).destroy().check(move |before| {
            before
                .resource("acc_thing.a")
                .ok_or("the check sees the state from before the destroy")?;
            let left = lock(&gone).things.len();
            (left == 0)
                .then_some(())
                .ok_or_else(|| format!("{left} things left"))
        }),
    ));
}

#[test]
fn config_variables_reach_the_configuration() {
    let store = Shared::default();
    acceptance::test(
        case(&store).step(
            TestStep::config("variable \"name\" {\n  type = string\n}\n\nresource \"acc_thing\" \"a\" {\n  name = var.name\n}\n")
                .variable("name", serde_json::json!("from-variable"))
                .state_checks(vec![statecheck::expect_known_value(
                    "acc_thing.a",
                    Path::new("name"),
                    knownvalue::string_exact("from-variable"),
                )]),
        ),
    );
}

#[test]
fn import_verify_reports_a_difference() {
    let store = Shared::default();
    let drifting = store.clone();
    let case = case(&store).step(TestStep::config(ONE_NOTED)).step(
        TestStep::new()
            .import_state("acc_thing.a")
            .import_state_verify()
            .pre_config(move || lock(&drifting).drift = Some("imported differently".to_owned())),
    );
    let Some(message) = failure(&case) else {
        return;
    };
    assert_contains(
        &message,
        "Step 2/2 error running import: ImportStateVerify attributes not equivalent.",
    );
    assert_contains(&message, "\"note\": \"hello\"");
}

#[test]
fn import_verify_ignore_skips_the_attribute() {
    let store = Shared::default();
    let drifting = store.clone();
    acceptance::test(
        case(&store).step(TestStep::config(ONE_NOTED)).step(
            TestStep::new()
                .import_state("acc_thing.a")
                .import_state_verify()
                .import_state_verify_ignore(["note"])
                .pre_config(move || {
                    let mut store = lock(&drifting);
                    store.drift = Some("imported differently".to_owned());
                }),
        ),
    );
}

#[test]
fn import_block_with_id_imports_without_changes() {
    let store = Shared::default();
    acceptance::test(
        case(&store)
            .skip_below(acceptance::Version::new(1, 5, 0))
            .step(TestStep::config(ONE_NOTED))
            .step(
                TestStep::new()
                    .import_state("acc_thing.a")
                    .import_state_kind(acceptance::ImportStateKind::BlockWithId),
            ),
    );
}

#[test]
fn import_by_identity_needs_terraform_1_12_and_an_identity() {
    let store = Shared::default();
    let case = case(&store).step(TestStep::config(ONE)).step(
        TestStep::new()
            .import_state("acc_thing.a")
            .import_state_kind(acceptance::ImportStateKind::BlockWithResourceIdentity),
    );
    let Some(message) = failure(&case) else {
        return;
    };
    // Each binary fails for its own reason: Terraform before 1.12 has no
    // identities; acc_thing has none on any version.
    for run in message.split("\n\n----\n\n") {
        assert!(
            run.contains("Step 2/2 error running import: ImportState steps using resource identity require Terraform 1.12.0 or later.")
                || run.contains("Step 2/2 error running import: importing resource acc_thing.a: expected prior state to have resource identity values, got none"),
            "{run}"
        );
    }
}

#[test]
fn the_import_id_function_reads_the_prior_state() {
    let store = Shared::default();
    let case = case(&store).step(TestStep::config(ONE)).step(
        TestStep::new()
            .import_state("acc_thing.a")
            .import_state_id_func(|state| {
                let id = &state
                    .resource("acc_thing.a")
                    .ok_or("no acc_thing.a")?
                    .values["id"];
                // An id that names nothing: the import must fail.
                Ok(format!("{}-missing", id.as_str().unwrap_or_default()))
            }),
    );
    let Some(message) = failure(&case) else {
        return;
    };
    assert_contains(&message, "Step 2/2 error running import: exit status 1");
    assert_contains(&message, "t-1-missing");
}

/// A case that passes at once; the subprocess tests run it alone.
#[test]
fn probe_an_empty_case() {
    acceptance::test(TestCase::new().step(TestStep::config("output \"x\" {\n  value = 1\n}\n")));
}

/// This test binary, run on `probe_an_empty_case` alone with `env`.
fn probe(env: &[(&str, Option<&str>)]) -> (bool, String) {
    let mut cmd = std::process::Command::new(std::env::current_exe().expect("the test binary"));
    cmd.args([
        "--exact",
        "probe_an_empty_case",
        "--nocapture",
        "--test-threads=1",
    ]);
    for (key, value) in env {
        match value {
            Some(v) => cmd.env(key, v),
            None => cmd.env_remove(key),
        };
    }
    let out = cmd.output().expect("run the test binary");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

#[test]
fn without_tf_acc_a_test_passes_and_says_it_skipped() {
    let (passed, text) = probe(&[("TF_ACC", None)]);
    assert!(passed, "{text}");
    assert_contains(&text, "Acceptance tests skipped unless env 'TF_ACC' set");
    assert_contains(&text, "test probe_an_empty_case ... ok");
}

#[test]
fn a_missing_terraform_is_a_clear_failure() {
    let (passed, text) = probe(&[
        ("TF_ACC", Some("1")),
        ("TF_ACC_TERRAFORM_PATHS", None),
        ("TF_ACC_TERRAFORM_PATH", Some("/nonexistent/terraform")),
    ]);
    assert!(!passed, "{text}");
    assert_contains(&text, "running /nonexistent/terraform version -json: ");
    let (passed, text) = probe(&[
        ("TF_ACC", Some("1")),
        ("TF_ACC_TERRAFORM_PATHS", None),
        ("TF_ACC_TERRAFORM_PATH", None),
        ("PATH", Some("/nonexistent")),
    ]);
    assert!(!passed, "{text}");
    assert_contains(&text, "no Terraform CLI: set TF_ACC_TERRAFORM_PATH");
}

#[tokio::test]
async fn inside_a_tokio_runtime_it_says_to_use_a_plain_test() {
    let store = Shared::default();
    let case = case(&store).step(TestStep::config(ONE));
    let failure = acceptance::run(&case).expect_err("refused inside a runtime");
    assert_contains(
        &failure.to_string(),
        "call them from a plain #[test], not from #[tokio::test]",
    );
}

#[test]
fn a_provider_limited_to_protocol_5_is_served_on_it() {
    let store = Shared::default();
    let fresh = store.clone();
    let limited = services(&store);
    acceptance::test(
        TestCase::new()
            .provider("acc", move || limited().max_protocol(5))
            .pre_check(move || *lock(&fresh) = Store::default())
            .step(TestStep::config(ONE))
            .step(TestStep::config(ONE_NOTED)),
    );
}

#[test]
fn post_apply_plan_checks_run_on_the_plans_after_apply() {
    let store = Shared::default();
    let pre_refresh = case(&store).step(TestStep::config(ONE).plan_checks(ConfigPlanChecks {
        post_apply_pre_refresh: vec![plancheck::expect_non_empty_plan()],
        ..ConfigPlanChecks::default()
    }));
    let Some(message) = failure(&pre_refresh) else {
        return;
    };
    assert_contains(
        &message,
        "Step 1/1 error: Post-apply, pre-refresh plan check(s) failed:\nexpected a non-empty plan, but got an empty plan",
    );

    let store = Shared::default();
    let post_refresh = case(&store).step(TestStep::config(ONE).plan_checks(ConfigPlanChecks {
        post_apply_post_refresh: vec![plancheck::expect_resource_action(
            "acc_thing.a",
            ResourceAction::Update,
        )],
        ..ConfigPlanChecks::default()
    }));
    let Some(message) = failure(&post_refresh) else {
        return;
    };
    assert_contains(
        &message,
        "Step 1/1 error: Post-apply refresh plan check(s) failed:\n'acc_thing.a' - expected Update, got action(s): [no-op]",
    );
}

#[test]
fn a_refresh_step_fails_when_the_followup_plan_is_not_empty() {
    let store = Shared::default();
    let drifting = store.clone();
    let case = case(&store).step(TestStep::config(ONE)).step(
        TestStep::new()
            .pre_config(move || lock(&drifting).drift = Some("changed".to_owned()))
            .refresh_state(),
    );
    let Some(message) = failure(&case) else {
        return;
    };
    assert_contains(
        &message,
        "Step 2/2 error running refresh: After refreshing state during this test step, a followup plan was not empty.",
    );
}
