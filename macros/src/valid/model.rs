//! The validated model of a struct: what the checks resolved (Terraform
//! names, attribute flags, block nesting, plan policy) and what they left
//! for the compiler to assert. The expansion reads nothing else.

use proc_macro2::Span;

use crate::ast::validators::Validators;
use crate::ast::{DefaultArg, NestingArg};
use crate::tyinfo::{Collection, Scalar, Wrapper};

/// The validated model of one struct.
pub struct Model {
    pub ident: syn::Ident,
    pub vis: syn::Visibility,
    pub generics: syn::Generics,
    /// The struct's one lifetime parameter, if any (fields may borrow).
    pub lifetime: Option<syn::Lifetime>,
    pub krate: syn::Path,
    pub version: i64,
    pub description: String,
    pub markdown: bool,
    /// `#[tf(debug)]`: generate a redacting `Debug` for the struct.
    pub debug: bool,
    /// `#[tf(validate_with = path)]`.
    pub validate_with: Option<syn::Path>,
    /// `#[tf(identity)]`: a resource identity (`TfIdentity`).
    pub identity: bool,
    /// `#[tf(ephemeral)]`: an ephemeral resource's model.
    pub ephemeral: bool,
    /// `#[tf(optional_attributes)]`: the struct's object type marks its
    /// optional attributes optional; `None` marks none.
    pub optional_attributes: Option<ObjectOptional>,
    /// `#[tf(deprecated = "...")]` on the struct: its block's deprecation
    /// message (empty for `#[tf(deprecated)]`, deprecated without one).
    pub deprecation_message: Option<String>,
    /// Encoded fields, sorted by Terraform name (the wire order).
    pub fields: Vec<FieldModel>,
    /// `#[tf(skip)]` fields: filled with `Default::default()` on decode.
    pub skipped: Vec<syn::Ident>,
    /// `#[tf(config_validators(...))]`: each kind with its expressions.
    pub config_validators: Vec<(ConfigKind, Vec<String>)>,
}

/// Which attributes the struct's object type marks optional.
pub enum ObjectOptional {
    /// `optional_attributes`: those optional in its block.
    Optional,
    /// `optional_attributes("a", ...)`: these, by Terraform name.
    Named(Vec<String>),
}

/// A configuration validator's kind (`config_validators(conflicting(..))`).
#[derive(Clone, Copy)]
pub enum ConfigKind {
    Conflicting,
    ExactlyOneOf,
    AtLeastOneOf,
    RequiredTogether,
}

impl ConfigKind {
    pub fn key(self) -> &'static str {
        match self {
            ConfigKind::Conflicting => "conflicting",
            ConfigKind::ExactlyOneOf => "exactly_one_of",
            ConfigKind::AtLeastOneOf => "at_least_one_of",
            ConfigKind::RequiredTogether => "required_together",
        }
    }

    /// The runtime's `ConfigRule` variant.
    pub fn variant(self) -> &'static str {
        match self {
            ConfigKind::Conflicting => "Conflicting",
            ConfigKind::ExactlyOneOf => "ExactlyOneOf",
            ConfigKind::AtLeastOneOf => "AtLeastOneOf",
            ConfigKind::RequiredTogether => "RequiredTogether",
        }
    }
}

pub struct FieldModel {
    pub ident: syn::Ident,
    pub vis: syn::Visibility,
    pub ty: syn::Type,
    pub name: String,
    pub kind: Kind,
    pub description: String,
    pub markdown: bool,
    pub sensitive: bool,
    pub write_only: bool,
    pub deprecated: bool,
    /// The warning shown when the attribute (or block) is set, and the
    /// schema's deprecation message; empty for `#[tf(deprecated)]`
    /// (deprecated without a message).
    pub deprecation_message: Option<String>,
    pub validators: Option<Validators>,
    pub rules: Vec<Rule>,
    pub plan: PlanModel,
    /// `#[tf(with = module)]`.
    pub with: Option<WithModel>,
    /// Rules the written type left open, asserted by the generated code.
    pub type_checks: Vec<TypeCheck>,
}

/// A field converted by a `with` module.
pub struct WithModel {
    /// The module.
    pub module: syn::Path,
    /// The wrappers around the custom type, outermost first.
    pub wrappers: Vec<Wrapper>,
    /// The custom type the module converts: with `each`, the collection
    /// of them as written.
    pub custom: syn::Type,
    /// `each`: the module converts the elements of a list, set or map.
    pub each: Option<Each>,
}

/// `with = module, each`: the collection and the type of its elements.
pub struct Each {
    pub collection: Collection,
    pub element: syn::Type,
}

impl WithModel {
    /// The type the module converts: the custom type, or with `each` the
    /// collection's element.
    pub fn converted(&self) -> &syn::Type {
        self.each.as_ref().map_or(&self.custom, |e| &e.element)
    }
}

/// Plan policy of a field.
pub struct PlanModel {
    pub requires_replace: bool,
    pub requires_replace_if: Option<syn::Path>,
    pub requires_replace_if_configured: bool,
    pub use_state_for_unknown: bool,
    pub use_non_null_state_for_unknown: bool,
    pub default: Option<DefaultArg>,
    /// `semantic_equal` (with `with`): the module's `semantically_equal`.
    pub semantic_equal: Option<syn::Path>,
    /// `semantic_key` (with `with`): the module's `semantic_key`.
    pub semantic_key: Option<syn::Path>,
    /// `each` (with `with`): the two above judge the elements.
    pub semantic_elements: bool,
}

impl PlanModel {
    /// Whether any policy is set.
    pub fn is_set(&self) -> bool {
        self.requires_replace
            || self.requires_replace_if.is_some()
            || self.requires_replace_if_configured
            || self.use_state_for_unknown
            || self.use_non_null_state_for_unknown
            || self.default.is_some()
            || self.semantic_equal.is_some()
            || self.semantic_key.is_some()
    }
}

/// A rule the written type left open, asserted in the generated code.
pub struct TypeCheck {
    pub span: Span,
    pub rule: TypeRule,
    /// The compile error when the rule does not hold.
    pub message: String,
}

#[derive(Clone, Copy)]
pub enum TypeRule {
    /// `TfType::CAN_BE_NULL` of the field's type.
    CanBeNull,
    /// Not `TfType::CAN_BE_NULL`.
    CannotBeNull,
    /// `TfType::CAN_BE_UNKNOWN`.
    CanBeUnknown,
    /// `ElemKind::STRUCT` of `BlockElem::Kind`: the struct of a single
    /// block or nested attribute is one, not an alias of an `Option` or a
    /// collection of it.
    Struct,
    /// `TfType::REFINE_KIND` is that of the `default` literal's kind (or
    /// `dynamic`).
    DefaultFits(Scalar),
}

/// A cross-attribute rule declared on a field.
pub struct Rule {
    pub kind: RuleKind,
    pub names: Vec<darling::util::SpannedValue<String>>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum RuleKind {
    ConflictsWith,
    ExactlyOneOf,
    AtLeastOneOf,
    RequiredWith,
    /// The integer sums (int64validator's `AtLeastSumOf` and the others).
    AtLeastSumOf,
    AtMostSumOf,
    EqualToSumOf,
}

impl RuleKind {
    pub fn key(self) -> &'static str {
        match self {
            RuleKind::ConflictsWith => "conflicts_with",
            RuleKind::ExactlyOneOf => "exactly_one_of",
            RuleKind::AtLeastOneOf => "at_least_one_of",
            RuleKind::RequiredWith => "required_with",
            RuleKind::AtLeastSumOf => "at_least_sum_of",
            RuleKind::AtMostSumOf => "at_most_sum_of",
            RuleKind::EqualToSumOf => "equal_to_sum_of",
        }
    }
}

/// Attribute flags.
#[derive(Clone, Copy)]
pub struct Flags {
    pub required: bool,
    pub optional: bool,
    pub computed: bool,
    /// None of the three written, and a type that does not show whether it
    /// can be null (a name): required or optional as
    /// `TfType::CAN_BE_NULL` says, read by the generated schema.
    pub inferred: bool,
}

impl Flags {
    /// A block's: it has none.
    pub const NONE: Flags = Flags {
        required: false,
        optional: false,
        computed: false,
        inferred: false,
    };
}

pub enum Kind {
    Attribute(Flags),
    /// Nested attributes (protocol 6): the element struct and its nesting.
    Nested {
        flags: Flags,
        elem: syn::Type,
        /// A single struct (`S`, `Option<S>`), which the compiler checks
        /// (see [`TypeRule::Struct`]): the struct is
        /// `<elem as BlockElem>::Elem`.
        opaque: bool,
        nesting: Collection,
    },
    Block {
        elem: syn::Type,
        /// As for `Nested`.
        opaque: bool,
        nesting: NestingArg,
        min_items: u64,
        max_items: u64,
        /// `computed`: the provider may fill the block in (protocol 6.11).
        computed: bool,
    },
}

impl Kind {
    /// The flags of an attribute or nested attribute (blocks have none).
    pub fn flags(&self) -> Option<Flags> {
        match self {
            Kind::Attribute(flags) | Kind::Nested { flags, .. } => Some(*flags),
            Kind::Block { .. } => None,
        }
    }

    /// A computed attribute or nested attribute (a computed block's plan
    /// view is its type's, which holds an unknown already).
    pub fn is_computed(&self) -> bool {
        self.flags().is_some_and(|f| f.computed)
    }
}
