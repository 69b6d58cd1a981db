//! The validator and cross-attribute vocabulary as written:
//! `validate(...)`, `conflicts_with`, `exactly_one_of`, `at_least_one_of`,
//! `required_with`, read with darling. `valid::validators` checks them
//! against the field's type; `expand::validators` turns them into calls of
//! `tfschema::validate`.

use darling::util::SpannedValue;
use darling::{Error, FromMeta};
use proc_macro2::Span;
use syn::spanned::Spanned;

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

/// `one_of("a", "b")`, `none_of(1, 2)` and the case-insensitive forms:
/// the literal values listed.
#[derive(Debug, Clone)]
pub struct Literals(pub Vec<syn::Lit>);

impl Literals {
    fn parse(items: &[darling::ast::NestedMeta], what: &str) -> darling::Result<Self> {
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
                    return Err(Error::custom(format!(
                        "`{what}` takes string, number or bool literals"
                    ))
                    .with_span(other))
                }
            }
        }
        if lits.is_empty() {
            return Err(Error::custom(format!("`{what}` needs at least one value")));
        }
        Ok(Literals(lits))
    }
}

/// `regex = "..."` or `regex("...", message = "...")`: a pattern, and the
/// description to print instead of the pattern.
#[derive(Debug, Clone)]
pub struct Regex {
    pub pattern: SpannedValue<String>,
    pub message: Option<SpannedValue<String>>,
}

impl Regex {
    fn parse(meta: &syn::Meta) -> darling::Result<Self> {
        let syn::Meta::List(_) = meta else {
            return Ok(Regex {
                pattern: SpannedValue::<String>::from_meta(meta)?,
                message: None,
            });
        };
        let items = list_items(meta, "regex")?;
        let mut pattern = None;
        let mut message = None;
        for item in &items {
            match item {
                darling::ast::NestedMeta::Lit(syn::Lit::Str(s)) if pattern.is_none() => {
                    pattern = Some(SpannedValue::new(s.value(), s.span()));
                }
                darling::ast::NestedMeta::Meta(m) if m.path().is_ident("message") => {
                    message = Some(SpannedValue::<String>::from_meta(m)?);
                }
                other => {
                    return Err(Error::custom(
                        "expected `regex(\"pattern\")` or `regex(\"pattern\", message = \"...\")`",
                    )
                    .with_span(other))
                }
            }
        }
        let Some(pattern) = pattern else {
            return Err(Error::custom(
                "`regex(...)` needs the pattern first: `regex(\"^[a-z]+$\", message = \"...\")`",
            )
            .with_span(meta));
        };
        Ok(Regex { pattern, message })
    }
}

/// One validator as written, with the span of its name.
#[derive(Debug, Clone)]
pub struct Validator {
    pub kind: ValidatorKind,
    pub span: Span,
}

/// The validators `validate(...)` knows, in the words a Go port finds them
/// by (terraform-plugin-framework-validators).
#[derive(Debug, Clone)]
pub enum ValidatorKind {
    /// `length(min, max)`: the string's length in bytes (Go's `LengthBetween`).
    Length(Bounds),
    /// `utf8_length(min, max)`: in characters (Go's `UTF8LengthBetween`).
    Utf8Length(Bounds),
    Prefix(SpannedValue<String>),
    Regex(Regex),
    OneOf(Literals),
    NoneOf(Literals),
    OneOfCaseInsensitive(Literals),
    NoneOfCaseInsensitive(Literals),
    Range(Range),
    Items(Bounds),
    Unique,
    NoNullValues,
    Keys(Validators),
    All(Validators),
    Any(Validators),
    AnyWithAllWarnings(Validators),
    Warn(Validators),
    PreferWriteOnlyAttribute(SpannedValue<String>),
}

/// Every validator name, for "did you mean".
const NAMES: &[&str] = &[
    "length",
    "utf8_length",
    "prefix",
    "regex",
    "one_of",
    "none_of",
    "one_of_case_insensitive",
    "none_of_case_insensitive",
    "range",
    "items",
    "unique",
    "no_null_values",
    "keys",
    "all",
    "any",
    "any_with_all_warnings",
    "warn",
    "prefer_write_only_attribute",
];

impl ValidatorKind {
    /// The name the validator is written with.
    pub fn name(&self) -> &'static str {
        match self {
            ValidatorKind::Length(_) => "length",
            ValidatorKind::Utf8Length(_) => "utf8_length",
            ValidatorKind::Prefix(_) => "prefix",
            ValidatorKind::Regex(_) => "regex",
            ValidatorKind::OneOf(_) => "one_of",
            ValidatorKind::NoneOf(_) => "none_of",
            ValidatorKind::OneOfCaseInsensitive(_) => "one_of_case_insensitive",
            ValidatorKind::NoneOfCaseInsensitive(_) => "none_of_case_insensitive",
            ValidatorKind::Range(_) => "range",
            ValidatorKind::Items(_) => "items",
            ValidatorKind::Unique => "unique",
            ValidatorKind::NoNullValues => "no_null_values",
            ValidatorKind::Keys(_) => "keys",
            ValidatorKind::All(_) => "all",
            ValidatorKind::Any(_) => "any",
            ValidatorKind::AnyWithAllWarnings(_) => "any_with_all_warnings",
            ValidatorKind::Warn(_) => "warn",
            ValidatorKind::PreferWriteOnlyAttribute(_) => "prefer_write_only_attribute",
        }
    }
}

fn list_items(meta: &syn::Meta, name: &str) -> darling::Result<Vec<darling::ast::NestedMeta>> {
    match meta {
        syn::Meta::List(list) => Ok(darling::ast::NestedMeta::parse_meta_list(
            list.tokens.clone(),
        )?),
        _ => Err(Error::custom(format!("expected `{name}(...)`")).with_span(meta)),
    }
}

fn flag(meta: &syn::Meta, name: &str) -> darling::Result<()> {
    match meta {
        syn::Meta::Path(_) => Ok(()),
        _ => Err(
            Error::custom(format!("`{name}` takes no arguments: write `{name}`")).with_span(meta),
        ),
    }
}

impl Validator {
    fn parse(meta: &syn::Meta) -> darling::Result<Self> {
        let name = meta
            .path()
            .get_ident()
            .map(ToString::to_string)
            .unwrap_or_default();
        let kind = match name.as_str() {
            "length" => ValidatorKind::Length(Bounds::from_meta(meta)?),
            "utf8_length" => ValidatorKind::Utf8Length(Bounds::from_meta(meta)?),
            "items" => ValidatorKind::Items(Bounds::from_meta(meta)?),
            "prefix" => ValidatorKind::Prefix(SpannedValue::from_meta(meta)?),
            "regex" => ValidatorKind::Regex(Regex::parse(meta)?),
            "one_of" => ValidatorKind::OneOf(Literals::parse(&list_items(meta, &name)?, &name)?),
            "none_of" => ValidatorKind::NoneOf(Literals::parse(&list_items(meta, &name)?, &name)?),
            "one_of_case_insensitive" => ValidatorKind::OneOfCaseInsensitive(Literals::parse(
                &list_items(meta, &name)?,
                &name,
            )?),
            "none_of_case_insensitive" => ValidatorKind::NoneOfCaseInsensitive(Literals::parse(
                &list_items(meta, &name)?,
                &name,
            )?),
            "range" => ValidatorKind::Range(Range::from_meta(meta)?),
            "unique" => flag(meta, &name).map(|()| ValidatorKind::Unique)?,
            "no_null_values" => flag(meta, &name).map(|()| ValidatorKind::NoNullValues)?,
            "keys" => ValidatorKind::Keys(Validators::from_meta(meta)?),
            "all" => ValidatorKind::All(Validators::from_meta(meta)?),
            "any" => ValidatorKind::Any(Validators::from_meta(meta)?),
            "any_with_all_warnings" => {
                ValidatorKind::AnyWithAllWarnings(Validators::from_meta(meta)?)
            }
            "warn" => ValidatorKind::Warn(Validators::from_meta(meta)?),
            "prefer_write_only_attribute" => {
                ValidatorKind::PreferWriteOnlyAttribute(SpannedValue::from_meta(meta)?)
            }
            _ => return Err(Error::unknown_field_with_alts(&name, NAMES).with_span(meta.path())),
        };
        Ok(Validator {
            kind,
            span: meta.path().span(),
        })
    }
}

/// `validate(...)`: the validators in the order written, which is the
/// order they run and report in.
#[derive(Debug, Clone, Default)]
pub struct Validators(pub Vec<Validator>);

impl FromMeta for Validators {
    fn from_list(items: &[darling::ast::NestedMeta]) -> darling::Result<Self> {
        let mut errors = Error::accumulator();
        let mut out = Vec::new();
        for item in items {
            match item {
                darling::ast::NestedMeta::Meta(meta) => {
                    if let Some(v) = errors.handle(Validator::parse(meta)) {
                        out.push(v);
                    }
                }
                darling::ast::NestedMeta::Lit(lit) => errors.push(
                    Error::custom(
                        "expected a validator, e.g. `length(min = 1)` or `regex = \"^[a-z]+$\"`",
                    )
                    .with_span(lit),
                ),
            }
        }
        errors.finish_with(Validators(out))
    }
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

/// What the checks of a `validate(...)` list look at on a collection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Nothing that looks at values (`prefer_write_only_attribute`).
    Neither,
    /// Each element (`length`, `regex`, `one_of`, `range`, ...).
    Element,
    /// The whole collection (`items`, `unique`, `no_null_values`, `keys`).
    Collection,
    /// Both.
    Mixed,
}

impl Level {
    fn and(self, other: Level) -> Level {
        match (self, other) {
            (Level::Neither, x) | (x, Level::Neither) => x,
            (a, b) if a == b => a,
            _ => Level::Mixed,
        }
    }
}

impl Validators {
    /// What these validators look at, combinators by their contents.
    pub fn level(&self) -> Level {
        self.0.iter().fold(Level::Neither, |acc, v| {
            let level = match &v.kind {
                ValidatorKind::Items(_)
                | ValidatorKind::Unique
                | ValidatorKind::NoNullValues
                | ValidatorKind::Keys(_) => Level::Collection,
                ValidatorKind::All(inner)
                | ValidatorKind::Any(inner)
                | ValidatorKind::AnyWithAllWarnings(inner)
                | ValidatorKind::Warn(inner) => inner.level(),
                ValidatorKind::PreferWriteOnlyAttribute(_) => Level::Neither,
                _ => Level::Element,
            };
            acc.and(level)
        })
    }
}
