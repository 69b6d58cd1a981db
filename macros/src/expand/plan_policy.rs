//! The `PlanPolicy` of an attribute or block in the schema: what the
//! planner does with it (`requires_replace(_if)`,
//! `requires_replace_if_configured`, `use_state_for_unknown`,
//! `use_non_null_state_for_unknown`, `default`, a `with` module's
//! `semantic_equal`).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::DefaultArg;
use crate::valid::FieldModel;

/// The `plan` of a field's `AttrSpec` or `BlockSpec`: `None` without a
/// policy, else a non-capturing closure that builds it (a default is a
/// `Value`, which a constant cannot hold).
pub fn plan_fn(field: &FieldModel, p: &TokenStream) -> TokenStream {
    if !field.plan.is_set() {
        return quote!(#p::None);
    }
    let plan = plan_policy(field, p);
    quote!(#p::Some(|| #plan))
}

/// The `PlanPolicy` literal of a field.
fn plan_policy(field: &FieldModel, p: &TokenStream) -> TokenStream {
    let plan = &field.plan;
    if !plan.is_set() {
        return quote!(#p::PlanPolicy::NONE);
    }
    let requires_replace = plan.requires_replace;
    let if_configured = plan.requires_replace_if_configured;
    let use_state = plan.use_state_for_unknown;
    let use_non_null_state = plan.use_non_null_state_for_unknown;
    let replace_if = match &plan.requires_replace_if {
        Some(path) => {
            // Either shape of function, told apart by `ReplaceIfFn`; a
            // function of neither is an error at the path.
            // The arguments keep the call site's hygiene, so that a path
            // written in a `macro_rules!` expansion still sees them.
            let args = quote!(__change, __response);
            let call = quote_spanned!(path.span()=> #p::replace_if(#path, #args));
            quote!(#p::Some(#p::ReplaceIf(|__change, __response| #call)))
        }
        None => quote!(#p::None),
    };
    let default = default(field, p);
    let semantic_equal = semantic_equal(field, p);
    let semantic_key = semantic_key(field, p);
    let semantic_elements = plan.semantic_elements;
    quote! {
        #p::PlanPolicy {
            requires_replace: #requires_replace,
            requires_replace_if: #replace_if,
            requires_replace_if_configured: #if_configured,
            use_state_for_unknown: #use_state,
            use_non_null_state_for_unknown: #use_non_null_state,
            default: #default,
            semantic_equal: #semantic_equal,
            semantic_key: #semantic_key,
            semantic_elements: #semantic_elements,
        }
    }
}

/// The default value: a literal, or what the function returns (through
/// the `with` module's `to_wire`).
fn default(field: &FieldModel, p: &TokenStream) -> TokenStream {
    match &field.plan.default {
        None => quote!(#p::None),
        Some(DefaultArg::Str(s)) => quote!(#p::Some(#p::Value::String(#p::String::from(#s)))),
        Some(DefaultArg::Bool(b)) => quote!(#p::Some(#p::Value::Bool(#b))),
        Some(DefaultArg::Number(n)) => quote!(#p::Some(#p::number_value(#n))),
        Some(DefaultArg::Path(path)) => match &field.with {
            Some(with) => {
                let module = &with.module;
                let name = &field.name;
                let value = quote_spanned!(path.span()=> &#path());
                let to_wire = quote_spanned!(module.span()=> #module::to_wire);
                quote!(#p::Some(#p::with_default(#name, #value, #to_wire)))
            }
            None => {
                let call = quote_spanned!(path.span()=> #p::TfEncode::to_value(&#path()));
                quote!(#p::Some(#call))
            }
        },
    }
}

/// A non-capturing closure: a `fn` pointer over dynamic values that
/// converts both sides and asks the module.
/// With `semantic_key` alone, equality is the keys' equality.
fn semantic_equal(field: &FieldModel, p: &TokenStream) -> TokenStream {
    match (&field.plan.semantic_equal, &field.plan.semantic_key) {
        (Some(module), _) => {
            let from_wire = quote_spanned!(module.span()=> #module::from_wire);
            let equal = quote_spanned!(module.span()=> #module::semantically_equal);
            quote! {
                #p::Some(#p::SemanticEqual(|__prior, __new| {
                    #p::with_semantic_equal(__prior, __new, #from_wire, #equal)
                }))
            }
        }
        (None, Some(module)) => {
            let from_wire = quote_spanned!(module.span()=> #module::from_wire);
            let key = quote_spanned!(module.span()=> #module::semantic_key);
            quote! {
                #p::Some(#p::SemanticEqual(|__prior, __new| {
                    #p::with_semantic_key_equal(__prior, __new, #from_wire, #key)
                }))
            }
        }
        (None, None) => quote!(#p::None),
    }
}

/// A non-capturing closure: the module's `semantic_key` over dynamic
/// values.
fn semantic_key(field: &FieldModel, p: &TokenStream) -> TokenStream {
    match &field.plan.semantic_key {
        Some(module) => {
            let from_wire = quote_spanned!(module.span()=> #module::from_wire);
            let key = quote_spanned!(module.span()=> #module::semantic_key);
            quote! {
                #p::Some(#p::SemanticKey(|__value| {
                    #p::with_semantic_key(__value, #from_wire, #key)
                }))
            }
        }
        None => quote!(#p::None),
    }
}
