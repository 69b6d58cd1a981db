//! The server's data path, through the public test harness as a provider
//! author drives it.
//!
//! 1. Sets at scale: plan, apply and re-plan of a resource holding a
//!    `Set<String>` attribute and of one holding a set block of
//!    three-attribute objects, at 1k, 10k and 100k elements. The table
//!    gives the time per element and how it grows from 1k to 100k: linear
//!    or n log n work stays within a small factor, quadratic work grows
//!    100-fold.
//! 2. The typed path against the codec: ApplyResourceChange of a resource
//!    whose planned state holds go-cty's 10,000-object reference value
//!    (`benches/data/`), against the derive's own borrowed decode plus
//!    encode of the same bytes, in the same run: once with a model of
//!    `String`s (against the owned codec too, since a `String` must be
//!    allocated), once with `CompactString`s (every string of this value
//!    fits inline, so nothing is allocated per string).
//!
//! Run with `cargo bench -p tfschema --features server,compact_str --bench data_path`
//! (`-- --quick` for a shorter run). Figures are ratios within one run.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use compact_str::CompactString;
use criterion::{BatchSize, BenchmarkId, Criterion};
use tfschema::diag::Diagnostics;
use tfschema::server::proto::tfplugin6 as pb6;
use tfschema::server::proto::tfplugin6::provider_server::Provider as _;
use tfschema::server::testing::Harness;
use tfschema::server::typed::{Ctx, PlanView, Provider, Resource, TypedProvider};
use tfschema::{Set, TfSchema, TfValue, Type, Unknown, Value};

mod common;
use common::{mean_ns, Resource as RefObject, ResourceRef as RefObjectRef, MSGPACK};

const SIZES: [usize; 3] = [1_000, 10_000, 100_000];

#[derive(TfSchema, TfValue)]
struct Config {}

/// A resource with a set of strings.
#[derive(TfSchema, TfValue)]
struct Tags {
    #[tf(computed, use_state_for_unknown)]
    id: Unknown<String>,
    tags: Set<String>,
}

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

/// A resource holding go-cty's reference value.
#[derive(TfSchema, TfValue)]
struct Big {
    items: Vec<RefObject>,
}

/// Big, borrowing from the input.
#[derive(TfSchema, TfValue)]
struct BigRef<'a> {
    items: Vec<RefObjectRef<'a>>,
}

/// One object of the reference value with `CompactString`s (feature
/// `compact_str`): strings of up to 24 bytes, all of this value's, are
/// stored inline.
#[derive(TfSchema, TfValue)]
struct RefObjectCompact {
    count: i64,
    description: CompactString,
    enabled: bool,
    id: CompactString,
    labels: BTreeMap<CompactString, CompactString>,
    name: CompactString,
    ratio: f64,
    region: CompactString,
    size_gb: i64,
    tags_list: Vec<CompactString>,
}

/// Big, with `CompactString`s.
#[derive(TfSchema, TfValue)]
struct BigCompact {
    items: Vec<RefObjectCompact>,
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
trait WithId {
    fn set_id(&mut self);
}
impl WithId for Tags {
    fn set_id(&mut self) {
        self.id = Unknown::Known("tags".into());
    }
}
impl WithId for Rules {
    fn set_id(&mut self) {
        self.id = Unknown::Known("rules".into());
    }
}
impl WithId for Big {
    fn set_id(&mut self) {}
}
impl WithId for BigCompact {
    fn set_id(&mut self) {}
}

struct Echo<M>(std::marker::PhantomData<fn() -> M>);
impl<M> Resource for Echo<M>
where
    M: tfschema::server::typed::Model + WithId,
{
    type Client = ();
    type Model = M;
    async fn create(&self, _: &mut Ctx<()>, mut planned: M) -> Result<M, Diagnostics> {
        planned.set_id();
        Ok(planned)
    }
    async fn read(&self, _: &mut Ctx<()>, current: M) -> Result<Option<M>, Diagnostics> {
        Ok(Some(current))
    }
    async fn update(&self, _: &mut Ctx<()>, _: M, planned: M) -> Result<M, Diagnostics> {
        Ok(planned)
    }
    async fn delete(&self, _: &mut Ctx<()>, _: M) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn harness() -> Harness<TypedProvider<Bench>> {
    Harness::new(
        TypedProvider::new(Bench)
            .resource("bench_tags", Echo::<Tags>(Default::default()))
            .resource("bench_rules", Echo::<Rules>(Default::default()))
            .resource("bench_big", Echo::<Big>(Default::default()))
            .resource("bench_big_compact", Echo::<BigCompact>(Default::default())),
    )
}

/// The configuration of `kind` with `n` set elements.
fn config(kind: &str, n: usize) -> Value {
    match kind {
        "tags" => Value::object([
            ("id", Value::Null(Type::String)),
            (
                "tags",
                Value::set(
                    Type::String,
                    (0..n).map(|i| Value::from(format!("tag-{i:07}"))).collect(),
                ),
            ),
        ]),
        _ => {
            let rule_ty = Rule::block().implied_type();
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
                ("rule", Value::set(rule_ty, rules)),
            ])
        }
    }
}

fn sets(c: &mut Criterion, rt: &tokio::runtime::Runtime, h: &Harness<TypedProvider<Bench>>) {
    for kind in ["tags", "rules"] {
        let type_name = format!("bench_{kind}");
        let mut g = c.benchmark_group(format!("set_{kind}"));
        g.sample_size(10);
        for n in SIZES {
            let config = config(kind, n);
            let null = Value::Null(h.resource_type(&type_name));
            let plan = rt.block_on(h.plan(&type_name, &null, &config));
            assert!(plan.diagnostics.is_empty(), "{:?}", plan.diagnostics);
            let state = rt.block_on(h.apply(&type_name, &null, &plan, &config));
            assert!(state.diagnostics.is_empty(), "{:?}", state.diagnostics);
            let replan = rt.block_on(h.plan(&type_name, &state.state, &config));
            assert_eq!(replan.planned_state, state.state, "re-plan is a no-op");
            g.bench_function(BenchmarkId::new("plan", n), |b| {
                b.iter(|| rt.block_on(h.plan(&type_name, &null, black_box(&config))))
            });
            g.bench_function(BenchmarkId::new("apply", n), |b| {
                b.iter(|| rt.block_on(h.apply(&type_name, &null, black_box(&plan), &config)))
            });
            g.bench_function(BenchmarkId::new("replan", n), |b| {
                b.iter(|| rt.block_on(h.plan(&type_name, black_box(&state.state), &config)))
            });
        }
        g.finish();
    }
}

/// `{"items": <reference value>}` in msgpack.
fn big_bytes() -> Vec<u8> {
    let mut bytes = vec![0x81, 0xa5];
    bytes.extend_from_slice(b"items");
    bytes.extend_from_slice(MSGPACK);
    bytes
}

fn typed_path(c: &mut Criterion, rt: &tokio::runtime::Runtime, h: &Harness<TypedProvider<Bench>>) {
    let planned = big_bytes();
    let null = tfschema::msgpack::value_to_vec(
        &Value::Null(h.resource_type("bench_big")),
        &h.resource_type("bench_big"),
    )
    .expect("null");
    let dv = |msgpack: &[u8]| {
        Some(pb6::DynamicValue {
            msgpack: msgpack.to_vec(),
            json: Vec::new(),
        })
    };
    let request = pb6::apply_resource_change::Request {
        type_name: "bench_big".into(),
        prior_state: dv(&null),
        planned_state: dv(&planned),
        config: dv(&planned),
        ..Default::default()
    };
    // The same resource with a `CompactString` model.
    let compact_request = pb6::apply_resource_change::Request {
        type_name: "bench_big_compact".into(),
        ..request.clone()
    };
    // The request is built (cloned) outside the timed part: in a provider
    // it arrives from the network, and the clone is this bench's own.
    let apply = |request: pb6::apply_resource_change::Request| {
        let response = rt
            .block_on(
                h.grpc()
                    .v6()
                    .apply_resource_change(tonic::Request::new(request)),
            )
            .expect("apply")
            .into_inner();
        response.new_state.expect("state").msgpack
    };
    assert!(
        apply(request.clone()) == planned,
        "the new state is the planned state, byte for byte"
    );
    assert!(
        apply(compact_request.clone()) == planned,
        "the new state of the CompactString model is the planned state, byte for byte"
    );
    let codec = |bytes: &[u8]| {
        let model: BigRef<'_> = tfschema::msgpack::from_slice(bytes).expect("decode");
        tfschema::msgpack::to_vec(&model).expect("encode")
    };
    assert!(codec(&planned) == planned);
    // The same with the owned model the typed layer hands to `create`.
    let owned = |bytes: &[u8]| {
        let model: Big = tfschema::msgpack::from_slice(bytes).expect("decode");
        tfschema::msgpack::to_vec(&model).expect("encode")
    };
    assert!(owned(&planned) == planned);

    let mut g = c.benchmark_group("typed_path");
    g.sample_size(20);
    g.bench_function("apply_10k_objects", |b| {
        b.iter_batched(|| request.clone(), apply, BatchSize::LargeInput)
    });
    g.bench_function("apply_10k_objects_compact", |b| {
        b.iter_batched(|| compact_request.clone(), apply, BatchSize::LargeInput)
    });
    g.bench_function("codec_decode_encode", |b| {
        b.iter(|| codec(black_box(&planned)))
    });
    g.bench_function("codec_owned_decode_encode", |b| {
        b.iter(|| owned(black_box(&planned)))
    });
    g.finish();
}

fn summary(dir: &Path) {
    println!();
    println!("| set | step | 1k: µs/element | 10k: µs/element | 100k: µs/element | 100k ÷ 1k per element |");
    println!("|---|---|---|---|---|---|");
    for kind in ["tags", "rules"] {
        for step in ["plan", "apply", "replan"] {
            let group = format!("set_{kind}");
            let per: Vec<Option<f64>> = SIZES
                .iter()
                .map(|&n| {
                    mean_ns(dir, &group, &format!("{step}/{n}")).map(|ns| ns / 1e3 / n as f64)
                })
                .collect();
            let cell = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.3}"));
            let ratio = match (per[0], per[2]) {
                (Some(a), Some(b)) => format!("{:.2}x", b / a),
                _ => "-".into(),
            };
            println!(
                "| {} | {step} | {} | {} | {} | {ratio} |",
                if kind == "tags" {
                    "Set<String> attribute"
                } else {
                    "set block of objects"
                },
                cell(per[0]),
                cell(per[1]),
                cell(per[2]),
            );
        }
    }
    if let (Some(apply), Some(codec)) = (
        mean_ns(dir, "typed_path", "apply_10k_objects"),
        mean_ns(dir, "typed_path", "codec_decode_encode"),
    ) {
        println!();
        println!("| 10,000-object planned state | ms |");
        println!("|---|---|");
        println!(
            "| ApplyResourceChange through the typed layer | {:.2} |",
            apply / 1e6
        );
        println!("| derive's borrowed decode + encode | {:.2} |", codec / 1e6);
        println!("| ratio | {:.2}x |", apply / codec);
        if let Some(owned) = mean_ns(dir, "typed_path", "codec_owned_decode_encode") {
            println!(
                "| derive's owned decode + encode (what `create` receives) | {:.2} |",
                owned / 1e6
            );
            println!("| ratio against the owned codec | {:.2}x |", apply / owned);
        }
        if let Some(compact) = mean_ns(dir, "typed_path", "apply_10k_objects_compact") {
            println!(
                "| ApplyResourceChange, `CompactString` model | {:.2} |",
                compact / 1e6
            );
            println!(
                "| ratio against the borrowed codec | {:.2}x |",
                compact / codec
            );
        }
    }
}

fn main() {
    let dir = common::criterion_dir();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let h = harness();
    let mut c = Criterion::default()
        .output_directory(&dir)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .configure_from_args();
    sets(&mut c, &rt, &h);
    typed_path(&mut c, &rt, &h);
    c.final_summary();
    summary(&dir);
}
