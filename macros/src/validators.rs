//! The validator and cross-attribute vocabulary: `validate(...)`,
//! `conflicts_with`, `exactly_one_of`, `at_least_one_of`, `required_with`.
//! Parsed with darling, checked against the field's type, and turned into
//! calls of `tfschema::validate` in the generated `TfSchema::validate`.

use darling::util::{Flag, SpannedValue};
use darling::{Error, FromMeta};
use proc_macro2::{Span, TokenStream};
use quote::quote;

/// `min = N, max = N` (both optional, at least one given).
#[derive(Debug, Clone, FromMeta)]
pub struct Bounds {
    #[darling(default)]
    pub min: Option<u64>,
    #[darling(default)]
    pub max: Option<u64>,
}

/// A number written in the attribute: an int or float literal, maybe negated.
#[derive(Debug, Clone)]
pub struct NumberLit {
    pub text: String,
}

impl FromMeta for NumberLit {
    fn from_expr(expr: &syn::Expr) -> darling::Result<Self> {
        let (neg, lit) = match expr {
            syn::Expr::Unary(syn::ExprUnary {
                op: syn::UnOp::Neg(_),
                expr,
                ..
            }) => (true, &**expr),
            other => (false, other),
        };
        let text = match lit {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(i),
                ..
            }) => i.base10_digits().to_owned(),
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Float(f),
                ..
            }) => f.base10_digits().to_owned(),
            _ => {
                return Err(Error::custom(
                    "expected a number literal, e.g. `min = 1` or `max = 0.5`",
                )
                .with_span(expr))
            }
        };
        Ok(NumberLit {
            text: if neg { format!("-{text}") } else { text },
        })
    }
}

/// `range(min = N, max = N)`: inclusive number bounds.
#[derive(Debug, Clone, FromMeta)]
pub struct Range {
    #[darling(default)]
    pub min: Option<NumberLit>,
    #[darling(default)]
    pub max: Option<NumberLit>,
}

/// `one_of("a", "b")` or `one_of(1, 2)`: allowed literal values.
#[derive(Debug, Clone)]
pub struct OneOf(pub Vec<syn::Lit>);

impl FromMeta for OneOf {
    fn from_list(items: &[darling::ast::NestedMeta]) -> darling::Result<Self> {
        let mut lits = Vec::new();
        for item in items {
            match item {
                darling::ast::NestedMeta::Lit(
                    lit @ (syn::Lit::Str(_)
                    | syn::Lit::Int(_)
                    | syn::Lit::Float(_)
                    | syn::Lit::Bool(_)),
                ) => lits.push(lit.clone()),
                other => {
                    return Err(
                        Error::custom("`one_of` takes string, number or bool literals")
                            .with_span(other),
                    )
                }
            }
        }
        if lits.is_empty() {
            return Err(Error::custom("`one_of` needs at least one value"));
        }
        Ok(OneOf(lits))
    }
}

/// `validate(...)`.
#[derive(Debug, Clone, Default, FromMeta)]
pub struct Validators {
    #[darling(default)]
    pub length: Option<SpannedValue<Bounds>>,
    #[darling(default)]
    pub prefix: Option<SpannedValue<String>>,
    #[darling(default)]
    pub regex: Option<SpannedValue<String>>,
    #[darling(default)]
    pub one_of: Option<SpannedValue<OneOf>>,
    #[darling(default)]
    pub range: Option<SpannedValue<Range>>,
    #[darling(default)]
    pub items: Option<SpannedValue<Bounds>>,
    #[darling(default)]
    pub unique: Flag,
    #[darling(default)]
    pub keys: Option<SpannedValue<Box<Validators>>>,
}

/// `["a", "b"]` or `("a", "b")`: attribute names.
#[derive(Debug, Clone)]
pub struct NameList(pub Vec<SpannedValue<String>>);

impl FromMeta for NameList {
    fn from_expr(expr: &syn::Expr) -> darling::Result<Self> {
        let syn::Expr::Array(array) = expr else {
            return Err(
                Error::custom("expected a list of attribute names, e.g. [\"a\", \"b\"]")
                    .with_span(expr),
            );
        };
        let mut names = Vec::new();
        for elem in &array.elems {
            match elem {
                syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) => names.push(SpannedValue::new(s.value(), s.span())),
                other => {
                    return Err(
                        Error::custom("attribute names are string literals").with_span(other)
                    )
                }
            }
        }
        Ok(NameList(names))
    }

    fn from_list(items: &[darling::ast::NestedMeta]) -> darling::Result<Self> {
        let mut names = Vec::new();
        for item in items {
            match item {
                darling::ast::NestedMeta::Lit(syn::Lit::Str(s)) => {
                    names.push(SpannedValue::new(s.value(), s.span()))
                }
                other => {
                    return Err(
                        Error::custom("attribute names are string literals").with_span(other)
                    )
                }
            }
        }
        Ok(NameList(names))
    }
}

/// What a validator may be applied to, from the field's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scalar {
    String,
    Number,
    Bool,
    /// `Value`, a struct, or a type we cannot see through: not checked.
    Other,
}

/// Checks each validator against the field type; `scalar` is the type of
/// the value or of the collection's elements, `collection` whether the
/// field is a list/set/map (`map`: a map).
pub fn check(
    v: &Validators,
    scalar: Scalar,
    collection: bool,
    map: bool,
    errors: &mut darling::error::Accumulator,
) {
    let want =
        |span: Span, what: &str, ok: bool, need: &str, errors: &mut darling::error::Accumulator| {
            if !ok {
                errors.push(Error::custom(format!("`{what}` applies to {need}")).with_span(&span));
            }
        };
    let strings = matches!(scalar, Scalar::String | Scalar::Other);
    let numbers = matches!(scalar, Scalar::Number | Scalar::Other);
    if let Some(l) = &v.length {
        want(
            l.span(),
            "length",
            strings,
            "strings (or collections of strings); use `items` for a collection's size",
            errors,
        );
        bounds_given(l, "length", errors);
    }
    if let Some(x) = &v.prefix {
        want(
            x.span(),
            "prefix",
            strings,
            "strings (or collections of strings)",
            errors,
        );
        if x.is_empty() {
            errors.push(
                Error::custom("`prefix` needs a non-empty string: every string starts with \"\"")
                    .with_span(&x.span()),
            );
        }
    }
    if let Some(r) = &v.regex {
        want(
            r.span(),
            "regex",
            strings,
            "strings (or collections of strings)",
            errors,
        );
        if let Err(e) = regex_syntax::Parser::new().parse(r) {
            errors.push(
                Error::custom(format!("invalid regular expression: {e}")).with_span(&r.span()),
            );
        }
    }
    if let Some(o) = &v.one_of {
        let kinds_ok = o.0.iter().all(|lit| match (lit, scalar) {
            (syn::Lit::Str(_), Scalar::String)
            | (syn::Lit::Int(_) | syn::Lit::Float(_), Scalar::Number) => true,
            (syn::Lit::Bool(_), Scalar::Bool) => true,
            (_, Scalar::Other) => true,
            _ => false,
        });
        want(
            o.span(),
            "one_of",
            kinds_ok,
            "values of the field's own type (strings for strings, numbers for numbers)",
            errors,
        );
    }
    if let Some(r) = &v.range {
        want(
            r.span(),
            "range",
            numbers,
            "numbers (or collections of numbers)",
            errors,
        );
        if r.min.is_none() && r.max.is_none() {
            errors.push(Error::custom("`range` needs `min`, `max` or both").with_span(&r.span()));
        }
    }
    if let Some(i) = &v.items {
        want(
            i.span(),
            "items",
            collection,
            "lists, sets and maps",
            errors,
        );
        bounds_given(i, "items", errors);
    }
    if v.unique.is_present() {
        want(
            v.unique.span(),
            "unique",
            collection && !map,
            "lists",
            errors,
        );
    }
    if let Some(k) = &v.keys {
        want(
            k.span(),
            "keys",
            map,
            "maps (it validates their keys)",
            errors,
        );
        check(k, Scalar::String, false, false, errors);
    }
}

fn bounds_given(b: &SpannedValue<Bounds>, what: &str, errors: &mut darling::error::Accumulator) {
    match (b.min, b.max) {
        (None, None) => errors.push(
            Error::custom(format!("`{what}` needs `min`, `max` or both")).with_span(&b.span()),
        ),
        (Some(a), Some(z)) if a > z => errors
            .push(Error::custom(format!("`{what}`: min is greater than max")).with_span(&b.span())),
        _ => {}
    }
}

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
/// expression of type `&Value`) in context `ctx` (a `&mut Ctx`).
pub fn expand(
    v: &Validators,
    p: &TokenStream,
    value: &TokenStream,
    ctx: &TokenStream,
) -> TokenStream {
    let mut out = TokenStream::new();
    if let Some(l) = &v.length {
        let (min, max) = (opt(l.min), opt(l.max));
        out.extend(quote!(#p::validate::length(#value, #min, #max, #ctx);));
    }
    if let Some(x) = &v.prefix {
        let prefix = x.as_str();
        out.extend(quote!(#p::validate::prefix(#value, #prefix, #ctx);));
    }
    if let Some(r) = &v.regex {
        let pattern = r.as_str();
        let anchored = anchored_prefixes(pattern)
            .into_iter()
            .map(|lit| proc_macro2::Literal::byte_string(&lit));
        out.extend(quote! {{
            static __RE: #p::OnceLock<#p::Regex> = #p::OnceLock::new();
            if let #p::Some(__re) = #p::cached_regex(&__RE, #pattern) {
                #p::validate::regex(#value, __re, #pattern, &[#(#anchored),*], #ctx);
            }
        }});
    }
    if let Some(o) = &v.one_of {
        let values = o.0.iter().map(|lit| match lit {
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
        });
        out.extend(quote!(#p::validate::one_of(#value, &[#(#values),*], #ctx);));
    }
    if let Some(r) = &v.range {
        let bound = |b: &Option<NumberLit>| match b {
            Some(n) => {
                let t = &n.text;
                quote!(#p::number(#t).as_ref())
            }
            None => quote!(::core::option::Option::None),
        };
        let (min, max) = (bound(&r.min), bound(&r.max));
        out.extend(quote!(#p::validate::range(#value, #min, #max, #ctx);));
    }
    if let Some(i) = &v.items {
        let (min, max) = (opt(i.min), opt(i.max));
        out.extend(quote!(#p::validate::items(#value, #min, #max, #ctx);));
    }
    if v.unique.is_present() {
        out.extend(quote!(#p::validate::unique(#value, #ctx);));
    }
    if let Some(k) = &v.keys {
        let inner = expand(k, p, &quote!(__key), &quote!(__kctx));
        out.extend(quote! {
            #p::validate::keys(#value, #ctx, &mut |__key: &#p::Value, __kctx: &mut #p::Ctx<'_>| { #inner });
        });
    }
    out
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
