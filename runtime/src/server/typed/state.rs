//! The state a call answers with: a model written to msgpack and checked
//! against the plan, or the partial state of a failed apply.

use std::sync::Arc;

use super::shape::Shape;
use super::write_only::strip_write_only;
use super::Model;
use crate::diag::Diagnostics;
use crate::schema::Block;
use crate::server::plan::{check_applied, keep_semantically_equal};
use crate::server::raw::DynamicValue;
use crate::types::Type;
use crate::value::Value;

/// The planned state an applied state is checked against, and whether it
/// holds unknowns with refinements (noted when it was read).
pub(super) struct PlannedState<'a> {
    pub(super) value: &'a DynamicValue,
    pub(super) refined: bool,
}

/// A model as the state to send, written straight to msgpack. Checked
/// against `planned` as [`check_applied`] does: no unknown may remain, and
/// planned refinements must hold. Where the model has attributes with
/// semantic equality, each keeps its value in `before` (the plan for an
/// apply, the state read for a read, the configuration for a data source)
/// when the new value means the same ([`keep_semantically_equal`]). The
/// checks read the bytes; a [`Value`] is built (from the bytes) only when
/// the model has write-only attributes to null or attributes with semantic
/// equality, an unknown remains, or the plan held refinements.
pub(super) fn state_of<M: Model>(
    shape: &Shape,
    model: &M,
    planned: Option<PlannedState<'_>>,
    before: Option<&DynamicValue>,
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
        return shape.null();
    }
    let before = before.filter(|b| shape.semantic_equal && !b.is_null());
    if !M::HAS_WRITE_ONLY && !refined && !enc.wrote_unknown() && before.is_none() {
        return DynamicValue::msgpack(enc.into_vec(), Arc::clone(&shape.ty));
    }
    let mut state = match crate::msgpack::value_from_slice(&enc.into_vec(), &shape.ty) {
        Ok(state) => state,
        Err(err) => {
            diagnostics.push(err.into());
            return shape.null();
        }
    };
    if let Some(before) = before {
        match before.to_value() {
            Ok(before) => keep_semantically_equal(&shape.block, &before, &mut state),
            Err(err) => diagnostics.push(err.into()),
        }
    }
    strip_write_only(&shape.block, &mut state);
    let planned = match planned.map(|p| p.value.to_value()) {
        Some(Ok(v)) => v,
        _ => Value::Null(Type::clone(&shape.ty)),
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
