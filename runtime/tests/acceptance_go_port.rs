//! What a port of a Go framework provider relies on, through real
//! Terraform.
//!
//! Semantic equality: an API that answers each timestamp in another
//! spelling (`+00:00` where the configuration wrote `Z`), as many do.
//! Without semantic equality on the states create, update and read return,
//! Terraform refuses the apply ("Provider produced inconsistent result
//! after apply") and every refresh reports drift.
//!
//! The same for the elements of a list and a set of timestamps
//! (`#[tf(with = timetypes::rfc3339, each, semantic_equal)]`).
//!
//! `provider_meta`: a module's `terraform { provider_meta "cal" {...} }`
//! block reaches the hooks.
//!
//! The Terraform tests need `TF_ACC` (and a Terraform, from
//! `TF_ACC_TERRAFORM_PATH(S)` or `PATH`); without it each returns at once
//! and passes.

use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

use tfschema::diag::Diagnostics;
use tfschema::server::testing::Harness;
use tfschema::server::typed::{Ctx, DataSource, NoConfig, Resource, TypedProvider};
use tfschema::server::ProviderServices;
use tfschema::testing::acceptance::plancheck::{self, ResourceAction};
use tfschema::testing::acceptance::statecheck;
use tfschema::testing::acceptance::{self, knownvalue, ConfigPlanChecks, Path, TestCase, TestStep};
use tfschema::timetypes::{self, Rfc3339};
use tfschema::{Set, TfSchema, TfValue, Unknown};

/// A timestamp as written, `YYYY-MM-DDTHH:MM:SS` and a UTC offset of `Z`,
/// `+00:00` or `-00:00` (enough for these tests; `tfschema::timetypes`
/// has the real RFC 3339 type).
mod utc {
    /// The text as written.
    #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
    pub struct Utc(pub String);

    pub type Wire = String;

    pub fn to_wire(t: &Utc) -> Result<String, std::convert::Infallible> {
        Ok(t.0.clone())
    }

    pub fn from_wire(text: String) -> Result<Utc, String> {
        let ok = text.len() >= 19
            && (text.ends_with('Z') || text.ends_with("+00:00") || text.ends_with("-00:00"));
        if ok {
            Ok(Utc(text))
        } else {
            Err(format!("{text:?} is not a UTC timestamp"))
        }
    }

    /// The instant: the text without its offset.
    pub fn semantic_key(t: &Utc) -> String {
        t.0[..19].to_owned()
    }

    /// The API's spelling of an instant.
    pub fn respelled(t: &Utc) -> Utc {
        Utc(format!("{}+00:00", semantic_key(t)))
    }
}

use utc::Utc;

/// A maintenance window.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Window {
    /// Its label.
    label: String,
    /// When it starts.
    #[tf(with = utc, semantic_key)]
    starts: Utc,
}

/// An event in a calendar.
#[derive(TfSchema, TfValue, Debug, Clone)]
struct Event {
    /// Its name.
    name: String,
    /// When it happens.
    #[tf(with = utc, semantic_key)]
    at: Utc,
    /// Assigned on create.
    #[tf(computed)]
    id: Unknown<String>,
    /// Reminders, by name.
    #[tf(nested)]
    reminder: Option<BTreeMap<String, Window>>,
    /// Maintenance windows.
    #[tf(block)]
    window: Set<Window>,
}

/// The API: it stores and answers every timestamp as `+00:00`.
fn respelled(mut e: Event) -> Event {
    e.at = utc::respelled(&e.at);
    if let Some(reminders) = &mut e.reminder {
        for w in reminders.values_mut() {
            w.starts = utc::respelled(&w.starts);
        }
    }
    e.window = e
        .window
        .iter()
        .map(|w| Window {
            label: w.label.clone(),
            starts: utc::respelled(&w.starts),
        })
        .collect();
    e
}

/// What a module tells the provider (`provider_meta`).
#[derive(TfSchema, TfValue, Debug)]
struct ModuleMeta {
    /// The module's name.
    module_name: Option<String>,
}

type Shared = Arc<Mutex<BTreeMap<String, Event>>>;

fn lock(store: &Shared) -> std::sync::MutexGuard<'_, BTreeMap<String, Event>> {
    store.lock().unwrap_or_else(PoisonError::into_inner)
}

struct Events(Shared);

impl Resource for Events {
    type Client = ();
    type Model = Event;

    async fn create(&self, ctx: &mut Ctx<()>, mut planned: Event) -> Result<Event, Diagnostics> {
        let module = ctx.provider_meta::<ModuleMeta>()?;
        let mut store = lock(&self.0);
        let id = match module.and_then(|m| m.module_name) {
            Some(module) => format!("{module}-e-{}", store.len() + 1),
            None => format!("e-{}", store.len() + 1),
        };
        planned.id = Unknown::Known(id.clone());
        let stored = respelled(planned);
        store.insert(id, stored.clone());
        Ok(stored)
    }

    async fn read(&self, _: &mut Ctx<()>, current: Event) -> Result<Option<Event>, Diagnostics> {
        let id = current.id.known().cloned().unwrap_or_default();
        Ok(lock(&self.0).get(&id).cloned())
    }

    async fn update(
        &self,
        _: &mut Ctx<()>,
        prior: Event,
        mut planned: Event,
    ) -> Result<Event, Diagnostics> {
        planned.id = prior.id.clone();
        let stored = respelled(planned);
        if let Some(id) = stored.id.known() {
            lock(&self.0).insert(id.clone(), stored.clone());
        }
        Ok(stored)
    }

    async fn delete(&self, _: &mut Ctx<()>, current: Event) -> Result<(), Diagnostics> {
        if let Some(id) = current.id.known() {
            lock(&self.0).remove(id);
        }
        Ok(())
    }
}

fn case(store: &Shared) -> TestCase {
    let events = store.clone();
    let fresh = store.clone();
    TestCase::new()
        .provider("cal", move || -> ProviderServices {
            TypedProvider::<NoConfig>::without_config()
                .provider_meta::<ModuleMeta>()
                .resource("cal_event", Events(events.clone()))
                .data_source("cal_event", EventAt)
                .into_services()
        })
        .pre_check(move || lock(&fresh).clear())
}

const EVENT: &str = r#"
resource "cal_event" "a" {
  name = "launch"
  at   = "2026-12-02T01:00:00Z"
  reminder = {
    early = { label = "early", starts = "2026-12-01T01:00:00Z" }
  }
  window {
    label  = "before"
    starts = "2026-12-01T22:00:00Z"
  }
  window {
    label  = "after"
    starts = "2026-12-02T04:00:00Z"
  }
}
"#;

/// The same instants, and one window moved an hour.
fn event_moved() -> String {
    EVENT.replace("2026-12-02T04:00:00Z", "2026-12-02T05:00:00Z")
}

fn window(label: &str, starts: &str) -> knownvalue::BoxCheck {
    knownvalue::object_exact([
        ("label", knownvalue::string_exact(label)),
        ("starts", knownvalue::string_exact(starts)),
    ])
}

/// The configuration's spellings stand in the state after create, update
/// and every refresh, at the top level, in a map nested attribute and in
/// a set block, though the API answers `+00:00` each time; and the plans
/// after each apply are empty.
#[test]
fn states_keep_the_configured_spelling_of_the_same_instant() {
    let store = Shared::default();
    let spelled_as_configured = |after: &str| {
        vec![
            statecheck::expect_known_value(
                "cal_event.a",
                Path::new("at"),
                knownvalue::string_exact("2026-12-02T01:00:00Z"),
            ),
            statecheck::expect_known_value(
                "cal_event.a",
                Path::new("reminder")
                    .at_map_key("early")
                    .at_map_key("starts"),
                knownvalue::string_exact("2026-12-01T01:00:00Z"),
            ),
            statecheck::expect_known_value(
                "cal_event.a",
                Path::new("window"),
                knownvalue::set_exact(vec![
                    window("before", "2026-12-01T22:00:00Z"),
                    window("after", after),
                ]),
            ),
        ]
    };
    acceptance::test(
        case(&store)
            .step(
                TestStep::config(EVENT)
                    .plan_checks(ConfigPlanChecks {
                        post_apply_post_refresh: vec![plancheck::expect_empty_plan()],
                        ..ConfigPlanChecks::default()
                    })
                    .state_checks(spelled_as_configured("2026-12-02T04:00:00Z")),
            )
            .step(
                TestStep::config(&event_moved())
                    .plan_checks(ConfigPlanChecks {
                        pre_apply: vec![plancheck::expect_resource_action(
                            "cal_event.a",
                            ResourceAction::Update,
                        )],
                        post_apply_post_refresh: vec![plancheck::expect_empty_plan()],
                        ..ConfigPlanChecks::default()
                    })
                    .state_checks(spelled_as_configured("2026-12-02T05:00:00Z")),
            )
            .step(TestStep::new().refresh_state()),
    );
}

/// `semantic_key` reaches the schema as the key and, with no
/// `semantic_equal`, as the equality of keys; at the top level and in a
/// set block's element. (Runs without `TF_ACC`.)
#[test]
fn semantic_key_gives_the_key_and_the_equality_through_the_schema() {
    use tfschema::{Type, Value};
    let named = |block: &tfschema::schema::Block, name: &str| {
        let found = block.attributes.iter().find(|a| a.name == name);
        found.cloned().unwrap_or_else(|| panic!("no {name}"))
    };
    let block = Event::block();
    let window = &block.block_types[0].block;
    for attr in [named(&block, "at"), named(window, "starts")] {
        let key = attr.plan.semantic_key.expect("semantic_key");
        let z = Value::from("2026-12-02T01:00:00Z");
        let plus = Value::from("2026-12-02T01:00:00+00:00");
        let later = Value::from("2026-12-02T02:00:00Z");
        assert_eq!(key.key(&plus), Some(Value::from("2026-12-02T01:00:00")));
        // Refused by `from_wire`, null, unknown: no key.
        assert_eq!(key.key(&Value::from("soon")), None);
        assert_eq!(key.key(&Value::Null(Type::String)), None);
        assert_eq!(key.key(&Value::unknown(Type::String)), None);
        let equal = attr
            .plan
            .semantic_equal
            .expect("semantic_equal from the key");
        assert!(equal.equal(&z, &plus));
        assert!(!equal.equal(&z, &later));
        assert!(!equal.equal(&Value::from("soon"), &Value::from("soon")));
    }
    let name = named(&block, "name");
    assert!(name.plan.semantic_key.is_none() && name.plan.semantic_equal.is_none());
}

/// A data source looked up by the instant it is configured with: the API
/// answers in its own spelling.
struct EventAt;

impl DataSource for EventAt {
    type Client = ();
    type Model = Event;

    async fn read(&self, ctx: &mut Ctx<()>, mut config: Event) -> Result<Event, Diagnostics> {
        let module = ctx
            .provider_meta::<ModuleMeta>()?
            .and_then(|m| m.module_name);
        let prefix = module.map(|m| format!("{m}-")).unwrap_or_default();
        config.id = Unknown::Known(format!("{prefix}e-1"));
        Ok(respelled(config))
    }
}

/// As the framework does, a data source's state keeps its configuration's
/// spelling where the new value means the same. (Runs without `TF_ACC`.)
#[tokio::test(flavor = "current_thread", crate = "tfschema::server::tokio")]
async fn a_data_source_keeps_the_configured_spelling() {
    use tfschema::{Type, Value};
    let h =
        Harness::new(TypedProvider::<NoConfig>::without_config().data_source("cal_event", EventAt));
    let window_ty = Type::object([("label", Type::String), ("starts", Type::String)]);
    let window = |label: &str, starts: &str| {
        Value::object([
            ("label", Value::from(label)),
            ("starts", Value::from(starts)),
        ])
    };
    let config = |at: &str, id: Value, starts: &str| {
        Value::object([
            ("name", Value::from("launch")),
            ("at", Value::from(at)),
            ("id", id),
            ("reminder", Value::Null(Type::map(window_ty.clone()))),
            (
                "window",
                Value::set(window_ty.clone(), vec![window("w", starts)]),
            ),
        ])
    };
    let read = h
        .read_data_source(
            "cal_event",
            &config(
                "2026-12-02T01:00:00Z",
                Value::Null(Type::String),
                "2026-12-02T03:00:00Z",
            ),
        )
        .await;
    assert!(!read.diagnostics.has_errors(), "{:?}", read.diagnostics);
    let want = config(
        "2026-12-02T01:00:00Z",
        Value::from("e-1"),
        "2026-12-02T03:00:00Z",
    );
    assert_eq!(read.state, want);
}

const WITH_META: &str = r#"
terraform {
  provider_meta "cal" {
    module_name = "launches"
  }
}

resource "cal_event" "a" {
  name = "launch"
  at   = "2026-12-02T01:00:00Z"
}

data "cal_event" "b" {
  name = "look-up"
  at   = "2026-12-02T01:00:00Z"
}
"#;

/// The module's `provider_meta` block reaches a resource's create and a
/// data source's read, as the model the provider declared.
#[test]
fn provider_meta_reaches_the_hooks() {
    let store = Shared::default();
    acceptance::test(
        case(&store).step(TestStep::config(WITH_META).state_checks(vec![
            statecheck::expect_known_value(
                "cal_event.a",
                Path::new("id"),
                knownvalue::string_exact("launches-e-1"),
            ),
            statecheck::expect_known_value(
                "data.cal_event.b",
                Path::new("id"),
                knownvalue::string_exact("launches-e-1"),
            ),
        ])),
    );
}

/// A `provider_meta` block the declared model does not have is refused by
/// Terraform, which read the schema. (Terraform's own text.)
#[test]
fn a_provider_meta_attribute_the_model_lacks_is_refused() {
    let store = Shared::default();
    let config = WITH_META.replace("module_name", "module_title");
    acceptance::test(case(&store).step(TestStep::config(&config).expect_error("module_title")));
}

/// A recurring event: lists and sets of timestamps, each element converted
/// by `timetypes::rfc3339` (`each`) and compared as Go's `RFC3339` type.
#[derive(TfSchema, TfValue, Debug, Clone)]
struct Series {
    /// Its name.
    name: String,
    /// Assigned on create.
    #[tf(computed)]
    id: Unknown<String>,
    /// When each occurrence starts, in order.
    #[tf(with = timetypes::rfc3339, each, semantic_equal)]
    starts: Vec<Rfc3339>,
    /// The days it skips.
    #[tf(optional, with = timetypes::rfc3339, each, semantic_equal, semantic_key)]
    skipped: Option<HashSet<Rfc3339>>,
}

/// The API's spelling of a time: `+00:00` for `Z`.
fn respell(t: &Rfc3339) -> Rfc3339 {
    match t.as_str().strip_suffix('Z') {
        Some(clock) => Rfc3339::parse(format!("{clock}+00:00")).unwrap_or_else(|_| t.clone()),
        None => t.clone(),
    }
}

/// The API: it answers every timestamp in a list and a set as `+00:00`.
fn respelled_series(mut s: Series) -> Series {
    s.starts = s.starts.iter().map(respell).collect();
    s.skipped = s.skipped.map(|set| set.iter().map(respell).collect());
    s
}

type SeriesStore = Arc<Mutex<BTreeMap<String, Series>>>;

struct AllSeries(SeriesStore);

impl AllSeries {
    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, Series>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Resource for AllSeries {
    type Client = ();
    type Model = Series;

    async fn create(&self, _: &mut Ctx<()>, mut planned: Series) -> Result<Series, Diagnostics> {
        let mut store = self.lock();
        let id = format!("s-{}", store.len() + 1);
        planned.id = Unknown::Known(id.clone());
        let stored = respelled_series(planned);
        store.insert(id, stored.clone());
        Ok(stored)
    }

    async fn read(&self, _: &mut Ctx<()>, current: Series) -> Result<Option<Series>, Diagnostics> {
        let id = current.id.known().cloned().unwrap_or_default();
        Ok(self.lock().get(&id).cloned())
    }

    async fn update(
        &self,
        _: &mut Ctx<()>,
        prior: Series,
        mut planned: Series,
    ) -> Result<Series, Diagnostics> {
        planned.id = prior.id.clone();
        let stored = respelled_series(planned);
        if let Some(id) = stored.id.known() {
            self.lock().insert(id.clone(), stored.clone());
        }
        Ok(stored)
    }

    async fn delete(&self, _: &mut Ctx<()>, current: Series) -> Result<(), Diagnostics> {
        if let Some(id) = current.id.known() {
            self.lock().remove(id);
        }
        Ok(())
    }
}

const SERIES: &str = r#"
resource "cal_series" "a" {
  name    = "standup"
  starts  = ["2026-12-01T09:00:00Z", "2026-12-02T09:00:00Z"]
  skipped = ["2026-12-25T00:00:00Z", "2026-12-26T00:00:00Z"]
}
"#;

/// The second start an hour later, one skipped day replaced.
fn series_moved() -> String {
    SERIES
        .replace("2026-12-02T09:00:00Z", "2026-12-02T10:00:00Z")
        .replace("2026-12-26T00:00:00Z", "2027-01-01T00:00:00Z")
}

/// The configuration's spellings stand in every element of the list and
/// the set after create, update and refresh, though the API answers
/// `+00:00` each time (without element-wise semantic equality Terraform
/// refuses the apply: "Provider produced inconsistent result after
/// apply"); the plans after each apply are empty.
#[test]
fn list_and_set_elements_keep_the_configured_spelling() {
    let store = SeriesStore::default();
    let fresh = store.clone();
    let spelled = |second: &str, skipped: [&str; 2]| {
        vec![
            statecheck::expect_known_value(
                "cal_series.a",
                Path::new("starts"),
                knownvalue::list_exact(vec![
                    knownvalue::string_exact("2026-12-01T09:00:00Z"),
                    knownvalue::string_exact(second),
                ]),
            ),
            statecheck::expect_known_value(
                "cal_series.a",
                Path::new("skipped"),
                knownvalue::set_exact(skipped.into_iter().map(knownvalue::string_exact).collect()),
            ),
        ]
    };
    let step = |config: &str, action: Option<ResourceAction>| {
        TestStep::config(config).plan_checks(ConfigPlanChecks {
            pre_apply: action
                .map(|a| plancheck::expect_resource_action("cal_series.a", a))
                .into_iter()
                .collect(),
            post_apply_post_refresh: vec![plancheck::expect_empty_plan()],
            ..ConfigPlanChecks::default()
        })
    };
    acceptance::test(
        TestCase::new()
            .provider("cal", move || -> ProviderServices {
                TypedProvider::<NoConfig>::without_config()
                    .resource("cal_series", AllSeries(store.clone()))
                    .into_services()
            })
            .pre_check(move || fresh.lock().unwrap_or_else(PoisonError::into_inner).clear())
            .step(step(SERIES, None).state_checks(spelled(
                "2026-12-02T09:00:00Z",
                ["2026-12-25T00:00:00Z", "2026-12-26T00:00:00Z"],
            )))
            .step(
                step(&series_moved(), Some(ResourceAction::Update)).state_checks(spelled(
                    "2026-12-02T10:00:00Z",
                    ["2026-12-25T00:00:00Z", "2027-01-01T00:00:00Z"],
                )),
            )
            .step(TestStep::new().refresh_state()),
    );
}
