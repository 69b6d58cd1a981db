//! The benchmark's model, shared by `benches/codec.rs` and
//! `tests/bench_value.rs`: the reference value of `benches/data/` (written
//! by go-cty) as a derived tfschema struct and as an equivalent serde struct.
//!
//! Fields are declared in sorted order, which is the order go-cty writes an
//! object's attributes in, so serde's output has the same layout.

#![allow(dead_code)]

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use tfschema::{TfSchema, TfValue};

/// go-cty's msgpack of the value (`msgpack.Marshal`).
pub const MSGPACK: &[u8] = include_bytes!("../data/bench_value.msgpack");
/// go-cty's JSON of the value (`ctyjson.Marshal`).
pub const JSON: &[u8] = include_bytes!("../data/bench_value.json");
/// Objects in the list.
pub const OBJECTS: usize = 10_000;

/// One object, owning its strings.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct Resource {
    pub count: i64,
    pub description: String,
    pub enabled: bool,
    pub id: String,
    pub labels: BTreeMap<String, String>,
    pub name: String,
    pub ratio: f64,
    pub region: String,
    pub size_gb: i64,
    pub tags_list: Vec<String>,
}

/// One object, borrowing every string from the input.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
pub struct ResourceRef<'a> {
    pub count: i64,
    pub description: &'a str,
    pub enabled: bool,
    pub id: &'a str,
    pub labels: BTreeMap<&'a str, &'a str>,
    pub name: &'a str,
    pub ratio: f64,
    pub region: &'a str,
    pub size_gb: i64,
    pub tags_list: Vec<&'a str>,
}

/// The serde twin of [`Resource`].
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct SerdeResource {
    pub count: i64,
    pub description: String,
    pub enabled: bool,
    pub id: String,
    pub labels: BTreeMap<String, String>,
    pub name: String,
    pub ratio: f64,
    pub region: String,
    pub size_gb: i64,
    pub tags_list: Vec<String>,
}

/// The serde twin of [`ResourceRef`], with the same borrowing.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub struct SerdeResourceRef<'a> {
    pub count: i64,
    #[serde(borrow)]
    pub description: &'a str,
    pub enabled: bool,
    #[serde(borrow)]
    pub id: &'a str,
    #[serde(borrow)]
    pub labels: BTreeMap<&'a str, &'a str>,
    #[serde(borrow)]
    pub name: &'a str,
    pub ratio: f64,
    #[serde(borrow)]
    pub region: &'a str,
    pub size_gb: i64,
    #[serde(borrow)]
    pub tags_list: Vec<&'a str>,
}

/// rmp-serde's encoding of a serde value as go-cty lays out an object: a
/// map keyed by field name (`to_vec_named`).
pub fn rmp_encode<T: Serialize + ?Sized>(value: &T) -> Vec<u8> {
    rmp_serde::to_vec_named(value).expect("rmp-serde encode")
}

/// Panics unless every codec reproduces go-cty's bytes exactly: ours
/// (derived, owned and borrowed, and the dynamic `Value` codec), rmp-serde
/// and serde_json. Run before timing so every baseline does the same work.
pub fn assert_fair() {
    use tfschema::TfType;

    // Ours, derived.
    let owned: Vec<Resource> = tfschema::msgpack::from_slice(MSGPACK).expect("decode msgpack");
    assert_eq!(owned.len(), OBJECTS);
    check(
        "tfschema msgpack (owned)",
        &tfschema::msgpack::to_vec(&owned).expect("encode"),
        MSGPACK,
    );
    check(
        "tfschema json (owned)",
        &tfschema::json::to_vec(&owned).expect("encode"),
        JSON,
    );
    let borrowed: Vec<ResourceRef<'_>> =
        tfschema::msgpack::from_slice(MSGPACK).expect("decode msgpack borrowed");
    check(
        "tfschema msgpack (borrowed)",
        &tfschema::msgpack::to_vec(&borrowed).expect("encode"),
        MSGPACK,
    );
    check(
        "tfschema json (borrowed)",
        &tfschema::json::to_vec(&borrowed).expect("encode"),
        JSON,
    );
    let from_json: Vec<Resource> = tfschema::json::from_slice(JSON).expect("decode json");
    assert!(
        from_json == owned,
        "JSON and msgpack decode to different values"
    );
    let from_json: Vec<ResourceRef<'_>> =
        tfschema::json::from_slice(JSON).expect("decode json borrowed");
    assert!(
        from_json == borrowed,
        "JSON and msgpack decode to different borrowed values"
    );

    // Ours, dynamic.
    let ty = <Vec<Resource> as TfType>::tf_type();
    let value = tfschema::msgpack::value_from_slice(MSGPACK, &ty).expect("dynamic decode");
    check(
        "tfschema msgpack (Value)",
        &tfschema::msgpack::value_to_vec(&value, &ty).expect("encode"),
        MSGPACK,
    );
    check(
        "tfschema json (Value)",
        tfschema::json::value_to_string(&value, &ty)
            .expect("encode")
            .as_bytes(),
        JSON,
    );

    // rmp-serde.
    let serde_owned: Vec<SerdeResource> = rmp_serde::from_slice(MSGPACK).expect("rmp-serde decode");
    check(
        "rmp-serde to_vec_named (owned)",
        &rmp_encode(&serde_owned),
        MSGPACK,
    );
    let serde_borrowed: Vec<SerdeResourceRef<'_>> =
        rmp_serde::from_slice(MSGPACK).expect("rmp-serde decode borrowed");
    check(
        "rmp-serde to_vec_named (borrowed)",
        &rmp_encode(&serde_borrowed),
        MSGPACK,
    );

    // serde_json.
    check(
        "serde_json (owned)",
        &serde_json::to_vec(&serde_owned).expect("encode"),
        JSON,
    );
    check(
        "serde_json (borrowed)",
        &serde_json::to_vec(&serde_borrowed).expect("encode"),
        JSON,
    );
    let from_json: Vec<SerdeResourceRef<'_>> =
        serde_json::from_slice(JSON).expect("serde_json decode");
    assert!(
        from_json == serde_borrowed,
        "serde_json and rmp-serde decode differently"
    );

    // Both sides decoded the same data.
    for (ours, theirs) in owned.iter().zip(&serde_owned) {
        assert_eq!(ours.id, theirs.id);
        assert_eq!(ours.size_gb, theirs.size_gb);
        assert_eq!(ours.ratio.to_bits(), theirs.ratio.to_bits());
        assert_eq!(ours.labels, theirs.labels);
        assert_eq!(ours.tags_list, theirs.tags_list);
    }
}

/// Byte equality with the first difference located.
fn check(what: &str, got: &[u8], want: &[u8]) {
    if got == want {
        return;
    }
    let at = got
        .iter()
        .zip(want)
        .position(|(a, b)| a != b)
        .unwrap_or(got.len().min(want.len()));
    let lo = at.saturating_sub(16);
    panic!(
        "{what}: output differs from go-cty's at byte {at} (lengths {} and {}):\n got  {:02x?}\n want {:02x?}",
        got.len(),
        want.len(),
        &got[lo..(at + 16).min(got.len())],
        &want[lo..(at + 16).min(want.len())],
    );
}

/// Where criterion writes its estimates: `<target>/criterion`, beside
/// `release/` (or under `CARGO_TARGET_DIR`).
pub fn criterion_dir() -> std::path::PathBuf {
    use std::path::PathBuf;
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .or_else(|| {
            let exe = std::env::current_exe().ok()?;
            Some(exe.parent()?.parent()?.parent()?.to_path_buf())
        })
        .unwrap_or_else(|| PathBuf::from("target"))
        .join("criterion")
}

/// Mean time per iteration in ns from criterion's estimates, if measured.
pub fn mean_ns(dir: &std::path::Path, group: &str, id: &str) -> Option<f64> {
    let path = dir.join(group).join(id).join("new").join("estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    v["mean"]["point_estimate"].as_f64()
}
