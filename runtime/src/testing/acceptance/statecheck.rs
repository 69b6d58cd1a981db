//! Checks of the state after apply, as Go's `statecheck` package. Their
//! messages are Go's.

use std::cell::Cell;
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::Value as Json;

use super::gofmt;
use super::json::{Resource, State};
use super::knownvalue::{self, BoxCheck};
use super::path::Path;

/// A check of the state; Go's `statecheck.StateCheck`.
pub trait StateCheck: Send + Sync {
    /// `Ok` when the state passes, else why not.
    fn check_state(&self, state: &State) -> Result<(), String>;
}

/// A boxed [`StateCheck`], as the constructors here return.
pub type BoxStateCheck = Box<dyn StateCheck>;

struct Fn<F>(F);

impl<F: std::ops::Fn(&State) -> Result<(), String> + Send + Sync> StateCheck for Fn<F> {
    fn check_state(&self, state: &State) -> Result<(), String> {
        (self.0)(state)
    }
}

fn check(
    f: impl std::ops::Fn(&State) -> Result<(), String> + Send + Sync + 'static,
) -> BoxStateCheck {
    Box::new(Fn(f))
}

fn resource<'s>(state: &'s State, address: &str) -> Result<&'s Resource, String> {
    state
        .resource(address)
        .ok_or_else(|| format!("{address} - Resource not found in state"))
}

fn identity<'s>(state: &'s State, address: &str) -> Result<&'s Json, String> {
    resource(state, address)?.identity.as_ref().ok_or_else(|| {
        format!(
            "{address} - Identity not found in state. Either the resource does not support identity \
             or the Terraform version running the test does not support identity. (must be v1.12+)"
        )
    })
}

/// The value at `path` of `address` matches `value`.
pub fn expect_known_value(
    address: impl Into<String>,
    path: Path,
    value: BoxCheck,
) -> BoxStateCheck {
    let address = address.into();
    check(move |state| value.check_value(path.traverse(&resource(state, &address)?.values)?))
}

fn known_output(name: String, path: Option<Path>, value: BoxCheck) -> BoxStateCheck {
    check(move |state| {
        let values = state
            .values
            .as_ref()
            .ok_or_else(|| "state does not contain any state values".to_owned())?;
        let output = values
            .outputs
            .get(&name)
            .ok_or_else(|| format!("{name} - Output not found in state"))?;
        let got = match &path {
            Some(path) => path.traverse(&output.value)?,
            None => &output.value,
        };
        value.check_value(got).map_err(|e| match &path {
            Some(path) => {
                format!("error checking value for output at path: {name}.{path}, err: {e}")
            }
            None => format!("error checking value for output at path: {name}, err: {e}"),
        })
    })
}

/// The root module output `name` matches `value` (Go's
/// `ExpectKnownOutputValue`).
pub fn expect_known_output_value(name: impl Into<String>, value: BoxCheck) -> BoxStateCheck {
    known_output(name.into(), None, value)
}

/// The value at `path` of the root module output `name` matches `value`
/// (Go's `ExpectKnownOutputValueAtPath`).
pub fn expect_known_output_value_at_path(
    name: impl Into<String>,
    path: Path,
    value: BoxCheck,
) -> BoxStateCheck {
    known_output(name.into(), Some(path), value)
}

/// The identity of `address` has exactly these attributes, each matching
/// (Terraform 1.12+).
pub fn expect_identity(
    address: impl Into<String>,
    attributes: impl IntoIterator<Item = (impl Into<String>, BoxCheck)>,
) -> BoxStateCheck {
    let address = address.into();
    let object = knownvalue::object_exact(attributes);
    check(move |state| {
        object
            .check_value(identity(state, &address)?)
            .map_err(|e| format!("{address} - Identity check failed: {e}"))
    })
}

/// The identity attribute at `path` of `address` matches `value`.
pub fn expect_identity_value(
    address: impl Into<String>,
    path: Path,
    value: BoxCheck,
) -> BoxStateCheck {
    let address = address.into();
    check(move |state| value.check_value(path.traverse(identity(state, &address)?)?))
}

/// The value at `path` of `address` is sensitive.
pub fn expect_sensitive_value(address: impl Into<String>, path: Path) -> BoxStateCheck {
    let address = address.into();
    check(
        move |state| match path.traverse(&resource(state, &address)?.sensitive_values)? {
            Json::Bool(true) => Ok(()),
            Json::Bool(false) => Err("attribute at path is not sensitive".to_owned()),
            _ => Err("invalid path: the path value cannot be asserted as bool".to_owned()),
        },
    )
}

/// The identity attribute at `path` of `address` equals the state value
/// at the same path (Go's `ExpectIdentityValueMatchesState`).
pub fn expect_identity_value_matches_state(
    address: impl Into<String>,
    path: Path,
) -> BoxStateCheck {
    let address = address.into();
    check(move |state| {
        let id = path.traverse(identity(state, &address)?)?;
        let value = path.traverse(&resource(state, &address)?.values)?;
        if id == value {
            Ok(())
        } else {
            Err(format!(
                "expected identity and state value at path to match, but they differ: {address}.{path}, identity value: {}, state value: {}",
                gofmt::v(id),
                gofmt::v(value)
            ))
        }
    })
}

/// The identity attribute at `identity_path` of `address` equals its state
/// value at `state_path` (Go's `ExpectIdentityValueMatchesStateAtPath`).
pub fn expect_identity_value_matches_state_at_path(
    address: impl Into<String>,
    identity_path: Path,
    state_path: Path,
) -> BoxStateCheck {
    let address = address.into();
    check(move |state| {
        let id = identity_path.traverse(identity(state, &address)?)?;
        let value = state_path.traverse(&resource(state, &address)?.values)?;
        if id == value {
            Ok(())
        } else {
            Err(format!(
                "expected identity ({address}.{identity_path}) and state value ({address}.{state_path}) to match, but they differ: identity value: {}, state value: {}",
                gofmt::v(id),
                gofmt::v(value)
            ))
        }
    })
}

thread_local! {
    /// Which run of a case this thread is in: a case runs once per
    /// Terraform binary, and [`CompareValue`] compares within one run.
    static RUN: Cell<u64> = const { Cell::new(0) };
}

/// Starts a new run of a case on this thread.
pub(crate) fn begin_run() {
    RUN.with(|r| r.set(r.get() + 1));
}

/// How [`CompareValue`] compares the values it collected; Go's
/// `compare.ValuesSame` and `compare.ValuesDiffer`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comparer {
    /// Every value equals the first.
    ValuesSame,
    /// Each value differs from the one before.
    ValuesDiffer,
}

/// Compares a value across steps (Go's `statecheck.CompareValue`): make
/// one, then give each step `compare.add_state_value(address, path)`; each
/// step records its value and compares all recorded so far.
#[derive(Clone)]
pub struct CompareValue {
    comparer: Comparer,
    /// The run the values were seen in, and the values.
    seen: Arc<Mutex<(u64, Vec<Json>)>>,
}

impl std::fmt::Debug for CompareValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CompareValue")
            .field("comparer", &self.comparer)
            .finish_non_exhaustive()
    }
}

/// A [`CompareValue`] with `comparer`.
pub fn compare_value(comparer: Comparer) -> CompareValue {
    CompareValue {
        comparer,
        seen: Arc::new(Mutex::new((0, Vec::new()))),
    }
}

impl CompareValue {
    /// The check for one step: records the value at `path` of `address`.
    pub fn add_state_value(&self, address: impl Into<String>, path: Path) -> BoxStateCheck {
        let address = address.into();
        let this = self.clone();
        check(move |state| {
            let value = path.traverse(&resource(state, &address)?.values)?.clone();
            let run = RUN.with(Cell::get);
            let mut seen = this.seen.lock().unwrap_or_else(PoisonError::into_inner);
            if seen.0 != run {
                *seen = (run, Vec::new());
            }
            seen.1.push(value);
            compare(this.comparer, &seen.1)
        })
    }
}

fn compare(comparer: Comparer, values: &[Json]) -> Result<(), String> {
    comparer.compare_values(values)
}

impl Comparer {
    /// Compares `values` in the order given (Go's `CompareValues`), with
    /// Go's messages (values printed as Go's `%v`).
    pub fn compare_values(self, values: &[Json]) -> Result<(), String> {
        for pair in values.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            match self {
                Comparer::ValuesSame if a != b => {
                    return Err(format!(
                        "expected values to be the same, but they differ: {} != {}",
                        gofmt::v(a),
                        gofmt::v(b)
                    ))
                }
                Comparer::ValuesDiffer if a == b => {
                    return Err(format!(
                        "expected values to differ, but they are the same: {} == {}",
                        gofmt::v(a),
                        gofmt::v(b)
                    ))
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// Go's lookup for the compare checks: root module resources only.
fn root_resource<'s>(state: &'s State, address: &str) -> Result<&'s Resource, String> {
    let values = state
        .values
        .as_ref()
        .ok_or_else(|| "state does not contain any state values".to_owned())?;
    values
        .root_module
        .resources
        .iter()
        .find(|r| r.address == address)
        .ok_or_else(|| format!("{address} - Resource not found in state"))
}

/// The value at `path_one` of `address_one` and at `path_two` of
/// `address_two`, compared with `comparer` (Go's `CompareValuePairs`).
pub fn compare_value_pairs(
    address_one: impl Into<String>,
    path_one: Path,
    address_two: impl Into<String>,
    path_two: Path,
    comparer: Comparer,
) -> BoxStateCheck {
    let (one, two) = (address_one.into(), address_two.into());
    check(move |state| {
        let a = path_one.traverse(&root_resource(state, &one)?.values)?;
        let b = path_two.traverse(&root_resource(state, &two)?.values)?;
        comparer.compare_values(&[a.clone(), b.clone()])
    })
}

/// Go's `walkCollectionPath`: every value reached from `value` through
/// `paths`, entering each list element and map value (keys in order).
fn walk_collection(value: &Json, paths: &[Path], out: &mut Vec<Json>) -> Result<(), String> {
    let items: Vec<&Json> = match value {
        Json::Array(items) => items.iter().collect(),
        Json::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            keys.into_iter().filter_map(|k| map.get(k)).collect()
        }
        other => {
            out.push(other.clone());
            return Ok(());
        }
    };
    for item in items {
        match paths.split_first() {
            None => out.push(item.clone()),
            Some((first, rest)) => {
                // For a map, Go traverses the map itself (once per key), not
                // the key's value.
                let from = if value.is_object() { value } else { item };
                walk_collection(first.traverse(from)?, rest, out)?;
            }
        }
    }
    Ok(())
}

/// Some element of the collection at `collection_path` of `address_one`
/// (the first path names the collection, each further one a step inside
/// every element) compares with `comparer` to the value at
/// `attribute_path` of `address_two` (Go's `CompareValueCollection`).
pub fn compare_value_collection(
    address_one: impl Into<String>,
    collection_path: Vec<Path>,
    address_two: impl Into<String>,
    attribute_path: Path,
    comparer: Comparer,
) -> BoxStateCheck {
    let (one, two) = (address_one.into(), address_two.into());
    check(move |state| {
        let resource = root_resource(state, &one)?;
        let Some((first, rest)) = collection_path.split_first() else {
            return Err(format!("{one} - No collection path was provided"));
        };
        let collection = first.traverse(&resource.values)?;
        if !(collection.is_array() || collection.is_object()) {
            let path: String = collection_path.iter().map(|p| format!(".{p}")).collect();
            return Err(format!(
                "{one}{path} is not a collection type: {}",
                super::knownvalue::go_type(collection)
            ));
        }
        let mut results = Vec::new();
        walk_collection(collection, rest, &mut results)?;
        let other = attribute_path.traverse(&root_resource(state, &two)?.values)?;
        let mut errors: Vec<String> = Vec::new();
        for value in results {
            let value = if other.is_array() {
                Json::Array(vec![value])
            } else {
                value
            };
            match comparer.compare_values(&[value, other.clone()]) {
                Ok(()) => return Ok(()),
                Err(e) if !errors.contains(&e) => errors.push(e),
                Err(_) => {}
            }
        }
        super::failures::joined(errors)
    })
}

/// Runs `checks` on `state`; every failure, one per line.
pub(crate) fn run(state: &State, checks: &[BoxStateCheck]) -> Result<(), String> {
    let errors: Vec<String> = checks
        .iter()
        .filter_map(|c| c.check_state(state).err())
        .collect();
    super::failures::joined(errors)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::testing::acceptance::json::parse_state;
    use crate::testing::acceptance::knownvalue;

    fn state() -> State {
        parse_state(
            br#"{"values":{
          "outputs":{"obj":{"value":{"a":"x","n":[1,2]}}},
          "root_module":{"resources":[
            {"address":"t.a","values":{"id":"1","name":"n1","nets":[{"id":"net-1"},{"id":"net-2"}]},
             "identity":{"id":"1"}},
            {"address":"t.b","values":{"id":"2","name":"n1","net":"net-2","net_list":["net-1"]},
             "identity":{"id":"9"}}
          ]}}}"#,
        )
        .unwrap()
    }

    fn fails(check: BoxStateCheck) -> String {
        check.check_state(&state()).unwrap_err()
    }

    #[test]
    fn outputs_with_gos_texts() {
        let s = state();
        assert!(expect_known_output_value_at_path(
            "obj",
            Path::new("a"),
            knownvalue::string_exact("x")
        )
        .check_state(&s)
        .is_ok());
        assert_eq!(
            fails(expect_known_output_value_at_path("obj", Path::new("n"), knownvalue::list_size_exact(3))),
            "error checking value for output at path: obj.n, err: expected 3 elements for ListSizeExact check, got 2 elements"
        );
        assert_eq!(
            fails(expect_known_output_value("obj", knownvalue::null())),
            "error checking value for output at path: obj, err: expected value nil for Null check, got: map[string]interface {}"
        );
        assert_eq!(
            fails(expect_known_output_value("nope", knownvalue::null())),
            "nope - Output not found in state"
        );
        assert_eq!(
            expect_known_output_value("obj", knownvalue::null())
                .check_state(&State::default())
                .unwrap_err(),
            "state does not contain any state values"
        );
    }

    #[test]
    fn pairs_and_collections() {
        let s = state();
        let pairs = |p1: &str, p2: &str, c| {
            compare_value_pairs("t.a", Path::new(p1), "t.b", Path::new(p2), c)
        };
        assert!(pairs("name", "name", Comparer::ValuesSame)
            .check_state(&s)
            .is_ok());
        assert!(pairs("id", "id", Comparer::ValuesDiffer)
            .check_state(&s)
            .is_ok());
        assert_eq!(
            fails(pairs("id", "id", Comparer::ValuesSame)),
            "expected values to be the same, but they differ: 1 != 2"
        );
        assert_eq!(
            fails(pairs("name", "name", Comparer::ValuesDiffer)),
            "expected values to differ, but they are the same: n1 == n1"
        );
        let collection = |target: &str, c| {
            compare_value_collection(
                "t.a",
                vec![Path::new("nets"), Path::new("id")],
                "t.b",
                Path::new(target),
                c,
            )
        };
        assert!(collection("net", Comparer::ValuesSame)
            .check_state(&s)
            .is_ok());
        assert!(collection("net_list", Comparer::ValuesSame)
            .check_state(&s)
            .is_ok());
        assert_eq!(
            fails(collection("name", Comparer::ValuesSame)),
            "expected values to be the same, but they differ: net-1 != n1\nexpected values to be the same, but they differ: net-2 != n1"
        );
        assert_eq!(
            fails(compare_value_collection(
                "t.a",
                vec![Path::new("name")],
                "t.b",
                Path::new("name"),
                Comparer::ValuesSame
            )),
            "t.a.name is not a collection type: string"
        );
        assert_eq!(
            fails(compare_value_collection(
                "t.a",
                vec![],
                "t.b",
                Path::new("name"),
                Comparer::ValuesSame
            )),
            "t.a - No collection path was provided"
        );
        assert_eq!(
            fails(compare_value_pairs(
                "t.c",
                Path::new("id"),
                "t.b",
                Path::new("id"),
                Comparer::ValuesSame
            )),
            "t.c - Resource not found in state"
        );
    }

    #[test]
    fn identity_matches_state() {
        let s = state();
        assert!(expect_identity_value_matches_state("t.a", Path::new("id"))
            .check_state(&s)
            .is_ok());
        assert_eq!(
            fails(expect_identity_value_matches_state("t.b", Path::new("id"))),
            "expected identity and state value at path to match, but they differ: t.b.id, identity value: 9, state value: 2"
        );
        assert_eq!(
            fails(expect_identity_value_matches_state_at_path("t.b", Path::new("id"), Path::new("name"))),
            "expected identity (t.b.id) and state value (t.b.name) to match, but they differ: identity value: 9, state value: n1"
        );
    }
}
