//! `validate(...)` as calls of `tfschema::validate` in the generated
//! `TfSchema::validate`; a regex's anchored literal prefixes are computed
//! here, once, so a value known to start otherwise is rejected without
//! running the regex.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::ast::validators::{Level, NumberLit, Regex, Validator, ValidatorKind, Validators};

/// The literals one of which every match of `pattern` starts with at the
/// start of the haystack, when the pattern is anchored there (`^` without
/// `(?m)`, or `\A`, on every branch); empty when that is not known. Every
/// literal is a true prefix of every matching string (regex-syntax's prefix
/// extraction may shorten literals or give up, never claim too much), so a
/// value known to start otherwise can never match.
pub fn anchored_prefixes(pattern: &str) -> Vec<Vec<u8>> {
    use regex_syntax::hir::literal::{ExtractKind, Extractor};
    use regex_syntax::hir::Look;

    let Ok(hir) = regex_syntax::Parser::new().parse(pattern) else {
        return Vec::new();
    };
    if !hir.properties().look_set_prefix().contains(Look::Start) {
        return Vec::new();
    }
    let mut seq = Extractor::new().kind(ExtractKind::Prefix).extract(&hir);
    seq.dedup();
    match seq.literals() {
        // An empty literal fits every value: nothing to decide on.
        Some(lits) if !lits.is_empty() && lits.iter().all(|l| !l.as_bytes().is_empty()) => {
            lits.iter().map(|l| l.as_bytes().to_vec()).collect()
        }
        _ => Vec::new(),
    }
}

fn opt(v: Option<u64>) -> TokenStream {
    match v {
        Some(n) => quote!(::core::option::Option::Some(#n)),
        None => quote!(::core::option::Option::None),
    }
}

/// Calls of `tfschema::validate` for `v` on the value `value` (an
/// expression of type `&Value`) in context `ctx` (a `&mut Ctx`), in the
/// order written.
pub fn expand(
    v: &Validators,
    p: &TokenStream,
    value: &TokenStream,
    ctx: &TokenStream,
) -> TokenStream {
    v.0.iter().map(|item| one(item, p, value, ctx)).collect()
}

fn one(v: &Validator, p: &TokenStream, value: &TokenStream, ctx: &TokenStream) -> TokenStream {
    match &v.kind {
        ValidatorKind::Length(b) | ValidatorKind::Utf8Length(b) => {
            let (min, max) = (opt(b.min), opt(b.max));
            let f = format_ident!("{}", v.kind.name());
            quote!(#p::validate::#f(#value, #min, #max, #ctx);)
        }
        ValidatorKind::Prefix(x) => {
            let prefix = x.as_str();
            quote!(#p::validate::prefix(#value, #prefix, #ctx);)
        }
        ValidatorKind::Regex(r) => regex(r, p, value, ctx),
        ValidatorKind::OneOf(lits) | ValidatorKind::NoneOf(lits) => {
            let values = lits.0.iter().map(|lit| literal(lit, p));
            let f = format_ident!("{}", v.kind.name());
            quote!(#p::validate::#f(#value, &[#(#values),*], #ctx);)
        }
        ValidatorKind::OneOfCaseInsensitive(lits) | ValidatorKind::NoneOfCaseInsensitive(lits) => {
            let strs = lits.0.iter().filter_map(|lit| match lit {
                syn::Lit::Str(s) => Some(s.value()),
                _ => None,
            });
            let f = format_ident!("{}", v.kind.name());
            quote!(#p::validate::#f(#value, &[#(#strs),*], #ctx);)
        }
        ValidatorKind::Range(r) => {
            let bound = |b: &Option<NumberLit>| match b {
                Some(n) => {
                    let t = &n.text;
                    quote!(#p::number(#t).as_ref())
                }
                None => quote!(::core::option::Option::None),
            };
            let (min, max) = (bound(&r.min), bound(&r.max));
            quote!(#p::validate::range(#value, #min, #max, #ctx);)
        }
        ValidatorKind::Items(b) => {
            let (min, max) = (opt(b.min), opt(b.max));
            quote!(#p::validate::items(#value, #min, #max, #ctx);)
        }
        ValidatorKind::Unique => quote!(#p::validate::unique(#value, #ctx);),
        ValidatorKind::NoNullValues => quote!(#p::validate::no_null_values(#value, #ctx);),
        ValidatorKind::Keys(k) => {
            let inner = expand(k, p, &quote!(__key), &quote!(__kctx));
            quote! {
                #p::validate::keys(#value, #ctx, &mut |__key: &#p::Value, __kctx: &mut #p::Ctx<'_>| { #inner });
            }
        }
        // Every validator runs and reports: the same as writing them out.
        ValidatorKind::All(inner) => expand(inner, p, value, ctx),
        ValidatorKind::Any(inner) | ValidatorKind::AnyWithAllWarnings(inner) => {
            let branches = inner.0.iter().map(|b| {
                let body = one(b, p, &quote!(__bv), &quote!(__bctx));
                quote!(&|__bv: &#p::Value, __bctx: &mut #p::Ctx<'_>| { #body })
            });
            let f = format_ident!("{}", v.kind.name());
            // The alternatives of a check of each element are tried on
            // each element (the derive refuses a mix of levels).
            let each = inner.level() == Level::Element;
            quote!(#p::validate::#f(#value, #each, &[#(#branches),*], #ctx);)
        }
        ValidatorKind::Warn(inner) => {
            let body = expand(inner, p, &quote!(__wv), &quote!(__wctx));
            quote!(#p::validate::warn(#value, &|__wv: &#p::Value, __wctx: &mut #p::Ctx<'_>| { #body }, #ctx);)
        }
        ValidatorKind::PreferWriteOnlyAttribute(name) => {
            let name = name.as_str();
            quote!(#p::validate::prefer_write_only_attribute(#value, #name, #ctx);)
        }
    }
}

fn literal(lit: &syn::Lit, p: &TokenStream) -> TokenStream {
    match lit {
        syn::Lit::Str(s) => quote!(#p::Value::from(#s)),
        syn::Lit::Bool(b) => quote!(#p::Value::Bool(#b)),
        syn::Lit::Int(i) => {
            let t = i.base10_digits();
            quote!(#p::number_value(#t))
        }
        syn::Lit::Float(f) => {
            let t = f.base10_digits();
            quote!(#p::number_value(#t))
        }
        _ => quote!(#p::Value::Null(#p::Type::Dynamic)),
    }
}

fn regex(r: &Regex, p: &TokenStream, value: &TokenStream, ctx: &TokenStream) -> TokenStream {
    let pattern = r.pattern.as_str();
    let anchored = anchored_prefixes(pattern)
        .into_iter()
        .map(|lit| proc_macro2::Literal::byte_string(&lit));
    let message = match &r.message {
        Some(m) => {
            let m = m.as_str();
            quote!(::core::option::Option::Some(#m))
        }
        None => quote!(::core::option::Option::None),
    };
    quote! {{
        static __RE: #p::OnceLock<#p::Regex> = #p::OnceLock::new();
        if let #p::Some(__re) = #p::cached_regex(&__RE, #pattern) {
            #p::validate::regex(#value, __re, #pattern, #message, &[#(#anchored),*], #ctx);
        }
    }}
}

#[cfg(test)]
mod tests {
    use super::anchored_prefixes;

    fn prefixes(pattern: &str) -> Vec<String> {
        let mut out: Vec<String> = anchored_prefixes(pattern)
            .into_iter()
            .map(|l| String::from_utf8(l).expect("utf-8"))
            .collect();
        out.sort();
        out
    }

    #[test]
    fn anchored_literal_prefixes_are_extracted() {
        assert_eq!(prefixes("^abc-[a-z0-9]+$"), ["abc-"]);
        // Small classes are spelled out: still prefixes of every match.
        assert_eq!(prefixes("^v[12]"), ["v1", "v2"]);
        let digits: Vec<String> = (0..10).map(|d| d.to_string()).collect();
        let with_abc = digits.iter().map(|d| format!("abc{d}"));
        let want: Vec<String> = digits.iter().cloned().chain(with_abc).collect();
        assert_eq!(prefixes("^(?:abc)?[0-9]"), want);
        assert_eq!(prefixes(r"\Aami-[a-f0-9]{8}"), ["ami-"]);
        assert_eq!(prefixes("^(?:prod|stage)-[a-z]+$"), ["prod-", "stage-"]);
        assert_eq!(prefixes("^(?:abc-)?x"), ["abc-x", "x"]);
        assert_eq!(prefixes("^abc$|^abd"), ["abc", "abd"]);
        // A class wider than the extractor's limit ends the literal.
        assert_eq!(prefixes("^ab[a-z]c"), ["ab"]);
    }

    #[test]
    fn unanchored_or_uninformative_patterns_give_nothing() {
        for pattern in [
            "abc-",       // matches anywhere
            "(?m)^abc-",  // after any newline
            "^abc|xyz",   // one branch is not anchored
            "^[a-z]+$",   // no literal
            "^(?:abc)?.", // may start with anything
            "^",          // the empty literal fits everything
            "(",          // invalid: reported by `check`
        ] {
            assert_eq!(prefixes(pattern), Vec::<String>::new(), "{pattern}");
        }
    }
}
