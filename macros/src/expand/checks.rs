//! Compile-time assertions beside `impl TfSchema`: what Terraform forbids
//! in nested blocks (which depends on the element struct, another derive),
//! the rules the fields' written types left open, and the attribute types
//! of an identity. Each is an item-level `const _: () = assert!(..)` at the
//! flag or type it concerns, so `cargo check` reports it too.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::tokens::{elem_struct, static_lifetimes, value_type};
use crate::ast::NestingArg;
use crate::tyinfo::{Collection, Scalar};
use crate::valid::{FieldModel, Kind, Model, TypeRule};

/// The element struct of a block or nested attribute field, with whether
/// it is a set and whether it is a list or map block.
fn nested_struct(field: &FieldModel, p: &TokenStream) -> Option<(syn::Type, bool, bool)> {
    match &field.kind {
        Kind::Block {
            elem,
            opaque,
            nesting,
            ..
        } => Some((
            elem_struct(elem, *opaque, p),
            *nesting == NestingArg::Set,
            matches!(nesting, NestingArg::List | NestingArg::Map),
        )),
        Kind::Nested {
            elem,
            opaque,
            nesting,
            ..
        } => Some((
            elem_struct(elem, *opaque, p),
            *nesting == Collection::Set,
            false,
        )),
        Kind::Attribute(_) => None,
    }
}

/// `HAS_WRITE_ONLY` for the block: a write-only attribute in it or in the
/// struct of a block or nested attribute.
pub fn has_write_only(model: &Model, p: &TokenStream) -> TokenStream {
    let mut terms = vec![quote!(false)];
    for field in &model.fields {
        if field.write_only {
            terms.push(quote!(true));
        }
        if let Some((elem, _, _)) = nested_struct(field, p) {
            terms.push(quote!(<#elem as #p::TfSchema>::HAS_WRITE_ONLY));
        }
    }
    quote!(#(#terms)||*)
}

/// No `dynamic` or `write_only` attribute in a set block or set of nested
/// attributes. A list or map block whose element has a `dynamic` attribute
/// travels as one dynamic tuple/object value, read through `FromValue`
/// (`DynamicBlock`), which a borrowing struct lacks: rejected there.
pub fn nesting_checks(model: &Model, p: &TokenStream) -> Vec<TokenStream> {
    let mut checks = Vec::new();
    for field in &model.fields {
        let Some((elem, set, list_or_map)) = nested_struct(field, p) else {
            continue;
        };
        let name = &field.name;
        if set {
            checks.push(set_checks(name, &static_lifetimes(&elem, model), p));
        }
        if list_or_map && model.lifetime.is_some() {
            let dynamic = format!(
                "`{name}`: a list or map block whose struct has a `dynamic` (Value) attribute is read through dynamic values, which a struct that borrows from the input (one with a lifetime) cannot be built from; make this struct own its data (String instead of &str)"
            );
            let elem = static_lifetimes(&elem, model);
            checks.push(quote_spanned! {elem.span()=>
                const _: () = ::core::assert!(!<#elem as #p::TfType>::HAS_DYNAMIC, #dynamic);
            });
        }
    }
    checks
}

fn set_checks(name: &str, elem: &syn::Type, p: &TokenStream) -> TokenStream {
    let dynamic = format!(
        "`{name}`: a set block or set of nested attributes cannot contain a `dynamic` (Value) attribute; Terraform forbids it"
    );
    let write_only = format!(
        "`{name}`: a set block or set of nested attributes cannot contain a `write_only` attribute; Terraform forbids it"
    );
    quote_spanned! {elem.span()=>
        const _: () = ::core::assert!(!<#elem as #p::TfType>::HAS_DYNAMIC, #dynamic);
        const _: () = ::core::assert!(!<#elem as #p::TfSchema>::HAS_WRITE_ONLY, #write_only);
    }
}

/// Assertions of the rules the fields' written types left open
/// (`FieldModel::type_checks`), each at the flag or type it concerns.
pub fn type_checks(model: &Model, p: &TokenStream) -> Vec<TokenStream> {
    let mut out = Vec::new();
    for field in &model.fields {
        for check in &field.type_checks {
            let Some(condition) = condition(field, check.rule, model, p) else {
                continue;
            };
            let message = &check.message;
            out.push(quote_spanned! {check.span=>
                const _: () = ::core::assert!(#condition, #message);
            });
        }
    }
    out
}

/// The constant expression that holds when `rule` does.
fn condition(
    field: &FieldModel,
    rule: TypeRule,
    model: &Model,
    p: &TokenStream,
) -> Option<TokenStream> {
    if let TypeRule::Struct = rule {
        let (Kind::Block { elem, .. } | Kind::Nested { elem, .. }) = &field.kind else {
            return None;
        };
        let elem = static_lifetimes(elem, model);
        return Some(
            quote_spanned!(elem.span()=> <<#elem as #p::BlockElem>::Kind as #p::ElemKind>::STRUCT),
        );
    }
    let value_ty: syn::Type = syn::parse2(value_type(field, p)).ok()?;
    let value_ty = static_lifetimes(&value_ty, model);
    // The type carries its own span, so a type that is not a Terraform
    // type is reported there, as elsewhere.
    let value_ty = quote_spanned!(value_ty.span()=> <#value_ty as #p::TfType>);
    Some(match rule {
        TypeRule::CanBeNull => quote!(#value_ty::CAN_BE_NULL),
        TypeRule::CannotBeNull => quote!(!#value_ty::CAN_BE_NULL),
        TypeRule::DefaultFits(literal) => {
            let kind = match literal {
                Scalar::String => quote!(String),
                Scalar::Number => quote!(Number),
                _ => quote!(Other),
            };
            quote! {
                ::core::matches!(
                    #value_ty::REFINE_KIND,
                    #p::RefineKind::#kind | #p::RefineKind::Dynamic
                )
            }
        }
        TypeRule::CanBeUnknown | TypeRule::Struct => quote!(#value_ty::CAN_BE_UNKNOWN),
    })
}

/// For an identity model (`#[tf(identity)]`): each attribute's value type
/// asserted to be one an identity can hold (`IdentityAttr`), at the field's
/// type.
pub fn identity_checks(model: &Model, p: &TokenStream) -> Vec<TokenStream> {
    if !model.identity {
        return Vec::new();
    }
    let mut out = Vec::new();
    for field in &model.fields {
        let Ok(value_ty) = syn::parse2::<syn::Type>(value_type(field, p)) else {
            continue;
        };
        let value_ty = static_lifetimes(&value_ty, model);
        out.push(quote_spanned! {value_ty.span()=>
            const _: () = #p::identity_attr::<#value_ty>();
        });
    }
    out
}
