//! The plan view of a struct: the companion `<Name>Plan` struct, whose
//! attributes are the struct's, each of which may be unknown; its Debug,
//! Clone and PartialEq; and `impl TfPlan` that ties the two.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::tokens::{private, wrapped_type};
use super::with::plan_wrappers;
use crate::tyinfo;
use crate::valid::Model;

/// The field types of the plan view. A computed attribute's plan type can
/// also be null: the plan view is the configuration's view too, where
/// Terraform leaves it null.
pub fn field_types(model: &Model, p: &TokenStream) -> Vec<TokenStream> {
    model
        .fields
        .iter()
        .map(|f| match &f.with {
            Some(with) => wrapped_type(p, &plan_wrappers(f, &with.wrappers), &with.custom),
            None if f.kind.is_computed() => {
                let ty = &f.ty;
                quote_spanned!(ty.span()=> <#ty as #p::TfPlan>::PlanOrNull)
            }
            None => {
                let ty = &f.ty;
                quote_spanned!(ty.span()=> <#ty as #p::TfPlan>::Plan)
            }
        })
        .collect()
}

/// The where clauses of the items that name the plan view.
///
/// Every item that names the plan view states that each field type has
/// one. For a valid model these bounds hold; when a field's type is not a
/// Terraform type they keep the plan view from repeating the error once
/// per impl (the errors stay at the field, through the struct's own codec
/// impls). `for<'__x>` keeps the compiler from rejecting a bound on
/// concrete types that does not hold.
///
/// An impl that uses the fields' plan types through a trait also states it
/// of them (`needs`). A `with` field's plan type is written out (its custom
/// type has no plan view) and coded through its shape: only the std impls
/// (`std_impl`) state what they need of it.
pub struct PlanWhere<'a> {
    pub model: &'a Model,
    pub plan_types: &'a [TokenStream],
    pub p: &'a TokenStream,
}

impl PlanWhere<'_> {
    pub fn clause(&self, needs: Option<TokenStream>, std_impl: bool) -> TokenStream {
        let p = self.p;
        // A type that surely has a plan view needs no bound, and a type is
        // bounded once however many fields have it.
        let mut seen = std::collections::BTreeSet::new();
        let bounds = self
            .model
            .fields
            .iter()
            .zip(self.plan_types)
            .filter(|(f, plan_ty)| {
                let ty = &f.ty;
                (f.with.is_some() || !tyinfo::closed(ty))
                    && seen.insert(quote!(#ty #plan_ty).to_string())
            })
            .map(|(f, plan_ty)| {
                let ty = &f.ty;
                if f.with.is_some() {
                    return match &needs {
                        Some(t) if std_impl => quote_spanned!(ty.span()=> for<'__x> #plan_ty: #t,),
                        _ => TokenStream::new(),
                    };
                }
                let needs = needs
                    .as_ref()
                    .map(|t| quote_spanned!(ty.span()=> for<'__x> #plan_ty: #t,));
                quote_spanned!(ty.span()=> for<'__x> #ty: #p::TfPlan, #needs)
            });
        quote!(where #(#bounds)*)
    }
}

/// The plan-view struct. Each field keeps its doc comment, so that a crate
/// with `#![warn(missing_docs)]` documents the plan view as it does the
/// model.
pub fn definition(
    model: &Model,
    plan_types: &[TokenStream],
    plan_where: &PlanWhere<'_>,
) -> TokenStream {
    let ident = &model.ident;
    let plan_ident = format_ident!("{}Plan", ident);
    let vis = &model.vis;
    let plan_fields = model.fields.iter().zip(plan_types).map(|(f, ty)| {
        let fvis = &f.vis;
        let fident = &f.ident;
        let doc = (!f.description.is_empty()).then(|| {
            let text = &f.description;
            quote!(#[doc = #text])
        });
        quote!(#doc #fvis #fident: #ty)
    });
    let doc = format!(
        "The plan view of [`{ident}`]: the same attributes, each of which may be unknown \
         (Terraform sends unknowns for any attribute while validating and planning)."
    );
    let struct_generics = &model.generics;
    let plan_only = plan_where.clause(None, false);
    quote! {
        #[doc = #doc]
        #vis struct #plan_ident #struct_generics #plan_only {
            #(#plan_fields,)*
        }
    }
}

/// Debug, Clone and PartialEq written out rather than derived: the std
/// derives name each field's type again, so a field type without a plan
/// view would be reported once more per derive. `fmt`, `clone` and `eq`
/// are `#[inline]` (as the std derives make the last two): a crate that
/// never prints, clones or compares a plan view does not compile them.
/// With `with` fields they depend on the custom type's impls.
pub fn std_impls(model: &Model, plan_where: &PlanWhere<'_>) -> TokenStream {
    let plan_ident = format_ident!("{}Plan", model.ident);
    let (impl_generics, ty_generics, _) = model.generics.split_for_impl();
    let plan_type = quote!(#plan_ident #ty_generics);
    let plan_debug = plan_where.clause(Some(quote!(::core::fmt::Debug)), true);
    let plan_clone = plan_where.clause(Some(quote!(::core::clone::Clone)), true);
    let plan_eq = plan_where.clause(Some(quote!(::core::cmp::PartialEq)), true);
    let fidents: Vec<&syn::Ident> = model.fields.iter().map(|f| &f.ident).collect();
    let plan_name = plan_ident.to_string();
    let plan_debug_fields = debug_fields(model, false);
    quote! {
        #[automatically_derived]
        impl #impl_generics ::core::fmt::Debug for #plan_type #plan_debug {
            #[inline]
            fn fmt(&self, __f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                __f.debug_struct(#plan_name)
                    #(#plan_debug_fields)*
                    .finish()
            }
        }
        #[automatically_derived]
        impl #impl_generics ::core::clone::Clone for #plan_type #plan_clone {
            #[inline]
            fn clone(&self) -> Self {
                Self { #(#fidents: ::core::clone::Clone::clone(&self.#fidents),)* }
            }
        }
        #[automatically_derived]
        impl #impl_generics ::core::cmp::PartialEq for #plan_type #plan_eq {
            #[inline]
            fn eq(&self, __other: &Self) -> ::core::primitive::bool {
                true #(&& ::core::cmp::PartialEq::eq(&self.#fidents, &__other.#fidents))*
            }
        }
    }
}

/// `#[tf(debug)]`: a Debug for the struct itself that redacts sensitive
/// attributes (without it the user derives or writes their own).
pub fn own_debug(model: &Model) -> TokenStream {
    if !model.debug {
        return TokenStream::new();
    }
    let ident = &model.ident;
    let (impl_generics, ty_generics, _) = model.generics.split_for_impl();
    let own_name = ident.to_string();
    let own_fields = debug_fields(model, true);
    quote! {
        #[automatically_derived]
        impl #impl_generics ::core::fmt::Debug for #ident #ty_generics {
            fn fmt(&self, __f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                __f.debug_struct(#own_name)
                    #(#own_fields)*
                    .finish()
            }
        }
    }
}

/// `impl TfPlan` of the struct: its plan view, maybe unknown or null.
pub fn tf_plan(model: &Model, plan_where: &PlanWhere<'_>) -> TokenStream {
    let p = private(model);
    let ident = &model.ident;
    let plan_ident = format_ident!("{}Plan", ident);
    let (impl_generics, ty_generics, _) = model.generics.split_for_impl();
    let plan_type = quote!(#plan_ident #ty_generics);
    let plan_only = plan_where.clause(None, false);
    quote! {
        impl #impl_generics #p::TfPlan for #ident #ty_generics #plan_only {
            type PlanInner = #plan_type;
            type Plan = #p::Unknown<#plan_type>;
            type NullableInner = #p::Option<#plan_type>;
            type PlanOrNull = #p::Unknown<#p::Option<#plan_type>>;
        }
    }
}

/// `.field(...)` calls for a Debug impl: sensitive attributes print as
/// `(sensitive)`; `own` includes the skipped fields.
fn debug_fields(model: &Model, own: bool) -> Vec<TokenStream> {
    let mut out: Vec<TokenStream> = model
        .fields
        .iter()
        .map(|f| {
            let ident = &f.ident;
            let name = ident.to_string();
            if f.sensitive {
                quote!(.field(#name, &::core::format_args!("(sensitive)")))
            } else {
                quote!(.field(#name, &self.#ident))
            }
        })
        .collect();
    if own {
        out.extend(model.skipped.iter().map(|ident| {
            let name = ident.to_string();
            quote!(.field(#name, &self.#ident))
        }));
    }
    out
}
