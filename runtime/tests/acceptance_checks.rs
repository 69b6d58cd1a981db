//! Go's check helpers through real Terraform: the flatmap checks, output
//! plan and state checks, `tfversion` checks, `ErrorCheck`, `Taint`,
//! `ImportStatePersist` / `ImportStateCheck` and the echo provider, each
//! shown passing and failing with Go's text. A small in-memory provider
//! (`chk_thing`) is served in process. They need `TF_ACC` (and a
//! Terraform); without it each returns at once and passes.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use tfschema::diag::Diagnostics;
use tfschema::server::typed::{Ctx, NoConfig, Resource, TypedProvider};
use tfschema::server::ProviderServices;
use tfschema::testing::acceptance::{self, check, Outcome, TestCase, TestStep};
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
