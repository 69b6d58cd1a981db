//! The rules of a field's written type that hold whatever the field is
//! (attribute, block or nested attributes): one null, unknown outside the
//! null, string map keys.

use darling::error::Accumulator;
use quote::ToTokens;
use syn::spanned::Spanned;

use super::report::err_at;
use crate::tyinfo::{self, Shape};

/// `Option<Option<T>>`: a Terraform value has one null.
pub fn one_null(ty: &syn::Type, errors: &mut Accumulator) {
    if let Some(inner) = tyinfo::option_inner(ty).and_then(tyinfo::option_inner) {
        errors.push(err_at(
            ty.span(),
            format!(
                "a Terraform value has one null: write `Option<{}>`, not `Option<Option<..>>`",
                inner.to_token_stream()
            ),
        ));
    }
}

/// `Option<Unknown<T>>`: spelled `Unknown<Option<T>>`.
pub fn unknown_outside_null(ty: &syn::Type, shape: &Shape<'_>, errors: &mut Accumulator) {
    if shape.option_of_unknown {
        errors.push(err_at(
            ty.span(),
            "`Option<Unknown<T>>` is not supported: write `Unknown<Option<T>>` (may be unknown, and null when known)",
        ));
    }
}

/// A map whose key type is clearly not a string.
pub fn string_map_keys(shape: &Shape<'_>, errors: &mut Accumulator) {
    if let Some(key) = tyinfo::map_key_not_string(shape.core) {
        errors.push(err_at(
            key.span(),
            "Terraform map keys are strings: use String, Box<str>, Cow<str>, &str or CompactString as the key type",
        ));
    }
}
