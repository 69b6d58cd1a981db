//! Stub impls beside the compile errors (as thiserror's `fallback.rs` and
//! clap_derive's `dummies.rs`), so that uses of the type elsewhere (as a
//! field of another model, with the codec entry points) do not add a
//! cascade of "trait not implemented" errors. Emitted for every shape of
//! input, enums and unions included, through the `crate = "..."` path.

use proc_macro2::TokenStream;
use quote::quote;

/// The stub of `TfSchema` (and `EphemeralSchema` when the container says
/// `ephemeral`, so that using the model as an ephemeral resource adds no
/// error).
pub fn schema(input: &syn::DeriveInput) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let (krate, ephemeral) = container_keys(&input.attrs);
    let p = quote!(#krate::__private);
    let marker = ephemeral.then(
        || quote!(impl #impl_generics #p::EphemeralSchema for #ident #ty_generics #where_clause {}),
    );
    wrap(quote! {
        impl #impl_generics #p::TfSchema for #ident #ty_generics #where_clause {
            fn block() -> #p::Block { ::core::unreachable!() }
        }
        #marker
    })
}

/// The stubs of the codecs and the plan view.
pub fn value(input: &syn::DeriveInput) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let (krate, _) = container_keys(&input.attrs);
    let p = quote!(#krate::__private);
    let mut de_generics = input.generics.clone();
    de_generics.params.insert(0, syn::parse_quote!('__de));
    let (de_impl_generics, _, _) = de_generics.split_for_impl();
    wrap(quote! {
        impl #impl_generics #p::TfType for #ident #ty_generics #where_clause {
            const REFINE_KIND: #p::RefineKind = #p::RefineKind::Other;
            fn tf_type() -> #p::Type { ::core::unreachable!() }
        }
        impl #impl_generics #p::TfEncode for #ident #ty_generics #where_clause {
            fn encode<__S: #p::Sink>(&self, _: &mut __S) -> #p::Result<(), #p::Error> { ::core::unreachable!() }
        }
        impl #de_impl_generics #p::TfDecode<'__de> for #ident #ty_generics #where_clause {
            fn decode<__S: #p::Source<'__de>>(_: &mut __S) -> #p::Result<Self, #p::Error> { ::core::unreachable!() }
        }
        impl #impl_generics #p::TfPlan for #ident #ty_generics #where_clause {
            // Value: Debug, Clone, PartialEq and a codec whatever
            // the type is, so plan views that hold it stay quiet.
            type PlanInner = #p::Value;
            type Plan = #p::Value;
            type NullableInner = #p::Value;
            type PlanOrNull = #p::Value;
        }
    })
}

fn wrap(body: TokenStream) -> TokenStream {
    quote! {
        const _: () = { #body };
    }
}

/// The `#[tf(crate = "path")]` of a container whose attributes may not have
/// parsed, for the stubs (`::tfschema` when absent or unreadable), and
/// whether it says `ephemeral`.
fn container_keys(attrs: &[syn::Attribute]) -> (syn::Path, bool) {
    let mut path: syn::Path = syn::parse_quote!(::tfschema);
    let mut ephemeral = false;
    for attr in attrs.iter().filter(|a| a.path().is_ident("tf")) {
        let _ = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("ephemeral") {
                ephemeral = true;
            } else if meta.path.is_ident("crate") {
                let lit: syn::LitStr = meta.value()?.parse()?;
                if let Ok(p) = lit.parse::<syn::Path>() {
                    path = p;
                }
            } else if meta.input.peek(syn::Token![=]) {
                let _: syn::Expr = meta.value()?.parse()?;
            } else if meta.input.peek(syn::token::Paren) {
                let _content;
                syn::parenthesized!(_content in meta.input);
            }
            Ok(())
        });
    }
    (path, ephemeral)
}
