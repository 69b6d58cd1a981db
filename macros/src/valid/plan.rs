//! The plan policy of an attribute: `default`, `use_state_for_unknown`,
//! `use_non_null_state_for_unknown`, `requires_replace(_if)`,
//! `requires_replace_if_configured` and (with `with`) `semantic_equal`,
//! and the rules of the first three against the attribute's flags and
//! type.

use darling::error::Accumulator;
use darling::util::SpannedValue;

use super::model::{Flags, Kind, PlanModel, TypeCheck, TypeRule, WithModel};
use super::report::err_at;
use crate::ast::{DefaultArg, Field};
use crate::tyinfo::{self, Scalar, Shape};

/// The rules of `default`, in the order they are reported.
pub fn default(
    field: &Field,
    flags: Option<Flags>,
    name: &str,
    shape: &Shape<'_>,
    type_checks: &mut Vec<TypeCheck>,
    errors: &mut Accumulator,
) {
    let Some(d) = &field.default else { return };
    default_needs_optional_computed(d, flags, errors);
    default_not_write_only(field, d, errors);
    with_default_is_a_function(field, d, errors);
    type_checks.extend(default_literal_fits(field, d, name, shape, errors));
}

/// Terraform plans the default when the configuration leaves the
/// attribute out: it is optional and computed.
fn default_needs_optional_computed(
    d: &SpannedValue<DefaultArg>,
    flags: Option<Flags>,
    errors: &mut Accumulator,
) {
    match flags {
        Some(f) if f.optional && f.computed => {}
        _ => errors.push(err_at(
            d.span(),
            "`default` needs `optional, computed` (and `Unknown<Option<T>>`): Terraform plans the default when the configuration leaves the attribute out",
        )),
    }
}

fn default_not_write_only(field: &Field, d: &SpannedValue<DefaultArg>, errors: &mut Accumulator) {
    if field.write_only.is_present() {
        errors.push(err_at(
            d.span(),
            "a write-only attribute cannot have a `default`: Terraform never stores its value",
        ));
    }
}

/// A `with` field's default is a value of its custom type.
fn with_default_is_a_function(
    field: &Field,
    d: &SpannedValue<DefaultArg>,
    errors: &mut Accumulator,
) {
    if field.with.is_some() && !matches!(**d, DefaultArg::Path(_)) {
        errors.push(err_at(
            d.span(),
            "a `with` field's default is a value of its custom type: write `default = path::to::fn` (the module's `to_wire` converts what it returns)",
        ));
    }
}

/// A literal of the attribute's kind; for a name the derive cannot see
/// through (an alias of `Unknown<Option<i64>>`, say), the check the
/// compiler makes.
fn default_literal_fits(
    field: &Field,
    d: &SpannedValue<DefaultArg>,
    name: &str,
    shape: &Shape<'_>,
    errors: &mut Accumulator,
) -> Option<TypeCheck> {
    // A `with` field's literal is reported above; its core type is not
    // the wire type the literal would be.
    let scalar = match &field.with {
        Some(_) => Scalar::Other,
        None => tyinfo::scalar(shape.core),
    };
    let literal = match &**d {
        DefaultArg::Str(_) => Scalar::String,
        DefaultArg::Number(_) => Scalar::Number,
        DefaultArg::Bool(_) => Scalar::Bool,
        DefaultArg::Path(_) => return None,
    };
    if scalar != Scalar::Other && scalar != literal {
        errors.push(err_at(
            d.span(),
            "the `default` literal does not fit the attribute's type; use a literal of that type or a path to a function",
        ));
        return None;
    }
    (field.with.is_none() && !tyinfo::builtin(shape.core)).then(|| TypeCheck {
        span: d.span(),
        rule: TypeRule::DefaultFits(literal),
        message: format!(
            "`{name}`: the `default` literal does not fit the attribute's type `{}`; use a literal of that type or a path to a function",
            tyinfo::text(&field.ty)
        ),
    })
}

/// `use_state_for_unknown` and `use_non_null_state_for_unknown` keep the
/// prior state instead of planning unknown: only a computed attribute or
/// block is planned unknown.
pub fn use_state_needs_computed(field: &Field, kind: &Kind, errors: &mut Accumulator) {
    let computed = match kind {
        Kind::Block { computed, .. } => *computed,
        _ => kind.is_computed(),
    };
    let keys = [
        (&field.use_state_for_unknown, "use_state_for_unknown"),
        (
            &field.use_non_null_state_for_unknown,
            "use_non_null_state_for_unknown",
        ),
    ];
    for (flag, key) in keys {
        if flag.is_present() && !computed {
            errors.push(err_at(
                flag.span(),
                format!("`{key}` applies to `computed` attributes and blocks (it keeps the prior state instead of planning unknown)"),
            ));
        }
    }
}

/// The two ways of keeping the prior state are one or the other: with
/// both, the first keeps whatever the second would.
pub fn one_use_state(field: &Field, errors: &mut Accumulator) {
    if field.use_state_for_unknown.is_present() && field.use_non_null_state_for_unknown.is_present()
    {
        errors.push(err_at(
            field.use_non_null_state_for_unknown.span(),
            "write one of `use_state_for_unknown` (keeps the prior value, null included) and `use_non_null_state_for_unknown` (keeps it only when it is not null), not both",
        ));
    }
}

/// The field's plan policy.
pub fn model(field: &Field, with: Option<&WithModel>) -> PlanModel {
    PlanModel {
        requires_replace: field.requires_replace.is_present(),
        requires_replace_if: field.requires_replace_if.as_ref().map(|p| (**p).clone()),
        requires_replace_if_configured: field.requires_replace_if_configured.is_present(),
        use_state_for_unknown: field.use_state_for_unknown.is_present(),
        use_non_null_state_for_unknown: field.use_non_null_state_for_unknown.is_present(),
        default: field.default.as_ref().map(|d| (**d).clone()),
        semantic_equal: with
            .filter(|_| field.semantic_equal.is_present())
            .map(|w| w.module.clone()),
        semantic_key: with
            .filter(|_| field.semantic_key.is_present())
            .map(|w| w.module.clone()),
        semantic_elements: with.is_some_and(|w| w.each.is_some()),
    }
}
