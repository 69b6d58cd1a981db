//! One field: its rules run in order (each file's, reported together) and
//! what they resolve put together as its [`FieldModel`].

use darling::error::Accumulator;
use darling::util::SpannedValue;
use darling::Error;
use proc_macro2::Span;

use super::model::{FieldModel, Flags, Kind, TypeCheck};
use super::report::err_at;
use super::{block, container, names, plan, presence, types, validators, with};
use crate::ast::doc::doc_description;
use crate::ast::Field;
use crate::tyinfo::{self, Shape};

/// A `skip`ped field is not part of the schema: no other `tf` key.
pub fn skip_alone(field: &Field, errors: &mut Accumulator) {
    if let Some(span) = skip_conflict(field) {
        errors.push(err_at(
            span,
            "a `skip`ped field is not part of the schema: remove the other `tf` keys, or `skip`",
        ));
    }
}

/// The span of a `tf` key other than `skip` on a skipped field.
fn skip_conflict(field: &Field) -> Option<Span> {
    let flags = [
        &field.required,
        &field.optional,
        &field.computed,
        &field.sensitive,
        &field.write_only,
        &field.markdown,
        &field.nested,
        &field.semantic_equal,
        &field.semantic_key,
        &field.each,
    ];
    if let Some(f) = flags.iter().find(|f| f.is_present()) {
        return Some(f.span());
    }
    field
        .rename
        .as_ref()
        .map(SpannedValue::span)
        .or_else(|| field.deprecated.as_ref().map(SpannedValue::span))
        .or_else(|| field.description.as_ref().map(SpannedValue::span))
        .or_else(|| field.block.as_ref().map(SpannedValue::span))
        .or_else(|| field.nesting.as_ref().map(SpannedValue::span))
        .or_else(|| field.min_items.as_ref().map(SpannedValue::span))
        .or_else(|| field.max_items.as_ref().map(SpannedValue::span))
        .or_else(|| field.with.as_ref().map(SpannedValue::span))
}

/// The field's rules, every mistake reported; its model when there is none.
pub fn field(field: &Field, ident: &syn::Ident) -> Result<FieldModel, Error> {
    let mut errors = Error::accumulator();
    let ident_span = ident.span();
    let name = names::terraform_name(field, ident, &mut errors);
    let shape = tyinfo::shape(&field.ty);
    types::one_null(&field.ty, &mut errors);
    types::unknown_outside_null(&field.ty, &shape, &mut errors);
    types::string_map_keys(&shape, &mut errors);
    block::nesting_given_once(field, &mut errors);
    presence::required_alone(field, ident_span, &mut errors);
    presence::write_only_not_computed(field, ident_span, &mut errors);
    block::block_or_nested(field, ident_span, &mut errors);
    container::deprecation_said(&field.deprecated, &mut errors);

    let mut type_checks = Vec::new();
    let kind = kind(
        field,
        &name,
        &shape,
        ident_span,
        &mut type_checks,
        &mut errors,
    );
    let with = with::with(field, &mut errors);
    let validators = validators::validators(field, &kind, &shape, &mut errors);
    let rules = validators::rules(field, &shape, &mut errors);
    let flags = kind.flags();
    plan::default(field, flags, &name, &shape, &mut type_checks, &mut errors);
    plan::use_state_needs_computed(field, &kind, &mut errors);
    plan::one_use_state(field, &mut errors);
    let plan = plan::model(field, with.as_ref());

    errors.finish()?;
    Ok(FieldModel {
        ident: ident.clone(),
        vis: field.vis.clone(),
        ty: field.ty.clone(),
        name,
        kind,
        description: field
            .description
            .as_ref()
            .map_or_else(|| doc_description(&field.attrs), |d| d.as_str().to_owned()),
        markdown: field.markdown.is_present(),
        sensitive: field.sensitive.is_present(),
        write_only: field.write_only.is_present(),
        deprecated: field.deprecated.is_some(),
        deprecation_message: field.deprecated.as_ref().map(|d| d.message().to_owned()),
        validators,
        rules,
        plan,
        with,
        type_checks,
    })
}

/// An attribute, a block or nested attributes, with the rules of each.
fn kind(
    field: &Field,
    name: &str,
    shape: &Shape<'_>,
    ident_span: Span,
    type_checks: &mut Vec<TypeCheck>,
    errors: &mut Accumulator,
) -> Kind {
    let flags = if field.block.is_some() {
        block::no_attribute_keys(field, errors);
        Flags::NONE
    } else {
        let (flags, checks) = presence::attribute_flags(field, name, shape, errors);
        type_checks.extend(checks);
        flags
    };
    block::block_keys_need_block(field, errors);
    if field.block.is_some() {
        block::block(field, name, shape, ident_span, type_checks, errors)
    } else if field.nested.is_present() {
        block::nested(name, flags, shape, type_checks, errors)
    } else {
        Kind::Attribute(flags)
    }
}
