//! Checks the parsed attributes against each other and against the field
//! types, and resolves what the expansion needs ([`Model`]): Terraform
//! names, attribute flags, block nesting. Every mistake is reported, each
//! at the attribute or field it concerns.
//!
//! One function per rule, as serde_derive's `check.rs`, in a file per
//! concern: the struct's own keys (`container`), names (`names`), the
//! written type (`types`), presence flags (`presence`), blocks and nested
//! attributes (`block`), `with` modules (`with`), validators and
//! cross-attribute rules (`validators`, their path expressions and the
//! configuration validators in `paths`), plan policy (`plan`), and the
//! rules of identity and ephemeral models (`identity`, `ephemeral`).
//! `field` runs a field's rules in order. The files share `model` (what
//! they resolve) and `report` (how they report), and import no other.

mod block;
mod container;
mod ephemeral;
mod field;
mod identity;
mod model;
mod names;
mod paths;
mod plan;
mod presence;
pub(crate) mod report;
mod types;
mod validators;
mod with;

use darling::error::Accumulator;
use darling::{Error, FromDeriveInput};

use crate::ast::doc::doc_description;
use crate::ast::{Container, Field};

pub use model::{
    ConfigKind, FieldModel, Flags, Kind, Model, ObjectOptional, RuleKind, TypeRule, WithModel,
};

/// The model of a struct deriving `TfSchema` or `TfValue`, or every mistake
/// in it.
pub fn validate(input: &syn::DeriveInput) -> Result<Model, Error> {
    container::named_struct(input)?;
    let container = Container::from_derive_input(input)?;
    let mut errors = Error::accumulator();

    let lifetime = container::one_lifetime(&container.generics, &mut errors);
    container::no_where_clause(&container.generics, &mut errors);
    let identity = container.identity.is_present();
    if identity {
        identity::check_container(&container, &mut errors);
    }
    container::validate_with_owned(&container.validate_with, lifetime.as_ref(), &mut errors);
    let version = container::version(&container.version, &mut errors);
    container::deprecation_said(&container.deprecated, &mut errors);

    let fields = match &container.data {
        darling::ast::Data::Struct(fields) => fields.fields.iter().collect::<Vec<_>>(),
        darling::ast::Data::Enum(_) => Vec::new(),
    };
    ephemeral::check(&container, &fields, &mut errors);
    let (mut models, skipped) = fields_of(&fields, identity, &mut errors);
    validators::rule_names(&models, &mut errors);
    let config_validators = config_validators(&container, &models, &mut errors);
    validators::write_only_names(&models, &mut errors);
    let optional_attributes = presence::optional_attributes(
        container.optional_attributes.as_ref(),
        &mut models,
        &mut errors,
    );
    models.sort_by(|a, b| a.name.cmp(&b.name));

    errors.finish()?;
    Ok(Model {
        krate: container
            .krate
            .clone()
            .unwrap_or_else(|| syn::parse_quote!(::tfschema)),
        description: container
            .description
            .clone()
            .unwrap_or_else(|| doc_description(&container.attrs)),
        ident: container.ident,
        vis: container.vis,
        generics: container.generics,
        lifetime,
        version,
        markdown: container.markdown.is_present(),
        debug: container.debug.is_present(),
        validate_with: container.validate_with.as_ref().map(|p| (**p).clone()),
        identity,
        ephemeral: container.ephemeral.is_present(),
        optional_attributes,
        deprecation_message: container
            .deprecated
            .as_ref()
            .map(|d| d.message().to_owned()),
        fields: models,
        skipped,
        config_validators,
    })
}

/// `#[tf(config_validators(...))]`, each checked: its expressions parse and
/// start at an attribute of the struct.
fn config_validators(
    container: &Container,
    models: &[FieldModel],
    errors: &mut Accumulator,
) -> Vec<(ConfigKind, Vec<String>)> {
    let Some(v) = &container.config_validators else {
        return Vec::new();
    };
    let names: Vec<&str> = models.iter().map(|m| m.name.as_str()).collect();
    let mut out = Vec::new();
    for (lists, kind) in [
        (&v.conflicting, ConfigKind::Conflicting),
        (&v.exactly_one_of, ConfigKind::ExactlyOneOf),
        (&v.at_least_one_of, ConfigKind::AtLeastOneOf),
        (&v.required_together, ConfigKind::RequiredTogether),
    ] {
        for list in lists {
            paths::config_names(kind.key(), &list.0, &names, errors);
            out.push((kind, list.0.iter().map(|t| t.as_str().to_owned()).collect()));
        }
    }
    out
}

/// The models of the encoded fields, in the struct's order, and the
/// skipped fields.
fn fields_of(
    fields: &[&Field],
    identity: bool,
    errors: &mut Accumulator,
) -> (Vec<FieldModel>, Vec<syn::Ident>) {
    let mut models = Vec::new();
    let mut skipped = Vec::new();
    let mut seen = Vec::new();
    for field in fields {
        let Some(ident) = field.ident.clone() else {
            continue;
        };
        if field.skip.is_present() {
            field::skip_alone(field, errors);
            skipped.push(ident);
            continue;
        }
        // A key an identity cannot have is reported once, as that: the
        // field's other rules would advise around it (`default` "needs
        // `optional, computed`", say).
        if identity && !identity::check_field(field, errors) {
            continue;
        }
        if let Some(model) = errors.handle(field::field(field, &ident)) {
            names::unique(&mut seen, &model.name, field, &ident, errors);
            models.push(model);
        }
    }
    (models, skipped)
}
