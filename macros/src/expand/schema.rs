//! `impl TfSchema`: the struct's block, built from the field types' own
//! `TfType`/`TfSchema` impls.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::NestingArg;
use crate::tyinfo::Collection;
use crate::valid::{Flags, Kind, Model};

pub fn expand(model: &Model) -> TokenStream {
    let p = model.private();
    let ident = &model.ident;
    let (impl_generics, ty_generics, _) = model.generics.split_for_impl();
    let version = model.version;

    let mut attributes = Vec::new();
    let mut block_types = Vec::new();
    for field in &model.fields {
        let name = &field.name;
        let ty = &field.ty;
        let description = &field.description;
        let kind = string_kind(&p, field.markdown);
        let sensitive = field.sensitive;
        let deprecated = field.deprecated;
        let write_only = field.write_only;
        let attribute = |flags: &Flags, attr_ty: TokenStream| {
            let Flags {
                required,
                optional,
                computed,
            } = *flags;
            quote! {
                #p::Attribute {
                    name: #p::String::from(#name),
                    ty: #attr_ty,
                    description: #p::String::from(#description),
                    description_kind: #kind,
                    required: #required,
                    optional: #optional,
                    computed: #computed,
                    sensitive: #sensitive,
                    deprecated: #deprecated,
                    write_only: #write_only,
                }
            }
        };
        match &field.kind {
            Kind::Attribute(flags) => {
                let attr_ty = quote_spanned! {ty.span()=>
                    #p::AttributeType::Type(<#ty as #p::TfType>::tf_type())
                };
                attributes.push(attribute(flags, attr_ty));
            }
            Kind::Nested {
                flags,
                elem,
                nesting,
            } => {
                let nesting = match nesting {
                    Collection::One => quote!(#p::ObjectNesting::Single),
                    Collection::List => quote!(#p::ObjectNesting::List),
                    Collection::Set => quote!(#p::ObjectNesting::Set),
                    Collection::Map => quote!(#p::ObjectNesting::Map),
                };
                let attr_ty = quote_spanned! {elem.span()=>
                    #p::AttributeType::Nested(#p::NestedType {
                        attributes: <#elem as #p::TfSchema>::block().attributes,
                        nesting: #nesting,
                    })
                };
                attributes.push(attribute(flags, attr_ty));
            }
            Kind::Block {
                elem,
                nesting,
                min_items,
                max_items,
            } => {
                let nesting = match nesting {
                    NestingArg::Single => quote!(#p::NestingMode::Single),
                    NestingArg::List => quote!(#p::NestingMode::List),
                    NestingArg::Set => quote!(#p::NestingMode::Set),
                    NestingArg::Map => quote!(#p::NestingMode::Map),
                    NestingArg::Group => quote!(#p::NestingMode::Group),
                };
                let block = quote_spanned! {elem.span()=> <#elem as #p::TfSchema>::block() };
                block_types.push(quote! {
                    #p::NestedBlock {
                        type_name: #p::String::from(#name),
                        block: #block,
                        nesting: #nesting,
                        min_items: #min_items,
                        max_items: #max_items,
                    }
                });
            }
        }
    }
    let description = &model.description;
    let kind = string_kind(&p, model.markdown);
    quote! {
        #[automatically_derived]
        const _: () = {
            impl #impl_generics #p::TfSchema for #ident #ty_generics {
                const VERSION: ::core::primitive::i64 = #version;

                fn block() -> #p::Block {
                    #p::Block {
                        attributes: #p::vec![#(#attributes),*],
                        block_types: #p::vec![#(#block_types),*],
                        description: #p::String::from(#description),
                        description_kind: #kind,
                        deprecated: false,
                    }
                }
            }
        };
    }
}

fn string_kind(p: &TokenStream, markdown: bool) -> TokenStream {
    if markdown {
        quote!(#p::StringKind::Markdown)
    } else {
        quote!(#p::StringKind::Plain)
    }
}
