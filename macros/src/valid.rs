//! Checks the parsed attributes against each other and against the field
//! types, and resolves what the expansion needs: Terraform names, attribute
//! flags, block nesting. Every mistake is reported, each at the attribute or
//! field it concerns.

use darling::util::{Flag, SpannedValue};
use darling::Error;
use proc_macro2::Span;
use quote::ToTokens;
use syn::spanned::Spanned;

use crate::ast::{doc_description, Container, Field, NestingArg};
use crate::presence::{flag_span, Flags};
use crate::tyinfo::{self, Collection};
use crate::validators::Scalar;

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
    /// Encoded fields, sorted by Terraform name (the wire order).
    pub fields: Vec<FieldModel>,
    /// `#[tf(skip)]` fields: filled with `Default::default()` on decode.
    pub skipped: Vec<syn::Ident>,
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
    /// The warning shown when the attribute is set.
    pub deprecation_message: Option<String>,
    pub validators: Option<crate::validators::Validators>,
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
    pub wrappers: Vec<tyinfo::Wrapper>,
    /// The custom type the module converts.
    pub custom: syn::Type,
}

/// Plan policy of a field.
pub struct PlanModel {
    pub requires_replace: bool,
    pub requires_replace_if: Option<syn::Path>,
    pub use_state_for_unknown: bool,
    pub default: Option<crate::ast::DefaultArg>,
    /// `semantic_equal` (with `with`): the module's `semantically_equal`.
    pub semantic_equal: Option<syn::Path>,
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

#[derive(Clone, Copy)]
pub enum RuleKind {
    ConflictsWith,
    ExactlyOneOf,
    AtLeastOneOf,
    RequiredWith,
}

impl RuleKind {
    pub fn key(self) -> &'static str {
        match self {
            RuleKind::ConflictsWith => "conflicts_with",
            RuleKind::ExactlyOneOf => "exactly_one_of",
            RuleKind::AtLeastOneOf => "at_least_one_of",
            RuleKind::RequiredWith => "required_with",
        }
    }
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
    },
}

impl Kind {
    /// A computed attribute or nested attribute (blocks cannot be).
    pub fn is_computed(&self) -> bool {
        match self {
            Kind::Attribute(flags) | Kind::Nested { flags, .. } => flags.computed,
            Kind::Block { .. } => false,
        }
    }
}

/// An error at `span`: the one constructor of the derives' and the
/// function macro's compile errors.
pub(crate) fn err_at(span: Span, msg: impl std::fmt::Display) -> Error {
    Error::custom(msg).with_span(&span)
}

/// Refuses a flag that was written, at the flag.
pub(crate) fn refuse_flag(flag: &Flag, msg: &str, errors: &mut darling::error::Accumulator) {
    if flag.is_present() {
        errors.push(err_at(flag.span(), msg));
    }
}

/// Refuses a key that was written (`key = ...`), at the key.
pub(crate) fn refuse_key<T>(
    value: &Option<SpannedValue<T>>,
    msg: &str,
    errors: &mut darling::error::Accumulator,
) {
    if let Some(v) = value {
        errors.push(err_at(v.span(), msg));
    }
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// A model is a struct with named fields; anything else is reported here,
/// once, with the same message and span from both derives (so the compiler
/// shows it once), rather than by darling's generic "Unsupported shape".
fn check_shape(input: &syn::DeriveInput) -> Result<(), Error> {
    let name = &input.ident;
    match &input.data {
        syn::Data::Struct(s) => match &s.fields {
            syn::Fields::Named(_) => Ok(()),
            syn::Fields::Unnamed(fields) => Err(err_at(
                fields.span(),
                format!("a model's fields are Terraform attributes, which have names: write `struct {name} {{ name: Type, ... }}`"),
            )),
            syn::Fields::Unit => Err(err_at(
                name.span(),
                format!("a model is a struct with named fields: write `struct {name} {{}}` for an object with no attributes"),
            )),
        },
        syn::Data::Enum(e) => Err(err_at(
            e.enum_token.span(),
            "a model is a struct with named fields (a Terraform object); an enum has no Terraform type: use a struct, or a String attribute for a choice of names",
        )),
        syn::Data::Union(u) => Err(err_at(
            u.union_token.span(),
            "a model is a struct with named fields (a Terraform object), not a union",
        )),
    }
}

pub fn validate(input: &syn::DeriveInput) -> Result<Model, Error> {
    check_shape(input)?;
    let container = Container::from_derive_input(input)?;
    let mut errors = Error::accumulator();

    let mut lifetime = None;
    for param in &container.generics.params {
        match param {
            syn::GenericParam::Lifetime(l) if lifetime.is_none() => lifetime = Some(l.lifetime.clone()),
            syn::GenericParam::Lifetime(l) => errors.push(err_at(
                l.span(),
                "a model struct may have at most one lifetime parameter (the input's lifetime, for borrowed fields): use the same lifetime for every borrowed field",
            )),
            other => errors.push(err_at(
                other.span(),
                "generic type and const parameters are not supported on model structs; use concrete types",
            )),
        }
    }
    if let Some(wc) = &container.generics.where_clause {
        errors.push(err_at(
            wc.span(),
            "where clauses are not supported on model structs",
        ));
    }

    let identity = container.identity.is_present();
    if identity {
        crate::identity::check_container(&container, &mut errors);
    }
    if let (Some(v), Some(_)) = (&container.validate_with, &lifetime) {
        errors.push(err_at(
            v.span(),
            "`validate_with` needs an owned struct (no lifetime): the hook receives the plan view built from the value",
        ));
    }
    let version = match &container.version {
        Some(v) if **v < 0 => {
            errors.push(err_at(v.span(), "the schema version cannot be negative"));
            0
        }
        Some(v) => **v,
        None => 0,
    };
    let krate = container
        .krate
        .clone()
        .unwrap_or_else(|| syn::parse_quote!(::tfschema));
    let description = container
        .description
        .clone()
        .unwrap_or_else(|| doc_description(&container.attrs));

    let fields = match &container.data {
        darling::ast::Data::Struct(fields) => fields.fields.iter().collect::<Vec<_>>(),
        darling::ast::Data::Enum(_) => Vec::new(),
    };
    crate::ephemeral::check(&container, &fields, &mut errors);

    let mut models = Vec::new();
    let mut skipped = Vec::new();
    let mut seen: Vec<(String, syn::Ident)> = Vec::new();
    for field in fields {
        let Some(ident) = field.ident.clone() else {
            continue;
        };
        if field.skip.is_present() {
            if let Some(span) = skip_conflict(field) {
                errors.push(err_at(
                    span,
                    "a `skip`ped field is not part of the schema: remove the other `tf` keys, or `skip`",
                ));
            }
            skipped.push(ident);
            continue;
        }
        // A key an identity cannot have is reported once, as that: the
        // field's other rules would advise around it (`default` "needs
        // `optional, computed`", say).
        if identity && !crate::identity::check_field(field, &mut errors) {
            continue;
        }
        if let Some(model) = errors.handle(validate_field(field, &ident)) {
            let span = field
                .rename
                .as_ref()
                .map_or_else(|| ident.span(), |r| r.span());
            if let Some((_, first)) = seen.iter().find(|(n, _)| *n == model.name) {
                errors.push(err_at(
                    span,
                    format!(
                        "fields `{first}` and `{ident}` have the same Terraform name `{}`; rename one with #[tf(rename = \"...\")]",
                        model.name
                    ),
                ));
            }
            seen.push((model.name.clone(), ident.clone()));
            models.push(model);
        }
    }
    let names: Vec<&str> = models
        .iter()
        .map(|m: &FieldModel| m.name.as_str())
        .collect();
    for model in &models {
        for rule in &model.rules {
            for name in &rule.names {
                if name.as_str() == model.name {
                    errors.push(err_at(
                        name.span(),
                        format!(
                            "`{}` names the attribute it is declared on",
                            rule.kind.key()
                        ),
                    ));
                } else if !names.contains(&name.as_str()) {
                    errors.push(err_at(
                        name.span(),
                        format!(
                            "`{}` names `{}`, which is not an attribute of this struct (attributes: {})",
                            rule.kind.key(),
                            name.as_str(),
                            names.join(", ")
                        ),
                    ));
                }
            }
        }
    }
    models.sort_by(|a, b| a.name.cmp(&b.name));

    errors.finish()?;
    Ok(Model {
        ident: container.ident,
        vis: container.vis,
        generics: container.generics,
        lifetime,
        krate,
        version,
        description,
        markdown: container.markdown.is_present(),
        debug: container.debug.is_present(),
        validate_with: container.validate_with.as_ref().map(|p| (**p).clone()),
        identity,
        ephemeral: container.ephemeral.is_present(),
        fields: models,
        skipped,
    })
}

use darling::FromDeriveInput;

/// The span of a `tf` key other than `skip` on a skipped field.
fn skip_conflict(field: &Field) -> Option<Span> {
    let flags = [
        &field.required,
        &field.optional,
        &field.computed,
        &field.sensitive,
        &field.write_only,
        &field.markdown,
        &field.nested,
        &field.semantic_equal,
    ];
    if let Some(f) = flags.iter().find(|f| f.is_present()) {
        return Some(f.span());
    }
    field
        .rename
        .as_ref()
        .map(SpannedValue::span)
        .or_else(|| field.deprecated.as_ref().map(SpannedValue::span))
        .or_else(|| field.description.as_ref().map(SpannedValue::span))
        .or_else(|| field.block.as_ref().map(SpannedValue::span))
        .or_else(|| field.nesting.as_ref().map(SpannedValue::span))
        .or_else(|| field.min_items.as_ref().map(SpannedValue::span))
        .or_else(|| field.max_items.as_ref().map(SpannedValue::span))
        .or_else(|| field.with.as_ref().map(SpannedValue::span))
}

fn validate_field(field: &Field, ident: &syn::Ident) -> Result<FieldModel, Error> {
    let mut errors = Error::accumulator();
    let ty_span = field.ty.span();
    let ident_span = ident.span();

    let raw = ident.to_string();
    let name = match &field.rename {
        Some(r) if r.is_empty() => {
            errors.push(err_at(
                r.span(),
                "a Terraform name cannot be empty: remove `rename` or give a name matching ^[a-z0-9_]+$",
            ));
            String::new()
        }
        Some(r) => {
            if !valid_name(r) {
                errors.push(err_at(
                    r.span(),
                    format!(
                        "Terraform names must match ^[a-z0-9_]+$; `{}` does not: try #[tf(rename = \"{}\")]",
                        r.as_str(),
                        snake_case(r)
                    ),
                ));
            }
            r.as_str().to_owned()
        }
        None => {
            let name = raw.strip_prefix("r#").unwrap_or(&raw).to_owned();
            if !valid_name(&name) {
                errors.push(err_at(
                    ident_span,
                    format!(
                        "Terraform names must match ^[a-z0-9_]+$; name this field with #[tf(rename = \"{}\")]",
                        snake_case(&name)
                    ),
                ));
            }
            name
        }
    };

    let shape = tyinfo::shape(&field.ty);
    let mut type_checks = Vec::new();
    if let Some(inner) = tyinfo::option_inner(&field.ty).and_then(tyinfo::option_inner) {
        errors.push(err_at(
            ty_span,
            format!(
                "a Terraform value has one null: write `Option<{}>`, not `Option<Option<..>>`",
                inner.to_token_stream()
            ),
        ));
    }
    if shape.option_of_unknown {
        errors.push(err_at(
            ty_span,
            "`Option<Unknown<T>>` is not supported: write `Unknown<Option<T>>` (may be unknown, and null when known)",
        ));
    }
    if let Some(key) = tyinfo::map_key_not_string(shape.core) {
        errors.push(err_at(
            key.span(),
            "Terraform map keys are strings: use String, Box<str>, Cow<str>, &str or CompactString as the key type",
        ));
    }

    let required = field.required.is_present();
    let optional = field.optional.is_present();
    let computed = field.computed.is_present();
    let is_block = field.block.is_some();
    // `nesting` may be written beside `block` or inside it, not both.
    let block_nesting = field.block.as_ref().and_then(|b| b.nesting.as_ref());
    if let (Some(inner), Some(_)) = (block_nesting, &field.nesting) {
        errors.push(err_at(
            inner.span(),
            "`nesting` is given twice: keep either `block(nesting = ...)` or `nesting = ...`",
        ));
    }
    let nesting_arg = field.nesting.as_ref().or(block_nesting);
    let is_nested = field.nested.is_present();

    let conflicting_required = required && (optional || computed);
    if conflicting_required {
        errors.push(err_at(
            flag_span(&field.required, ident_span),
            "`required` cannot be combined with `optional` or `computed`: keep `required` alone, or `optional` and/or `computed`",
        ));
    }
    if field.write_only.is_present() && computed {
        errors.push(err_at(
            flag_span(&field.write_only, ident_span),
            "a write-only attribute cannot be `computed`: Terraform never stores its value; remove `computed` (or `write_only`)",
        ));
    }
    if is_block && is_nested {
        errors.push(err_at(
            flag_span(&field.nested, ident_span),
            "a field is either a `block` or `nested` attributes, not both: remove one",
        ));
    }

    let flags = if is_block {
        for (flag, what) in [
            (&field.required, "required"),
            (&field.optional, "optional"),
            (&field.computed, "computed"),
        ] {
            if flag.is_present() {
                errors.push(err_at(
                    flag.span(),
                    format!("`{what}` applies to attributes; a block's presence follows its type and min_items/max_items"),
                ));
            }
        }
        if field.sensitive.is_present() {
            errors.push(err_at(
                field.sensitive.span(),
                "a block cannot be `sensitive`; mark its attributes sensitive instead",
            ));
        }
        if field.write_only.is_present() {
            errors.push(err_at(
                field.write_only.span(),
                "a block cannot be `write_only`; mark its attributes write-only instead",
            ));
        }
        if let Some(d) = &field.deprecated {
            errors.push(err_at(
                d.span(),
                "`deprecated` applies to attributes; a block's schema has no deprecation message: deprecate its attributes instead",
            ));
        }
        if let Some(d) = &field.description {
            errors.push(err_at(
                d.span(),
                "a block's description is its struct's: put it on the struct (doc comment or #[tf(description = \"...\")])",
            ));
        }
        if field.markdown.is_present() {
            errors.push(err_at(
                field.markdown.span(),
                "a block's description kind is its struct's: write #[tf(markdown)] on the struct",
            ));
        }
        Flags::NONE
    } else {
        let (flags, checks) = crate::presence::attribute_flags(field, &name, &shape, &mut errors);
        type_checks.extend(checks);
        flags
    };

    for (opt, what) in [
        (&field.min_items, "min_items"),
        (&field.max_items, "max_items"),
    ] {
        if let Some(v) = opt {
            if !is_block {
                errors.push(err_at(
                    v.span(),
                    format!("`{what}` applies to blocks (`#[tf(block)]`)"),
                ));
            }
        }
    }
    if let Some(n) = nesting_arg {
        if !is_block {
            errors.push(err_at(
                n.span(),
                "`nesting` applies to blocks (`#[tf(block)]`)",
            ));
        }
    }

    let kind = if is_block {
        let (elem, collection) = tyinfo::collection(shape.core);
        let check = check_struct_elem(elem, collection, "block", &name, &mut errors);
        let opaque = check.is_some();
        type_checks.extend(check);
        let nesting = match (nesting_arg, collection) {
            (Some(n), Collection::One) if matches!(**n, NestingArg::Single | NestingArg::Group) => {
                **n
            }
            (Some(n), _) if **n == NestingArg::Group => {
                errors.push(err_at(
                    n.span(),
                    "`nesting = \"group\"` takes a single struct, not a collection",
                ));
                NestingArg::Group
            }
            (Some(n), c) => {
                let inferred = nesting_of(c);
                if **n != inferred {
                    errors.push(err_at(
                        n.span(),
                        format!("the field's type gives nesting \"{}\"; remove `nesting` or change the type", nesting_name(inferred)),
                    ));
                }
                inferred
            }
            (None, c) => nesting_of(c),
        };
        if nesting == NestingArg::Group && shape.can_be_null {
            errors.push(err_at(
                ty_span,
                "a group block is never null: drop the Option",
            ));
        }
        let (min_default, max_default) = match nesting {
            NestingArg::Single if !shape.can_be_null => (1, 1),
            _ => (0, 0),
        };
        let min_items = field.min_items.as_ref().map_or(min_default, |v| **v);
        let max_items = field.max_items.as_ref().map_or(max_default, |v| **v);
        for (v, what) in [
            (&field.min_items, "min_items"),
            (&field.max_items, "max_items"),
        ] {
            let Some(v) = v else { continue };
            match nesting {
                NestingArg::Single if **v > 1 => errors.push(err_at(
                    v.span(),
                    format!("a single block (`S` or `Option<S>`) has `{what}` 0 or 1; for more, make the field a Vec<S> (list block)"),
                )),
                NestingArg::Group | NestingArg::Map => errors.push(err_at(
                    v.span(),
                    format!(
                        "`{what}` does not apply to {} blocks: remove it",
                        nesting_name(nesting)
                    ),
                )),
                _ => {}
            }
        }
        if max_items != 0 && min_items > max_items {
            errors.push(err_at(
                field
                    .min_items
                    .as_ref()
                    .map_or(ident_span, SpannedValue::span),
                "`min_items` is greater than `max_items`: lower `min_items` or raise `max_items`",
            ));
        }
        Kind::Block {
            elem: elem.clone(),
            opaque,
            nesting,
            min_items,
            max_items,
        }
    } else if is_nested {
        let (elem, nesting) = tyinfo::collection(shape.core);
        let check = check_struct_elem(elem, nesting, "nested", &name, &mut errors);
        let opaque = check.is_some();
        type_checks.extend(check);
        Kind::Nested {
            flags,
            elem: elem.clone(),
            opaque,
            nesting,
        }
    } else {
        Kind::Attribute(flags)
    };

    let description = field
        .description
        .as_ref()
        .map_or_else(|| doc_description(&field.attrs), |d| d.as_str().to_owned());

    let with = check_with(field, &mut errors);
    let validators = field.validate.as_ref().map(|v| {
        if field.with.is_some() {
            errors.push(err_at(
                v.span(),
                "`validate` checks values of a Terraform type the derive knows, and a `with` field's is its module's `Wire`: check the value in the module's `from_wire` (its error names the attribute) or in the struct's `#[tf(validate_with = ...)]`",
            ));
            return (**v).clone();
        }
        if matches!(kind, Kind::Block { .. }) {
            errors.push(err_at(
                v.span(),
                "`validate` applies to attributes; validate the block's attributes on its own struct",
            ));
        }
        let (elem, collection) = tyinfo::collection(shape.core);
        let scalar = tyinfo::scalar(tyinfo::shape(elem).core);
        crate::validators::check(
            v,
            scalar,
            collection != Collection::One,
            collection == Collection::Map,
            &mut errors,
        );
        (**v).clone()
    });
    let mut rules = Vec::new();
    for (list, kind) in [
        (&field.conflicts_with, RuleKind::ConflictsWith),
        (&field.exactly_one_of, RuleKind::ExactlyOneOf),
        (&field.at_least_one_of, RuleKind::AtLeastOneOf),
        (&field.required_with, RuleKind::RequiredWith),
    ] {
        if let Some(list) = list {
            if list.0.is_empty() {
                errors.push(err_at(
                    list.span(),
                    format!("`{}` needs at least one attribute name", kind.key()),
                ));
            }
            rules.push(Rule {
                kind,
                names: list.0.clone(),
            });
        }
    }

    let computed_flags = match &kind {
        Kind::Attribute(f) | Kind::Nested { flags: f, .. } => Some(*f),
        Kind::Block { .. } => None,
    };
    if let Some(d) = &field.default {
        match computed_flags {
            Some(f) if f.optional && f.computed => {}
            _ => errors.push(err_at(
                d.span(),
                "`default` needs `optional, computed` (and `Unknown<Option<T>>`): Terraform plans the default when the configuration leaves the attribute out",
            )),
        }
        if field.write_only.is_present() {
            errors.push(err_at(
                d.span(),
                "a write-only attribute cannot have a `default`: Terraform never stores its value",
            ));
        }
        if field.with.is_some() && !matches!(**d, crate::ast::DefaultArg::Path(_)) {
            errors.push(err_at(
                d.span(),
                "a `with` field's default is a value of its custom type: write `default = path::to::fn` (the module's `to_wire` converts what it returns)",
            ));
        }
        // A `with` field's literal is reported above; its core type is not
        // the wire type the literal would be.
        let scalar = match &field.with {
            Some(_) => Scalar::Other,
            None => tyinfo::scalar(shape.core),
        };
        let literal = match &**d {
            crate::ast::DefaultArg::Str(_) => Some(Scalar::String),
            crate::ast::DefaultArg::Number(_) => Some(Scalar::Number),
            crate::ast::DefaultArg::Bool(_) => Some(Scalar::Bool),
            crate::ast::DefaultArg::Path(_) => None,
        };
        match literal {
            Some(literal) if scalar != Scalar::Other && scalar != literal => errors.push(err_at(
                d.span(),
                "the `default` literal does not fit the attribute's type; use a literal of that type or a path to a function",
            )),
            // A name the derive cannot see through (an alias of
            // `Unknown<Option<i64>>`, say): the compiler checks the kind.
            Some(literal) if field.with.is_none() && !tyinfo::builtin(shape.core) => {
                type_checks.push(TypeCheck {
                    span: d.span(),
                    rule: TypeRule::DefaultFits(literal),
                    message: format!(
                        "`{name}`: the `default` literal does not fit the attribute's type `{}`; use a literal of that type or a path to a function",
                        tyinfo::text(&field.ty)
                    ),
                });
            }
            _ => {}
        }
    }
    if field.use_state_for_unknown.is_present() && !computed_flags.is_some_and(|f| f.computed) {
        errors.push(err_at(
            field.use_state_for_unknown.span(),
            "`use_state_for_unknown` applies to `computed` attributes (it keeps the prior state instead of planning unknown)",
        ));
    }
    let plan = PlanModel {
        requires_replace: field.requires_replace.is_present(),
        requires_replace_if: field.requires_replace_if.as_ref().map(|p| (**p).clone()),
        use_state_for_unknown: field.use_state_for_unknown.is_present(),
        default: field.default.as_ref().map(|d| (**d).clone()),
        semantic_equal: with
            .as_ref()
            .filter(|_| field.semantic_equal.is_present())
            .map(|w| w.module.clone()),
    };

    errors.finish()?;
    Ok(FieldModel {
        ident: ident.clone(),
        vis: field.vis.clone(),
        ty: field.ty.clone(),
        name,
        kind,
        description,
        markdown: field.markdown.is_present(),
        sensitive: field.sensitive.is_present(),
        write_only: field.write_only.is_present(),
        deprecated: field.deprecated.is_some(),
        deprecation_message: field.deprecated.as_ref().map(|d| d.as_str().to_owned()),
        validators,
        rules,
        plan,
        with,
        type_checks,
    })
}

/// Checks the struct `elem` of a block or nested attribute (`what`) whose
/// field's type reads as `collection` of it. Where that is a single struct
/// (`S`, `Option<S>`), `S` may be an alias of an `Option` or a collection,
/// which would decide the nesting: the check returned has the generated
/// code assert that it is a struct (reading it through `BlockElem`).
fn check_struct_elem(
    elem: &syn::Type,
    collection: Collection,
    what: &str,
    name: &str,
    errors: &mut darling::error::Accumulator,
) -> Option<TypeCheck> {
    if tyinfo::builtin(elem) {
        errors.push(err_at(
            elem.span(),
            format!(
                "`{what}` needs a struct deriving TfSchema and TfValue as its element, not `{}`",
                elem.to_token_stream()
            ),
        ));
        return None;
    }
    (collection == Collection::One).then(|| TypeCheck {
        span: elem.span(),
        rule: TypeRule::Struct,
        message: format!(
            "`{name}`: `{what}` reads the nesting mode from the field's written type, and `{}` is an Option, a collection or a wrapper, not a struct: write it out in the field (`Option<S>`, `Vec<S>`, `Set<S>` or `BTreeMap<String, S>` of the struct `S`)",
            tyinfo::text(elem)
        ),
    })
}

/// The `with` model of a field, and the mistakes around `with` and
/// `semantic_equal`.
fn check_with(field: &Field, errors: &mut darling::error::Accumulator) -> Option<WithModel> {
    let Some(module) = &field.with else {
        if field.semantic_equal.is_present() {
            errors.push(err_at(
                field.semantic_equal.span(),
                "`semantic_equal` calls the `semantically_equal` function of the field's `with` module: add `with = path::to::module`, or remove `semantic_equal`",
            ));
        }
        return None;
    };
    if field.block.is_some() {
        errors.push(err_at(
            module.span(),
            "`with` converts an attribute's value; a block's element is a struct deriving TfSchema and TfValue: remove `with` (or `block` to make it an attribute)",
        ));
    }
    if field.nested.is_present() {
        errors.push(err_at(
            module.span(),
            "`with` converts an attribute's value; nested attributes are a struct deriving TfSchema and TfValue: remove `with` (or `nested` to make it a plain attribute)",
        ));
    }
    let (wrappers, custom) = tyinfo::wrappers(&field.ty);
    if tyinfo::borrows(custom) {
        errors.push(err_at(
            custom.span(),
            "a `with` field's type must be owned (no references or lifetimes): the module builds it from an owned wire value",
        ));
    }
    Some(WithModel {
        module: module.0.clone(),
        wrappers,
        custom: custom.clone(),
    })
}

/// A suggestion for an invalid name: `camelCase`/`kebab-case` ->
/// `camel_case`/`kebab_case`, other characters dropped.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 && !out.ends_with('_') {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else if c == '-' || c == ' ' || c == '.' {
            out.push('_');
        } else if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' {
            out.push(c);
        }
    }
    out
}

fn nesting_of(c: Collection) -> NestingArg {
    match c {
        Collection::One => NestingArg::Single,
        Collection::List => NestingArg::List,
        Collection::Set => NestingArg::Set,
        Collection::Map => NestingArg::Map,
    }
}

pub fn nesting_name(n: NestingArg) -> &'static str {
    match n {
        NestingArg::Single => "single",
        NestingArg::List => "list",
        NestingArg::Set => "set",
        NestingArg::Map => "map",
        NestingArg::Group => "group",
    }
}
