//! Values between the protocol and the typed views: what a data source's
//! model reads for attributes it computes ([`unset_computed_unknown`]),
//! decoding into a view, write-only attributes in and out, and the state a
//! model becomes.

use super::{Model, PlanView};
use crate::diag::Diagnostics;
use crate::model::TfDecode;
use crate::schema::Block;
use crate::server::plan::check_applied;
use crate::server::raw::DynamicValue;
use crate::server::walk::{walk, At, Flow, Node, Visitor};
use crate::value::Value;

/// A data source's configuration as its model reads it: a computed
/// attribute the configuration leaves unset is the data source's to fill,
/// so it reads as unknown rather than null (its field is `Unknown<T>`).
/// Applies in nested blocks and nested attributes too. (The plan view
/// reads the configuration as it is: null where nothing is set.)
pub(super) fn unset_computed_unknown(block: &Block, mut config: Value) -> Value {
    walk(block, &mut config, (), &mut UnsetComputedUnknown);
    config
}

/// Unknown for computed attributes the configuration leaves null.
struct UnsetComputedUnknown;

impl Visitor<()> for UnsetComputedUnknown {
    fn enter(&mut self, at: At<'_, ()>, value: &mut Value) -> Flow {
        match at.node {
            Node::Attribute(a) if a.computed && value.is_null() => {
                *value = Value::unknown(a.ty.implied_type());
                Flow::Skip
            }
            _ => Flow::Descend,
        }
    }
}

/// Calls its function on every write-only attribute, with the counterpart
/// if any. Sets are not looked into: they cannot hold write-only
/// attributes (the derive refuses them).
struct EachWriteOnly<F>(F);

impl<F: FnMut(&mut Value, Option<&Value>)> Visitor<Option<&Value>> for EachWriteOnly<F> {
    fn enter(&mut self, at: At<'_, Option<&Value>>, value: &mut Value) -> Flow {
        match at.node {
            Node::Attribute(a) if a.write_only => {
                (self.0)(value, at.other);
                Flow::Skip
            }
            _ if at.node.holds_set() => Flow::Skip,
            _ => Flow::Descend,
        }
    }
}

/// Nulls the write-only attributes of a state.
pub(super) fn strip_write_only(block: &Block, state: &mut Value) {
    let mut visitor = EachWriteOnly(|v: &mut Value, _: Option<&Value>| *v = Value::Null(v.ty()));
    walk(block, state, None, &mut visitor);
}

/// Copies the configured write-only values into the planned state.
pub(super) fn merge_write_only(block: &Block, planned: &mut Value, config: &Value) {
    let mut visitor = EachWriteOnly(|v: &mut Value, c: Option<&Value>| {
        if let Some(c) = c {
            *v = c.clone();
        }
    });
    walk(block, planned, Some(config), &mut visitor);
}

/// Reads a value into a model or plan view (through its msgpack decode,
/// the one decode a provider compiles per model), an error diagnostic on
/// failure.
pub(super) fn typed<T: for<'de> TfDecode<'de>>(
    value: &Value,
    diagnostics: &mut Diagnostics,
) -> Option<T> {
    match crate::msgpack::decode_value_as(value) {
        Ok(t) => Some(t),
        Err(err) => {
            diagnostics.push(err.into());
            None
        }
    }
}

/// Reads a request value into a model or view, noting a failure in
/// `diagnostics`.
pub(super) fn read_or_note<T: for<'de> TfDecode<'de>>(
    value: &DynamicValue,
    diagnostics: &mut Diagnostics,
) -> Option<T> {
    match value.read() {
        Ok(t) => Some(t),
        Err(d) => {
            diagnostics.extend(d);
            None
        }
    }
}

/// Derived validators plus the type's own hook, on a configuration that may
/// hold unknowns.
pub(super) fn validate_model<M: Model>(
    config: &DynamicValue,
    hook: impl FnOnce(&PlanView<M>) -> Diagnostics,
) -> Diagnostics {
    let mut diagnostics = match config.read_value() {
        Ok(value) => M::validate_value(&value),
        Err(d) => return d,
    };
    match config.read::<PlanView<M>>() {
        Ok(view) => diagnostics.extend(hook(&view)),
        Err(d) => diagnostics.extend(d),
    }
    diagnostics
}

/// The planned state an applied state is checked against, and whether it
/// holds unknowns with refinements (noted when it was read).
pub(super) struct Planned<'a> {
    pub(super) value: &'a DynamicValue,
    pub(super) refined: bool,
}

/// A model as the state to send, written straight to msgpack. Checked
/// against `planned` as [`check_applied`] does: no unknown may remain, and
/// planned refinements must hold. The checks read the bytes; a [`Value`]
/// is built (from the bytes) only when the model has write-only attributes
/// to null, an unknown remains, or the plan held refinements.
pub(super) fn state_of<M: Model>(
    block: &Block,
    model: &M,
    planned: Option<Planned<'_>>,
    diagnostics: &mut Diagnostics,
) -> DynamicValue {
    let refined = planned.as_ref().is_some_and(|p| p.refined);
    // Room for a state about the size of the plan, so the buffer is not
    // grown and copied a dozen times on the way.
    let capacity = planned
        .as_ref()
        .map_or(0, |p| p.value.as_msgpack().map_or(0, <[u8]>::len));
    let mut enc = crate::msgpack::Encoder::with_capacity(capacity);
    if let Err(err) = model.encode(&mut enc) {
        let mut d = crate::diag::Diagnostic::from(err);
        d.summary = "Provider returned an invalid value".into();
        diagnostics.push(d);
        return DynamicValue::null(M::tf_type());
    }
    if !M::HAS_WRITE_ONLY && !refined && !enc.wrote_unknown() {
        return DynamicValue::msgpack(enc.into_vec(), M::tf_type());
    }
    let ty = M::tf_type();
    let mut state = match crate::msgpack::value_from_slice(&enc.into_vec(), &ty) {
        Ok(state) => state,
        Err(err) => {
            diagnostics.push(err.into());
            return DynamicValue::null(ty);
        }
    };
    strip_write_only(block, &mut state);
    let planned = match planned.map(|p| p.value.to_value()) {
        Some(Ok(v)) => v,
        _ => Value::Null(ty),
    };
    check_applied(&planned, &state, diagnostics);
    DynamicValue::from(state)
}

/// The partial state of a failed apply, its write-only attributes nulled.
pub(super) fn partial_state(
    block: &Block,
    partial: DynamicValue,
    diagnostics: &mut Diagnostics,
) -> DynamicValue {
    match partial.into_value() {
        Ok(mut state) => {
            strip_write_only(block, &mut state);
            DynamicValue::from(state)
        }
        Err(err) => {
            diagnostics.push(err.into());
            DynamicValue::null(block.implied_type())
        }
    }
}
