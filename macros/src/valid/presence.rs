//! `required`, `optional` and `computed`: an attribute's flags in the
//! schema, and the checks of the written flags against each other and
//! against the field's type.
//!
//! The type decides what it can hold (`Option` may be null, `Unknown` and
//! `Refined` may be unknown). When the written type shows it, the derive
//! decides now; when it does not (a name such as `Keepers`, which may be an
//! alias of `Option<..>`), the generated code reads `TfType::CAN_BE_NULL` /
//! `CAN_BE_UNKNOWN` and asserts at compile time, at the flag.

use darling::error::Accumulator;
use darling::util::{Flag, SpannedValue};
use proc_macro2::Span;

use super::model::{FieldModel, Flags, Kind, ObjectOptional, TypeCheck, TypeRule};
use super::report::{err_at, flag_span};
use crate::ast::{Field, OptionalAttributes};
use crate::tyinfo::{self, Shape};

/// `required` alone, or `optional` and/or `computed`.
pub fn required_alone(field: &Field, ident_span: Span, errors: &mut Accumulator) {
    let required = field.required.is_present();
    if required && (field.optional.is_present() || field.computed.is_present()) {
        errors.push(err_at(
            flag_span(&field.required, ident_span),
            "`required` cannot be combined with `optional` or `computed`: keep `required` alone, or `optional` and/or `computed`",
        ));
    }
}

/// Terraform never stores a write-only value, so it cannot compute one.
pub fn write_only_not_computed(field: &Field, ident_span: Span, errors: &mut Accumulator) {
    if field.write_only.is_present() && field.computed.is_present() {
        errors.push(err_at(
            flag_span(&field.write_only, ident_span),
            "a write-only attribute cannot be `computed`: Terraform never stores its value; remove `computed` (or `write_only`)",
        ));
    }
}

/// What the written type shows of an attribute's value, and how to name
/// it in a message.
struct Written<'a> {
    /// The attribute's Terraform name.
    name: &'a str,
    /// The value type as written (a `with` field's is its module's `Wire`).
    ty: String,
    ty_span: Span,
    /// Whether it may be null, when the type shows it.
    null: Option<bool>,
    /// Whether it may be unknown, when the type shows it.
    unknown: Option<bool>,
}

impl<'a> Written<'a> {
    fn of(field: &Field, name: &'a str, shape: &Shape<'_>) -> Self {
        // With `each` the written collection is what travels (of the
        // module's `Wire`): it says what it can hold, as any type does.
        let with = field.with.as_ref().filter(|_| !field.each.is_present());
        let ty = match with {
            Some(module) => {
                let module = &module.0;
                tyinfo::text(&syn::parse_quote!(#module::Wire))
            }
            None => tyinfo::text(&field.ty),
        };
        // A `with` field's value is its module's `Wire` inside the written
        // wrappers: a written wrapper settles it, the custom type inside
        // does not (the wire type may be an `Option`).
        let (null, unknown) = match with {
            Some(_) => (shape.null().filter(|&n| n), shape.unknown().filter(|&u| u)),
            None => (shape.null(), shape.unknown()),
        };
        Written {
            name,
            ty,
            ty_span: syn::spanned::Spanned::span(&field.ty),
            null,
            unknown,
        }
    }
}

/// One flag's rule: met, broken (reported now, at the flag) or left to the
/// compiler (a check for the generated code, with the message `later`).
struct FlagRule<'a> {
    flag: &'a Flag,
    holds: Option<bool>,
    rule: TypeRule,
    now: &'static str,
    later: String,
}

impl FlagRule<'_> {
    fn apply(self, w: &Written<'_>, checks: &mut Vec<TypeCheck>, errors: &mut Accumulator) {
        let span = flag_span(self.flag, w.ty_span);
        match self.holds {
            Some(true) => {}
            Some(false) => errors.push(err_at(span, self.now)),
            None => checks.push(TypeCheck {
                span,
                rule: self.rule,
                message: self.later,
            }),
        }
    }
}

/// The flags of an attribute (or nested attributes), and the checks of the
/// written ones that the type's syntax could not settle. Mistakes the
/// syntax shows go to `errors`, at the flag.
pub fn attribute_flags(
    field: &Field,
    name: &str,
    shape: &Shape<'_>,
    errors: &mut Accumulator,
) -> (Flags, Vec<TypeCheck>) {
    let w = Written::of(field, name, shape);
    let mut checks = Vec::new();
    optional_can_be_null(field, &w, &mut checks, errors);
    required_cannot_be_null(field, &w, &mut checks, errors);
    computed_can_be_unknown(field, &w, &mut checks, errors);
    (flags(field, w.null), checks)
}

fn optional_can_be_null(
    field: &Field,
    w: &Written<'_>,
    checks: &mut Vec<TypeCheck>,
    errors: &mut Accumulator,
) {
    if !field.optional.is_present() {
        return;
    }
    let (name, ty) = (w.name, &w.ty);
    FlagRule {
        flag: &field.optional,
        holds: w.null,
        rule: TypeRule::CanBeNull,
        now: "an `optional` attribute can be null: use Option<T> (or Unknown<Option<T>>)",
        later: format!("`{name}`: an `optional` attribute can be null, and `{ty}` cannot: use Option<T> (or Unknown<Option<T>>)"),
    }
    .apply(w, checks, errors);
}

/// `required` with `optional` or `computed` is [`required_alone`]'s.
fn required_cannot_be_null(
    field: &Field,
    w: &Written<'_>,
    checks: &mut Vec<TypeCheck>,
    errors: &mut Accumulator,
) {
    if !field.required.is_present() || field.optional.is_present() || field.computed.is_present() {
        return;
    }
    let (name, ty) = (w.name, &w.ty);
    FlagRule {
        flag: &field.required,
        holds: w.null.map(|null| !null),
        rule: TypeRule::CannotBeNull,
        now: "a `required` attribute cannot be null: drop the Option",
        later: format!("`{name}`: a `required` attribute cannot be null, but `{ty}` is an Option: remove `required` (the attribute is then optional), or drop the Option"),
    }
    .apply(w, checks, errors);
}

fn computed_can_be_unknown(
    field: &Field,
    w: &Written<'_>,
    checks: &mut Vec<TypeCheck>,
    errors: &mut Accumulator,
) {
    if !field.computed.is_present() {
        return;
    }
    let (name, ty) = (w.name, &w.ty);
    FlagRule {
        flag: &field.computed,
        holds: w.unknown,
        rule: TypeRule::CanBeUnknown,
        now: "a `computed` attribute can be unknown until apply: use Unknown<T> or Refined<T> (Unknown<Option<T>> when it may also be null)",
        later: format!("`{name}`: a `computed` attribute can be unknown until apply, and `{ty}` cannot: use Unknown<T> or Refined<T> (Unknown<Option<T>> when it may also be null)"),
    }
    .apply(w, checks, errors);
}

/// The schema's flags. `computed` alone means computed only, even when the
/// value may be null (`Unknown<Option<T>>`); `optional, computed` says both.
/// With no flag written, optional when the type can be null, or left to
/// the compiler (`inferred`) when the type does not show it.
fn flags(field: &Field, null: Option<bool>) -> Flags {
    let required = field.required.is_present();
    let optional = field.optional.is_present();
    let computed = field.computed.is_present();
    match null {
        Some(null) if !required && !optional && !computed => Flags {
            required: !null,
            optional: null,
            computed,
            inferred: false,
        },
        _ => Flags {
            required: required && !optional && !computed,
            optional,
            computed,
            inferred: !required && !optional && !computed,
        },
    }
}

/// `#[tf(optional_attributes("a", ...))]` (at least one name, which the
/// parser checks): each name one of the struct's
/// attributes, once, and one that may be null (an `Option`, or `optional`),
/// since a value that leaves it out holds null there. A type that does not
/// show it is asserted in the generated code, at the name.
pub fn optional_attributes(
    written: Option<&SpannedValue<OptionalAttributes>>,
    models: &mut [FieldModel],
    errors: &mut Accumulator,
) -> Option<ObjectOptional> {
    let names = match &**written? {
        OptionalAttributes::Optional => return Some(ObjectOptional::Optional),
        OptionalAttributes::Named(list) => &list.0,
    };
    let mut seen: Vec<&str> = Vec::new();
    for name in names {
        let text = name.as_str();
        if seen.contains(&text) {
            errors.push(err_at(name.span(), format!("`{text}` is named twice")));
            continue;
        }
        seen.push(text);
        let Some(model) = models.iter_mut().find(|m| m.name == text) else {
            errors.push(err_at(
                name.span(),
                format!("`optional_attributes` names `{text}`, which is not an attribute of this struct (write its Terraform name)"),
            ));
            continue;
        };
        let flags = match &model.kind {
            Kind::Attribute(flags) | Kind::Nested { flags, .. } => *flags,
            Kind::Block { .. } => {
                errors.push(err_at(
                    name.span(),
                    format!("`{text}` is a block, and only attributes can be optional in an object type"),
                ));
                continue;
            }
        };
        let why = format!("`{text}`: an optional attribute of an object type is null when a value leaves it out, so it must be optional here: make it an Option");
        if flags.inferred {
            model.type_checks.push(TypeCheck {
                span: name.span(),
                rule: TypeRule::CanBeNull,
                message: why,
            });
        } else if !flags.optional {
            errors.push(err_at(name.span(), why));
        }
    }
    Some(ObjectOptional::Named(
        names.iter().map(|n| n.as_str().to_owned()).collect(),
    ))
}
