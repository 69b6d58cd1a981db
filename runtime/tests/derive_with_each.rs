//! `#[tf(with = module, each)]`: lists, sets and maps whose elements a
//! module converts, and their element-wise semantic equality. The expected
//! wire values are written out by hand; the semantic equality expected is
//! Go's (timetypes' `RFC3339` and jsontypes' `Normalized`, compared element
//! by element by terraform-plugin-framework's fwserver).

#![allow(clippy::panic)]

use std::collections::{BTreeMap, HashSet};

use tfschema::jsontypes::{self, Normalized};
use tfschema::schema::AttributeType;
use tfschema::timetypes::{self, Rfc3339};
use tfschema::{msgpack, PathStep, TfSchema, TfValue, Type, Unknown, Value};

#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct Schedule {
    #[tf(with = timetypes::rfc3339, each, semantic_equal)]
    starts: Vec<Rfc3339>,
    #[tf(optional, with = timetypes::rfc3339, each, semantic_key)]
    holidays: Option<HashSet<Rfc3339>>,
    #[tf(optional, computed, with = jsontypes::normalized, each, semantic_equal, semantic_key)]
    documents: Unknown<Option<BTreeMap<String, Normalized>>>,
}

fn at(text: &str) -> Rfc3339 {
    Rfc3339::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn doc(text: &str) -> Normalized {
    Normalized::new(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn schedule() -> Schedule {
    Schedule {
        starts: vec![at("2026-12-02T01:00:00Z"), at("2026-12-02T02:00:00+01:00")],
        holidays: Some(HashSet::from([at("2026-12-25T00:00:00Z")])),
        documents: Unknown::Known(Some(BTreeMap::from([("a".to_owned(), doc(r#"{"b": 1}"#))]))),
    }
}

fn value(starts: &[&str], holidays: &[&str], documents: &[(&str, &str)]) -> Value {
    let strings = |items: &[&str]| items.iter().map(|s| Value::from(*s)).collect::<Vec<_>>();
    Value::object([
        ("starts", Value::List(Type::String, strings(starts))),
        ("holidays", Value::set(Type::String, strings(holidays))),
        (
            "documents",
            Value::Map(
                Type::String,
                (documents.iter())
                    .map(|(k, v)| ((*k).to_owned(), Value::from(*v)))
                    .collect(),
            ),
        ),
    ])
}

#[test]
fn the_attributes_are_collections_of_the_wire_type() {
    let block = Schedule::block();
    let ty = |name: &str| {
        let a = block.attributes.iter().find(|a| a.name == name);
        match a.map(|a| &a.ty) {
            Some(AttributeType::Type(t)) => t.clone(),
            other => panic!("{name}: {other:?}"),
        }
    };
    assert_eq!(ty("starts"), Type::list(Type::String));
    assert_eq!(ty("holidays"), Type::set(Type::String));
    assert_eq!(ty("documents"), Type::map(Type::String));
    for a in &block.attributes {
        assert!(a.plan.semantic_elements, "{}", a.name);
    }
    let holidays = block.attributes.iter().find(|a| a.name == "holidays");
    assert!(holidays.is_some_and(|a| a.optional && a.plan.semantic_key.is_some()));
}

#[test]
fn each_element_travels_as_written() -> Result<(), tfschema::Error> {
    let want = value(
        &["2026-12-02T01:00:00Z", "2026-12-02T02:00:00+01:00"],
        &["2026-12-25T00:00:00Z"],
        &[("a", r#"{"b": 1}"#)],
    );
    let bytes = msgpack::to_vec(&schedule())?;
    assert_eq!(
        bytes,
        msgpack::value_to_vec(&want, &Schedule::block().implied_type())?
    );
    assert_eq!(msgpack::from_slice::<Schedule>(&bytes)?, schedule());
    Ok(())
}

#[test]
fn a_refused_element_is_reported_at_its_index_or_key() -> Result<(), tfschema::Error> {
    let ty = Schedule::block().implied_type();
    let bad_list = value(&["2026-12-02T01:00:00Z", "tomorrow"], &[], &[]);
    let err = msgpack::from_slice::<Schedule>(&msgpack::value_to_vec(&bad_list, &ty)?)
        .expect_err("refused");
    assert_eq!(err.path_string(), ".starts[1]");
    assert_eq!(err.summary(), Some("Invalid RFC3339 String Value"));
    let bad_map = value(&[], &[], &[("x", "{")]);
    let err = msgpack::from_slice::<Schedule>(&msgpack::value_to_vec(&bad_map, &ty)?)
        .expect_err("refused");
    let path: Vec<PathStep> = err.path().cloned().collect();
    assert_eq!(
        path,
        [
            PathStep::Attr("documents".into()),
            PathStep::Key("x".into())
        ]
    );
    // Set elements have no address: the path stops at the set.
    let bad_set = value(&[], &["2026-13-01T00:00:00Z"], &[]);
    let err = msgpack::from_slice::<Schedule>(&msgpack::value_to_vec(&bad_set, &ty)?)
        .expect_err("refused");
    assert_eq!(err.path_string(), ".holidays");
    Ok(())
}

#[cfg(feature = "server")]
#[test]
fn respelled_elements_keep_the_prior_spelling() {
    use tfschema::server::raw::keep_semantically_equal;

    let prior = value(
        &["2026-12-02T01:00:00Z", "2026-12-02T02:00:00Z"],
        &["2026-12-25T00:00:00Z", "2026-12-26T00:00:00Z"],
        &[("a", r#"{"b": 1, "c": [2]}"#)],
    );
    // An API that answers `+00:00` for `Z`, reorders JSON keys, and moves
    // the second start by an hour (a real change).
    let mut applied = value(
        &["2026-12-02T01:00:00+00:00", "2026-12-02T03:00:00Z"],
        &["2026-12-26T00:00:00+00:00", "2026-12-25T00:00:00-00:00"],
        &[("a", r#"{"c":[2],"b":1}"#)],
    );
    keep_semantically_equal(&Schedule::block(), &prior, &mut applied);
    let want = value(
        &["2026-12-02T01:00:00Z", "2026-12-02T03:00:00Z"],
        &["2026-12-25T00:00:00Z", "2026-12-26T00:00:00Z"],
        &[("a", r#"{"b": 1, "c": [2]}"#)],
    );
    assert_eq!(applied, want);
}
