//! Throughput of the typed codecs on go-cty's reference value (10,000
//! objects, `benches/data/`), side by side with rmp-serde and serde_json on
//! an equivalent serde struct, plus the dynamic `Value` codec.
//!
//! Run with `cargo bench -p tfschema --bench codec`. Before timing, every
//! codec is checked to reproduce go-cty's bytes exactly (see
//! `common::assert_fair`), so all of them do the same work. Throughput is
//! bytes of the encoded form per second, as in go-cty's figures. At the end
//! a table of MB/s and ratios (ours ÷ baseline, same run) is printed from
//! criterion's estimates.

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, Throughput};
use tfschema::TfType;

mod common;
use common::{
    mean_ns, Resource, ResourceRef, SerdeResource, SerdeResourceRef, JSON, MSGPACK, OBJECTS,
};

fn benches(c: &mut Criterion) {
    let owned: Vec<Resource> = tfschema::msgpack::from_slice(MSGPACK).expect("decode");
    let serde_owned: Vec<SerdeResource> = rmp_serde::from_slice(MSGPACK).expect("decode");
    let ty = <Vec<Resource> as TfType>::tf_type();
    let value = tfschema::msgpack::value_from_slice(MSGPACK, &ty).expect("decode");

    let mp = Throughput::Bytes(MSGPACK.len() as u64);
    let js = Throughput::Bytes(JSON.len() as u64);

    let mut g = c.benchmark_group("msgpack_encode");
    g.throughput(mp.clone());
    g.bench_function("tfschema", |b| {
        b.iter(|| tfschema::msgpack::to_vec(black_box(&owned)).expect("encode"))
    });
    g.bench_function("rmp_serde", |b| {
        b.iter(|| rmp_serde::to_vec_named(black_box(&serde_owned)).expect("encode"))
    });
    g.bench_function("tfschema_value", |b| {
        b.iter(|| tfschema::msgpack::value_to_vec(black_box(&value), &ty).expect("encode"))
    });
    g.finish();

    let mut g = c.benchmark_group("msgpack_decode_borrowed");
    g.throughput(mp.clone());
    g.bench_function("tfschema", |b| {
        b.iter(|| {
            tfschema::msgpack::from_slice::<Vec<ResourceRef<'_>>>(black_box(MSGPACK))
                .expect("decode")
        })
    });
    g.bench_function("rmp_serde", |b| {
        b.iter(|| {
            rmp_serde::from_slice::<Vec<SerdeResourceRef<'_>>>(black_box(MSGPACK)).expect("decode")
        })
    });
    g.finish();

    let mut g = c.benchmark_group("msgpack_decode_owned");
    g.throughput(mp.clone());
    g.bench_function("tfschema", |b| {
        b.iter(|| {
            tfschema::msgpack::from_slice::<Vec<Resource>>(black_box(MSGPACK)).expect("decode")
        })
    });
    g.bench_function("rmp_serde", |b| {
        b.iter(|| rmp_serde::from_slice::<Vec<SerdeResource>>(black_box(MSGPACK)).expect("decode"))
    });
    g.bench_function("tfschema_value", |b| {
        b.iter(|| tfschema::msgpack::value_from_slice(black_box(MSGPACK), &ty).expect("decode"))
    });
    g.finish();

    let mut g = c.benchmark_group("json_encode");
    g.throughput(js.clone());
    g.bench_function("tfschema", |b| {
        b.iter(|| tfschema::json::to_vec(black_box(&owned)).expect("encode"))
    });
    g.bench_function("serde_json", |b| {
        b.iter(|| serde_json::to_vec(black_box(&serde_owned)).expect("encode"))
    });
    g.finish();

    let mut g = c.benchmark_group("json_decode_borrowed");
    g.throughput(js.clone());
    g.bench_function("tfschema", |b| {
        b.iter(|| {
            tfschema::json::from_slice::<Vec<ResourceRef<'_>>>(black_box(JSON)).expect("decode")
        })
    });
    g.bench_function("serde_json", |b| {
        b.iter(|| {
            serde_json::from_slice::<Vec<SerdeResourceRef<'_>>>(black_box(JSON)).expect("decode")
        })
    });
    g.finish();

    let mut g = c.benchmark_group("json_decode_owned");
    g.throughput(js);
    g.bench_function("tfschema", |b| {
        b.iter(|| tfschema::json::from_slice::<Vec<Resource>>(black_box(JSON)).expect("decode"))
    });
    g.bench_function("serde_json", |b| {
        b.iter(|| serde_json::from_slice::<Vec<SerdeResource>>(black_box(JSON)).expect("decode"))
    });
    g.finish();
}

/// Rows of the summary: group, ours, baseline (or none).
const ROWS: &[(&str, &str, Option<&str>, &str)] = &[
    (
        "msgpack_encode",
        "tfschema",
        Some("rmp_serde"),
        "msgpack encode",
    ),
    (
        "msgpack_decode_borrowed",
        "tfschema",
        Some("rmp_serde"),
        "msgpack decode, borrowed",
    ),
    (
        "msgpack_decode_owned",
        "tfschema",
        Some("rmp_serde"),
        "msgpack decode, owned",
    ),
    ("json_encode", "tfschema", Some("serde_json"), "JSON encode"),
    (
        "json_decode_borrowed",
        "tfschema",
        Some("serde_json"),
        "JSON decode, borrowed",
    ),
    (
        "json_decode_owned",
        "tfschema",
        Some("serde_json"),
        "JSON decode, owned",
    ),
    (
        "msgpack_encode",
        "tfschema_value",
        None,
        "msgpack encode, dynamic Value",
    ),
    (
        "msgpack_decode_owned",
        "tfschema_value",
        None,
        "msgpack decode, dynamic Value",
    ),
];

fn summary(dir: &Path) {
    let bytes = |group: &str| {
        if group.starts_with("json") {
            JSON.len()
        } else {
            MSGPACK.len()
        }
    };
    let mbs = |group: &str, ns: f64| bytes(group) as f64 / 1e6 / (ns / 1e9);
    println!();
    println!("| operation | tfschema MB/s | µs/object | baseline | baseline MB/s | ratio |");
    println!("|---|---|---|---|---|---|");
    for (group, ours, base, label) in ROWS {
        let Some(ns) = mean_ns(dir, group, ours) else {
            continue;
        };
        let per_obj = ns / 1e3 / OBJECTS as f64;
        match base.and_then(|b| mean_ns(dir, group, b).map(|bns| (b, bns))) {
            Some((b, bns)) => println!(
                "| {label} | {:.0} | {per_obj:.3} | {b} | {:.0} | {:.2}x |",
                mbs(group, ns),
                mbs(group, bns),
                bns / ns
            ),
            None => println!("| {label} | {:.0} | {per_obj:.3} | | | |", mbs(group, ns)),
        }
    }
}

fn main() {
    // Fairness first: every codec reproduces go-cty's bytes.
    common::assert_fair();

    let dir = common::criterion_dir();
    let mut c = Criterion::default()
        .output_directory(&dir)
        .sample_size(30)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(6))
        .configure_from_args();
    benches(&mut c);
    c.final_summary();
    summary(&dir);
}
