//! Stop and deadlines against hooks that block their thread, through the
//! public test harness: a create that sleeps 10 s on its thread (as
//! `std::thread::sleep` or `std::process::Command::output()` do) answers
//! "Operation cancelled" soon after Stop and "Timeout" soon after its
//! deadline, keeping the partial state it recorded; the same for a data
//! source's read, a plan hook and a raw provider's call, on a multi-thread
//! runtime and on a current-thread one (as `#[tokio::test]` builds). Hooks
//! that block do not keep other calls from being served, and a child
//! process started through `Cancellation::output` is killed on Stop.
//!
//! Bounds are generous (2 s for an answer the server gives within 100 ms):
//! the machines running these tests are shared. Each test prints the time
//! it measured.

#![cfg(feature = "server")]
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tfschema::diag::Diagnostics;
use tfschema::server::testing::Harness;
use tfschema::server::typed::{
    Ctx, DataSource, PlanView, Provider, Resource, ResourcePlan, TypedProvider,
};
use tfschema::timeouts::{DataSourceTimeouts, Operation, Timeouts};
use tfschema::{TfSchema, TfValue, Type, Unknown, Value};

/// How long a blocking hook holds its thread.
const BLOCK: Duration = Duration::from_secs(10);
/// How soon the answer must come (the server's own bound is 100 ms).
const BOUND: Duration = Duration::from_secs(2);

#[derive(TfSchema, TfValue)]
struct Config {}

struct P;

impl Provider for P {
    type Config = Config;
    type Client = ();
    async fn configure(&self, _: PlanView<Config>, _: &mut Diagnostics) -> Result<(), Diagnostics> {
        Ok(())
    }
}

/// A task the create runs after recording its partial state.
#[derive(TfSchema, TfValue, Debug, Clone)]
struct Task {
    name: String,
    /// Test switch: `sleep` blocks the create's thread for [`BLOCK`],
    /// `plan` blocks the plan hook's, `command` runs a child process that
    /// writes its pid to the file `pid_file` names and sleeps 30 s.
    then: Option<String>,
    pid_file: Option<String>,
    #[tf(computed)]
    id: Unknown<String>,
    #[tf(block)]
    timeouts: Option<Timeouts>,
}

#[derive(Default)]
struct Tasks {
    /// Hooks that reached what they block on.
    blocking: Arc<AtomicUsize>,
}

impl Resource for Tasks {
    type Client = ();
    type Model = Task;

    fn timeout(&self, operation: Operation, task: &Task) -> Result<Option<Duration>, Diagnostics> {
        Timeouts::duration(task.timeouts.as_ref(), operation, Duration::from_secs(3600)).map(Some)
    }

    async fn modify_plan(
        &self,
        _: &mut Ctx<()>,
        plan: &mut ResourcePlan<Task>,
    ) -> Result<(), Diagnostics> {
        if plan.config.then == Unknown::Known(Some("plan".into())) {
            self.blocking.fetch_add(1, Ordering::SeqCst);
            std::thread::sleep(BLOCK);
        }
        Ok(())
    }

    async fn create(&self, ctx: &mut Ctx<()>, mut task: Task) -> Result<Task, Diagnostics> {
        task.id = Unknown::Known(format!("task-{}", task.name));
        ctx.set_partial_state(&task);
        match task.then.as_deref() {
            Some("sleep") => {
                self.blocking.fetch_add(1, Ordering::SeqCst);
                std::thread::sleep(BLOCK);
            }
            Some("command") => {
                let pid_file = task.pid_file.clone().unwrap_or_default();
                let mut command = tfschema::server::tokio::process::Command::new("sh");
                command.args(["-c", "echo $$ > \"$0\"; exec sleep 30", &pid_file]);
                self.blocking.fetch_add(1, Ordering::SeqCst);
                let output = ctx.cancellation().output(&mut command).await;
                let output =
                    output.map_err(|e| Diagnostics::with_error("Command failed", e.to_string()))?;
                task.name = String::from_utf8_lossy(&output.stdout).into_owned();
            }
            _ => {}
        }
        Ok(task)
    }

    async fn read(&self, _: &mut Ctx<()>, task: Task) -> Result<Option<Task>, Diagnostics> {
        Ok(Some(task))
    }

    async fn update(&self, _: &mut Ctx<()>, _: Task, task: Task) -> Result<Task, Diagnostics> {
        Ok(task)
    }

    async fn delete(&self, _: &mut Ctx<()>, _: Task) -> Result<(), Diagnostics> {
        Ok(())
    }
}

/// A lookup whose read may block its thread.
#[derive(TfSchema, TfValue, Debug, Clone)]
struct Probe {
    name: String,
    /// Test switch: the read blocks its thread for [`BLOCK`].
    block: Option<bool>,
    #[tf(computed)]
    id: Unknown<String>,
    #[tf(block)]
    timeouts: Option<DataSourceTimeouts>,
}

#[derive(Default)]
struct Probes {
    blocking: Arc<AtomicUsize>,
}

impl DataSource for Probes {
    type Client = ();
    type Model = Probe;

    fn timeout(&self, probe: &Probe) -> Result<Option<Duration>, Diagnostics> {
        DataSourceTimeouts::duration(probe.timeouts.as_ref(), Duration::from_secs(3600)).map(Some)
    }

    async fn read(&self, _: &mut Ctx<()>, mut probe: Probe) -> Result<Probe, Diagnostics> {
        if probe.block == Some(true) {
            self.blocking.fetch_add(1, Ordering::SeqCst);
            std::thread::sleep(BLOCK);
        }
        probe.id = Unknown::Known(format!("probe-{}", probe.name));
        Ok(probe)
    }
}

fn task(name: &str, then: Option<&str>, pid_file: Option<&str>, create: Option<&str>) -> Value {
    let text = |s: Option<&str>| s.map_or(Value::Null(Type::String), Value::from);
    Value::object([
        ("name", Value::from(name)),
        ("then", text(then)),
        ("pid_file", text(pid_file)),
        ("id", Value::Null(Type::String)),
        (
            "timeouts",
            Value::object([
                ("create", text(create)),
                ("read", Value::Null(Type::String)),
                ("update", Value::Null(Type::String)),
                ("delete", Value::Null(Type::String)),
            ]),
        ),
    ])
}

fn probe(name: &str, block: bool, read: Option<&str>) -> Value {
    Value::object([
        ("name", Value::from(name)),
        ("block", Value::from(block)),
        ("id", Value::Null(Type::String)),
        (
            "timeouts",
            Value::object([("read", read.map_or(Value::Null(Type::String), Value::from))]),
        ),
    ])
}

struct Counters {
    tasks: Arc<AtomicUsize>,
    probes: Arc<AtomicUsize>,
}

async fn harness() -> (Arc<Harness<TypedProvider<P>>>, Counters) {
    let (tasks, probes) = (Tasks::default(), Probes::default());
    let counters = Counters {
        tasks: tasks.blocking.clone(),
        probes: probes.blocking.clone(),
    };
    let provider = TypedProvider::new(P)
        .resource("test_task", tasks)
        .data_source("test_probe", probes);
    let h = Harness::new(provider);
    let d = h
        .configure(Value::object(Vec::<(String, Value)>::new()))
        .await;
    assert!(d.is_empty(), "{d:?}");
    (Arc::new(h), counters)
}

fn summaries(d: &Diagnostics) -> Vec<String> {
    d.iter().map(|d| d.summary.clone()).collect()
}

fn attr<'v>(v: &'v Value, name: &str) -> &'v Value {
    match v {
        Value::Object(attrs) => &attrs[name],
        other => panic!("not an object: {other:?}"),
    }
}

#[derive(Clone, Copy, Debug)]
enum Flavor {
    MultiThread,
    CurrentThread,
}

/// Runs `body` on a runtime of `flavor`, then leaves the hooks still
/// blocked behind (dropping the runtime would wait for them).
fn run(flavor: Flavor, body: impl Future<Output = ()>) {
    let rt = match flavor {
        Flavor::MultiThread => tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap(),
        Flavor::CurrentThread => tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap(),
    };
    rt.block_on(async {
        tokio::time::timeout(Duration::from_secs(60), body)
            .await
            .expect("the test hung")
    });
    rt.shutdown_background();
}

/// Waits until `count` reaches `n` (hang guard: 10 s).
async fn wait_for(count: &AtomicUsize, n: usize) {
    let waited = tokio::time::timeout(Duration::from_secs(10), async {
        while count.load(Ordering::SeqCst) < n {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    })
    .await;
    assert!(
        waited.is_ok(),
        "only {} hooks started",
        count.load(Ordering::SeqCst)
    );
}

/// Stop during a create that blocks its thread: "Operation cancelled" at
/// once, with the partial state the create recorded.
fn stop_ends_a_create_that_blocks(flavor: Flavor) {
    run(flavor, async {
        let (h, counters) = harness().await;
        let null = Value::Null(h.resource_type("test_task"));
        let cfg = task("a", Some("sleep"), None, None);
        let plan = h.plan("test_task", &null, &cfg).await;
        assert!(plan.diagnostics.is_empty(), "{:?}", plan.diagnostics);
        let call = {
            let (h, null) = (h.clone(), null.clone());
            tokio::spawn(async move { h.apply("test_task", &null, &plan, &cfg).await })
        };
        wait_for(&counters.tasks, 1).await;
        let started = Instant::now();
        h.stop().await;
        let applied = call.await.unwrap();
        let elapsed = started.elapsed();
        println!("{flavor:?}: Stop answered a create blocking its thread in {elapsed:?}");
        assert!(elapsed < BOUND, "{elapsed:?}");
        assert_eq!(summaries(&applied.diagnostics), ["Operation cancelled"]);
        assert_eq!(attr(&applied.state, "id"), &Value::from("task-a"));
    });
}

#[test]
fn stop_ends_a_create_that_blocks_its_thread() {
    stop_ends_a_create_that_blocks(Flavor::MultiThread);
}

#[test]
fn stop_ends_a_create_that_blocks_its_thread_on_a_current_thread_runtime() {
    stop_ends_a_create_that_blocks(Flavor::CurrentThread);
}

#[test]
fn a_deadline_ends_a_create_that_blocks_its_thread() {
    run(Flavor::MultiThread, async {
        let (h, _) = harness().await;
        let null = Value::Null(h.resource_type("test_task"));
        let cfg = task("b", Some("sleep"), None, Some("100ms"));
        let started = Instant::now();
        let (_, applied) = h.plan_and_apply("test_task", &null, &cfg).await;
        let elapsed = started.elapsed();
        println!("a 100ms deadline answered a create blocking its thread in {elapsed:?}");
        assert!(elapsed >= Duration::from_millis(100), "{elapsed:?}");
        assert!(elapsed < Duration::from_millis(100) + BOUND, "{elapsed:?}");
        assert_eq!(summaries(&applied.diagnostics), ["Timeout"]);
        let detail = &applied.diagnostics.iter().next().unwrap().detail;
        assert!(
            detail.starts_with("The create of test_task did not finish within 100ms;"),
            "{detail}"
        );
        assert_eq!(attr(&applied.state, "id"), &Value::from("task-b"));
    });
}

fn stop_ends_a_data_source_read_that_blocks(flavor: Flavor) {
    run(flavor, async {
        let (h, counters) = harness().await;
        let call = {
            let h = h.clone();
            tokio::spawn(async move {
                h.read_data_source("test_probe", &probe("a", true, None))
                    .await
            })
        };
        wait_for(&counters.probes, 1).await;
        let started = Instant::now();
        h.stop().await;
        let read = call.await.unwrap();
        let elapsed = started.elapsed();
        println!("{flavor:?}: Stop answered a data source read blocking its thread in {elapsed:?}");
        assert!(elapsed < BOUND, "{elapsed:?}");
        assert_eq!(summaries(&read.diagnostics), ["Operation cancelled"]);
        assert!(read.state.is_null());
    });
}

#[test]
fn stop_ends_a_data_source_read_that_blocks_its_thread() {
    stop_ends_a_data_source_read_that_blocks(Flavor::MultiThread);
}

#[test]
fn stop_ends_a_data_source_read_that_blocks_its_thread_on_a_current_thread_runtime() {
    stop_ends_a_data_source_read_that_blocks(Flavor::CurrentThread);
}

#[test]
fn a_deadline_ends_a_data_source_read_that_blocks_its_thread() {
    run(Flavor::MultiThread, async {
        let (h, _) = harness().await;
        let started = Instant::now();
        let read = h
            .read_data_source("test_probe", &probe("b", true, Some("100ms")))
            .await;
        let elapsed = started.elapsed();
        println!("a 100ms deadline answered a data source read blocking its thread in {elapsed:?}");
        assert!(elapsed >= Duration::from_millis(100), "{elapsed:?}");
        assert!(elapsed < Duration::from_millis(100) + BOUND, "{elapsed:?}");
        assert_eq!(summaries(&read.diagnostics), ["Timeout"]);
        let detail = &read.diagnostics.iter().next().unwrap().detail;
        assert!(
            detail.starts_with("The read of test_probe did not finish within 100ms;"),
            "{detail}"
        );
    });
}

/// A hook without a deadline (the plan hook): the gRPC layer's own guard
/// answers Stop.
#[test]
fn stop_ends_a_plan_hook_that_blocks_its_thread() {
    run(Flavor::MultiThread, async {
        let (h, counters) = harness().await;
        let null = Value::Null(h.resource_type("test_task"));
        let call = {
            let (h, null) = (h.clone(), null.clone());
            let cfg = task("c", Some("plan"), None, None);
            tokio::spawn(async move { h.plan("test_task", &null, &cfg).await })
        };
        wait_for(&counters.tasks, 1).await;
        let started = Instant::now();
        h.stop().await;
        let plan = call.await.unwrap();
        let elapsed = started.elapsed();
        println!("Stop answered a plan hook blocking its thread in {elapsed:?}");
        assert!(elapsed < BOUND, "{elapsed:?}");
        assert_eq!(summaries(&plan.diagnostics), ["Operation cancelled"]);
    });
}

/// Hooks blocking more threads than the runtime has workers: other calls
/// are still served.
#[test]
fn hooks_that_block_do_not_hold_up_other_calls() {
    run(Flavor::MultiThread, async {
        let (h, counters) = harness().await;
        let null = Value::Null(h.resource_type("test_task"));
        let mut calls = Vec::new();
        for i in 0..4 {
            let cfg = task(&format!("d{i}"), Some("sleep"), None, None);
            let plan = h.plan("test_task", &null, &cfg).await;
            let (h, null) = (h.clone(), null.clone());
            calls.push(tokio::spawn(async move {
                h.apply("test_task", &null, &plan, &cfg).await
            }));
        }
        wait_for(&counters.tasks, 4).await;
        let started = Instant::now();
        let read = h
            .read_data_source("test_probe", &probe("e", false, None))
            .await;
        let elapsed = started.elapsed();
        println!("a read beside 4 blocked hooks (2 workers) answered in {elapsed:?}");
        assert!(elapsed < BOUND, "{elapsed:?}");
        assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
        assert_eq!(attr(&read.state, "id"), &Value::from("probe-e"));
        assert!(calls.iter().all(|c| !c.is_finished()));
        h.stop().await;
        for call in calls {
            let applied = call.await.unwrap();
            assert_eq!(summaries(&applied.diagnostics), ["Operation cancelled"]);
        }
    });
}

/// A raw provider whose read blocks its thread, ignoring Stop.
struct BlockingRaw {
    blocking: Arc<AtomicUsize>,
}

impl tfschema::server::raw::RawProvider for BlockingRaw {
    fn schema(&self) -> tfschema::server::raw::ProviderSchema {
        common::x_raw_schema()
    }

    async fn read_resource(
        &self,
        request: tfschema::server::raw::ReadResourceRequest,
        _: tfschema::server::raw::StopSignal,
    ) -> tfschema::server::raw::ReadResourceResponse {
        self.blocking.fetch_add(1, Ordering::SeqCst);
        std::thread::sleep(BLOCK);
        tfschema::server::raw::ReadResourceResponse {
            new_state: Some(request.current_state),
            ..Default::default()
        }
    }
}

#[test]
fn stop_ends_a_raw_call_that_blocks_its_thread() {
    run(Flavor::MultiThread, async {
        let blocking = Arc::new(AtomicUsize::new(0));
        let h = Arc::new(Harness::new(BlockingRaw {
            blocking: blocking.clone(),
        }));
        let call = {
            let h = h.clone();
            let state = Value::object([("name", Value::from("x"))]);
            tokio::spawn(async move { h.read("x_raw", &state, Vec::new()).await })
        };
        wait_for(&blocking, 1).await;
        let started = Instant::now();
        h.stop().await;
        let read = call.await.unwrap();
        let elapsed = started.elapsed();
        println!("Stop answered a raw read blocking its thread in {elapsed:?}");
        assert!(elapsed < BOUND, "{elapsed:?}");
        assert_eq!(summaries(&read.diagnostics), ["Operation cancelled"]);
    });
}

/// Whether process `pid` still runs (a zombie, dead but not yet reaped,
/// does not).
fn running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // `pid (comm) state ...`: the state follows the last ')'.
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_child_process_started_through_the_cancellation_is_killed_on_stop() {
    run(Flavor::MultiThread, async {
        let dir = std::env::temp_dir().join(format!("tfschema-blocking-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pid_file = dir.join("pid");
        let (h, _) = harness().await;
        let null = Value::Null(h.resource_type("test_task"));
        let cfg = task("f", Some("command"), pid_file.to_str(), None);
        let plan = h.plan("test_task", &null, &cfg).await;
        let call = {
            let (h, null) = (h.clone(), null.clone());
            tokio::spawn(async move { h.apply("test_task", &null, &plan, &cfg).await })
        };
        // The child has written its pid (hang guard: 10 s).
        let pid = tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                let text = std::fs::read_to_string(&pid_file).unwrap_or_default();
                if let Ok(pid) = text.trim().parse::<u32>() {
                    return pid;
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
        .await
        .expect("the child process did not start");
        assert!(running(pid));
        let started = Instant::now();
        h.stop().await;
        let applied = call.await.unwrap();
        println!(
            "Stop answered a create running a child process in {:?}",
            started.elapsed()
        );
        // The create sees the command's error at once and answers with its
        // own ("Command failed"), as a hook that reacts to Stop does; were
        // its thread slow to wake, the typed layer's "Operation cancelled".
        let errors = summaries(&applied.diagnostics);
        assert!(
            errors == ["Command failed"] || errors == ["Operation cancelled"],
            "{errors:?}"
        );
        if errors == ["Command failed"] {
            let detail = &applied.diagnostics.iter().next().unwrap().detail;
            assert_eq!(
                detail,
                "Terraform stopped the provider: the command was killed"
            );
        }
        assert_eq!(attr(&applied.state, "id"), &Value::from("task-f"));
        // Killed: gone within the bound (its `sleep 30` would outlive it).
        while running(pid) && started.elapsed() < BOUND {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        println!(
            "the child process was gone {:?} after Stop",
            started.elapsed()
        );
        assert!(!running(pid), "process {pid} still runs");
        std::fs::remove_dir_all(&dir).unwrap();
    });
}
