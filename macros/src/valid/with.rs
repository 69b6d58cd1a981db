//! `with = module` and `semantic_equal`: a field of a custom type that a
//! module converts to and from a Terraform value type.

use darling::error::Accumulator;
use syn::spanned::Spanned;

use super::model::WithModel;
use super::report::err_at;
use crate::ast::Field;
use crate::tyinfo;

/// The `with` model of a field, and the mistakes around `with` and
/// `semantic_equal`.
pub fn with(field: &Field, errors: &mut Accumulator) -> Option<WithModel> {
    let Some(module) = &field.with else {
        semantic_equal_needs_with(field, errors);
        return None;
    };
    let span = module.span();
    not_on_block(field, span, errors);
    not_on_nested(field, span, errors);
    let (wrappers, custom) = tyinfo::wrappers(&field.ty);
    custom_type_owned(custom, errors);
    Some(WithModel {
        module: module.0.clone(),
        wrappers,
        custom: custom.clone(),
    })
}

fn semantic_equal_needs_with(field: &Field, errors: &mut Accumulator) {
    if field.semantic_equal.is_present() {
        errors.push(err_at(
            field.semantic_equal.span(),
            "`semantic_equal` calls the `semantically_equal` function of the field's `with` module: add `with = path::to::module`, or remove `semantic_equal`",
        ));
    }
    if field.semantic_key.is_present() {
        errors.push(err_at(
            field.semantic_key.span(),
            "`semantic_key` calls the `semantic_key` function of the field's `with` module: add `with = path::to::module`, or remove `semantic_key`",
        ));
    }
}

fn not_on_block(field: &Field, span: proc_macro2::Span, errors: &mut Accumulator) {
    if field.block.is_some() {
        errors.push(err_at(
            span,
            "`with` converts an attribute's value; a block's element is a struct deriving TfSchema and TfValue: remove `with` (or `block` to make it an attribute)",
        ));
    }
}

fn not_on_nested(field: &Field, span: proc_macro2::Span, errors: &mut Accumulator) {
    if field.nested.is_present() {
        errors.push(err_at(
            span,
            "`with` converts an attribute's value; nested attributes are a struct deriving TfSchema and TfValue: remove `with` (or `nested` to make it a plain attribute)",
        ));
    }
}

/// The module builds the custom type from an owned wire value.
fn custom_type_owned(custom: &syn::Type, errors: &mut Accumulator) {
    if tyinfo::borrows(custom) {
        errors.push(err_at(
            custom.span(),
            "a `with` field's type must be owned (no references or lifetimes): the module builds it from an owned wire value",
        ));
    }
}
