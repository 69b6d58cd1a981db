//! `#[tf(ephemeral)]`: the model of an ephemeral resource, which Terraform
//! opens for one run and never plans or stores. What only a plan or a state
//! gives meaning to is refused on it, one rule per function, each error at
//! the key it concerns. Nested structs are separate derives: the generated
//! code asserts their part (`expand::ephemeral`).

use super::report::{refuse_flag as flag, refuse_key as key};
use crate::ast::{Container, Field};

/// Every rule, on a container marked `ephemeral` (nothing otherwise).
pub fn check(container: &Container, fields: &[&Field], errors: &mut darling::error::Accumulator) {
    if !container.ephemeral.is_present() {
        return;
    }
    no_version(container, errors);
    for field in fields.iter().filter(|f| !f.skip.is_present()) {
        no_write_only(field, errors);
        no_requires_replace(field, errors);
        no_use_state_for_unknown(field, errors);
        no_default(field, errors);
        no_semantic_equal(field, errors);
    }
}

/// A schema version numbers stored states for upgrades; an ephemeral
/// resource stores none.
fn no_version(container: &Container, errors: &mut darling::error::Accumulator) {
    key(
        &container.version,
        "an ephemeral resource stores no state, so it has no schema version to upgrade from: remove `version`",
        errors,
    );
}

/// Every value of an ephemeral resource is already kept out of plans and
/// states.
fn no_write_only(field: &Field, errors: &mut darling::error::Accumulator) {
    flag(
        &field.write_only,
        "`write_only` means nothing on an ephemeral resource: Terraform keeps none of its values in a plan or state anyway; remove `write_only`",
        errors,
    );
}

fn no_requires_replace(field: &Field, errors: &mut darling::error::Accumulator) {
    flag(
        &field.requires_replace,
        "an ephemeral resource is opened anew in every run, never planned or replaced: remove `requires_replace`",
        errors,
    );
    key(
        &field.requires_replace_if,
        "an ephemeral resource is opened anew in every run, never planned or replaced: remove `requires_replace_if`",
        errors,
    );
    flag(
        &field.requires_replace_if_configured,
        "an ephemeral resource is opened anew in every run, never planned or replaced: remove `requires_replace_if_configured`",
        errors,
    );
}

fn no_use_state_for_unknown(field: &Field, errors: &mut darling::error::Accumulator) {
    flag(
        &field.use_state_for_unknown,
        "an ephemeral resource has no prior state to keep a value from: remove `use_state_for_unknown` (fill the attribute in `open`)",
        errors,
    );
    flag(
        &field.use_non_null_state_for_unknown,
        "an ephemeral resource has no prior state to keep a value from: remove `use_non_null_state_for_unknown` (fill the attribute in `open`)",
        errors,
    );
}

fn no_default(field: &Field, errors: &mut darling::error::Accumulator) {
    key(
        &field.default,
        "a `default` is planned, and an ephemeral resource is never planned: remove it and fill the attribute in `open` (it reads as unknown there when the configuration leaves it out)",
        errors,
    );
}

fn no_semantic_equal(field: &Field, errors: &mut darling::error::Accumulator) {
    flag(
        &field.semantic_equal,
        "`semantic_equal` compares a prior state with a new value, and an ephemeral resource has no prior state: remove `semantic_equal`",
        errors,
    );
    flag(
        &field.semantic_key,
        "`semantic_key` compares a prior state with a new value, and an ephemeral resource has no prior state: remove `semantic_key`",
        errors,
    );
}
