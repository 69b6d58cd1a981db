//! The codec impls (`TfType`, `TfEncode`, `TfDecode`) of a struct or of its
//! plan view: the same attributes in the same order, with the fields' types
//! of the one or the other.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::tokens::respan;
use crate::ast::NestingArg;
use crate::valid::{Kind, Model};

/// What the impls are for.
pub struct Target<'a> {
    pub model: &'a Model,
    pub p: &'a TokenStream,
    /// The struct or its plan view, with its generics.
    pub target: TokenStream,
    /// The encoded fields' types, in `model.fields` order (by Terraform
    /// name).
    pub types: &'a [TokenStream],
    /// The `WithShape` of each `with` field.
    pub shapes: &'a [Option<TokenStream>],
    /// The body of `tf_type`.
    pub tf_type: TokenStream,
    /// The struct itself (with its skipped fields), not the plan view.
    pub own: bool,
    /// The where clause of an impl that needs the given trait of each
    /// field's type.
    pub where_clause: &'a dyn Fn(Option<TokenStream>) -> TokenStream,
}

impl Target<'_> {
    pub fn impls(&self) -> TokenStream {
        let type_impl = self.type_impl();
        let encode_impl = self.encode_impl();
        let decode_impl = self.decode_impl();
        quote! {
            #type_impl

            // `encode` and `decode` forward to the sink's or source's method,
            // which calls the body (`__encode_fields`, `__decode_fields`): each
            // format's instance of the body is then compiled with that
            // format's code, in parallel with the others, rather than all of a
            // module's models in one codegen unit (see `Sink::__encode_object`).
            #encode_impl

            #decode_impl
        }
    }

    fn type_impl(&self) -> TokenStream {
        let p = self.p;
        let (impl_generics, _, _) = self.model.generics.split_for_impl();
        let target = &self.target;
        let type_where = (self.where_clause)(None);
        let has_dynamic = self.has_dynamic();
        let tf_type = &self.tf_type;
        quote! {
            impl #impl_generics #p::TfType for #target #type_where {
                const REFINE_KIND: #p::RefineKind = #p::RefineKind::Other;
                const HAS_DYNAMIC: ::core::primitive::bool = #has_dynamic;
                fn tf_type() -> #p::Type {
                    #tf_type
                }
            }
        }
    }

    /// `HAS_DYNAMIC`: any field's; the plan view has the struct's types,
    /// each maybe unknown.
    fn has_dynamic(&self) -> TokenStream {
        let p = self.p;
        let model = self.model;
        if !self.own {
            let ident = &model.ident;
            let (_, ty_generics, _) = model.generics.split_for_impl();
            return quote!(<#ident #ty_generics as #p::TfType>::HAS_DYNAMIC);
        }
        // Each type is asked once, however many fields have it.
        let mut seen = std::collections::BTreeSet::new();
        let mut each = Vec::new();
        for (f, (ty, shape)) in model.fields.iter().zip(self.types.iter().zip(self.shapes)) {
            match (shape, &f.with) {
                (Some(s), Some(with)) => each.push(
                    quote_spanned!(with.module.span()=> <<#s as #p::WithShape>::Wire as #p::TfType>::HAS_DYNAMIC),
                ),
                _ if seen.insert(ty.to_string()) => {
                    each.push(quote!(<#ty as #p::TfType>::HAS_DYNAMIC))
                }
                _ => {}
            }
        }
        quote!(false #(|| #each)*)
    }

    /// Calls naming a field's type carry the field type's span, so a type
    /// that is not a Terraform type is reported at the field. A `with`
    /// field's calls go through its module: mistakes there are reported at
    /// the attribute.
    fn span(&self, i: usize) -> Span {
        let f = &self.model.fields[i];
        f.with
            .as_ref()
            .map_or_else(|| f.ty.span(), |w| w.module.span())
    }

    /// List and map blocks go through `DynamicBlock`, which picks the
    /// dynamic codec when the element has a `dynamic` attribute (known only
    /// to the compiler). It needs `FromValue`, so a borrowing struct keeps
    /// the plain codec (`checks::nesting_checks` rejects the dynamic case).
    fn dynamic_block(&self, i: usize) -> bool {
        let f = &self.model.fields[i];
        f.with.is_none()
            && self.model.lifetime.is_none()
            && matches!(
                f.kind,
                Kind::Block {
                    nesting: NestingArg::List | NestingArg::Map,
                    ..
                }
            )
    }

    /// The function that codes field `i`: the field type's trait method, or
    /// for a `with` field its shape's.
    fn codec(&self, i: usize, tr: TokenStream, method: TokenStream) -> TokenStream {
        let p = self.p;
        let span = self.span(i);
        match &self.shapes[i] {
            Some(shape) => quote_spanned!(span=> <#shape as #p::WithShape>::#method),
            None if self.dynamic_block(i) => {
                let ty = &self.types[i];
                quote_spanned!(span=> #p::DynamicBlock::<#ty>::#method)
            }
            None => {
                let ty = &self.types[i];
                quote_spanned!(span=> <#ty as #tr>::#method)
            }
        }
    }

    /// A per-field helper of `__private`, located at the field like the
    /// calls it wraps: an error about the field's type then points at the
    /// field only.
    fn helper(&self, i: usize, name: &str) -> TokenStream {
        let p = self.p;
        let name = format_ident!("{}", name);
        respan(quote!(#p::#name), self.span(i))
    }

    /// 'de: the struct's own lifetime when it borrows, else a fresh one;
    /// and the generics of the decode impl.
    fn de(&self) -> (TokenStream, TokenStream) {
        let (impl_generics, _, _) = self.model.generics.split_for_impl();
        match &self.model.lifetime {
            Some(lt) => (quote!(#lt), quote!(#impl_generics)),
            None => (quote!('__de), quote!(<'__de>)),
        }
    }

    fn encode_impl(&self) -> TokenStream {
        let p = self.p;
        let (impl_generics, _, _) = self.model.generics.split_for_impl();
        let target = &self.target;
        let encode_where = (self.where_clause)(Some(quote!(#p::TfEncode)));
        let encode_fields = self.model.fields.iter().enumerate().map(|(i, f)| {
            let ident = &f.ident;
            let call = self.codec(i, quote!(#p::TfEncode), quote!(encode));
            let encode_attr = self.helper(i, "encode_attr");
            quote_spanned! {self.span(i)=>
                #encode_attr(__sink, &__TF_SHAPE, #i, &self.#ident, #call)?;
            }
        });
        quote! {
            impl #impl_generics #p::TfEncode for #target #encode_where {
                #[inline]
                fn encode<__S: #p::Sink>(&self, __sink: &mut __S) -> #p::Result<(), #p::Error> {
                    #p::Sink::__encode_object(__sink, self)
                }

                #[inline]
                fn __encode_fields<__S: #p::Sink>(&self, __sink: &mut __S) -> #p::Result<(), #p::Error> {
                    __sink.begin_object(&__TF_SHAPE)?;
                    #(#encode_fields)*
                    __sink.end_object(&__TF_SHAPE)
                }
            }
        }
    }

    fn decode_impl(&self) -> TokenStream {
        let p = self.p;
        let target = &self.target;
        let (de, decode_generics) = self.de();
        let decode_where = (self.where_clause)(Some(quote!(#p::TfDecode<#de>)));
        let n = self.model.fields.len();
        let calls: Vec<TokenStream> = (0..n)
            .map(|i| self.codec(i, quote!(#p::TfDecode<#de>), quote!(decode)))
            .collect();
        let values: Vec<syn::Ident> = (0..n).map(|i| format_ident!("__field{}", i)).collect();
        let build = self.build_from(&values);
        quote! {
            impl #decode_generics #p::TfDecode<#de> for #target #decode_where {
                #[inline]
                fn decode<__S: #p::Source<#de>>(__src: &mut __S) -> #p::Result<Self, #p::Error> {
                    #p::Source::__decode_object(__src)
                }

                #[inline]
                fn __decode_fields<__S: #p::Source<#de>>(__src: &mut __S) -> #p::Result<Self, #p::Error> {
                    let (#(#values,)*) = __tf_decode(__src, (#(#calls,)*), (#(#calls,)*))?;
                    #build
                }
            }
        }
    }

    /// The value built from the decoded fields (`values`, in field order).
    fn build_from(&self, values: &[syn::Ident]) -> TokenStream {
        let p = self.p;
        let idents = self.model.fields.iter().map(|f| &f.ident);
        let skipped: &[syn::Ident] = if self.own { &self.model.skipped } else { &[] };
        let skipped = skipped
            .iter()
            .map(|ident| quote!(#ident: #p::Default::default()));
        quote!(#p::Ok(Self { #(#idents: #values,)* #(#skipped,)* }))
    }
}
