//! The `#[tf(...)]` attribute grammar, read with darling receivers: the
//! container's and the fields' keys here, the validator vocabulary in
//! [`validators`].

pub mod doc;
pub mod validators;

use darling::util::{Flag, SpannedValue};
use darling::{FromDeriveInput, FromField, FromMeta};

use self::validators::{NameList, Validators};

/// Container attributes: `#[tf(version = 1, crate = "path", description = "...", identity, ephemeral, optional_attributes, deprecated = "...")]` (or `deprecated` alone; `optional_attributes("a", ...)` naming some).
#[derive(Debug, FromDeriveInput)]
#[darling(attributes(tf), forward_attrs(doc), supports(struct_named))]
pub struct Container {
    pub ident: syn::Ident,
    pub vis: syn::Visibility,
    pub generics: syn::Generics,
    pub data: darling::ast::Data<darling::util::Ignored, Field>,
    pub attrs: Vec<syn::Attribute>,
    #[darling(default)]
    pub version: Option<SpannedValue<i64>>,
    #[darling(default, rename = "crate")]
    pub krate: Option<syn::Path>,
    #[darling(default)]
    pub description: Option<String>,
    #[darling(default)]
    pub markdown: Flag,
    /// Generate a `Debug` that redacts sensitive attributes.
    #[darling(default)]
    pub debug: Flag,
    /// `validate_with = path`: `fn(&<Name>Plan) -> Diagnostics`, run after
    /// the attribute validators.
    #[darling(default)]
    pub validate_with: Option<SpannedValue<syn::Path>>,
    /// `identity`: the struct is a resource identity (`TfIdentity`).
    #[darling(default)]
    pub identity: Flag,
    /// `ephemeral`: the model of an ephemeral resource (checked by the
    /// `ephemeral` module).
    #[darling(default)]
    pub ephemeral: Flag,
    /// `optional_attributes` or `optional_attributes("a", ...)`: as an
    /// attribute's object type, the struct marks its optional attributes
    /// (or the named ones) optional (`["object",{...},["a"]]`).
    #[darling(default)]
    pub optional_attributes: Option<SpannedValue<OptionalAttributes>>,
    /// `deprecated = "..."` or `deprecated`: the struct's block is
    /// deprecated, with this message or none (a resource type, data source
    /// or block struct).
    #[darling(default)]
    pub deprecated: Option<SpannedValue<Deprecated>>,
    /// `config_validators(conflicting("a", "b"), ...)`: checks over the
    /// whole configuration (Go's `ConfigValidators()`).
    #[darling(default)]
    pub config_validators: Option<SpannedValue<ConfigValidators>>,
}

/// `config_validators(...)`: each kind as often as needed.
#[derive(Debug, Default, FromMeta)]
pub struct ConfigValidators {
    #[darling(multiple)]
    pub conflicting: Vec<SpannedValue<NameList>>,
    #[darling(multiple)]
    pub exactly_one_of: Vec<SpannedValue<NameList>>,
    #[darling(multiple)]
    pub at_least_one_of: Vec<SpannedValue<NameList>>,
    #[darling(multiple)]
    pub required_together: Vec<SpannedValue<NameList>>,
}

/// `optional_attributes` alone (every optional attribute, by its type or
/// flag) or `optional_attributes("a", "b")` (those named, by Terraform name).
#[derive(Debug, Clone)]
pub enum OptionalAttributes {
    /// `optional_attributes`: the struct's optional attributes.
    Optional,
    /// `optional_attributes("a", ...)`: the named attributes.
    Named(NameList),
}

impl FromMeta for OptionalAttributes {
    fn from_word() -> darling::Result<Self> {
        Ok(OptionalAttributes::Optional)
    }

    fn from_list(items: &[darling::ast::NestedMeta]) -> darling::Result<Self> {
        if items.is_empty() {
            return Err(darling::Error::custom(
                "`optional_attributes(...)` names the optional attributes: name at least one, or write `optional_attributes` alone for every `Option` field",
            ));
        }
        NameList::from_list(items).map(OptionalAttributes::Named)
    }
}

/// `deprecated` alone (no message) or `deprecated = "message"`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Deprecated {
    /// `deprecated`: deprecated, without a message.
    Flag,
    /// `deprecated = "..."`: deprecated, with this message.
    Message(String),
}

impl Deprecated {
    /// The message; empty for the flag.
    pub fn message(&self) -> &str {
        match self {
            Deprecated::Flag => "",
            Deprecated::Message(m) => m,
        }
    }
}

impl FromMeta for Deprecated {
    fn from_word() -> darling::Result<Self> {
        Ok(Deprecated::Flag)
    }

    fn from_string(value: &str) -> darling::Result<Self> {
        Ok(Deprecated::Message(value.to_owned()))
    }
}

/// Block nesting written out: `nesting = "group"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromMeta)]
#[darling(rename_all = "lowercase")]
pub enum NestingArg {
    Single,
    List,
    Set,
    Map,
    Group,
}

/// `block` or `block(nesting = "group")`.
#[derive(Debug, Default, FromMeta)]
#[darling(from_word = || Ok(BlockArg::default()))]
pub struct BlockArg {
    #[darling(default)]
    pub nesting: Option<SpannedValue<NestingArg>>,
}

/// Field attributes.
#[derive(Debug, FromField)]
#[darling(attributes(tf), forward_attrs(doc))]
pub struct Field {
    pub ident: Option<syn::Ident>,
    pub vis: syn::Visibility,
    pub ty: syn::Type,
    pub attrs: Vec<syn::Attribute>,
    #[darling(default)]
    pub rename: Option<SpannedValue<String>>,
    #[darling(default)]
    pub required: Flag,
    #[darling(default)]
    pub optional: Flag,
    #[darling(default)]
    pub computed: Flag,
    #[darling(default)]
    pub sensitive: Flag,
    #[darling(default)]
    pub write_only: Flag,
    /// `deprecated = "..."` or `deprecated` alone.
    #[darling(default)]
    pub deprecated: Option<SpannedValue<Deprecated>>,
    #[darling(default)]
    pub description: Option<SpannedValue<String>>,
    #[darling(default)]
    pub markdown: Flag,
    #[darling(default)]
    pub skip: Flag,
    #[darling(default)]
    pub block: Option<SpannedValue<BlockArg>>,
    #[darling(default)]
    pub nested: Flag,
    #[darling(default)]
    pub nesting: Option<SpannedValue<NestingArg>>,
    #[darling(default)]
    pub min_items: Option<SpannedValue<u64>>,
    #[darling(default)]
    pub max_items: Option<SpannedValue<u64>>,
    #[darling(default)]
    pub requires_replace: Flag,
    #[darling(default)]
    pub requires_replace_if: Option<SpannedValue<syn::Path>>,
    /// `requires_replace_if_configured`: Go's `RequiresReplaceIfConfigured`.
    #[darling(default)]
    pub requires_replace_if_configured: Flag,
    /// `use_state_for_unknown`: Go's `UseStateForUnknown` (null kept too).
    #[darling(default)]
    pub use_state_for_unknown: Flag,
    /// `use_non_null_state_for_unknown`: Go's `UseNonNullStateForUnknown`.
    #[darling(default)]
    pub use_non_null_state_for_unknown: Flag,
    #[darling(default)]
    pub default: Option<SpannedValue<DefaultArg>>,
    #[darling(default)]
    pub validate: Option<SpannedValue<Validators>>,
    #[darling(default)]
    pub conflicts_with: Option<SpannedValue<NameList>>,
    #[darling(default)]
    pub exactly_one_of: Option<SpannedValue<NameList>>,
    #[darling(default)]
    pub at_least_one_of: Option<SpannedValue<NameList>>,
    #[darling(default)]
    pub required_with: Option<SpannedValue<NameList>>,
    /// `at_least_sum_of = ["a", "b"]` and the other sums: an integer
    /// compared with the sum of the attributes the expressions match.
    #[darling(default)]
    pub at_least_sum_of: Option<SpannedValue<NameList>>,
    #[darling(default)]
    pub at_most_sum_of: Option<SpannedValue<NameList>>,
    #[darling(default)]
    pub equal_to_sum_of: Option<SpannedValue<NameList>>,
    /// `with = path::to::module`: the module converts the field's custom
    /// type to and from a Terraform value type.
    #[darling(default)]
    pub with: Option<SpannedValue<ModulePath>>,
    /// With `with`: the module's `semantically_equal` goes into the plan
    /// policy.
    #[darling(default)]
    pub semantic_equal: Flag,
    /// With `with`: the module's `semantic_key` (a canonical form) decides
    /// semantic equality and pairs set elements.
    #[darling(default)]
    pub semantic_key: Flag,
    /// With `with`, on a list, set or map: the module converts each
    /// element, and `semantic_equal`/`semantic_key` compare elements.
    #[darling(default)]
    pub each: Flag,
}

/// `default = <literal or path>`: a literal value, or a function returning
/// the attribute's value.
#[derive(Debug, Clone)]
pub enum DefaultArg {
    /// A string, number or bool literal (numbers as their text).
    Str(String),
    Number(String),
    Bool(bool),
    /// `path::to::fn`, called with no arguments.
    Path(syn::Path),
}

impl FromMeta for DefaultArg {
    fn from_expr(expr: &syn::Expr) -> darling::Result<Self> {
        match expr {
            syn::Expr::Lit(syn::ExprLit { lit, .. }) => match lit {
                syn::Lit::Str(s) => Ok(DefaultArg::Str(s.value())),
                syn::Lit::Bool(b) => Ok(DefaultArg::Bool(b.value)),
                syn::Lit::Int(i) => Ok(DefaultArg::Number(i.base10_digits().to_owned())),
                syn::Lit::Float(f) => Ok(DefaultArg::Number(f.base10_digits().to_owned())),
                other => Err(darling::Error::custom(
                    "`default` takes a string, number or bool literal, or a path to a function",
                )
                .with_span(other)),
            },
            syn::Expr::Unary(syn::ExprUnary {
                op: syn::UnOp::Neg(_),
                expr: inner,
                ..
            }) => match DefaultArg::from_expr(inner)? {
                DefaultArg::Number(n) => Ok(DefaultArg::Number(format!("-{n}"))),
                _ => Err(darling::Error::custom("only numbers can be negated").with_span(expr)),
            },
            syn::Expr::Path(p) => Ok(DefaultArg::Path(p.path.clone())),
            other => Err(darling::Error::custom(
                "`default` takes a string, number or bool literal, or a path to a function",
            )
            .with_span(other)),
        }
    }
}

/// `with = path::to::module` (or the path in a string).
#[derive(Debug, Clone)]
pub struct ModulePath(pub syn::Path);

impl FromMeta for ModulePath {
    fn from_expr(expr: &syn::Expr) -> darling::Result<Self> {
        match expr {
            syn::Expr::Path(p) if p.qself.is_none() => Ok(ModulePath(p.path.clone())),
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => s.parse().map(ModulePath).map_err(|_| {
                darling::Error::custom("`with` takes a path to a module, e.g. `with = crate::rfc3339`")
                    .with_span(s)
            }),
            other => Err(darling::Error::custom(
                "`with` takes a path to a module, e.g. `with = crate::rfc3339`, whose `Wire`, `to_wire` and `from_wire` convert the field's type",
            )
            .with_span(other)),
        }
    }
}
