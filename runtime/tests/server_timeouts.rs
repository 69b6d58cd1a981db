//! Timeouts and Stop in the typed layer, through the public test harness:
//! a `timeouts` block's durations become each call's deadline (create,
//! update, delete, read), a call past it fails with "Timeout" and keeps its
//! partial state, an invalid duration is an error at `timeouts.<op>`, and
//! Stop ends 50 hanging calls at once, each with its partial state. A data
//! source's `timeouts { read }` bounds its read the same way.

#![cfg(feature = "server")]
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tfschema::diag::Diagnostics;
use tfschema::server::testing::Harness;
use tfschema::server::typed::{Ctx, DataSource, PlanView, Provider, Resource, TypedProvider};
use tfschema::timeouts::{DataSourceTimeouts, Operation, Timeouts};
use tfschema::{TfSchema, TfValue, Type, Unknown, Value};

#[derive(TfSchema, TfValue)]
struct Config {}

/// A job that may never finish.
#[derive(TfSchema, TfValue, Debug, Clone)]
struct Job {
    name: String,
    /// Test switch: the operations listed hang forever, ignoring Stop and
    /// the deadline (after recording a partial state).
    hang: Option<Vec<String>>,
    #[tf(computed)]
    id: Unknown<String>,
    #[tf(block)]
    timeouts: Option<Timeouts>,
}

struct P;

impl Provider for P {
    type Config = Config;
    type Client = ();
    async fn configure(&self, _: PlanView<Config>, _: &mut Diagnostics) -> Result<(), Diagnostics> {
        Ok(())
    }
}

#[derive(Default)]
struct Jobs {
    /// Calls that reached their hang.
    hanging: Arc<AtomicUsize>,
    /// The deadline each create saw, as the time left.
    deadlines: Arc<Mutex<Vec<Option<Duration>>>>,
}

async fn hang_if(job: &Job, operation: &str, hanging: &AtomicUsize) {
    if job.hang.iter().flatten().any(|o| o == operation) {
        hanging.fetch_add(1, Ordering::SeqCst);
        std::future::pending::<()>().await;
    }
}

impl Resource for Jobs {
    type Client = ();
    type Model = Job;

    fn timeout(&self, operation: Operation, job: &Job) -> Result<Option<Duration>, Diagnostics> {
        // A generous default: the tests that hang set a short one.
        Timeouts::duration(job.timeouts.as_ref(), operation, Duration::from_secs(3600)).map(Some)
    }

    async fn create(&self, ctx: &mut Ctx<()>, mut job: Job) -> Result<Job, Diagnostics> {
        let left = ctx
            .deadline()
            .map(|d| d.saturating_duration_since(tokio::time::Instant::now()));
        self.deadlines.lock().unwrap().push(left);
        job.id = Unknown::Known(format!("job-{}", job.name));
        ctx.set_partial_state(&job);
        hang_if(&job, "create", &self.hanging).await;
        Ok(job)
    }

    async fn read(&self, _: &mut Ctx<()>, job: Job) -> Result<Option<Job>, Diagnostics> {
        hang_if(&job, "read", &self.hanging).await;
        Ok(Some(job))
    }

    async fn update(&self, ctx: &mut Ctx<()>, _: Job, job: Job) -> Result<Job, Diagnostics> {
        let mut partial = job.clone();
        partial.name = format!("{} (half-way)", job.name);
        ctx.set_partial_state(&partial);
        hang_if(&job, "update", &self.hanging).await;
        Ok(job)
    }

    async fn delete(&self, _: &mut Ctx<()>, job: Job) -> Result<(), Diagnostics> {
        hang_if(&job, "delete", &self.hanging).await;
        Ok(())
    }
}

/// A lookup that may never answer.
#[derive(TfSchema, TfValue, Debug, Clone)]
struct Lookup {
    name: String,
    /// Test switch: the read hangs forever, ignoring Stop and the deadline.
    hang: Option<bool>,
    #[tf(computed)]
    id: Unknown<String>,
    #[tf(block)]
    timeouts: Option<DataSourceTimeouts>,
}

#[derive(Default)]
struct Lookups {
    /// The deadline each read saw, as the time left.
    deadlines: Arc<Mutex<Vec<Option<Duration>>>>,
}

impl DataSource for Lookups {
    type Client = ();
    type Model = Lookup;

    fn timeout(&self, lookup: &Lookup) -> Result<Option<Duration>, Diagnostics> {
        let default = Duration::from_secs(3600);
        DataSourceTimeouts::duration(lookup.timeouts.as_ref(), default).map(Some)
    }

    async fn read(&self, ctx: &mut Ctx<()>, mut lookup: Lookup) -> Result<Lookup, Diagnostics> {
        let left = ctx
            .deadline()
            .map(|d| d.saturating_duration_since(tokio::time::Instant::now()));
        self.deadlines.lock().unwrap().push(left);
        if lookup.hang == Some(true) {
            std::future::pending::<()>().await;
        }
        lookup.id = Unknown::Known(format!("found-{}", lookup.name));
        Ok(lookup)
    }
}

fn lookup_config(name: &str, hang: bool, read: Option<&str>) -> Value {
    let timeouts = match read {
        None => Value::Null(DataSourceTimeouts::block().implied_type()),
        Some(read) => Value::object([("read", Value::from(read))]),
    };
    Value::object([
        ("name", Value::from(name)),
        ("hang", Value::Bool(hang)),
        ("id", Value::Null(Type::String)),
        ("timeouts", timeouts),
    ])
}

fn config(name: &str, hang: &[&str], timeouts: Option<[Option<&str>; 4]>) -> Value {
    let s = |v: Option<&str>| v.map_or(Value::Null(Type::String), Value::from);
    let timeouts_ty = Timeouts::block().implied_type();
    let hang = if hang.is_empty() {
        Value::Null(Type::List(Box::new(Type::String)))
    } else {
        Value::list(Type::String, hang.iter().map(|h| Value::from(*h)).collect())
    };
    Value::object([
        ("name", Value::from(name)),
        ("hang", hang),
        ("id", Value::Null(Type::String)),
        (
            "timeouts",
            match timeouts {
                None => Value::Null(timeouts_ty),
                Some([c, r, u, d]) => Value::object([
                    ("create", s(c)),
                    ("read", s(r)),
                    ("update", s(u)),
                    ("delete", s(d)),
                ]),
            },
        ),
    ])
}

async fn harness(jobs: Jobs) -> Harness<TypedProvider<P>> {
    harness_with(jobs, Lookups::default()).await
}

async fn harness_with(jobs: Jobs, lookups: Lookups) -> Harness<TypedProvider<P>> {
    let h = Harness::new(
        TypedProvider::new(P)
            .resource("test_job", jobs)
            .data_source("test_lookup", lookups),
    );
    assert!(h
        .configure(Value::object(Vec::<(String, Value)>::new()))
        .await
        .is_empty());
    h
}

/// Each diagnostic as `path|summary`.
fn at_paths(d: &Diagnostics) -> Vec<String> {
    d.iter()
        .map(|d| format!("{}|{}", d.path_string(), d.summary))
        .collect()
}

fn summaries(d: &Diagnostics) -> Vec<String> {
    d.iter().map(|d| d.summary.clone()).collect()
}

fn attr<'v>(v: &'v Value, name: &str) -> &'v Value {
    match v {
        Value::Object(attrs) => &attrs[name],
        other => panic!("{name} of {other:?}"),
    }
}

/// Runs a test body with a hang guard of 10 s (the deadlines under test
/// are a few milliseconds).
fn run(body: impl std::future::Future<Output = ()>) {
    rt().block_on(async {
        tokio::time::timeout(Duration::from_secs(10), body)
            .await
            .expect("the test hung: a deadline was not enforced")
    });
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

#[test]
fn a_create_past_its_deadline_fails_and_keeps_the_partial_state() {
    run(async {
        let h = harness(Jobs::default()).await;
        let null = Value::Null(h.resource_type("test_job"));
        let cfg = config("a", &["create"], Some([Some("100ms"), None, None, None]));
        let (plan, applied) = h.plan_and_apply("test_job", &null, &cfg).await;
        assert!(plan.diagnostics.is_empty(), "{:?}", plan.diagnostics);
        assert_eq!(summaries(&applied.diagnostics), ["Timeout"]);
        let detail = &applied.diagnostics.iter().next().unwrap().detail;
        assert!(
            detail.starts_with("The create of test_job did not finish within 100ms;"),
            "{detail}"
        );
        // The partial state the create recorded before it hung.
        assert_eq!(attr(&applied.state, "id"), &Value::from("job-a"));
    });
}

#[test]
fn update_delete_and_read_have_their_own_deadlines() {
    run(async {
        let h = harness(Jobs::default()).await;
        let null = Value::Null(h.resource_type("test_job"));
        let limits = Some([None, Some("50ms"), Some("50ms"), Some("50ms")]);
        let (_, created) = h
            .plan_and_apply("test_job", &null, &config("b", &[], limits))
            .await;
        assert!(created.diagnostics.is_empty(), "{:?}", created.diagnostics);

        // Update: the partial state stands.
        let cfg = config("b2", &["update"], limits);
        let (_, updated) = h.plan_and_apply("test_job", &created.state, &cfg).await;
        assert_eq!(summaries(&updated.diagnostics), ["Timeout"]);
        let detail = &updated.diagnostics.iter().next().unwrap().detail;
        assert!(
            detail.contains("update of test_job did not finish within 50ms"),
            "{detail}"
        );
        assert_eq!(attr(&updated.state, "name"), &Value::from("b2 (half-way)"));

        // Read and delete hang on the state's switch: a state that says so.
        let mut hanging = created.state.clone();
        if let Value::Object(attrs) = &mut hanging {
            attrs.insert(
                "hang".into(),
                Value::list(
                    Type::String,
                    vec![Value::from("read"), Value::from("delete")],
                ),
            );
        }
        let read = h.read("test_job", &hanging, Vec::new()).await;
        assert_eq!(summaries(&read.diagnostics), ["Timeout"]);
        let detail = &read.diagnostics.iter().next().unwrap().detail;
        assert!(detail.contains("The read of test_job"), "{detail}");

        let destroy = h
            .plan(
                "test_job",
                &hanging,
                &Value::Null(h.resource_type("test_job")),
            )
            .await;
        let deleted = h
            .apply(
                "test_job",
                &hanging,
                &destroy,
                &Value::Null(h.resource_type("test_job")),
            )
            .await;
        assert_eq!(summaries(&deleted.diagnostics), ["Timeout"]);
        // Nothing was deleted: the prior state stands.
        assert_eq!(attr(&deleted.state, "id"), &Value::from("job-b"));
    });
}

#[test]
fn the_call_sees_its_deadline_and_quick_calls_are_unaffected() {
    run(async {
        let jobs = Jobs::default();
        let deadlines = jobs.deadlines.clone();
        let h = harness(jobs).await;
        let null = Value::Null(h.resource_type("test_job"));
        let (_, applied) = h
            .plan_and_apply(
                "test_job",
                &null,
                &config("c", &[], Some([Some("90m"), None, None, None])),
            )
            .await;
        assert!(applied.diagnostics.is_empty(), "{:?}", applied.diagnostics);
        let (_, default) = h
            .plan_and_apply("test_job", &null, &config("d", &[], None))
            .await;
        assert!(default.diagnostics.is_empty(), "{:?}", default.diagnostics);
        let seen = deadlines.lock().unwrap().clone();
        let [Some(configured), Some(default)] = seen[..] else {
            panic!("{seen:?}");
        };
        assert!(
            configured > Duration::from_secs(89 * 60) && configured <= Duration::from_secs(90 * 60)
        );
        assert!(default > Duration::from_secs(59 * 60) && default <= Duration::from_secs(3600));
    });
}

#[test]
fn an_invalid_duration_is_an_error_at_its_attribute() {
    run(async {
        let h = harness(Jobs::default()).await;
        let cfg = config("e", &[], Some([Some("30"), None, None, Some("1d")]));
        let d = h.validate_resource("test_job", &cfg).await;
        let got = at_paths(&d);
        assert_eq!(
            got,
            [
                ".timeouts.create|Invalid Attribute Value Time Duration",
                ".timeouts.delete|Invalid Attribute Value Time Duration"
            ]
        );
        // The Go module's validator's text, after the value as `%q`
        // writes it.
        assert_eq!(
            d.iter().next().unwrap().detail,
            "\"30\" must be a string containing a sequence of decimal numbers, each with \
             optional fraction and a unit suffix, such as \"300ms\", \"-1.5h\" or \"2h45m\". \
             Valid time units are \"ns\", \"us\" (or \"µs\"), \"ms\", \"s\", \"m\", \"h\"."
        );
        // Applied anyway (validation skipped): the create does not run.
        let null = Value::Null(h.resource_type("test_job"));
        let (_, applied) = h.plan_and_apply("test_job", &null, &cfg).await;
        let got = at_paths(&applied.diagnostics);
        assert_eq!(got, [".timeouts.create|Timeout Cannot Be Parsed"]);
        let detail = &applied.diagnostics.iter().next().unwrap().detail;
        assert!(
            detail.starts_with("timeout for \"create\" cannot be parsed, "),
            "{detail}"
        );
        assert!(applied.state.is_null());
    });
}

#[test]
fn a_data_source_read_has_its_deadline() {
    run(async {
        let lookups = Lookups::default();
        let deadlines = lookups.deadlines.clone();
        let h = harness_with(Jobs::default(), lookups).await;

        // A quick read is unaffected, and sees the default limit.
        let read = h
            .read_data_source("test_lookup", &lookup_config("a", false, None))
            .await;
        assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
        assert_eq!(attr(&read.state, "id"), &Value::from("found-a"));
        let left = deadlines.lock().unwrap()[0].unwrap();
        assert!(left > Duration::from_secs(3500) && left <= Duration::from_secs(3600));

        // A hanging read ends at its configured limit.
        let started = std::time::Instant::now();
        let read = h
            .read_data_source("test_lookup", &lookup_config("b", true, Some("50ms")))
            .await;
        assert!(started.elapsed() >= Duration::from_millis(50));
        assert_eq!(summaries(&read.diagnostics), ["Timeout"]);
        let detail = &read.diagnostics.iter().next().unwrap().detail;
        assert!(
            detail.starts_with("The read of test_lookup did not finish within 50ms;"),
            "{detail}"
        );
        assert!(
            detail.contains("in its timeouts block (read = \"...\")"),
            "{detail}"
        );
        assert!(read.state.is_null());

        // A duration that does not parse: an error at its attribute, when
        // validated and when read anyway (the read does not run).
        let bad = lookup_config("c", false, Some("soon"));
        let d = h.validate_data_source("test_lookup", &bad).await;
        let got = at_paths(&d);
        assert_eq!(
            got,
            [".timeouts.read|Invalid Attribute Value Time Duration"]
        );
        let read = h.read_data_source("test_lookup", &bad).await;
        let got = at_paths(&read.diagnostics);
        assert_eq!(got, [".timeouts.read|Timeout Cannot Be Parsed"]);
        assert_eq!(deadlines.lock().unwrap().len(), 2);
    });
}

/// Stop under load: 50 creates hang, ignoring the Stop signal; Stop ends
/// every one, each with the cancelled error and the partial state it
/// recorded (only the typed layer has that: the gRPC layer's own guard
/// answers with diagnostics alone).
#[test]
fn stop_ends_fifty_hanging_calls_with_their_partial_states() {
    const CALLS: usize = 50;
    rt().block_on(async {
        let jobs = Jobs::default();
        let hanging = jobs.hanging.clone();
        let h = Arc::new(harness(jobs).await);
        let null = Value::Null(h.resource_type("test_job"));
        let mut calls = Vec::new();
        for i in 0..CALLS {
            let cfg = config(&format!("n{i}"), &["create"], None);
            let plan = h.plan("test_job", &null, &cfg).await;
            assert!(plan.diagnostics.is_empty(), "{:?}", plan.diagnostics);
            let (h, null) = (h.clone(), null.clone());
            calls.push(tokio::spawn(async move {
                h.apply("test_job", &null, &plan, &cfg).await
            }));
        }
        // Every call is in flight (hang guard: 10 s).
        let waited = tokio::time::timeout(Duration::from_secs(10), async {
            while hanging.load(Ordering::SeqCst) < CALLS {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
        .await;
        assert!(
            waited.is_ok(),
            "only {} calls started",
            hanging.load(Ordering::SeqCst)
        );
        assert!(calls.iter().all(|c| !c.is_finished()));

        let started = std::time::Instant::now();
        h.stop().await;
        let mut ended = Vec::new();
        for call in calls {
            let result = tokio::time::timeout(Duration::from_secs(10), call)
                .await
                .expect("every call ends after Stop")
                .unwrap();
            ended.push(result);
        }
        let elapsed = started.elapsed();
        println!("Stop ended {CALLS} hanging calls in {elapsed:?}");
        assert!(elapsed < Duration::from_secs(10), "{elapsed:?}");
        for (i, result) in ended.iter().enumerate() {
            assert_eq!(
                summaries(&result.diagnostics),
                ["Operation cancelled"],
                "call {i}"
            );
            assert_eq!(attr(&result.state, "id"), &Value::from(format!("job-n{i}")));
        }
    });
}

/// A raw provider whose reads hang, ignoring Stop.
struct HangingRaw;

impl tfschema::server::raw::RawProvider for HangingRaw {
    fn schema(&self) -> tfschema::server::raw::ProviderSchema {
        common::x_raw_schema()
    }

    async fn read_resource(
        &self,
        _: tfschema::server::raw::ReadResourceRequest,
        _: tfschema::server::raw::StopSignal,
    ) -> tfschema::server::raw::ReadResourceResponse {
        std::future::pending().await
    }
}

/// Stop under load for a raw provider that ignores it: the gRPC layer
/// drops each call after its grace period.
#[test]
fn stop_ends_fifty_hanging_raw_calls() {
    const CALLS: usize = 50;
    rt().block_on(async {
        let h = Arc::new(Harness::new(HangingRaw));
        let state = Value::object([("name", Value::from("x"))]);
        let calls: Vec<_> = (0..CALLS)
            .map(|_| {
                let (h, state) = (h.clone(), state.clone());
                tokio::spawn(async move { h.read("x_raw", &state, Vec::new()).await })
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert!(calls.iter().all(|c| !c.is_finished()), "the reads hang");
        let started = std::time::Instant::now();
        h.stop().await;
        for call in calls {
            let result = tokio::time::timeout(Duration::from_secs(10), call)
                .await
                .expect("every call ends after Stop")
                .unwrap();
            assert_eq!(summaries(&result.diagnostics), ["Operation cancelled"]);
        }
        println!(
            "Stop ended {CALLS} hanging raw calls in {:?}",
            started.elapsed()
        );
    });
}
