//! What a plan costs against the apply of the same value, through the
//! public [`Harness`] as a provider's tests drive it.
//!
//! A resource holds a set block of 100,000 three-attribute objects. The
//! script times, each the median of several runs:
//!
//! - apply: `ApplyResourceChange` creating the object from its plan;
//! - plan: `PlanResourceChange` of that create;
//! - re-plan: `PlanResourceChange` of the created state against the same
//!   configuration (a no-op plan);
//!
//! and prints plan ÷ apply and re-plan ÷ apply, twice:
//!
//! - through the harness: each call timed as a whole, harness included
//!   (it builds Terraform's proposal, writes the request values to msgpack
//!   as Terraform would, and reads the answer back);
//! - the provider's side alone: the same requests, written beforehand, sent
//!   to the gRPC handler Terraform calls, timed until its answer is back
//!   (what the provider process spends: reading the request, planning or
//!   applying, writing the answer). Building the request and reading the
//!   answer are Terraform's work. Where Linux
//! tells (`/proc/self/task/*/schedstat`), the time is the CPU time of the
//! process's threads (the server runs each call on a thread of its own),
//! which other processes on the machine do not inflate as they do the wall
//! time; the wall time is printed beside it.
//!
//! Run with `cargo run --release -p tfschema --features server --example plan_cost`
//! (`-- <objects> <runs>` for another size or number of runs).

use std::time::{Duration, Instant};

use tfschema::diag::Diagnostics;
use tfschema::server::proto::tfplugin6 as pb6;
use tfschema::server::proto::tfplugin6::provider_server::Provider as Grpc;
use tfschema::server::testing::{proposed_new, Harness};
use tfschema::server::typed::{Ctx, PlanView, Provider, Resource, TypedProvider};
use tfschema::{msgpack, Set, TfSchema, TfValue, Type, Unknown, Value};

#[derive(TfSchema, TfValue)]
struct Config {}

/// One element of the set block.
#[derive(TfSchema, TfValue)]
struct Rule {
    name: String,
    port: i64,
    enabled: bool,
}

/// A resource with a set block of objects.
#[derive(TfSchema, TfValue)]
struct Rules {
    #[tf(computed, use_state_for_unknown)]
    id: Unknown<String>,
    #[tf(block)]
    rule: Set<Rule>,
}

struct Bench;
impl Provider for Bench {
    type Config = Config;
    type Client = ();
    async fn configure(&self, _: PlanView<Config>, _: &mut Diagnostics) -> Result<(), Diagnostics> {
        Ok(())
    }
}

/// Create gives the id; everything else hands the model back.
struct Echo;
impl Resource for Echo {
    type Client = ();
    type Model = Rules;
    async fn create(&self, _: &mut Ctx<()>, mut planned: Rules) -> Result<Rules, Diagnostics> {
        planned.id = Unknown::Known("rules".into());
        Ok(planned)
    }
    async fn read(&self, _: &mut Ctx<()>, current: Rules) -> Result<Option<Rules>, Diagnostics> {
        Ok(Some(current))
    }
    async fn update(
        &self,
        _: &mut Ctx<()>,
        _: Rules,
        planned: Rules,
    ) -> Result<Rules, Diagnostics> {
        Ok(planned)
    }
    async fn delete(&self, _: &mut Ctx<()>, _: Rules) -> Result<(), Diagnostics> {
        Ok(())
    }
}

/// The configuration: `n` rules.
fn config(n: usize) -> Value {
    let rules = (0..n)
        .map(|i| {
            Value::object([
                ("name", Value::from(format!("rule-{i:07}"))),
                ("port", Value::from(i as i64 % 65_536)),
                ("enabled", Value::from(i % 3 == 0)),
            ])
        })
        .collect();
    Value::object([
        ("id", Value::Null(Type::String)),
        ("rule", Value::set(Rule::block().implied_type(), rules)),
    ])
}

/// The CPU time the process's threads have run, where Linux tells it:
/// every thread, since the server runs each call on a thread of its own,
/// not the one that drives the harness (a thread gone meanwhile is left
/// out).
fn cpu_time() -> Option<Duration> {
    let ns: u64 = std::fs::read_dir("/proc/self/task")
        .ok()?
        .filter_map(|task| {
            let stat = std::fs::read_to_string(task.ok()?.path().join("schedstat")).ok()?;
            stat.split_whitespace().next()?.parse::<u64>().ok()
        })
        .sum();
    Some(Duration::from_nanos(ns))
}

/// The medians of `runs` timings of `f`: CPU time (if known) and wall time.
fn median(runs: usize, mut f: impl FnMut()) -> (Option<Duration>, Duration) {
    let mut cpu = Vec::new();
    let mut wall = Vec::new();
    for _ in 0..runs {
        let (cpu_start, start) = (cpu_time(), Instant::now());
        f();
        wall.push(start.elapsed());
        if let (Some(a), Some(b)) = (cpu_start, cpu_time()) {
            cpu.push(b - a);
        }
    }
    cpu.sort();
    wall.sort();
    (cpu.get(cpu.len() / 2).copied(), wall[wall.len() / 2])
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().map_or(100_000, |a| a.parse().expect("objects"));
    let runs: usize = args.next().map_or(7, |a| a.parse().expect("runs"));
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let h = Harness::new(TypedProvider::new(Bench).resource("bench_rules", Echo));
    let config = config(n);
    let null = Value::Null(h.resource_type("bench_rules"));

    let plan = rt.block_on(h.plan("bench_rules", &null, &config));
    assert!(plan.diagnostics.is_empty(), "{:?}", plan.diagnostics);
    let state = rt.block_on(h.apply("bench_rules", &null, &plan, &config));
    assert!(state.diagnostics.is_empty(), "{:?}", state.diagnostics);
    let replan = rt.block_on(h.plan("bench_rules", &state.state, &config));
    assert_eq!(replan.planned_state, state.state, "re-plan is a no-op");

    let apply = median(runs, || {
        rt.block_on(h.apply("bench_rules", &null, &plan, &config));
    });
    let create = median(runs, || {
        rt.block_on(h.plan("bench_rules", &null, &config));
    });
    let again = median(runs, || {
        rt.block_on(h.plan("bench_rules", &state.state, &config));
    });
    println!("{n} set-block objects, median of {runs} runs, through the harness:");
    table(apply, create, again);

    // The provider's side alone: the requests Terraform would send, written
    // beforehand, one per run.
    let block = &h.schema().resources["bench_rules"].block;
    let ty = block.implied_type();
    let dv = |v: &Value| {
        Some(pb6::DynamicValue {
            msgpack: msgpack::value_to_vec(v, &ty).expect("the value fits its type"),
            json: Vec::new(),
        })
    };
    let plan_request = |prior: &Value, proposed: &Value| pb6::plan_resource_change::Request {
        type_name: "bench_rules".into(),
        prior_state: dv(prior),
        proposed_new_state: dv(proposed),
        config: dv(&config),
        ..Default::default()
    };
    let create_request = plan_request(&null, &config);
    let replan_request = plan_request(&state.state, &proposed_new(block, &state.state, &config));
    let apply_request = pb6::apply_resource_change::Request {
        type_name: "bench_rules".into(),
        prior_state: dv(&null),
        planned_state: dv(&plan.planned_state),
        config: dv(&config),
        planned_private: plan.planned_private.clone(),
        ..Default::default()
    };
    let grpc = h.grpc().v6();
    let apply = server_median(runs, &apply_request, |r| {
        rt.block_on(Grpc::apply_resource_change(&grpc, tonic::Request::new(r)))
            .map(drop)
    });
    let create = server_median(runs, &create_request, |r| {
        rt.block_on(Grpc::plan_resource_change(&grpc, tonic::Request::new(r)))
            .map(drop)
    });
    let again = server_median(runs, &replan_request, |r| {
        rt.block_on(Grpc::plan_resource_change(&grpc, tonic::Request::new(r)))
            .map(drop)
    });
    println!();
    println!("the provider's side alone (the gRPC handler, requests written beforehand):");
    table(apply, create, again);
}

/// [`median`] of `call` on copies of `request` made before each timing.
fn server_median<R: Clone>(
    runs: usize,
    request: &R,
    mut call: impl FnMut(R) -> Result<(), tonic::Status>,
) -> (Option<Duration>, Duration) {
    let mut copies: Vec<R> = (0..runs).map(|_| request.clone()).collect();
    median(runs, || {
        let r = copies.pop().expect("one copy per run");
        call(r).expect("the call succeeds");
    })
}

/// The figures as a Markdown table, each against apply's.
fn table(
    apply: (Option<Duration>, Duration),
    create: (Option<Duration>, Duration),
    again: (Option<Duration>, Duration),
) {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("| call | CPU ms | ÷ apply | wall ms | ÷ apply |");
    println!("|---|---|---|---|---|");
    for (name, (cpu, wall)) in [
        ("apply", apply),
        ("plan (create)", create),
        ("re-plan (no change)", again),
    ] {
        let cpu = match (cpu, apply.0) {
            (Some(c), Some(a)) => format!("{:.1} | {:.2}x", ms(c), ms(c) / ms(a)),
            _ => "- | -".into(),
        };
        println!(
            "| {name} | {cpu} | {:.1} | {:.2}x |",
            ms(wall),
            ms(wall) / ms(apply.1)
        );
    }
}
