//! The rules of the struct itself: its shape, its generics and its
//! container keys (`deprecated`'s rule is the fields' too). Each rule is
//! one function, reporting at what it concerns.

use darling::error::Accumulator;
use darling::util::SpannedValue;
use darling::Error;
use syn::spanned::Spanned;

use super::report::err_at;
use crate::ast::Deprecated;

/// A model is a struct with named fields; anything else is reported here,
/// once, with the same message and span from both derives (so the compiler
/// shows it once), rather than by darling's generic "Unsupported shape".
pub fn named_struct(input: &syn::DeriveInput) -> Result<(), Error> {
    let name = &input.ident;
    match &input.data {
        syn::Data::Struct(s) => match &s.fields {
            syn::Fields::Named(_) => Ok(()),
            syn::Fields::Unnamed(fields) => Err(err_at(
                fields.span(),
                format!("a model's fields are Terraform attributes, which have names: write `struct {name} {{ name: Type, ... }}`"),
            )),
            syn::Fields::Unit => Err(err_at(
                name.span(),
                format!("a model is a struct with named fields: write `struct {name} {{}}` for an object with no attributes"),
            )),
        },
        syn::Data::Enum(e) => Err(err_at(
            e.enum_token.span(),
            "a model is a struct with named fields (a Terraform object); an enum has no Terraform type: use a struct, or a String attribute for a choice of names",
        )),
        syn::Data::Union(u) => Err(err_at(
            u.union_token.span(),
            "a model is a struct with named fields (a Terraform object), not a union",
        )),
    }
}

/// At most one lifetime (the input's, for borrowed fields) and no type or
/// const parameters; the lifetime, if any.
pub fn one_lifetime(generics: &syn::Generics, errors: &mut Accumulator) -> Option<syn::Lifetime> {
    let mut lifetime = None;
    for param in &generics.params {
        match param {
            syn::GenericParam::Lifetime(l) if lifetime.is_none() => lifetime = Some(l.lifetime.clone()),
            syn::GenericParam::Lifetime(l) => errors.push(err_at(
                l.span(),
                "a model struct may have at most one lifetime parameter (the input's lifetime, for borrowed fields): use the same lifetime for every borrowed field",
            )),
            other => errors.push(err_at(
                other.span(),
                "generic type and const parameters are not supported on model structs; use concrete types",
            )),
        }
    }
    lifetime
}

pub fn no_where_clause(generics: &syn::Generics, errors: &mut Accumulator) {
    if let Some(wc) = &generics.where_clause {
        errors.push(err_at(
            wc.span(),
            "where clauses are not supported on model structs",
        ));
    }
}

/// The `validate_with` hook receives the plan view built from a `Value`,
/// which a borrowing struct cannot be.
pub fn validate_with_owned(
    validate_with: &Option<SpannedValue<syn::Path>>,
    lifetime: Option<&syn::Lifetime>,
    errors: &mut Accumulator,
) {
    if let (Some(v), Some(_)) = (validate_with, lifetime) {
        errors.push(err_at(
            v.span(),
            "`validate_with` needs an owned struct (no lifetime): the hook receives the plan view built from the value",
        ));
    }
}

/// The schema version (0 when not given).
pub fn version(version: &Option<SpannedValue<i64>>, errors: &mut Accumulator) -> i64 {
    match version {
        Some(v) if **v < 0 => {
            errors.push(err_at(v.span(), "the schema version cannot be negative"));
            0
        }
        Some(v) => **v,
        None => 0,
    }
}

/// A deprecation message says what to use instead (Terraform 1.15 shows
/// it): `deprecated = ""` is refused, on a field or on the struct; a
/// deprecation without a message is `deprecated` alone.
pub fn deprecation_said(deprecated: &Option<SpannedValue<Deprecated>>, errors: &mut Accumulator) {
    let Some(d) = deprecated else { return };
    if let Deprecated::Message(m) = &**d {
        if m.trim().is_empty() {
            errors.push(err_at(
                d.span(),
                "an empty deprecation message: write `deprecated` alone for a deprecation without a message, or say what to use instead, e.g. `deprecated = \"Use `name` instead.\"`",
            ));
        }
    }
}
