//! Checks of the state after apply, as Go's `statecheck` package. Their
//! messages are Go's.

use std::cell::Cell;
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::Value as Json;

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

/// The root module output `name` matches `value`.
pub fn expect_known_output_value(name: impl Into<String>, value: BoxCheck) -> BoxStateCheck {
    let name = name.into();
    check(move |state| {
        let output = state
            .values
            .as_ref()
            .and_then(|v| v.outputs.get(&name))
            .ok_or_else(|| format!("{name} - Output not found in state"))?;
        value.check_value(&output.value)
    })
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
    for pair in values.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        match comparer {
            Comparer::ValuesSame if a != b => {
                return Err(format!(
                    "expected values to be the same, but they differ: {a} != {b}"
                ))
            }
            Comparer::ValuesDiffer if a == b => {
                return Err(format!(
                    "expected values to differ, but they are the same: {a} == {b}"
                ))
            }
            _ => {}
        }
    }
    Ok(())
}

/// Runs `checks` on `state`; every failure, one per line.
pub(crate) fn run(state: &State, checks: &[BoxStateCheck]) -> Result<(), String> {
    let errors: Vec<String> = checks
        .iter()
        .filter_map(|c| c.check_state(state).err())
        .collect();
    super::failures::joined(errors)
}
