//! Code generation for a checked function: the `fn` as written, a braced
//! struct of the same name in the type namespace (as rocket does for its
//! routes) implementing `Function`, and compile-time checks of the
//! parameters' `allow_null`/`allow_unknown` against their types.
//!
//! Everything names items through `#krate::__private`; the impl sits in a
//! `const _: () = { ... };` block and is `#[automatically_derived]`. Trait
//! bounds a type does not meet are reported at the type, by
//! `quote_spanned!`.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::valid::{FunctionModel, ParamModel};

pub fn function(m: &FunctionModel) -> TokenStream {
    let item = &m.item;
    let ident = &item.sig.ident;
    let krate = &m.krate;
    let p = quote!(#krate::__private);
    let strukt = function_struct(item, &m.name);

    let params = m
        .params
        .iter()
        .map(|param| parameter(param, m.markdown, &p));
    let variadic = match &m.variadic {
        Some(param) => {
            let param = parameter(param, m.markdown, &p);
            quote!(#p::Some(#param))
        }
        None => quote!(#p::None),
    };
    let ret = &m.ret;
    let signature = quote_spanned!(ret.span()=> #p::function_signature::<#ret>);
    let (summary, description, deprecation, markdown) =
        (&m.summary, &m.description, &m.deprecation, m.markdown);

    let mut reads = Vec::new();
    let mut args = Vec::new();
    for (i, param) in m.params.iter().enumerate() {
        let var = format_ident!("__tf_arg{}", i);
        let ty = &param.ty;
        reads.push(quote_spanned! {ty.span()=>
            let #var = __tf_args.get::<#ty>(#i)?;
        });
        args.push(var);
    }
    if let Some(param) = &m.variadic {
        let from = m.params.len();
        let ty = &param.ty;
        reads.push(quote_spanned! {ty.span()=>
            let __tf_rest = __tf_args.rest::<#ty>(#from)?;
        });
        args.push(format_ident!("__tf_rest"));
    }
    let result = quote_spanned!(ret.span()=> #p::function_result::<#ret>);
    let checks = m
        .params
        .iter()
        .chain(&m.variadic)
        .flat_map(|param| type_checks(param, &p));
    let name = &m.name;

    quote! {
        #item

        #strukt

        const _: () = {
            #[automatically_derived]
            impl #p::Function for #ident {
                fn name(&self) -> &::core::primitive::str {
                    #name
                }

                fn signature(&self) -> #p::FunctionSignature {
                    #signature(
                        #p::vec![#(#params),*],
                        #variadic,
                        #summary,
                        #description,
                        #markdown,
                        #deprecation,
                    )
                }

                fn call(
                    &self,
                    __tf_args: &#p::FunctionArgs,
                ) -> #p::Result<#p::DynamicValue, #p::FunctionError> {
                    #(#reads)*
                    #[allow(deprecated)]
                    let __tf_result = #ident(#(#args),*);
                    #result(__tf_result)
                }
            }

            #(#checks)*
        };
    }
}

/// The struct named after the `fn` (braced: a unit or tuple struct would
/// take the `fn`'s name in the value namespace too).
fn function_struct(item: &syn::ItemFn, name: &str) -> TokenStream {
    let ident = &item.sig.ident;
    let vis = &item.vis;
    let doc = format!(
        "The provider-defined function `{name}` (`provider::<provider>::{name}`, from the `fn` of the same name): register it with `TypedProvider::function({ident} {{}})`."
    );
    quote! {
        #[doc = #doc]
        #[allow(non_camel_case_types)]
        #[derive(
            ::core::fmt::Debug,
            ::core::clone::Clone,
            ::core::marker::Copy,
            ::core::default::Default
        )]
        #vis struct #ident {}
    }
}

/// A parameter of the signature; the type's `TfType` bound is checked at
/// the type.
fn parameter(param: &ParamModel, markdown: bool, p: &TokenStream) -> TokenStream {
    let ty = &param.ty;
    let name = &param.name;
    let description = &param.description;
    let allow_null = param.allow_null.is_some();
    let allow_unknown = param.allow_unknown.is_some();
    let call = quote_spanned!(ty.span()=> #p::function_parameter::<#ty>);
    quote!(#call(#name, #description, #markdown, #allow_null, #allow_unknown))
}

/// `allow_null`/`allow_unknown` on a type that cannot hold what they
/// allow: a compile error at the flag.
fn type_checks(param: &ParamModel, p: &TokenStream) -> Vec<TokenStream> {
    let ty = erase_lifetimes({
        let ty = &param.ty;
        quote!(#ty)
    });
    let mut out = Vec::new();
    if let Some(span) = param.allow_null {
        let msg = format!(
            "`allow_null` on `{}`, whose type cannot hold a null: make it `Option<T>` (or `tfschema::Value`), or remove `allow_null`",
            param.name
        );
        out.push(quote_spanned! {span=>
            const _: () = ::core::assert!(#p::holds_null::<#ty>(), #msg);
        });
    }
    if let Some(span) = param.allow_unknown {
        let msg = format!(
            "`allow_unknown` on `{}`, whose type cannot hold an unknown: make it `Unknown<T>` or `Refined<T>` (or `tfschema::Value`), or remove `allow_unknown`",
            param.name
        );
        out.push(quote_spanned! {span=>
            const _: () = ::core::assert!(#p::holds_unknown::<#ty>(), #msg);
        });
    }
    out
}

/// A type's named lifetimes as `'_`: the checks are items, outside the
/// `fn`'s lifetime parameters; elided and `'_` lifetimes are inferred there.
fn erase_lifetimes(tokens: TokenStream) -> TokenStream {
    use proc_macro2::{Group, Ident, TokenTree};
    let mut out = Vec::new();
    let mut after_quote = false;
    for tt in tokens {
        let tt = match tt {
            TokenTree::Group(g) => {
                let mut ng = Group::new(g.delimiter(), erase_lifetimes(g.stream()));
                ng.set_span(g.span());
                TokenTree::Group(ng)
            }
            TokenTree::Ident(i) if after_quote && i != "static" => {
                TokenTree::Ident(Ident::new("_", i.span()))
            }
            other => other,
        };
        after_quote = matches!(&tt, TokenTree::Punct(p) if p.as_char() == '\'');
        out.push(tt);
    }
    out.into_iter().collect()
}

/// Beside compile errors: the `fn` as written (minus the helper
/// attributes) and a stub struct and impl, so a `.function(name {})`
/// elsewhere adds no cascade of errors.
/// A `fn` with a receiver sits in an `impl` or a trait, where no struct
/// can go: it is emitted alone.
pub fn fallback(item: &syn::ItemFn, krate: &syn::Path) -> TokenStream {
    if item.sig.receiver().is_some() {
        return quote!(#item);
    }
    let ident = &item.sig.ident;
    let p = quote!(#krate::__private);
    let strukt = function_struct(item, &ident.to_string());
    quote! {
        #item

        #strukt

        const _: () = {
            impl #p::Function for #ident {
                fn name(&self) -> &::core::primitive::str {
                    ::core::unreachable!()
                }
                fn signature(&self) -> #p::FunctionSignature {
                    ::core::unreachable!()
                }
                fn call(
                    &self,
                    _: &#p::FunctionArgs,
                ) -> #p::Result<#p::DynamicValue, #p::FunctionError> {
                    ::core::unreachable!()
                }
            }
        };
    }
}
