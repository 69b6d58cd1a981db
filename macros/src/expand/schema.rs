//! `impl TfSchema`: the struct's block, built from the field types' own
//! `TfType`/`TfSchema` impls, with its validation and its compile-time
//! checks. The block is data: a constant `AttrSpec` per attribute and
//! `BlockSpec` per nested block, which `__private::block_of` (compiled once,
//! in the library) turns into the `Block`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::tokens::{elem_struct, private, value_type};
use super::{checks, ephemeral, plan_policy, validate};
use crate::ast::NestingArg;
use crate::tyinfo::Collection;
use crate::valid::{FieldModel, Flags, Kind, Model};

pub fn expand(model: &Model) -> TokenStream {
    let p = private(model);
    let ident = &model.ident;
    let (impl_generics, ty_generics, _) = model.generics.split_for_impl();
    let version = model.version;
    let attributes = model.fields.iter().filter_map(|f| attribute(f, &p));
    let block_types = model.fields.iter().filter_map(|f| nested_block(f, &p));
    let validate = validate::body(model, &p).map(|body| {
        quote! {
            fn validate(
                __value: &#p::Value,
                __root: &#p::Value,
                __path: &mut #p::Vec<#p::PathStep>,
                __diags: &mut #p::Diagnostics,
            ) {
                #body
            }
        }
    });
    let config_validators = validate::config_validators(model, &p);
    let has_write_only = checks::has_write_only(model, &p);
    let mut checks = checks::nesting_checks(model, &p);
    checks.extend(checks::type_checks(model, &p));
    checks.extend(checks::identity_checks(model, &p));
    let identity = model.identity.then(|| {
        quote! {
            impl #impl_generics #p::TfIdentity for #ident #ty_generics {}
        }
    });
    checks.extend(ephemeral::items(model, &p));
    let has_plan_policy = ephemeral::has_plan_policy(model, &p);
    let description = &model.description;
    let markdown = model.markdown;
    let deprecation = option_str(model.deprecation_message.as_deref(), &p);
    quote! {
        #[automatically_derived]
        const _: () = {
            #(#checks)*

            impl #impl_generics #p::TfSchema for #ident #ty_generics {
                const VERSION: ::core::primitive::i64 = #version;
                const HAS_WRITE_ONLY: ::core::primitive::bool = #has_write_only;
                const HAS_PLAN_POLICY: ::core::primitive::bool = #has_plan_policy;

                // The attributes and nested blocks as constant tables
                // (inline `const`: they may name the struct's lifetime),
                // which one function of the library turns into the block.
                fn block() -> #p::Block {
                    #p::block_of(
                        const { &[#(#attributes),*] },
                        const { &[#(#block_types),*] },
                        #description,
                        #markdown,
                        #deprecation,
                    )
                }

                #validate
                #config_validators
            }

            #identity
        };
    }
}

/// The `AttrSpec` of an attribute or nested attributes field.
fn attribute(field: &FieldModel, p: &TokenStream) -> Option<TokenStream> {
    let (flags, attr_ty) = match &field.kind {
        Kind::Attribute(flags) => (flags, attribute_type(field, p)),
        Kind::Nested {
            flags,
            elem,
            opaque,
            nesting,
        } => (flags, nested_type(elem, *opaque, *nesting, p)),
        Kind::Block { .. } => return None,
    };
    let name = &field.name;
    let description = &field.description;
    let (required, optional) = presence(field, flags, p);
    let Flags { computed, .. } = *flags;
    let (sensitive, deprecated, write_only, markdown) = (
        field.sensitive,
        field.deprecated,
        field.write_only,
        field.markdown,
    );
    let plan = plan_policy::plan_fn(field, p);
    let deprecation_message = field.deprecation_message.as_deref().unwrap_or_default();
    Some(quote! {
        #p::AttrSpec {
            name: #name,
            ty: #attr_ty,
            description: #description,
            // required, optional, computed, sensitive, deprecated,
            // write_only, markdown, deprecation message
            flags: #p::AttrFlags::of(
                #required, #optional, #computed, #sensitive, #deprecated, #write_only, #markdown,
                #deprecation_message,
            ),
            plan: #plan,
        }
    })
}

/// `required` and `optional`: as decided, or with no flag written and a
/// type that does not show it, optional exactly when the type can be null,
/// as the compiler knows it (through an alias too).
fn presence(field: &FieldModel, flags: &Flags, p: &TokenStream) -> (TokenStream, TokenStream) {
    if flags.inferred {
        let value_ty = value_type(field, p);
        let null = quote!(<#value_ty as #p::TfType>::CAN_BE_NULL);
        (quote!(!#null), null)
    } else {
        let Flags {
            required, optional, ..
        } = *flags;
        (quote!(#required), quote!(#optional))
    }
}

/// A plain attribute's type (the `TfType::tf_type` of the field's type,
/// named at the field); a `with` field has its module's wire type (the
/// wrappers around the custom type do not change it).
fn attribute_type(field: &FieldModel, p: &TokenStream) -> TokenStream {
    match &field.with {
        Some(with) => {
            let wire = super::tokens::with_wire(with, p);
            quote_spanned! {with.module.span()=>
                #p::AttrTy::Type(<#wire as #p::TfType>::tf_type)
            }
        }
        None => {
            let ty = &field.ty;
            quote_spanned! {ty.span()=>
                #p::AttrTy::Type(<#ty as #p::TfType>::tf_type)
            }
        }
    }
}

fn nested_type(
    elem: &syn::Type,
    opaque: bool,
    nesting: Collection,
    p: &TokenStream,
) -> TokenStream {
    let elem = elem_struct(elem, opaque, p);
    let nesting = match nesting {
        Collection::One => quote!(#p::ObjectNesting::Single),
        Collection::List => quote!(#p::ObjectNesting::List),
        Collection::Set => quote!(#p::ObjectNesting::Set),
        Collection::Map => quote!(#p::ObjectNesting::Map),
    };
    quote_spanned! {elem.span()=>
        #p::AttrTy::Nested(<#elem as #p::TfSchema>::block, #nesting)
    }
}

/// The `BlockSpec` of a block field.
fn nested_block(field: &FieldModel, p: &TokenStream) -> Option<TokenStream> {
    let Kind::Block {
        elem,
        opaque,
        nesting,
        min_items,
        max_items,
        computed,
    } = &field.kind
    else {
        return None;
    };
    let deprecation = option_str(field.deprecation_message.as_deref(), p);
    let name = &field.name;
    let plan = plan_policy::plan_fn(field, p);
    let elem = elem_struct(elem, *opaque, p);
    let nesting = match nesting {
        NestingArg::Single => quote!(#p::NestingMode::Single),
        NestingArg::List => quote!(#p::NestingMode::List),
        NestingArg::Set => quote!(#p::NestingMode::Set),
        NestingArg::Map => quote!(#p::NestingMode::Map),
        NestingArg::Group => quote!(#p::NestingMode::Group),
    };
    let block = quote_spanned! {elem.span()=> <#elem as #p::TfSchema>::block };
    Some(quote! {
        #p::BlockSpec {
            name: #name,
            block: #block,
            nesting: #nesting,
            min_items: #min_items,
            max_items: #max_items,
            flags: #p::BlockFlags {
                deprecation_message: #deprecation,
                computed: #computed,
            },
            plan: #plan,
        }
    })
}

/// `Some("...")` or `None`, through the private paths.
fn option_str(s: Option<&str>, p: &TokenStream) -> TokenStream {
    match s {
        Some(s) => quote!(#p::Some(#s)),
        None => quote!(#p::None),
    }
}
