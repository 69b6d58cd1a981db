//! Checks a `#[tfschema::function]` `fn` and resolves what the expansion
//! needs: the Terraform name, the parameters with their flags, the
//! variadic parameter's element type, the return type and the texts. Each
//! rule is a small function; every mistake is reported, at the token it
//! concerns.

use darling::{Error, FromAttributes, FromMeta};
use proc_macro2::{Span, TokenStream};
use syn::ext::IdentExt;
use syn::spanned::Spanned;

use crate::valid::report::err_at;

use super::ast::{rust_deprecated, split_summary, FunctionAttr, ParamAttr};

/// A checked function.
pub struct FunctionModel {
    /// The `fn` as it is emitted: the `#[tf(...)]` attributes of its
    /// parameters removed.
    pub item: syn::ItemFn,
    pub krate: syn::Path,
    /// The Terraform name.
    pub name: String,
    pub summary: String,
    pub description: String,
    pub markdown: bool,
    /// Empty unless deprecated.
    pub deprecation: String,
    /// The positional parameters.
    pub params: Vec<ParamModel>,
    /// The variadic parameter: `ty` is the element type.
    pub variadic: Option<ParamModel>,
    /// The return type as written.
    pub ret: syn::Type,
}

pub struct ParamModel {
    pub name: String,
    /// The parameter's type (for the variadic one, the element type).
    pub ty: syn::Type,
    pub description: String,
    /// `allow_null` written: its span (checked against the type at compile
    /// time).
    pub allow_null: Option<Span>,
    /// `allow_unknown` written: its span.
    pub allow_unknown: Option<Span>,
}

/// What the fallback expansion needs when the checks fail.
pub struct Failed {
    pub errors: Error,
    /// The `fn` with the helper attributes removed, emitted as it is.
    pub item: syn::ItemFn,
    pub krate: syn::Path,
}

/// Parses the attribute's arguments and checks the `fn`.
pub fn validate(attr: TokenStream, mut item: syn::ItemFn) -> Result<FunctionModel, Box<Failed>> {
    let mut acc = Error::accumulator();
    let fn_attr = darling::ast::NestedMeta::parse_meta_list(attr)
        .map_err(Error::from)
        .and_then(|list| FunctionAttr::from_list(&list));
    let fn_attr = acc.handle(fn_attr).unwrap_or_default();
    let krate = fn_attr
        .krate
        .clone()
        .unwrap_or_else(|| syn::parse_quote!(::tfschema));

    check_signature(&item.sig, &mut acc);
    let name = function_name(&fn_attr, &item.sig.ident, &mut acc);
    let deprecation = deprecation(&fn_attr, &item.attrs, &mut acc);

    let count = item.sig.inputs.len();
    let mut params = Vec::new();
    let mut variadic = None;
    for (i, input) in item.sig.inputs.iter_mut().enumerate() {
        let syn::FnArg::Typed(pat_type) = input else {
            continue; // a receiver: reported by check_signature
        };
        let param_attr = acc
            .handle(ParamAttr::from_attributes(&pat_type.attrs))
            .unwrap_or_default();
        pat_type.attrs.retain(|a| !a.path().is_ident("tf"));
        let Some(param) = parameter(pat_type, &param_attr, &mut acc) else {
            continue;
        };
        if param_attr.variadic.is_present() {
            if i + 1 != count {
                acc.push(err_at(
                    param_attr.variadic.span(),
                    "only the last parameter can be variadic: move it to the end, or remove `variadic`",
                ));
            } else if let Some(elem) = variadic_element(&pat_type.ty, &mut acc) {
                variadic = Some(ParamModel { ty: elem, ..param });
            }
        } else {
            params.push(param);
        }
    }

    let ret = return_type(&item.sig, &mut acc);
    let markdown = fn_attr.markdown.is_present();
    // A summary taken from the doc comment is its first paragraph, and the
    // description the rest; an explicit summary leaves the whole comment
    // to the description.
    let doc = crate::ast::doc::doc_description(&item.attrs);
    let (summary, doc_description) = match &fn_attr.summary {
        Some(summary) => (summary.clone(), doc),
        None => split_summary(&doc),
    };
    let description = fn_attr.description.clone().unwrap_or(doc_description);
    // `return_type` reported a missing return type: `ret` is `None` only
    // when `acc` holds that error.
    match (acc.finish(), ret) {
        (Ok(()), Some(ret)) => Ok(FunctionModel {
            item,
            krate,
            name,
            summary,
            description,
            markdown,
            deprecation,
            params,
            variadic,
            ret,
        }),
        (Err(errors), _) => Err(Box::new(Failed {
            errors,
            item,
            krate,
        })),
        (Ok(()), None) => Err(Box::new(Failed {
            errors: err_at(item.sig.ident.span(), "no return type"),
            item,
            krate,
        })),
    }
}

/// What a free, synchronous, non-generic Rust `fn` is: no receiver, no
/// `async`, `unsafe`, `extern` or C variadic, no type or const parameters.
fn check_signature(sig: &syn::Signature, acc: &mut darling::error::Accumulator) {
    if let Some(receiver) = sig.receiver() {
        acc.push(err_at(
            receiver.span(),
            "a provider function is a free `fn` without `self`: Terraform calls it with its arguments alone; move it out of the `impl` and pass what it needs as parameters",
        ));
    }
    if let Some(token) = &sig.asyncness {
        acc.push(err_at(
            token.span(),
            "a provider function cannot be `async`: Terraform calls it while planning and expects a result computed from the arguments alone; remove `async` (and do no I/O in it)",
        ));
    }
    if let Some(token) = &sig.unsafety {
        acc.push(err_at(
            token.span(),
            "a provider function cannot be `unsafe`: the generated call cannot uphold its contract; make it a safe `fn`",
        ));
    }
    if let Some(abi) = &sig.abi {
        acc.push(err_at(
            abi.span(),
            "a provider function cannot have an `extern` ABI: remove it",
        ));
    }
    if let Some(dots) = &sig.variadic {
        acc.push(err_at(
            dots.span(),
            "C variadics are not supported: make the last parameter `#[tf(variadic)] name: Vec<T>`",
        ));
    }
    for param in &sig.generics.params {
        match param {
            syn::GenericParam::Lifetime(_) => {}
            syn::GenericParam::Type(_) | syn::GenericParam::Const(_) => acc.push(err_at(
                param.span(),
                "a provider function cannot be generic: Terraform needs one signature; write one `fn` per type, or take `tfschema::Value` for a `dynamic` parameter",
            )),
        }
    }
}

/// The Terraform name: `name = "..."` or the `fn`'s name, lower snake case.
fn function_name(
    attr: &FunctionAttr,
    ident: &syn::Ident,
    acc: &mut darling::error::Accumulator,
) -> String {
    let (name, span, written) = match &attr.name {
        Some(n) => ((**n).clone(), n.span(), true),
        None => (ident.unraw().to_string(), ident.span(), false),
    };
    if !valid_name(&name) {
        let fix = if written {
            "use lowercase letters, digits and `_`, not starting with a digit"
        } else {
            "rename the `fn`, or give the Terraform name with `#[tfschema::function(name = \"...\")]`"
        };
        acc.push(err_at(
            span,
            format!(
                "`{name}` is not a valid function name: Terraform calls it as `provider::<provider>::{name}(...)`, so it must match `^[a-z_][a-z0-9_]*$`; {fix}"
            ),
        ));
    }
    name
}

fn valid_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_lowercase() || b == b'_')
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// The deprecation message: `deprecated = "..."` or Rust's `#[deprecated]`
/// (its note, or a default text), not both.
fn deprecation(
    attr: &FunctionAttr,
    attrs: &[syn::Attribute],
    acc: &mut darling::error::Accumulator,
) -> String {
    let rust = rust_deprecated(attrs);
    match (&attr.deprecated, rust) {
        (Some(written), Some((_, span))) => {
            acc.push(err_at(
                span,
                "the function is deprecated twice: keep `#[deprecated]` or `deprecated = \"...\"` in `#[tfschema::function(...)]`, not both",
            ));
            (**written).clone()
        }
        (Some(written), None) => {
            if written.trim().is_empty() {
                acc.push(err_at(
                    written.span(),
                    "`deprecated` needs a message: say what to use instead",
                ));
            }
            (**written).clone()
        }
        (None, Some((note, _))) if note.trim().is_empty() => "This function is deprecated.".into(),
        (None, Some((note, _))) => note,
        (None, None) => String::new(),
    }
}

/// The return type: written, and not `impl Trait` (the signature names it).
fn return_type(sig: &syn::Signature, acc: &mut darling::error::Accumulator) -> Option<syn::Type> {
    match &sig.output {
        syn::ReturnType::Default => {
            acc.push(err_at(
                sig.ident.span(),
                "a provider function returns a value: add `-> T` with a Terraform value type (or `-> Result<T, FunctionError>`)",
            ));
            None
        }
        syn::ReturnType::Type(_, ty) => {
            if let syn::Type::ImplTrait(_) = crate::tyinfo::ungroup(ty) {
                acc.push(err_at(
                    ty.span(),
                    "`impl Trait` cannot be a provider function's return type: the signature Terraform reads names the type; write the concrete type",
                ));
                return None;
            }
            Some((**ty).clone())
        }
    }
}

/// One parameter: a plain name and a concrete type.
fn parameter(
    pat_type: &syn::PatType,
    attr: &ParamAttr,
    acc: &mut darling::error::Accumulator,
) -> Option<ParamModel> {
    let name = match &*pat_type.pat {
        syn::Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none() => {
            p.ident.unraw().to_string()
        }
        other => {
            acc.push(err_at(
                other.span(),
                "a provider function's parameter is a plain name (Terraform shows it in messages): write `name: Type`",
            ));
            return None;
        }
    };
    if let syn::Type::ImplTrait(_) = crate::tyinfo::ungroup(&pat_type.ty) {
        acc.push(err_at(
            pat_type.ty.span(),
            "`impl Trait` is not a Terraform type: name a concrete type (or `tfschema::Value` for a `dynamic` parameter)",
        ));
        return None;
    }
    if !valid_name(&name) {
        acc.push(err_at(
            pat_type.pat.span(),
            format!("`{name}` is not a valid parameter name: Terraform shows it in messages; use lowercase letters, digits and `_`"),
        ));
    }
    Some(ParamModel {
        name,
        ty: (*pat_type.ty).clone(),
        description: attr.description.clone().unwrap_or_default(),
        allow_null: attr.allow_null.is_present().then(|| attr.allow_null.span()),
        allow_unknown: attr
            .allow_unknown
            .is_present()
            .then(|| attr.allow_unknown.span()),
    })
}

/// `Vec<T>` -> `T`: each variadic argument is a `T`.
fn variadic_element(ty: &syn::Type, acc: &mut darling::error::Accumulator) -> Option<syn::Type> {
    match crate::tyinfo::head(ty) {
        Some((name, args)) if name == "Vec" && args.len() == 1 => Some(args[0].clone()),
        _ => {
            acc.push(err_at(
                ty.span(),
                "a variadic parameter is a `Vec<T>`: each extra argument arrives as a `T` (write `Vec<String>` for `...string`)",
            ));
            None
        }
    }
}
