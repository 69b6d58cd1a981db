//! `with = module` and `semantic_equal`: a field of a custom type that a
//! module converts to and from a Terraform value type.

use darling::error::Accumulator;
use syn::spanned::Spanned;

use super::model::{Each, WithModel};
use super::report::err_at;
use crate::ast::Field;
use crate::tyinfo::{self, Collection};

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
    let each = field
        .each
        .is_present()
        .then(|| each(field, custom, errors))
        .flatten();
    Some(WithModel {
        module: module.0.clone(),
        wrappers,
        custom: custom.clone(),
        each,
    })
}

/// `each`: the collection the module converts the elements of, written
/// inside the field's wrappers.
fn each(field: &Field, custom: &syn::Type, errors: &mut Accumulator) -> Option<Each> {
    let (element, collection) = tyinfo::collection(custom);
    if collection == Collection::One {
        errors.push(err_at(
            custom.span(),
            format!(
                "`each` converts the elements of a list, set or map, and `{}` is none: write `Vec<T>`, `HashSet<T>`, `BTreeSet<T>`, `BTreeMap<String, T>` or `HashMap<String, T>` (inside `Option`/`Unknown` as usual), or remove `each` to have the module convert the whole value",
                tyinfo::text(custom)
            ),
        ));
        return None;
    }
    // A key that is not a string at all is reported by the map check.
    if collection == Collection::Map && tyinfo::map_key_not_string(custom).is_none() {
        let key = tyinfo::head(custom).and_then(|(_, args)| args.first().copied());
        if let Some(key) = key
            .filter(|k| !matches!(tyinfo::head(k), Some((n, a)) if n == "String" && a.is_empty()))
        {
            errors.push(err_at(
                key.span(),
                "the keys of a map whose elements `each` converts are `String`s: write `BTreeMap<String, T>` or `HashMap<String, T>`",
            ));
            return None;
        }
    }
    if let Some(default) = &field.default {
        errors.push(err_at(
            default.span(),
            "an `each` field has no `default`: the module converts elements, and a default is the whole collection; plan it in the resource's plan hook, or remove `each`",
        ));
    }
    Some(Each {
        collection,
        element: element.clone(),
    })
}

fn semantic_equal_needs_with(field: &Field, errors: &mut Accumulator) {
    if field.semantic_equal.is_present() {
        errors.push(err_at(
            field.semantic_equal.span(),
            "`semantic_equal` calls the `semantically_equal` function of the field's `with` module: add `with = path::to::module`, or remove `semantic_equal`",
        ));
    }
    if field.each.is_present() {
        errors.push(err_at(
            field.each.span(),
            "`each` has the field's `with` module convert each element of a list, set or map: add `with = path::to::module`, or remove `each`",
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
