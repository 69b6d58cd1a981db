//! Request values read into models and plan views: an error diagnostic
//! when they do not fit, the derived validators on a configuration, and
//! what a data source's model reads for attributes it computes.

use super::{Model, PlanView};
use crate::diag::Diagnostics;
use crate::model::TfDecode;
use crate::rules::ConfigValidator;
use crate::schema::Block;
use crate::server::raw::DynamicValue;
use crate::server::walk::{walk, At, Flow, Node, Object, Visitor};
use crate::value::Value;

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

/// Derived validators, the type's configuration validators and its own
/// hook, on a configuration that may
/// hold unknowns. Every check runs: a value a custom type's `from_wire`
/// refuses is reported at its attribute and reads as unknown in the hook's
/// view (`read_past_refusals`).
pub(super) fn validate_model<M: Model>(
    config: &DynamicValue,
    validators: Vec<ConfigValidator>,
    hook: impl FnOnce(&PlanView<M>) -> Diagnostics,
) -> Diagnostics {
    validate_model_with::<M>(config, false, validators, hook)
}

/// [`validate_model`] for a Terraform that says whether it allows
/// write-only attributes (a resource's `ValidateResourceConfig`), which
/// `prefer_write_only_attribute` waits for.
pub(super) fn validate_model_with<M: Model>(
    config: &DynamicValue,
    write_only_allowed: bool,
    validators: Vec<ConfigValidator>,
    hook: impl FnOnce(&PlanView<M>) -> Diagnostics,
) -> Diagnostics {
    let value = match config.read_value() {
        Ok(value) => value,
        Err(d) => return d,
    };
    let mut diagnostics = M::validate_config(&value, write_only_allowed);
    // `ConfigValidator::prefer_write_only_attribute` reads the capability.
    crate::validate::write_only::with_write_only_allowed(write_only_allowed, || {
        for validator in validators {
            diagnostics.extend(validator.validate(&value));
        }
    });
    match config.read_past_refusals::<PlanView<M>>(&value) {
        Ok((view, refusals)) => {
            diagnostics.extend(refusals);
            diagnostics.extend(hook(&view));
        }
        Err(d) => diagnostics.extend(d),
    }
    diagnostics
}

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
    fn may_change(&self, object: Object<'_>) -> bool {
        object.holds(&|a| a.computed)
    }

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
