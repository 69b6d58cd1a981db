//! `impl TfSchema`: the struct's block, built from the field types' own
//! `TfType`/`TfSchema` impls.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
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
    let validate = validate_body(model, &p);
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

                fn validate(
                    __value: &#p::Value,
                    __path: &mut #p::Vec<#p::PathStep>,
                    __diags: &mut #p::Diagnostics,
                ) {
                    #validate
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

/// The body of `TfSchema::validate`: per attribute its validators, its
/// deprecation warning and the validation of nested objects; then the
/// cross-attribute rules.
fn validate_body(model: &Model, p: &TokenStream) -> TokenStream {
    let mut per_field = Vec::new();
    let mut rules = Vec::new();
    for field in &model.fields {
        let name = &field.name;
        let mut checks = TokenStream::new();
        if let Some(message) = &field.deprecation_message {
            checks.extend(quote!(#p::deprecated(__v, #message, __path, __diags);));
        }
        if let Some(v) = &field.validators {
            let sensitive = field.sensitive;
            let calls = crate::validators::expand(v, p, &quote!(__v), &quote!(&mut __ctx));
            checks.extend(quote! {{
                let mut __ctx = #p::Ctx::new(__path.clone(), #sensitive, &mut *__diags);
                #calls
            }});
        }
        match &field.kind {
            Kind::Block { elem, .. } | Kind::Nested { elem, .. } => {
                // Only the trait-bound part carries the field's span: the
                // local names must keep the call-site hygiene of the body.
                let validate_nested = quote_spanned!(elem.span()=> #p::validate_nested::<#elem>);
                checks.extend(quote!(#validate_nested(__v, __path, __diags);));
            }
            Kind::Attribute(_) => {}
        }
        if !checks.is_empty() {
            per_field.push(quote! {
                if let #p::Some(__v) = __attrs.get(#name) {
                    __path.push(#p::PathStep::Attr(#p::String::from(#name)));
                    #checks
                    __path.pop();
                }
            });
        }
        for rule in &field.rules {
            let f = format_ident!("rule_{}", rule.kind.key());
            let names = rule.names.iter().map(|n| n.as_str());
            rules.push(quote!(#p::#f(__attrs, #name, &[#(#names),*], __path, __diags);));
        }
    }
    if per_field.is_empty() && rules.is_empty() {
        return quote!(let _ = (__value, __path, __diags););
    }
    quote! {
        let #p::Value::Object(__attrs) = __value else {
            return;
        };
        #(#per_field)*
        #(#rules)*
    }
}
