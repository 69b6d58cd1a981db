//! `#[tf(with = module)]` fields in the codecs: a marker type per field
//! implementing `WithShape` for the custom type (through the module's
//! `Wire`, `to_wire` and `from_wire`), and the shapes that lift it through
//! the field's wrappers, in the struct and in its plan view.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::tokens::respan;
use crate::tyinfo::{Collection, Wrapper};
use crate::valid::{FieldModel, Model, WithModel};

/// The marker of each field (`None` for fields without `with`).
pub fn markers(model: &Model) -> Vec<Option<syn::Ident>> {
    model
        .fields
        .iter()
        .enumerate()
        .map(|(i, f)| f.with.as_ref().map(|_| format_ident!("__TfWith{}", i)))
        .collect()
}

/// The `WithShape` of each field in the struct (`plan`: in the plan view).
pub fn shapes(
    model: &Model,
    markers: &[Option<syn::Ident>],
    p: &TokenStream,
    plan: bool,
) -> Vec<Option<TokenStream>> {
    model
        .fields
        .iter()
        .zip(markers)
        .map(|(f, m)| {
            let with = f.with.as_ref()?;
            let wrappers = &with.wrappers;
            let shape = if plan {
                shape_type(p, &plan_wrappers(f, wrappers), with, m.as_ref()?)
            } else {
                shape_type(p, wrappers, with, m.as_ref()?)
            };
            Some(shape)
        })
        .collect()
}

/// The marker impls of the fields with `with`.
pub fn marker_impls<'a>(
    model: &'a Model,
    markers: &'a [Option<syn::Ident>],
    p: &'a TokenStream,
) -> impl Iterator<Item = TokenStream> + 'a {
    model
        .fields
        .iter()
        .zip(markers)
        .filter_map(|(f, m)| Some(marker_impl(p, f.with.as_ref()?, m.as_ref()?)))
}

/// The wrappers of a `with` field's plan view: unknown at the top, like
/// every plan-view attribute (`Refined` stays refined); a computed one may
/// also be null (an `Option` under the top).
pub fn plan_wrappers(field: &FieldModel, wrappers: &[Wrapper]) -> Vec<Wrapper> {
    let mut plan: Vec<Wrapper> = match wrappers.first() {
        Some(Wrapper::Unknown | Wrapper::Refined) => wrappers.to_vec(),
        _ => std::iter::once(Wrapper::Unknown)
            .chain(wrappers.iter().copied())
            .collect(),
    };
    if field.kind.is_computed() && !plan.contains(&Wrapper::Option) {
        plan.insert(1, Wrapper::Option);
    }
    plan
}

/// The `WithShape` of a field: the marker (inside its collection's shape,
/// with `each`) inside the wrappers' shapes.
fn shape_type(
    p: &TokenStream,
    wrappers: &[Wrapper],
    with: &WithModel,
    marker: &syn::Ident,
) -> TokenStream {
    let custom = &with.custom;
    let core = match with.each.as_ref().map(|e| e.collection) {
        Some(Collection::List) => quote!(#p::WithList<#marker>),
        Some(Collection::Set) => quote!(#p::WithSet<#marker, #custom>),
        Some(Collection::Map) => quote!(#p::WithMap<#marker, #custom>),
        Some(Collection::One) | None => quote!(#marker),
    };
    wrappers.iter().rev().fold(core, |inner, w| match w {
        Wrapper::Unknown => quote!(#p::WithUnknown<#inner>),
        Wrapper::Refined => quote!(#p::WithRefined<#inner>),
        Wrapper::Option => quote!(#p::WithOption<#inner>),
        Wrapper::Sensitive => quote!(#p::WithSensitive<#inner>),
    })
}

/// The marker of a `with` field: its custom type through the module's
/// `Wire`, `to_wire` and `from_wire` (named at the attribute, so a module
/// that lacks one is reported there).
fn marker_impl(p: &TokenStream, with: &WithModel, marker: &syn::Ident) -> TokenStream {
    let module = &with.module;
    let custom = with.converted();
    let span = module.span();
    let wire = quote_spanned!(span=> #module::Wire);
    let to_wire = quote_spanned!(span=> #module::to_wire);
    let from_wire = quote_spanned!(span=> #module::from_wire);
    // The values of the custom type are located at it: when the module
    // converts another type (the field's wrappers behind an alias, say),
    // the mismatch is reported at the field's type.
    let value = respan(quote!(__value), custom.span());
    let converted = respan(quote!(__converted), custom.span());
    quote! {
        struct #marker;
        impl #p::WithShape for #marker {
            type Field = #custom;
            type Wire = #wire;
            #[inline]
            fn to_wire(__value: &#custom) -> #p::Result<#wire, #p::Error> {
                #p::with_result(#to_wire(#value))
            }
            #[inline]
            fn from_wire(__wire: #wire) -> #p::Result<#custom, #p::Error> {
                let __converted = #from_wire(__wire);
                #p::with_result(#converted)
            }
        }
    }
}
