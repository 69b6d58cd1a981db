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
//! and prints plan ÷ apply and re-plan ÷ apply. Each call is timed as a
//! whole, harness included (the harness writes the request values to
//! msgpack as Terraform would, and reads the answer back). Where Linux
//! tells (`/proc/self/task/*/schedstat`), the time is the CPU time of the
//! process's threads (the server runs each call on a thread of its own),
//! which other processes on the machine do not inflate as they do the wall
//! time; the wall time is printed beside it.
//!
//! Run with `cargo run --release -p tfschema --features server --example plan_cost`
//! (`-- <objects> <runs>` for another size or number of runs).

use std::time::{Duration, Instant};

use tfschema::diag::Diagnostics;
use tfschema::server::testing::Harness;
use tfschema::server::typed::{Ctx, PlanView, Provider, Resource, TypedProvider};
use tfschema::{Set, TfSchema, TfValue, Type, Unknown, Value};

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
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!("{n} set-block objects, median of {runs} runs:");
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
