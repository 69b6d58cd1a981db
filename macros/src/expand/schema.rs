//! `impl TfSchema`: the struct's block, built from the field types' own
//! `TfType`/`TfSchema` impls.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ast::NestingArg;
use crate::tyinfo::{Collection, Scalar};
use crate::valid::{Flags, Kind, Model, RuleKind, TypeRule};

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
        let markdown = field.markdown;
        let sensitive = field.sensitive;
        let deprecated = field.deprecated;
        let write_only = field.write_only;
        let plan = plan_policy(field, &p);
        let value_ty = super::value_type(field, &p);
        let attribute = |flags: &Flags, attr_ty: TokenStream| {
            let Flags {
                required,
                optional,
                computed,
                inferred,
            } = *flags;
            // No flag written: optional exactly when the type can be null,
            // as the compiler knows it (through an alias too).
            let (required, optional) = if inferred {
                let null = quote!(<#value_ty as #p::TfType>::CAN_BE_NULL);
                (quote!(!#null), null)
            } else {
                (quote!(#required), quote!(#optional))
            };
            quote! {
                #p::attribute(
                    #name,
                    #attr_ty,
                    #description,
                    #p::AttrFlags {
                        required: #required,
                        optional: #optional,
                        computed: #computed,
                        sensitive: #sensitive,
                        deprecated: #deprecated,
                        write_only: #write_only,
                        markdown: #markdown,
                    },
                    #plan,
                )
            }
        };
        match &field.kind {
            Kind::Attribute(flags) => {
                // A `with` field has its module's wire type; the wrappers
                // around the custom type do not change it.
                let attr_ty = match &field.with {
                    Some(with) => {
                        let module = &with.module;
                        quote_spanned! {module.span()=>
                            #p::AttributeType::Type(<#module::Wire as #p::TfType>::tf_type())
                        }
                    }
                    None => quote_spanned! {ty.span()=>
                        #p::AttributeType::Type(<#ty as #p::TfType>::tf_type())
                    },
                };
                attributes.push(attribute(flags, attr_ty));
            }
            Kind::Nested {
                flags,
                elem,
                opaque,
                nesting,
            } => {
                let elem = elem_struct(elem, *opaque, &p);
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
                opaque,
                nesting,
                min_items,
                max_items,
            } => {
                let elem = elem_struct(elem, *opaque, &p);
                let nesting = match nesting {
                    NestingArg::Single => quote!(#p::NestingMode::Single),
                    NestingArg::List => quote!(#p::NestingMode::List),
                    NestingArg::Set => quote!(#p::NestingMode::Set),
                    NestingArg::Map => quote!(#p::NestingMode::Map),
                    NestingArg::Group => quote!(#p::NestingMode::Group),
                };
                let block = quote_spanned! {elem.span()=> <#elem as #p::TfSchema>::block() };
                block_types.push(quote! {
                    #p::nested_block(#name, #block, #nesting, #min_items, #max_items, #plan)
                });
            }
        }
    }
    let validate = validate_body(model, &p);
    let (has_write_only, mut checks) = nesting_checks(model, &p);
    checks.extend(type_checks(model, &p));
    checks.extend(identity_checks(model, &p));
    let identity = model.identity.then(|| {
        quote! {
            impl #impl_generics #p::TfIdentity for #ident #ty_generics {}
        }
    });
    checks.extend(super::ephemeral::items(model, &p));
    let has_plan_policy = super::ephemeral::has_plan_policy(model, &p);
    let description = &model.description;
    let markdown = model.markdown;
    quote! {
        #[automatically_derived]
        const _: () = {
            #(#checks)*

            impl #impl_generics #p::TfSchema for #ident #ty_generics {
                const VERSION: ::core::primitive::i64 = #version;
                const HAS_WRITE_ONLY: ::core::primitive::bool = #has_write_only;
                const HAS_PLAN_POLICY: ::core::primitive::bool = #has_plan_policy;

                fn block() -> #p::Block {
                    #p::block(
                        #p::vec![#(#attributes),*],
                        #p::vec![#(#block_types),*],
                        #description,
                        #markdown,
                    )
                }

                fn validate(
                    __value: &#p::Value,
                    __path: &mut #p::Vec<#p::PathStep>,
                    __diags: &mut #p::Diagnostics,
                ) {
                    #validate
                }
            }

            #identity
        };
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
            let calls = super::validators::expand(v, p, &quote!(__v), &quote!(&mut __ctx));
            checks.extend(quote! {{
                let mut __ctx = #p::Ctx::new(__path.clone(), #sensitive, &mut *__diags);
                #calls
            }});
        }
        match &field.kind {
            Kind::Block { elem, opaque, .. } | Kind::Nested { elem, opaque, .. } => {
                let elem = elem_struct(elem, *opaque, p);
                // Only the trait-bound part carries the field's span: the
                // local names must keep the call-site hygiene of the body.
                // A map block's value may be an object (`DynamicBlock`).
                let validate_nested = if matches!(
                    field.kind,
                    Kind::Block {
                        nesting: NestingArg::Map,
                        ..
                    }
                ) {
                    quote_spanned!(elem.span()=> #p::validate_block_map::<#elem>)
                } else {
                    quote_spanned!(elem.span()=> #p::validate_nested::<#elem>)
                };
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
            let kind = match rule.kind {
                RuleKind::ConflictsWith => quote!(ConflictsWith),
                RuleKind::ExactlyOneOf => quote!(ExactlyOneOf),
                RuleKind::AtLeastOneOf => quote!(AtLeastOneOf),
                RuleKind::RequiredWith => quote!(RequiredWith),
            };
            let names = rule.names.iter().map(|n| n.as_str());
            rules.push(quote!(#p::check_rule(#p::Rule::#kind, __attrs, #name, &[#(#names),*], __path, __diags);));
        }
    }
    let hook = model.validate_with.as_ref().map(|path| {
        let plan = format_ident!("{}Plan", model.ident);
        let call = quote_spanned!(path.span()=> #path(&__plan));
        quote! {
            if let #p::Ok(__plan) = <#plan as #p::FromValue>::from_value(__value.clone()) {
                let __found: #p::Diagnostics = #call;
                #p::extend_at(__diags, __path, __found);
            }
        }
    });
    if per_field.is_empty() && rules.is_empty() && hook.is_none() {
        return quote!(let _ = (__value, __path, __diags););
    }
    quote! {
        let #p::Value::Object(__attrs) = __value else {
            return;
        };
        #(#per_field)*
        #(#rules)*
        #hook
    }
}

/// `HAS_WRITE_ONLY` for the block, and compile-time checks of what
/// Terraform forbids in nested blocks, which depend on the element struct:
/// no `dynamic` or `write_only` attribute in a set block. A list or map
/// block whose element has a `dynamic` attribute travels as one dynamic
/// tuple/object value, read through `FromValue` (`DynamicBlock`), which a
/// borrowing struct lacks: rejected there.
fn nesting_checks(model: &Model, p: &TokenStream) -> (TokenStream, Vec<TokenStream>) {
    let mut write_only = vec![quote!(false)];
    let mut checks = Vec::new();
    for field in &model.fields {
        if field.write_only {
            write_only.push(quote!(true));
        }
        let (elem, set, list_or_map) = match &field.kind {
            Kind::Block {
                elem,
                opaque,
                nesting,
                ..
            } => (
                elem_struct(elem, *opaque, p),
                *nesting == NestingArg::Set,
                matches!(nesting, NestingArg::List | NestingArg::Map),
            ),
            Kind::Nested {
                elem,
                opaque,
                nesting,
                ..
            } => (
                elem_struct(elem, *opaque, p),
                *nesting == Collection::Set,
                false,
            ),
            Kind::Attribute(_) => continue,
        };
        write_only.push(quote!(<#elem as #p::TfSchema>::HAS_WRITE_ONLY));
        let name = &field.name;
        if set {
            let dynamic = format!(
                "`{name}`: a set block or set of nested attributes cannot contain a `dynamic` (Value) attribute; Terraform forbids it"
            );
            let write_only = format!(
                "`{name}`: a set block or set of nested attributes cannot contain a `write_only` attribute; Terraform forbids it"
            );
            let elem = static_lifetimes(&elem, model);
            checks.push(quote_spanned! {elem.span()=>
                const _: () = ::core::assert!(!<#elem as #p::TfType>::HAS_DYNAMIC, #dynamic);
                const _: () = ::core::assert!(!<#elem as #p::TfSchema>::HAS_WRITE_ONLY, #write_only);
            });
        }
        if list_or_map && model.lifetime.is_some() {
            let dynamic = format!(
                "`{name}`: a list or map block whose struct has a `dynamic` (Value) attribute is read through dynamic values, which a struct that borrows from the input (one with a lifetime) cannot be built from; make this struct own its data (String instead of &str)"
            );
            let elem = static_lifetimes(&elem, model);
            checks.push(quote_spanned! {elem.span()=>
                const _: () = ::core::assert!(!<#elem as #p::TfType>::HAS_DYNAMIC, #dynamic);
            });
        }
    }
    (quote!(#(#write_only)||*), checks)
}

/// The struct of a block or nested attribute: `elem` as written, or read
/// through `BlockElem` when `opaque` (written as one name, which may be an
/// alias of an `Option` or a collection: see `type_checks`).
pub(super) fn elem_struct(elem: &syn::Type, opaque: bool, p: &TokenStream) -> syn::Type {
    if opaque {
        syn::parse_quote_spanned!(elem.span()=> <#elem as #p::BlockElem>::Elem)
    } else {
        elem.clone()
    }
}

/// Compile-time assertions of the rules the fields' written types left
/// open (`FieldModel::type_checks`), each at the flag or type it concerns.
fn type_checks(model: &Model, p: &TokenStream) -> Vec<TokenStream> {
    let mut out = Vec::new();
    for field in &model.fields {
        for check in &field.type_checks {
            let condition = match check.rule {
                TypeRule::CanBeNull
                | TypeRule::CannotBeNull
                | TypeRule::CanBeUnknown
                | TypeRule::DefaultFits(_) => {
                    let value_ty: syn::Type = match syn::parse2(super::value_type(field, p)) {
                        Ok(ty) => static_lifetimes(&ty, model),
                        Err(_) => continue,
                    };
                    // The type carries its own span, so a type that is not a
                    // Terraform type is reported there, as elsewhere.
                    let value_ty = quote_spanned!(value_ty.span()=> <#value_ty as #p::TfType>);
                    match check.rule {
                        TypeRule::CanBeNull => quote!(#value_ty::CAN_BE_NULL),
                        TypeRule::CannotBeNull => quote!(!#value_ty::CAN_BE_NULL),
                        TypeRule::DefaultFits(literal) => {
                            let kind = match literal {
                                Scalar::String => quote!(String),
                                Scalar::Number => quote!(Number),
                                _ => quote!(Other),
                            };
                            quote! {
                                ::core::matches!(
                                    #value_ty::REFINE_KIND,
                                    #p::RefineKind::#kind | #p::RefineKind::Dynamic
                                )
                            }
                        }
                        _ => quote!(#value_ty::CAN_BE_UNKNOWN),
                    }
                }
                TypeRule::Struct => {
                    let (Kind::Block { elem, .. } | Kind::Nested { elem, .. }) = &field.kind else {
                        continue;
                    };
                    let elem = static_lifetimes(elem, model);
                    quote_spanned!(elem.span()=> <<#elem as #p::BlockElem>::Kind as #p::ElemKind>::STRUCT)
                }
            };
            let message = &check.message;
            out.push(quote_spanned! {check.span=>
                const _: () = ::core::assert!(#condition, #message);
            });
        }
    }
    out
}

/// For an identity model (`#[tf(identity)]`): each attribute's value type
/// asserted to be one an identity can hold (`IdentityAttr`), at the field's
/// type.
fn identity_checks(model: &Model, p: &TokenStream) -> Vec<TokenStream> {
    if !model.identity {
        return Vec::new();
    }
    let mut out = Vec::new();
    for field in &model.fields {
        let Ok(value_ty) = syn::parse2::<syn::Type>(super::value_type(field, p)) else {
            continue;
        };
        let value_ty = static_lifetimes(&value_ty, model);
        out.push(quote_spanned! {value_ty.span()=>
            const _: () = #p::identity_attr::<#value_ty>();
        });
    }
    out
}

/// `ty` with the struct's lifetime replaced by `'static`, so that checks can
/// be item-level constants (evaluated by `cargo check` too), where the
/// struct's lifetime is not in scope.
pub(super) fn static_lifetimes(ty: &syn::Type, model: &Model) -> syn::Type {
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

/// The `PlanPolicy` literal of a field.
fn plan_policy(field: &crate::valid::FieldModel, p: &TokenStream) -> TokenStream {
    use crate::ast::DefaultArg;
    let plan = &field.plan;
    let requires_replace = plan.requires_replace;
    let use_state = plan.use_state_for_unknown;
    let replace_if = match &plan.requires_replace_if {
        Some(path) => {
            let call = quote_spanned!(path.span()=> #p::ReplaceIf(#path));
            quote!(#p::Some(#call))
        }
        None => quote!(#p::None),
    };
    let default = match &plan.default {
        None => quote!(#p::None),
        Some(DefaultArg::Str(s)) => quote!(#p::Some(#p::Value::String(#p::String::from(#s)))),
        Some(DefaultArg::Bool(b)) => quote!(#p::Some(#p::Value::Bool(#b))),
        Some(DefaultArg::Number(n)) => quote!(#p::Some(#p::number_value(#n))),
        Some(DefaultArg::Path(path)) => match &field.with {
            Some(with) => {
                let module = &with.module;
                let name = &field.name;
                let value = quote_spanned!(path.span()=> &#path());
                let to_wire = quote_spanned!(module.span()=> #module::to_wire);
                quote!(#p::Some(#p::with_default(#name, #value, #to_wire)))
            }
            None => {
                let call = quote_spanned!(path.span()=> #p::TfEncode::to_value(&#path()));
                quote!(#p::Some(#call))
            }
        },
    };
    // A non-capturing closure: a `fn` pointer over dynamic values that
    // converts both sides and asks the module.
    let semantic_equal = match &plan.semantic_equal {
        Some(module) => {
            let from_wire = quote_spanned!(module.span()=> #module::from_wire);
            let equal = quote_spanned!(module.span()=> #module::semantically_equal);
            quote! {
                #p::Some(#p::SemanticEqual(|__prior, __new| {
                    #p::with_semantic_equal(__prior, __new, #from_wire, #equal)
                }))
            }
        }
        None => quote!(#p::None),
    };
    if !plan.is_set() {
        return quote!(#p::PlanPolicy::NONE);
    }
    quote! {
        #p::PlanPolicy {
            requires_replace: #requires_replace,
            requires_replace_if: #replace_if,
            use_state_for_unknown: #use_state,
            default: #default,
            semantic_equal: #semantic_equal,
        }
    }
}
