//! Go's check helpers through real Terraform: the flatmap checks, output
//! plan and state checks, `tfversion` checks, `ErrorCheck`, `Taint`,
//! `ImportStatePersist` / `ImportStateCheck` and the echo provider, each
//! shown passing and failing with Go's text. A small in-memory provider
//! (`chk_thing`) is served in process. They need `TF_ACC` (and a
//! Terraform); without it each returns at once and passes.

// A test fails by panicking.
#![allow(clippy::panic)]

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, NoConfig, Resource, TypedProvider};
use tfschema::testing::acceptance::plancheck::{self, ResourceAction};
use tfschema::testing::acceptance::statecheck::{self, Comparer};
use tfschema::testing::acceptance::{
    self, acctest, check, echoprovider, knownvalue, tfversion, ConfigPlanChecks, ErrorCheckResult,
    ImportStateKind, InstanceState, Outcome, Path, State, TestCase, TestStep, Version,
};
use tfschema::{TfSchema, TfValue, Unknown};

/// A thing in memory.
#[derive(TfSchema, TfValue, Debug, Clone)]
struct Thing {
    /// Its name.
    name: String,
    /// Its tags.
    tags: Option<Vec<String>>,
    /// Assigned on create.
    #[tf(computed)]
    id: Unknown<String>,
}

#[derive(Default)]
struct Store {
    things: BTreeMap<String, Thing>,
    next: u64,
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
        let Some(id) = current.id.known() else {
            return Ok(None);
        };
        Ok(lock(&self.0).things.get(id).cloned())
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
        if let Some(id) = current.id.known() {
            lock(&self.0).things.remove(id);
        }
        Ok(())
    }

    async fn read_by_id(&self, _: &mut Ctx<()>, id: &str) -> Result<Option<Thing>, Diagnostics> {
        Ok(lock(&self.0).things.get(id).cloned())
    }
}

/// The case with the provider; each run starts with an empty store.
fn case(store: &Shared) -> TestCase {
    let fresh = store.clone();
    let served = store.clone();
    TestCase::new()
        .provider("chk", move || {
            TypedProvider::<NoConfig>::without_config()
                .resource("chk_thing", Things(served.clone()))
                .into_services()
        })
        .pre_check(move || *lock(&fresh) = Store::default())
}

const TWO: &str = r#"
resource "chk_thing" "a" {
  name = "first"
  tags = ["blue", "red"]
}

resource "chk_thing" "b" {
  name = chk_thing.a.id
}

output "a_name" {
  value = chk_thing.a.name
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
fn flatmap_checks_pass_on_real_state() {
    let store = Shared::default();
    acceptance::test(
        case(&store).step(TestStep::config(TWO).check(check::compose_aggregate(vec![
            check::resource_attr("chk_thing.a", "tags.#", "2"),
            check::resource_attr_pair("chk_thing.b", "name", "chk_thing.a", "id"),
            check::match_resource_attr("chk_thing.a", "id", "^t-[0-9]+$"),
            check::type_set_elem_attr("chk_thing.a", "tags.*", "red"),
            check::output("a_name", "first"),
            check::match_output("a_name", "^fir"),
        ]))),
    );
}

#[test]
fn flatmap_checks_fail_with_gos_texts() {
    let store = Shared::default();
    let Some(message) = failure(&case(&store).step(TestStep::config(TWO).check(
        check::compose_aggregate(vec![
            check::resource_attr_pair("chk_thing.b", "id", "chk_thing.a", "id"),
            check::output("a_name", "second"),
        ]),
    ))) else {
        return;
    };
    assert_contains(
        &message,
        "Check failed: Check 1/2 error: chk_thing.b: Attribute 'id' expected \"t-1\", got \"t-2\"",
    );
    assert_contains(&message, "Check 2/2 error: Output 'a_name': expected \"second\", got &terraform.OutputState{Sensitive:false, Type:\"string\", Value:\"first\"");
}

#[test]
fn output_plan_and_state_checks_through_terraform() {
    let store = Shared::default();
    let config = r#"
resource "chk_thing" "a" {
  name = "first"
}

output "id" {
  value = chk_thing.a.id
}

output "obj" {
  value = { name = chk_thing.a.name, id = chk_thing.a.id }
}
"#;
    acceptance::test(
        case(&store).step(
            TestStep::config(config)
                .plan_checks(ConfigPlanChecks {
                    pre_apply: vec![plancheck::expect_unknown_output_value("id")],
                    ..ConfigPlanChecks::default()
                })
                .state_checks(vec![
                    statecheck::expect_known_output_value("id", knownvalue::string_exact("t-1")),
                    statecheck::expect_known_output_value_at_path(
                        "obj",
                        Path::new("id"),
                        knownvalue::string_regexp("^t-"),
                    ),
                ]),
        ),
    );
    // Terraform 1.0 plans an output with an unknown part as wholly unknown
    // (`after_unknown: true`, no `after`); 1.15 plans it part by part.
    acceptance::test(case(&store).skip_below(Version::new(1, 15, 0)).step(
        TestStep::config(config).plan_checks(ConfigPlanChecks {
            pre_apply: vec![
                plancheck::expect_unknown_output_value_at_path("obj", Path::new("id")),
                plancheck::expect_known_output_value_at_path(
                    "obj",
                    Path::new("name"),
                    knownvalue::string_exact("first"),
                ),
            ],
            ..ConfigPlanChecks::default()
        }),
    ));
    let Some(message) = failure(&case(&store).step(TestStep::config(config).plan_checks(
        ConfigPlanChecks {
            pre_apply: vec![plancheck::expect_known_output_value(
                "id",
                knownvalue::string_exact("t-1"),
            )],
            ..ConfigPlanChecks::default()
        },
    ))) else {
        return;
    };
    // The id is unknown before apply: Terraform writes no `after`, so the
    // check sees null.
    assert_contains(
        &message,
        "Pre-apply plan check(s) failed:\nerror checking value for output at path: id, err: expected string value for StringExact check, got: <nil>",
    );
}

#[test]
fn version_checks_skip_and_fail_with_gos_texts() {
    let store = Shared::default();
    let outcome = acceptance::run(
        &case(&store)
            .terraform_version_checks(vec![tfversion::skip_above(Version::new(0, 15, 0))])
            .step(TestStep::config(TWO)),
    );
    match outcome {
        Ok(Outcome::Skipped(_)) => return,
        // Every binary is above 0.15.0: the case ran with none.
        Ok(Outcome::Ran(ran)) => assert_eq!(ran, Vec::<Version>::new()),
        Err(f) => panic!("{f}"),
    }
    let Some(message) = failure(
        &case(&store)
            .terraform_version_checks(vec![tfversion::require_above(Version::new(99, 0, 0))])
            .step(TestStep::config(TWO)),
    ) else {
        return;
    };
    assert_contains(
        &message,
        "expected Terraform CLI version above 99.0.0 but detected version is 1.",
    );
}

const BOOM: &str = r#"
resource "chk_thing" "a" {
  name = "boom"
}
"#;

#[test]
fn error_check_skips_drops_or_rewrites_a_step_error() {
    let store = Shared::default();
    let skip = |e: &str| {
        if e.contains("Cannot create boom") {
            ErrorCheckResult::Skip("boom is not available here".to_owned())
        } else {
            ErrorCheckResult::Fail(e.to_owned())
        }
    };
    match acceptance::run(&case(&store).error_check(skip).step(TestStep::config(BOOM))) {
        Ok(Outcome::Skipped(_)) => return,
        Ok(Outcome::Ran(ran)) => {
            assert_eq!(ran, Vec::<Version>::new(), "skipped by the error check")
        }
        Err(f) => panic!("{f}"),
    }
    // Dropped: the case goes on, and the next step applies.
    acceptance::test(
        case(&store)
            .error_check(|_| ErrorCheckResult::Ignore)
            .step(TestStep::config(BOOM))
            .step(TestStep::config(TWO).check(check::resource_attr(
                "chk_thing.a",
                "name",
                "first",
            ))),
    );
    let message = failure(
        &case(&store)
            .error_check(|e| ErrorCheckResult::Fail(format!("rewritten: {}", e.len())))
            .step(TestStep::config(BOOM)),
    )
    .unwrap_or_default();
    assert!(
        message.is_empty() || message.contains("Step 1/1 error: rewritten: "),
        "{message}"
    );
}

#[test]
fn taint_replaces_the_resource() {
    let store = Shared::default();
    let id = statecheck::compare_value(Comparer::ValuesDiffer);
    acceptance::test(
        case(&store)
            .step(
                TestStep::config(TWO)
                    .state_checks(vec![id.add_state_value("chk_thing.a", Path::new("id"))]),
            )
            .step(
                TestStep::config(TWO)
                    .taint(["chk_thing.a"])
                    .plan_checks(ConfigPlanChecks {
                        pre_apply: vec![plancheck::expect_resource_action(
                            "chk_thing.a",
                            ResourceAction::DestroyBeforeCreate,
                        )],
                        ..ConfigPlanChecks::default()
                    })
                    .state_checks(vec![id.add_state_value("chk_thing.a", Path::new("id"))]),
            ),
    );
    let Some(message) = failure(
        &case(&store)
            .step(TestStep::config(TWO))
            .step(TestStep::config(TWO).taint(["chk_thing.nope"])),
    ) else {
        return;
    };
    assert_contains(
        &message,
        "TestStep 2/2 error tainting resources: error tainting resource: ",
    );
}

const WITH_C: &str = r#"
resource "chk_thing" "a" {
  name = "first"
  tags = ["blue", "red"]
}

resource "chk_thing" "b" {
  name = chk_thing.a.id
}

resource "chk_thing" "c" {
  name = "first"
  tags = ["blue", "red"]
}

output "a_name" {
  value = chk_thing.a.name
}
"#;

fn a_id(state: &State) -> Result<String, String> {
    state
        .resource("chk_thing.a")
        .and_then(|r| r.values.get("id"))
        .and_then(|v| v.as_str())
        .map(str::to_owned)
        .ok_or_else(|| "no chk_thing.a".to_owned())
}

#[test]
fn import_state_persist_keeps_the_import_and_import_state_check_sees_it() {
    let store = Shared::default();
    let has_c = |states: &[InstanceState]| {
        let found = states
            .iter()
            .filter(|s| s.type_name == "chk_thing" && s.id == "t-1")
            .count();
        // chk_thing.a and the imported chk_thing.c share the id.
        if found == 2 {
            Ok(())
        } else {
            Err(format!(
                "expected two instances with id t-1, got {found} in {states:?}"
            ))
        }
    };
    acceptance::test(
        case(&store)
            .step(TestStep::config(TWO))
            .step(
                TestStep::config(WITH_C)
                    .import_state("chk_thing.c")
                    .import_state_id_func(a_id)
                    .import_state_persist()
                    .import_state_check(has_c),
            )
            // Only planned: chk_thing.c is in the case's state already.
            .step(TestStep::config(WITH_C).plan_only()),
    );
    let Some(message) = failure(
        &case(&store).step(TestStep::config(TWO)).step(
            TestStep::config(WITH_C)
                .import_state("chk_thing.c")
                .import_state_id_func(a_id)
                .import_state_check(|_| Err("no good".to_owned())),
        ),
    ) else {
        return;
    };
    assert_contains(&message, "Step 2/2 error running import: no good");
    let Some(message) = failure(
        &case(&store).step(TestStep::config(TWO)).step(
            TestStep::config(WITH_C)
                .import_state("chk_thing.c")
                .import_state_kind(ImportStateKind::BlockWithId)
                .import_state_persist(),
        ),
    ) else {
        return;
    };
    assert!(
        message.contains("ImportStatePersist is not supported with plannable import blocks")
            || message.contains("require Terraform 1.5.0 or later"),
        "{message}"
    );
}

const ECHOED: &str = r#"
provider "echo" {
  data = { name = "bolt", sizes = [1, 2] }
}

resource "echo" "test" {}
"#;

#[test]
fn echo_provider_echoes_its_data() {
    let case = || TestCase::new().provider("echo", echoprovider::new);
    acceptance::test(
        case().step(
            TestStep::config(ECHOED)
                .plan_checks(ConfigPlanChecks {
                    pre_apply: vec![plancheck::expect_unknown_value(
                        "echo.test",
                        Path::new("data"),
                    )],
                    ..ConfigPlanChecks::default()
                })
                .state_checks(vec![statecheck::expect_known_value(
                    "echo.test",
                    Path::new("data"),
                    knownvalue::object_exact([
                        ("name", knownvalue::string_exact("bolt")),
                        (
                            "sizes",
                            knownvalue::tuple_exact(vec![
                                knownvalue::int64_exact(1),
                                knownvalue::int64_exact(2),
                            ]),
                        ),
                    ]),
                )]),
        ),
    );
    let Some(message) = failure(&case().step(TestStep::config(ECHOED).state_checks(vec![
        statecheck::expect_known_value(
            "echo.test",
            Path::new("data").at_map_key("sizes"),
            knownvalue::tuple_size_exact(3),
        ),
    ]))) else {
        return;
    };
    assert_contains(
        &message,
        "expected 3 elements for TupleSizeExact check, got 2 elements",
    );
}

#[test]
fn acctest_names_differ_between_calls() {
    let a = acctest::random_with_prefix(acctest::RESOURCE_PREFIX);
    let b = acctest::random_with_prefix(acctest::RESOURCE_PREFIX);
    assert!(a.starts_with("tf-acc-test-"), "{a}");
    assert_ne!(a, b);
}
