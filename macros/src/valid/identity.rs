//! The rules of `#[tf(identity)]`: an identity model has plain attributes,
//! each required or optional for import, because Terraform's identity
//! schema gives an attribute a type, `required_for_import`,
//! `optional_for_import` and a description, nothing else. Each rule is one
//! small function; the field types are checked by the generated code
//! (`__private::identity_attr`, at the field's type).

use darling::util::{Flag, SpannedValue};
use darling::Error;
use proc_macro2::Span;

use super::report::{err_at, refuse_flag, refuse_key};
use crate::ast::{Container, Field};

/// The container keys an identity model cannot have.
pub fn check_container(container: &Container, errors: &mut darling::error::Accumulator) {
    if let Some(v) = &container.validate_with {
        errors.push(err_at(
            v.span(),
            "`validate_with` checks a configuration, and an identity is never configured: check an import identity in `ResourceIdentity::import_by_identity`",
        ));
    }
    refuse_key(&container.deprecated, "an identity cannot be `deprecated`: Terraform's identity schema has no deprecation; bump the identity's `version` and upgrade it instead", errors);
}

/// The field keys an identity attribute cannot have, each at its key;
/// `false` when there were any.
pub fn check_field(field: &Field, errors: &mut darling::error::Accumulator) -> bool {
    let mut found = Error::accumulator();
    never_computed(field, &mut found);
    no_blocks(field, &mut found);
    shown_and_stored(field, &mut found);
    not_planned(field, &mut found);
    not_validated(field, &mut found);
    described(field, &mut found);
    match found.finish() {
        Ok(()) => true,
        Err(e) => {
            errors.push(e);
            false
        }
    }
}

/// No deprecation and no description kind: the identity schema has
/// neither.
fn described(field: &Field, errors: &mut darling::error::Accumulator) {
    refuse_key(&field.deprecated, "an identity attribute cannot be `deprecated`: Terraform's identity schema has no deprecation; bump the identity's `version` and upgrade it instead", errors);
    refuse_flag(&field.markdown, "an identity attribute's description is plain text (the identity schema has no description kind): remove `markdown`", errors);
}

/// Terraform stores the identity the provider returns: nothing in it is
/// planned, so nothing is computed.
fn never_computed(field: &Field, errors: &mut darling::error::Accumulator) {
    refuse_flag(&field.computed, "an identity attribute must be required or optional for import, never `computed`: write `T` (required for import) or `Option<T>` (optional for import), and fill it in `ResourceIdentity::identity`", errors);
}

fn no_blocks(field: &Field, errors: &mut darling::error::Accumulator) {
    refuse_key(&field.block, "an identity has attributes only, no blocks: make it an attribute (a string, number, bool or a list of them)", errors);
    refuse_flag(&field.nested, "an identity has plain attributes only, no nested attributes: use strings, numbers, bools or lists of them", errors);
}

/// Identities appear in plans, import blocks and the state as they are.
fn shown_and_stored(field: &Field, errors: &mut darling::error::Accumulator) {
    refuse_flag(&field.sensitive, "an identity attribute cannot be `sensitive`: Terraform shows identities in plans and `import` blocks; keep secrets out of the identity", errors);
    refuse_flag(&field.write_only, "an identity attribute cannot be `write_only`: Terraform stores the identity with the state", errors);
}

fn not_planned(field: &Field, errors: &mut darling::error::Accumulator) {
    let flags: [(&Flag, &str); 6] = [
        (&field.requires_replace, "requires_replace"),
        (
            &field.requires_replace_if_configured,
            "requires_replace_if_configured",
        ),
        (&field.use_state_for_unknown, "use_state_for_unknown"),
        (
            &field.use_non_null_state_for_unknown,
            "use_non_null_state_for_unknown",
        ),
        (&field.semantic_equal, "semantic_equal"),
        (&field.semantic_key, "semantic_key"),
    ];
    let mut spans: Vec<(Span, &str)> = flags
        .iter()
        .filter(|(f, _)| f.is_present())
        .map(|(f, key)| (f.span(), *key))
        .collect();
    if let Some(p) = &field.requires_replace_if {
        spans.push((p.span(), "requires_replace_if"));
    }
    if let Some(d) = &field.default {
        spans.push((d.span(), "default"));
    }
    for (span, key) in spans {
        errors.push(err_at(
            span,
            format!("`{key}` is a plan policy, and an identity is not planned (it must not change after create): remove it"),
        ));
    }
}

fn not_validated(field: &Field, errors: &mut darling::error::Accumulator) {
    let mut spans: Vec<(Span, &str)> = Vec::new();
    if let Some(v) = &field.validate {
        spans.push((v.span(), "validate"));
    }
    for (list, key) in [
        (&field.conflicts_with, "conflicts_with"),
        (&field.exactly_one_of, "exactly_one_of"),
        (&field.at_least_one_of, "at_least_one_of"),
        (&field.required_with, "required_with"),
        (&field.at_least_sum_of, "at_least_sum_of"),
        (&field.at_most_sum_of, "at_most_sum_of"),
        (&field.equal_to_sum_of, "equal_to_sum_of"),
    ] {
        if let Some(list) = list {
            spans.push((SpannedValue::span(list), key));
        }
    }
    for (span, key) in spans {
        errors.push(err_at(
            span,
            format!("`{key}` checks a configuration, and an identity is never configured: check an import identity in `ResourceIdentity::import_by_identity`"),
        ));
    }
}
