//! The codec impls (`TfType`, `TfEncode`, `TfDecode`) of a struct or of its
//! plan view: the same attributes in the same order, with the fields' types
//! of the one or the other.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::keys::msgpack_str;
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
        let each = model
            .fields
            .iter()
            .zip(self.types.iter().zip(self.shapes))
            .map(|(f, (ty, shape))| match (shape, &f.with) {
                (Some(s), Some(with)) => {
                    quote_spanned!(with.module.span()=> <<#s as #p::WithShape>::Wire as #p::TfType>::HAS_DYNAMIC)
                }
                _ => quote!(<#ty as #p::TfType>::HAS_DYNAMIC),
            });
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
        let key_defs = self.key_defs();
        let slot_decl = self.slot_decl();
        let indices: Vec<syn::Index> = (0..n).map(syn::Index::from).collect();
        let key_consts: Vec<syn::Ident> = (0..n).map(|i| format_ident!("__KEY{}", i)).collect();
        let decode_fields = self.decode_arms(&de);
        let fill_slots = self.fill_slots(&de);
        let build = self.build();
        quote! {
            impl #decode_generics #p::TfDecode<#de> for #target #decode_where {
                #[inline]
                fn decode<__S: #p::Source<#de>>(__src: &mut __S) -> #p::Result<Self, #p::Error> {
                    #p::Source::__decode_object(__src)
                }

                // Reads each name to the index of its attribute, then decodes
                // that attribute. go-cty writes an object's attributes sorted by
                // name, the order of the fields, so the name expected next
                // (after the previous one) is tried first; only when that fails
                // is the name read and matched. Duplicates are caught either way.
                #[allow(unreachable_code, unused_assignments)]
                #[inline]
                fn __decode_fields<__S: #p::Source<#de>>(__src: &mut __S) -> #p::Result<Self, #p::Error> {
                    #(#key_defs)*
                    let mut __object = __src.begin_object(#n)?;
                    #slot_decl
                    let mut __next: ::core::primitive::usize = 0;
                    loop {
                        let __index: ::core::primitive::usize = match __next {
                            #(#indices if __src.take_key(&mut __object, &#key_consts) => #indices,)*
                            _ => match __src.next_key(&mut __object)? {
                                #p::Some(__key) => match #p::attr_index(&__TF_SHAPE, &__key) {
                                    #p::Some(__index) => __index,
                                    #p::None => {
                                        __src.unknown_attribute(&__key)?;
                                        continue;
                                    }
                                },
                                #p::None => break,
                            },
                        };
                        match __index {
                            #(#decode_fields)*
                            _ => {}
                        }
                        __next = __index + 1;
                    }
                    __src.end_object(__object);
                    #(#fill_slots)*
                    #build
                }
            }
        }
    }

    /// Each name as msgpack and JSON spell it, as arrays of known size so
    /// that comparing the name expected next is a few word compares.
    fn key_defs(&self) -> Vec<TokenStream> {
        let p = self.p;
        self.model
            .fields
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let name = &f.name;
                let ident = format_ident!("__KEY{}", i);
                let key = msgpack_str(name);
                let json = syn::LitByteStr::new(format!("\"{name}\"").as_bytes(), key.span());
                let (m, j) = (key.value().len(), name.len() + 2);
                quote! {
                    const #ident: #p::AttrKey<#m, #j> = #p::AttrKey {
                        name: #name,
                        msgpack: *#key,
                        json: *#json,
                    };
                }
            })
            .collect()
    }

    /// The values read so far, one `Option` per attribute, all in one
    /// tuple: an early return (`?`) then drops one local, not each slot in
    /// turn, which kept the compiler busy with a drop per slot and exit.
    fn slot_decl(&self) -> Option<TokenStream> {
        let p = self.p;
        let slot_types = self
            .types
            .iter()
            .map(|ty| quote_spanned!(ty.span()=> #p::Option<#ty>));
        let slot_inits = self
            .types
            .iter()
            .map(|ty| quote_spanned!(ty.span()=> #p::None));
        (!self.types.is_empty())
            .then(|| quote!(let mut __slots: (#(#slot_types,)*) = (#(#slot_inits,)*);))
    }

    /// Decoding reads each key to the index of its attribute, then decodes
    /// that attribute (one call site per attribute and format).
    fn decode_arms(&self, de: &TokenStream) -> Vec<TokenStream> {
        let p = self.p;
        self.model
            .fields
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let name = &f.name;
                let index = syn::Index::from(i);
                let call = self.codec(i, quote!(#p::TfDecode<#de>), quote!(decode));
                let decode_attr = self.helper(i, "decode_attr");
                quote_spanned! {self.span(i)=>
                    #index => #decode_attr(__src, &mut __slots.#index, #name, #call)?,
                }
            })
            .collect()
    }

    /// Attributes the input did not have get what the source makes of a
    /// missing attribute, in field order (the first that cannot be missing
    /// is the error).
    fn fill_slots(&self, de: &TokenStream) -> Vec<TokenStream> {
        let p = self.p;
        self.model
            .fields
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let name = &f.name;
                let index = syn::Index::from(i);
                let call = self.codec(i, quote!(#p::TfDecode<#de>), quote!(decode));
                let fill_attr = self.helper(i, "fill_attr");
                quote_spanned! {self.span(i)=>
                    #fill_attr(__src, &mut __slots.#index, #name, #call)?;
                }
            })
            .collect()
    }

    /// Every slot is filled: one pattern moves the values out.
    fn build(&self) -> TokenStream {
        let p = self.p;
        let n = self.model.fields.len();
        let idents = self.model.fields.iter().map(|f| &f.ident);
        let slots: Vec<syn::Ident> = (0..n).map(|i| format_ident!("__field{}", i)).collect();
        let skipped: &[syn::Ident] = if self.own { &self.model.skipped } else { &[] };
        let skipped = skipped
            .iter()
            .map(|ident| quote!(#ident: #p::Default::default()));
        let built = quote!(Self { #(#idents: #slots,)* #(#skipped,)* });
        if n == 0 {
            return quote!(#p::Ok(#built));
        }
        quote! {
            match __slots {
                (#(#p::Some(#slots),)*) => #p::Ok(#built),
                _ => #p::Err(#p::unfilled_attribute()),
            }
        }
    }
}
