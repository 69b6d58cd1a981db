//! The codec impls (`TfType`, `TfEncode`, `TfDecode`, `FromValue`), the
//! `TfPlan` impl and the companion plan-view struct.
//!
//! The struct and its plan view share one generator: they have the same
//! attributes in the same order and differ only in the fields' types.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::{msgpack_map_header, msgpack_str, wrapped_type};
use crate::ast::NestingArg;
use crate::tyinfo::Wrapper;
use crate::valid::{Kind, Model, WithModel};

pub fn expand(model: &Model) -> TokenStream {
    let p = model.private();
    let ident = &model.ident;
    let plan_ident = format_ident!("{}Plan", ident);
    let vis = &model.vis;
    let (impl_generics, ty_generics, _) = model.generics.split_for_impl();

    let own_types: Vec<TokenStream> = model
        .fields
        .iter()
        .map(|f| {
            let ty = &f.ty;
            quote!(#ty)
        })
        .collect();
    // A computed attribute's plan type can also be null: the plan view is
    // the configuration's view too, where Terraform leaves it null.
    let plan_types: Vec<TokenStream> = model
        .fields
        .iter()
        .map(|f| match &f.with {
            Some(with) => wrapped_type(&p, &plan_wrappers(f, &with.wrappers), &with.custom),
            None if f.kind.is_computed() => {
                let ty = &f.ty;
                quote_spanned!(ty.span()=> <#ty as #p::TfPlan>::PlanOrNull)
            }
            None => {
                let ty = &f.ty;
                quote_spanned!(ty.span()=> <#ty as #p::TfPlan>::Plan)
            }
        })
        .collect();
    // `with` fields: a marker per field implementing `WithShape` for the
    // custom type, and the shapes of the field in the struct and in the
    // plan view.
    let markers: Vec<Option<syn::Ident>> = model
        .fields
        .iter()
        .enumerate()
        .map(|(i, f)| f.with.as_ref().map(|_| format_ident!("__TfWith{}", i)))
        .collect();
    let marker_impls = model
        .fields
        .iter()
        .zip(&markers)
        .filter_map(|(f, m)| Some(marker_impl(&p, f.with.as_ref()?, m.as_ref()?)));
    let own_shapes: Vec<Option<TokenStream>> = model
        .fields
        .iter()
        .zip(&markers)
        .map(|(f, m)| Some(shape_type(&p, &f.with.as_ref()?.wrappers, m.as_ref()?)))
        .collect();
    let plan_shapes: Vec<Option<TokenStream>> = model
        .fields
        .iter()
        .zip(&markers)
        .map(|(f, m)| {
            let wrappers = plan_wrappers(f, &f.with.as_ref()?.wrappers);
            Some(shape_type(&p, &wrappers, m.as_ref()?))
        })
        .collect();

    let shape = object_shape(model);
    let own_type = quote!(#ident #ty_generics);
    let plan_type = quote!(#plan_ident #ty_generics);
    let tf_type = quote!(<#own_type as #p::TfSchema>::block().implied_type());
    // Every item that names the plan view states that each field type has
    // one. For a valid model these bounds hold; when a field's type is not a
    // Terraform type they keep the plan view from repeating the error once
    // per impl (the errors stay at the field, through the struct's own
    // codec impls). `for<'__x>` keeps the compiler from rejecting a bound
    // on concrete types that does not hold.
    // An impl that uses the fields' plan types through a trait also states
    // it of them (`plan_where(Some(trait))`).
    // A `with` field's plan type is written out (its custom type has no
    // plan view) and coded through its shape: only the std impls state what
    // they need of it (`std_impl`).
    let plan_where = |needs: Option<TokenStream>, std_impl: bool| {
        let bounds = model.fields.iter().zip(&plan_types).map(|(f, plan_ty)| {
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
    };
    let own = impls(
        model,
        &own_type,
        &own_types,
        &own_shapes,
        &tf_type,
        true,
        &|_| TokenStream::new(),
    );
    let plan_tf_type = quote!(<#own_type as #p::TfType>::tf_type());
    let plan = impls(
        model,
        &plan_type,
        &plan_types,
        &plan_shapes,
        &plan_tf_type,
        false,
        &|t| plan_where(t, false),
    );
    // With `with` fields the plan view's Debug/Clone/PartialEq depend on
    // the custom type's; without them the where clauses are the same.
    let plan_debug = plan_where(Some(quote!(::core::fmt::Debug)), true);
    let plan_only = plan_where(None, false);
    let plan_clone = plan_where(Some(quote!(::core::clone::Clone)), true);
    let plan_eq = plan_where(Some(quote!(::core::cmp::PartialEq)), true);

    // Each field keeps its doc comment, so that a crate with
    // `#![warn(missing_docs)]` documents the plan view as it does the model.
    let plan_fields = model.fields.iter().zip(&plan_types).map(|(f, ty)| {
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

    // Debug, Clone and PartialEq written out rather than derived: the std
    // derives name each field's type again, so a field type without a plan
    // view would be reported once more per derive. `clone` and `eq` are
    // `#[inline]` as the std derives make them: a crate that never clones
    // or compares a plan view does not compile them.
    let fidents: Vec<&syn::Ident> = model.fields.iter().map(|f| &f.ident).collect();
    let plan_name = plan_ident.to_string();
    let plan_debug_fields = debug_fields(model, false);
    let plan_std_impls = quote! {
        #[automatically_derived]
        impl #impl_generics ::core::fmt::Debug for #plan_type #plan_debug {
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
    };

    // `#[tf(debug)]`: a Debug for the struct itself that redacts sensitive
    // attributes (without it the user derives or writes their own).
    let own_debug = if model.debug {
        let own_name = ident.to_string();
        let own_fields = debug_fields(model, true);
        quote! {
            #[automatically_derived]
            impl #impl_generics ::core::fmt::Debug for #own_type {
                fn fmt(&self, __f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    __f.debug_struct(#own_name)
                        #(#own_fields)*
                        .finish()
                }
            }
        }
    } else {
        TokenStream::new()
    };

    quote! {
        #own_debug

        #[doc = #doc]
        #vis struct #plan_ident #struct_generics #plan_only {
            #(#plan_fields,)*
        }

        #plan_std_impls

        #[automatically_derived]
        const _: () = {
            #shape
            #(#marker_impls)*
            #own
            #plan

            impl #impl_generics #p::TfPlan for #own_type #plan_only {
                type PlanInner = #plan_type;
                type Plan = #p::Unknown<#plan_type>;
                type NullableInner = #p::Option<#plan_type>;
                type PlanOrNull = #p::Unknown<#p::Option<#plan_type>>;
            }
        };
    }
}

/// The codec impls for `target`, whose encoded fields have `types` (in
/// `model.fields` order, i.e. by Terraform name). `own`: the struct itself
/// (with its skipped fields), not the plan view.
fn impls(
    model: &Model,
    target: &TokenStream,
    types: &[TokenStream],
    shapes: &[Option<TokenStream>],
    tf_type: &TokenStream,
    own: bool,
    where_clause: &dyn Fn(Option<TokenStream>) -> TokenStream,
) -> TokenStream {
    let p = model.private();
    let (impl_generics, _, _) = model.generics.split_for_impl();
    // The plan view has the own struct's types, each maybe unknown.
    let has_dynamic = if own {
        let each = model.fields.iter().zip(types.iter().zip(shapes)).map(|(f, (ty, shape))| {
            match (shape, &f.with) {
                (Some(s), Some(with)) => {
                    quote_spanned!(with.module.span()=> <<#s as #p::WithShape>::Wire as #p::TfType>::HAS_DYNAMIC)
                }
                _ => quote!(<#ty as #p::TfType>::HAS_DYNAMIC),
            }
        });
        quote!(false #(|| #each)*)
    } else {
        let ident = &model.ident;
        let (_, ty_generics, _) = model.generics.split_for_impl();
        quote!(<#ident #ty_generics as #p::TfType>::HAS_DYNAMIC)
    };
    // List and map blocks go through `DynamicBlock`, which picks the
    // dynamic codec when the element has a `dynamic` attribute (known
    // only to the compiler). It needs `FromValue`, so a borrowing struct
    // keeps the plain codec (`nesting_checks` rejects the dynamic case).
    let dynamic_blocks: Vec<bool> = model
        .fields
        .iter()
        .map(|f| {
            f.with.is_none()
                && model.lifetime.is_none()
                && matches!(
                    f.kind,
                    Kind::Block {
                        nesting: NestingArg::List | NestingArg::Map,
                        ..
                    }
                )
        })
        .collect();
    let n = model.fields.len();
    let idents: Vec<&syn::Ident> = model.fields.iter().map(|f| &f.ident).collect();
    let names: Vec<&str> = model.fields.iter().map(|f| f.name.as_str()).collect();
    let keys: Vec<syn::LitByteStr> = names.iter().map(|n| msgpack_str(n)).collect();
    let slots: Vec<syn::Ident> = (0..n).map(|i| format_ident!("__field{}", i)).collect();
    let skipped: Vec<&syn::Ident> = if own {
        model.skipped.iter().collect()
    } else {
        Vec::new()
    };

    // 'de: the struct's own lifetime when it borrows, else a fresh one.
    let (de, decode_generics) = match &model.lifetime {
        Some(lt) => (quote!(#lt), quote!(#impl_generics)),
        None => (quote!('__de), quote!(<'__de>)),
    };

    // Calls naming a field's type carry the field type's span, so a type
    // that is not a Terraform type is reported at the field.
    // A `with` field's calls go through its module: mistakes there are
    // reported at the attribute.
    let spans: Vec<proc_macro2::Span> = model
        .fields
        .iter()
        .map(|f| {
            f.with
                .as_ref()
                .map_or_else(|| f.ty.span(), |w| w.module.span())
        })
        .collect();
    // The function that codes field `i`: the field type's trait method, or
    // for a `with` field its shape's.
    let codec = |i: usize, tr: TokenStream, method: TokenStream| match &shapes[i] {
        Some(shape) => quote_spanned!(spans[i]=> <#shape as #p::WithShape>::#method),
        None if dynamic_blocks[i] => {
            let ty = &types[i];
            quote_spanned!(spans[i]=> #p::DynamicBlock::<#ty>::#method)
        }
        None => {
            let ty = &types[i];
            quote_spanned!(spans[i]=> <#ty as #tr>::#method)
        }
    };
    let type_where = where_clause(None);
    let encode_where = where_clause(Some(quote!(#p::TfEncode)));
    let decode_where = where_clause(Some(quote!(#p::TfDecode<#de>)));
    // The per-field helpers, located at the field like the calls they
    // wrap: an error about the field's type then points at the field only.
    let helper = |i: usize, name: &str| {
        let name = format_ident!("{}", name);
        respan(quote!(#p::#name), spans[i])
    };
    let encode_fields = idents.iter().enumerate().map(|(i, ident)| {
        let call = codec(i, quote!(#p::TfEncode), quote!(encode));
        let encode_attr = helper(i, "encode_attr");
        quote_spanned! {spans[i]=>
            #encode_attr(__sink, &__TF_SHAPE, #i, &self.#ident, #call)?;
        }
    });

    // The values read so far, one `Option` per attribute, all in one
    // tuple: an early return (`?`) then drops one local, not each slot in
    // turn, which kept the compiler busy with a drop per slot and exit.
    let slot_types = types
        .iter()
        .map(|ty| quote_spanned!(ty.span()=> #p::Option<#ty>));
    let slot_inits = types.iter().map(|ty| quote_spanned!(ty.span()=> #p::None));
    let slot_decl =
        (n > 0).then(|| quote!(let mut __slots: (#(#slot_types,)*) = (#(#slot_inits,)*);));
    // Decoding reads each key to the index of its attribute, then decodes
    // that attribute (one call site per attribute and format). go-cty
    // writes an object's attributes sorted by name, the order of
    // `model.fields`, so the key expected next (after the previous one) is
    // first compared with its pre-encoded bytes; only when that fails is
    // the key read and looked up among the names (`attr_index`, compiled
    // once in the library). Duplicates are caught either way.
    let indices: Vec<syn::Index> = (0..n).map(syn::Index::from).collect();
    let decode_fields = names
        .iter()
        .zip(&indices)
        .enumerate()
        .map(|(i, (name, index))| {
            let call = codec(i, quote!(#p::TfDecode<#de>), quote!(decode));
            let decode_attr = helper(i, "decode_attr");
            quote_spanned! {spans[i]=>
                #index => #decode_attr(__src, &mut __slots.#index, #name, #call)?,
            }
        });
    // Each name as msgpack and JSON spell it, as arrays of known size so
    // that comparing the name expected next is a few word compares.
    let key_consts: Vec<syn::Ident> = (0..n).map(|i| format_ident!("__KEY{}", i)).collect();
    let key_defs = names
        .iter()
        .zip(&keys)
        .zip(&key_consts)
        .map(|((name, key), ident)| {
            let json = syn::LitByteStr::new(format!("\"{name}\"").as_bytes(), key.span());
            let (m, j) = (key.value().len(), name.len() + 2);
            quote! {
                const #ident: #p::AttrKey<#m, #j> = #p::AttrKey {
                    name: #name,
                    msgpack: *#key,
                    json: *#json,
                };
            }
        });
    // Attributes the input did not have get what the source makes of a
    // missing attribute, in field order (the first that cannot be missing
    // is the error); then every slot is filled and one pattern moves the
    // values out.
    let fill_slots = names
        .iter()
        .zip(&indices)
        .enumerate()
        .map(|(i, (name, index))| {
            let call = codec(i, quote!(#p::TfDecode<#de>), quote!(decode));
            let fill_attr = helper(i, "fill_attr");
            quote_spanned! {spans[i]=>
                #fill_attr(__src, &mut __slots.#index, #name, #call)?;
            }
        });
    let build = {
        let skipped = skipped
            .iter()
            .map(|ident| quote!(#ident: #p::Default::default()));
        let built = quote!(Self { #(#idents: #slots,)* #(#skipped,)* });
        if n == 0 {
            quote!(#p::Ok(#built))
        } else {
            quote! {
                match __slots {
                    (#(#p::Some(#slots),)*) => #p::Ok(#built),
                    _ => #p::Err(#p::unfilled_attribute()),
                }
            }
        }
    };

    quote! {
        impl #impl_generics #p::TfType for #target #type_where {
            const REFINE_KIND: #p::RefineKind = #p::RefineKind::Other;
            const HAS_DYNAMIC: ::core::primitive::bool = #has_dynamic;
            fn tf_type() -> #p::Type {
                #tf_type
            }
        }

        // `encode` and `decode` forward to the sink's or source's method,
        // which calls the body (`__encode_fields`, `__decode_fields`): each
        // format's instance of the body is then compiled with that
        // format's code, in parallel with the others, rather than all of a
        // module's models in one codegen unit (see `Sink::__encode_object`).
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

/// The wrappers of a `with` field's plan view: unknown at the top, like
/// every plan-view attribute (`Refined` stays refined); a computed one may
/// also be null (an `Option` under the top).
fn plan_wrappers(field: &crate::valid::FieldModel, wrappers: &[Wrapper]) -> Vec<Wrapper> {
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

/// The `WithShape` of a field: the marker inside the wrappers' shapes.
fn shape_type(p: &TokenStream, wrappers: &[Wrapper], marker: &syn::Ident) -> TokenStream {
    wrappers
        .iter()
        .rev()
        .fold(quote!(#marker), |inner, w| match w {
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
    let WithModel { module, custom, .. } = with;
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

/// The attributes' names and what precedes each value in msgpack (the
/// name, after the map header for the first) and JSON, computed here once
/// for the struct and its plan view.
fn object_shape(model: &Model) -> TokenStream {
    let p = model.private();
    let n = model.fields.len();
    let header = msgpack_map_header(n);
    let names: Vec<&str> = model.fields.iter().map(|f| f.name.as_str()).collect();
    let msgpack: Vec<syn::LitByteStr> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let key = msgpack_str(name);
            let mut bytes = if i == 0 { header.value() } else { Vec::new() };
            bytes.extend(key.value());
            syn::LitByteStr::new(&bytes, key.span())
        })
        .collect();
    // Names match `^[a-z0-9_]+$`: a name's JSON literal is itself in quotes.
    let json: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, name)| format!("{}\"{}\":", if i == 0 { '{' } else { ',' }, name))
        .collect();
    quote! {
        static __TF_SHAPE: #p::ObjectShape = #p::ObjectShape {
            names: &[#(#names),*],
            msgpack: &[#(#msgpack),*],
            json: &[#(#json),*],
            msgpack_empty: #header,
        };
    }
}

/// `tokens` located at `span` (resolved as before): a path the derive
/// writes that should be reported where the user's field is.
fn respan(tokens: TokenStream, span: proc_macro2::Span) -> TokenStream {
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
