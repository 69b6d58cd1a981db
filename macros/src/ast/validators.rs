//! The validator and cross-attribute vocabulary as written:
//! `validate(...)`, `conflicts_with`, `exactly_one_of`, `at_least_one_of`,
//! `required_with`, read with darling. `valid::validators` checks them
//! against the field's type; `expand::validators` turns them into calls of
//! `tfschema::validate`.

use darling::util::{Flag, SpannedValue};
use darling::{Error, FromMeta};

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
