//! The body of `TfSchema::validate`: per attribute its validators, its
//! deprecation warning and the validation of nested objects; then the
//! cross-attribute rules and the struct's `validate_with` hook.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::tokens::elem_struct;
use crate::ast::NestingArg;
use crate::valid::{FieldModel, Kind, Model, RuleKind};

/// `None` when there is nothing to validate: the trait's default
/// `validate` (which does nothing) is then the struct's, and the derive
/// writes no body for the compiler to check.
pub fn body(model: &Model, p: &TokenStream) -> Option<TokenStream> {
    let per_field: Vec<TokenStream> = model
        .fields
        .iter()
        .filter_map(|f| attribute_checks(f, p))
        .collect();
    let rules: Vec<TokenStream> = model.fields.iter().flat_map(|f| rules(f, p)).collect();
    let hook = hook(model, p);
    if per_field.is_empty() && rules.is_empty() && hook.is_none() {
        return None;
    }
    Some(quote! {
        let #p::Value::Object(__attrs) = __value else {
            return;
        };
        #(#per_field)*
        #(#rules)*
        #hook
    })
}

/// The checks of one attribute's value, at its path; `None` when it has
/// none.
fn attribute_checks(field: &FieldModel, p: &TokenStream) -> Option<TokenStream> {
    let name = &field.name;
    let mut checks = TokenStream::new();
    if let Some(message) = &field.deprecation_message {
        checks.extend(if matches!(field.kind, Kind::Block { .. }) {
            quote!(#p::deprecated_block(__v, #message, __path, __diags);)
        } else {
            quote!(#p::deprecated(__v, #message, __path, __diags);)
        });
    }
    if let Some(v) = &field.validators {
        let sensitive = field.sensitive;
        let calls = super::validators::expand(v, p, &quote!(__v), &quote!(&mut __ctx));
        checks.extend(quote! {{
            let mut __ctx = #p::Ctx::new(__path.clone(), #sensitive, &mut *__diags);
            #calls
        }});
    }
    checks.extend(nested_objects(field, p));
    if checks.is_empty() {
        return None;
    }
    Some(quote! {
        if let #p::Some(__v) = __attrs.get(#name) {
            __path.push(#p::PathStep::Attr(#p::String::from(#name)));
            #checks
            __path.pop();
        }
    })
}

/// The validation of a block's or nested attribute's objects.
fn nested_objects(field: &FieldModel, p: &TokenStream) -> Option<TokenStream> {
    let (Kind::Block { elem, opaque, .. } | Kind::Nested { elem, opaque, .. }) = &field.kind else {
        return None;
    };
    let elem = elem_struct(elem, *opaque, p);
    // Only the trait-bound part carries the field's span: the local names
    // must keep the call-site hygiene of the body. A map block's value may
    // be an object (`DynamicBlock`).
    let validate_nested = if matches!(
        field.kind,
        Kind::Block {
            nesting: NestingArg::Map,
            ..
        }
    ) {
        quote_spanned!(elem.span()=> #p::validate_block_map::<#elem>)
    } else {
        quote_spanned!(elem.span()=> #p::validate_nested::<#elem>)
    };
    Some(quote!(#validate_nested(__v, __root, __path, __diags);))
}

/// The cross-attribute rules declared on a field; their path expressions
/// are resolved from the object (`__value`) at `__path` in `__root`.
fn rules(field: &FieldModel, p: &TokenStream) -> Vec<TokenStream> {
    let name = &field.name;
    field
        .rules
        .iter()
        .map(|rule| {
            let names = rule.names.iter().map(|n| n.as_str());
            let (check, kind) = match rule.kind {
                RuleKind::ConflictsWith => (quote!(check_rule), quote!(Rule::ConflictsWith)),
                RuleKind::ExactlyOneOf => (quote!(check_rule), quote!(Rule::ExactlyOneOf)),
                RuleKind::AtLeastOneOf => (quote!(check_rule), quote!(Rule::AtLeastOneOf)),
                RuleKind::RequiredWith => (quote!(check_rule), quote!(Rule::RequiredWith)),
                RuleKind::AtLeastSumOf => (quote!(check_sum), quote!(Sum::AtLeast)),
                RuleKind::AtMostSumOf => (quote!(check_sum), quote!(Sum::AtMost)),
                RuleKind::EqualToSumOf => (quote!(check_sum), quote!(Sum::EqualTo)),
            };
            quote!(#p::#check(#p::#kind, __value, __root, #name, &[#(#names),*], __path, __diags);)
        })
        .collect()
}

/// `fn config_validators()`: `#[tf(config_validators(...))]`.
pub fn config_validators(model: &Model, p: &TokenStream) -> Option<TokenStream> {
    if model.config_validators.is_empty() {
        return None;
    }
    let each = model.config_validators.iter().map(|(kind, texts)| {
        let variant = format_ident!("{}", kind.variant());
        quote!(#p::config_validator(#p::ConfigRule::#variant, &[#(#texts),*]))
    });
    Some(quote! {
        fn config_validators() -> #p::Vec<#p::ConfigValidator> {
            #p::Vec::from([#(#each),*])
        }
    })
}

/// `#[tf(validate_with = path)]`: the hook on the plan view, where a value
/// a `with` module refuses reads as unknown.
fn hook(model: &Model, p: &TokenStream) -> Option<TokenStream> {
    let path = model.validate_with.as_ref()?;
    let plan = format_ident!("{}Plan", model.ident);
    // The argument keeps the call site's hygiene, so that a path written
    // in a `macro_rules!` expansion still sees it.
    let plan_arg = quote!(__plan);
    let call = quote_spanned!(path.span()=> #path(&#plan_arg));
    Some(quote! {
        if let #p::Some(__plan) = #p::hook_view::<#plan>(__value) {
            let __found: #p::Diagnostics = #call;
            #p::extend_at(__diags, __path, __found);
        }
    })
}
