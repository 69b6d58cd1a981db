//! How the expansion spells things: the `__private` path, a field's value
//! type through its wrappers, the struct of a block, lifetimes made
//! `'static` for item-level checks, and spans moved to the user's field.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::tyinfo::{Collection, Wrapper};
use crate::valid::{FieldModel, Model, WithModel};

/// `#krate::__private`.
pub fn private(model: &Model) -> TokenStream {
    let krate = &model.krate;
    quote!(#krate::__private)
}

/// `custom` inside `wrappers`, spelled through `__private`.
pub fn wrapped_type(
    p: &TokenStream,
    wrappers: &[Wrapper],
    custom: &impl quote::ToTokens,
) -> TokenStream {
    wrappers
        .iter()
        .rev()
        .fold(quote!(#custom), |inner, w| match w {
            Wrapper::Unknown => quote!(#p::Unknown<#inner>),
            Wrapper::Refined => quote!(#p::Refined<#inner>),
            Wrapper::Option => quote!(#p::Option<#inner>),
            Wrapper::Sensitive => quote!(#p::Sensitive<#inner>),
        })
}

/// The Terraform value type a `with` field travels as inside its
/// wrappers: the module's `Wire`, or with `each` a list, set or map of it.
pub fn with_wire(with: &WithModel, p: &TokenStream) -> TokenStream {
    let module = &with.module;
    let wire = quote_spanned!(module.span()=> #module::Wire);
    match with.each.as_ref().map(|e| e.collection) {
        Some(Collection::List) => quote!(#p::Vec<#wire>),
        Some(Collection::Set) => quote!(#p::Set<#wire>),
        Some(Collection::Map) => quote!(#p::BTreeMap<#p::String, #wire>),
        Some(Collection::One) | None => wire,
    }
}

/// The Terraform value type of a field: its own type, or for a `with`
/// field the module's `Wire` inside the field's wrappers.
pub fn value_type(field: &FieldModel, p: &TokenStream) -> TokenStream {
    match &field.with {
        Some(with) => wrapped_type(p, &with.wrappers, &with_wire(with, p)),
        None => {
            let ty = &field.ty;
            quote!(#ty)
        }
    }
}

/// The struct of a block or nested attribute: `elem` as written, or read
/// through `BlockElem` when `opaque` (written as one name, which may be an
/// alias of an `Option` or a collection: see `checks::type_checks`).
pub fn elem_struct(elem: &syn::Type, opaque: bool, p: &TokenStream) -> syn::Type {
    if opaque {
        syn::parse_quote_spanned!(elem.span()=> <#elem as #p::BlockElem>::Elem)
    } else {
        elem.clone()
    }
}

/// `ty` with the struct's lifetime replaced by `'static`, so that checks can
/// be item-level constants (evaluated by `cargo check` too), where the
/// struct's lifetime is not in scope.
pub fn static_lifetimes(ty: &syn::Type, model: &Model) -> syn::Type {
    let Some(lt) = &model.lifetime else {
        return ty.clone();
    };
    let tokens = replace_lifetime(quote!(#ty), &lt.ident.to_string());
    syn::parse2(tokens).unwrap_or_else(|_| ty.clone())
}

fn replace_lifetime(tokens: TokenStream, name: &str) -> TokenStream {
    use proc_macro2::{Group, Ident, TokenTree};
    let mut out = Vec::new();
    let mut after_quote = false;
    for tt in tokens {
        let tt = match tt {
            TokenTree::Group(g) => {
                let mut ng = Group::new(g.delimiter(), replace_lifetime(g.stream(), name));
                ng.set_span(g.span());
                TokenTree::Group(ng)
            }
            TokenTree::Ident(i) if after_quote && i == name => {
                TokenTree::Ident(Ident::new("static", i.span()))
            }
            other => other,
        };
        after_quote = matches!(&tt, TokenTree::Punct(p) if p.as_char() == '\'');
        out.push(tt);
    }
    out.into_iter().collect()
}

/// `tokens` located at `span` (resolved as before): a path the derive
/// writes that should be reported where the user's field is.
pub fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut token| {
            if let proc_macro2::TokenTree::Group(group) = &token {
                let mut inner =
                    proc_macro2::Group::new(group.delimiter(), respan(group.stream(), span));
                inner.set_span(group.span().located_at(span));
                return proc_macro2::TokenTree::Group(inner);
            }
            token.set_span(token.span().located_at(span));
            token
        })
        .collect()
}
