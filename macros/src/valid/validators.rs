//! `validate(...)` checked against the field's type, one function per
//! validator; and the cross-attribute rules (`conflicts_with`,
//! `exactly_one_of`, `at_least_one_of`, `required_with`), whose names must
//! be other attributes of the struct.

use darling::error::Accumulator;
use darling::util::SpannedValue;
use darling::Error;
use proc_macro2::Span;

use super::model::{FieldModel, Kind, Rule, RuleKind};
use super::report::err_at;
use crate::ast::validators::{
    Bounds, Level, Literals, Range, Regex, Validator, ValidatorKind, Validators,
};
use crate::ast::Field;
use crate::tyinfo::{self, Collection, Scalar, Shape};

/// The field's validators, checked against its type.
pub fn validators(
    field: &Field,
    kind: &Kind,
    shape: &Shape<'_>,
    errors: &mut Accumulator,
) -> Option<Validators> {
    let v = field.validate.as_ref()?;
    if field.with.is_some() {
        not_on_with(v.span(), errors);
        return Some((**v).clone());
    }
    if matches!(kind, Kind::Block { .. }) {
        errors.push(err_at(
            v.span(),
            "`validate` applies to attributes; validate the block's attributes on its own struct",
        ));
    }
    let (elem, collection) = tyinfo::collection(shape.core);
    let target = Target {
        scalar: tyinfo::scalar(tyinfo::shape(elem).core),
        collection: collection != Collection::One,
        map: collection == Collection::Map,
    };
    check(v, target, false, errors);
    Some((**v).clone())
}

fn not_on_with(span: Span, errors: &mut Accumulator) {
    errors.push(err_at(
        span,
        "`validate` checks values of a Terraform type the derive knows, and a `with` field's is its module's `Wire`: check the value in the module's `from_wire` (its error names the attribute) or in the struct's `#[tf(validate_with = ...)]`",
    ));
}

/// What the validators apply to.
#[derive(Clone, Copy)]
struct Target {
    /// The type of the value or of the collection's elements.
    scalar: Scalar,
    /// A list, set or map.
    collection: bool,
    /// A map.
    map: bool,
}

impl Target {
    fn strings(self) -> bool {
        matches!(self.scalar, Scalar::String | Scalar::Other)
    }

    fn numbers(self) -> bool {
        matches!(self.scalar, Scalar::Number | Scalar::Other)
    }
}

/// Checks each validator against the field type; `nested` inside a
/// combinator (`all`, `any`, `any_with_all_warnings`, `warn`) or `keys`.
fn check(v: &Validators, target: Target, nested: bool, errors: &mut Accumulator) {
    for item in &v.0 {
        one(item, target, nested, errors);
    }
}

fn one(v: &Validator, target: Target, nested: bool, errors: &mut Accumulator) {
    let span = v.span;
    match &v.kind {
        ValidatorKind::Length(b) | ValidatorKind::Utf8Length(b) => length(v, b, target, errors),
        ValidatorKind::Prefix(x) => prefix(span, x, target, errors),
        ValidatorKind::Regex(r) => regex(span, r, target, errors),
        ValidatorKind::OneOf(lits) | ValidatorKind::NoneOf(lits) => {
            literals(v, lits, target, errors)
        }
        ValidatorKind::OneOfCaseInsensitive(lits) | ValidatorKind::NoneOfCaseInsensitive(lits) => {
            case_insensitive(v, lits, target, errors)
        }
        ValidatorKind::Range(r) => range(span, r, target, errors),
        ValidatorKind::Items(b) => {
            applies(
                span,
                "items",
                target.collection,
                "lists, sets and maps",
                errors,
            );
            bounds_given(span, b, "items", errors);
        }
        ValidatorKind::Unique => applies(
            span,
            "unique",
            target.collection && !target.map,
            "lists",
            errors,
        ),
        ValidatorKind::NoNullValues => applies(
            span,
            "no_null_values",
            target.collection,
            "lists, sets and maps (it refuses their null elements)",
            errors,
        ),
        ValidatorKind::Keys(k) => keys(span, k, target, errors),
        ValidatorKind::All(inner)
        | ValidatorKind::Any(inner)
        | ValidatorKind::AnyWithAllWarnings(inner)
        | ValidatorKind::Warn(inner) => combinator(v, inner, target, errors),
        ValidatorKind::PreferWriteOnlyAttribute(name) => {
            if nested {
                errors.push(err_at(
                    span,
                    "`prefer_write_only_attribute` is a warning about the attribute itself: write it directly in `validate(...)`, not inside `all`, `any`, `any_with_all_warnings`, `warn` or `keys`",
                ));
            }
            if name.is_empty() {
                errors.push(err_at(
                    name.span(),
                    "`prefer_write_only_attribute` names the write-only attribute to use instead, e.g. `prefer_write_only_attribute = \"password_wo\"`",
                ));
            }
        }
    }
}

/// `what` applies to `need`: an error at `span` unless `ok`.
fn applies(span: Span, what: &str, ok: bool, need: &str, errors: &mut Accumulator) {
    if !ok {
        errors.push(Error::custom(format!("`{what}` applies to {need}")).with_span(&span));
    }
}

fn length(v: &Validator, b: &Bounds, target: Target, errors: &mut Accumulator) {
    let what = v.kind.name();
    applies(
        v.span,
        what,
        target.strings(),
        "strings (or collections of strings); use `items` for a collection's size",
        errors,
    );
    bounds_given(v.span, b, what, errors);
}

fn prefix(span: Span, x: &SpannedValue<String>, target: Target, errors: &mut Accumulator) {
    applies(
        span,
        "prefix",
        target.strings(),
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

fn regex(span: Span, r: &Regex, target: Target, errors: &mut Accumulator) {
    applies(
        span,
        "regex",
        target.strings(),
        "strings (or collections of strings)",
        errors,
    );
    if let Err(e) = regex_syntax::Parser::new().parse(&r.pattern) {
        errors.push(
            Error::custom(format!("invalid regular expression: {e}")).with_span(&r.pattern.span()),
        );
    }
    if let Some(m) = r.message.as_ref().filter(|m| m.is_empty()) {
        errors.push(err_at(
            m.span(),
            "an empty `message` says nothing: leave it out to print the pattern, or say what the value must look like",
        ));
    }
}

fn literals(v: &Validator, lits: &Literals, target: Target, errors: &mut Accumulator) {
    let kinds_ok = lits.0.iter().all(|lit| {
        matches!(
            (lit, target.scalar),
            (syn::Lit::Str(_), Scalar::String)
                | (syn::Lit::Int(_) | syn::Lit::Float(_), Scalar::Number)
                | (syn::Lit::Bool(_), Scalar::Bool)
                | (_, Scalar::Other)
        )
    });
    applies(
        v.span,
        v.kind.name(),
        kinds_ok,
        "values of the field's own type (strings for strings, numbers for numbers)",
        errors,
    );
}

fn case_insensitive(v: &Validator, lits: &Literals, target: Target, errors: &mut Accumulator) {
    let what = v.kind.name();
    applies(
        v.span,
        what,
        target.strings(),
        "strings (or collections of strings)",
        errors,
    );
    for lit in &lits.0 {
        if !matches!(lit, syn::Lit::Str(_)) {
            errors.push(err_at(
                lit.span(),
                format!("`{what}` compares strings: write the value as a string literal"),
            ));
        }
    }
}

fn range(span: Span, r: &Range, target: Target, errors: &mut Accumulator) {
    applies(
        span,
        "range",
        target.numbers(),
        "numbers (or collections of numbers)",
        errors,
    );
    if r.min.is_none() && r.max.is_none() {
        errors.push(Error::custom("`range` needs `min`, `max` or both").with_span(&span));
    }
}

/// `keys(...)` validates a map's keys, which are strings.
fn keys(span: Span, k: &Validators, target: Target, errors: &mut Accumulator) {
    applies(
        span,
        "keys",
        target.map,
        "maps (it validates their keys)",
        errors,
    );
    let key = Target {
        scalar: Scalar::String,
        collection: false,
        map: false,
    };
    check(k, key, true, errors);
}

/// `all`, `any`, `any_with_all_warnings` and `warn` hold at least one
/// validator; on a collection, the alternatives of an `any` are all checks
/// of each element or all checks of the whole collection, so that "one of
/// them passes" means one thing.
fn combinator(v: &Validator, inner: &Validators, target: Target, errors: &mut Accumulator) {
    let what = v.kind.name();
    if inner.0.is_empty() {
        errors.push(err_at(
            v.span,
            format!(
                "`{what}(...)` needs at least one validator, e.g. `{what}(regex = \"^[a-z]+$\")`"
            ),
        ));
    }
    let alternatives = matches!(
        v.kind,
        ValidatorKind::Any(_) | ValidatorKind::AnyWithAllWarnings(_)
    );
    if alternatives && target.collection && inner.level() == Level::Mixed {
        errors.push(err_at(
            v.span,
            format!("`{what}` mixes checks of each element (`length`, `regex`, `one_of`, `range`, ...) with checks of the whole collection (`items`, `unique`, `no_null_values`, `keys`): write them in separate validators"),
        ));
    }
    check(inner, target, true, errors);
}

fn bounds_given(span: Span, b: &Bounds, what: &str, errors: &mut Accumulator) {
    match (b.min, b.max) {
        (None, None) => errors
            .push(Error::custom(format!("`{what}` needs `min`, `max` or both")).with_span(&span)),
        (Some(a), Some(z)) if a > z => errors
            .push(Error::custom(format!("`{what}`: min is greater than max")).with_span(&span)),
        _ => {}
    }
}

/// The field's cross-attribute rules; each names at least one attribute,
/// and a sum is on an integer attribute.
pub fn rules(field: &Field, shape: &Shape<'_>, errors: &mut Accumulator) -> Vec<Rule> {
    let mut rules = Vec::new();
    for (list, kind) in [
        (&field.conflicts_with, RuleKind::ConflictsWith),
        (&field.exactly_one_of, RuleKind::ExactlyOneOf),
        (&field.at_least_one_of, RuleKind::AtLeastOneOf),
        (&field.required_with, RuleKind::RequiredWith),
        (&field.at_least_sum_of, RuleKind::AtLeastSumOf),
        (&field.at_most_sum_of, RuleKind::AtMostSumOf),
        (&field.equal_to_sum_of, RuleKind::EqualToSumOf),
    ] {
        let Some(list) = list else { continue };
        let sum = matches!(
            kind,
            RuleKind::AtLeastSumOf | RuleKind::AtMostSumOf | RuleKind::EqualToSumOf
        );
        if sum && !integer(shape) {
            errors.push(err_at(
                list.span(),
                format!(
                    "`{}` compares an integer attribute with a sum of others: declare the field as an integer (i64, u32, ...)",
                    kind.key()
                ),
            ));
        }
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
    rules
}

/// Whether the field holds an integer (behind `Option`, `Unknown` and the
/// other wrappers), which the sums compare.
fn integer(shape: &Shape<'_>) -> bool {
    let (_, collection) = tyinfo::collection(shape.core);
    let syn::Type::Path(path) = shape.core else {
        return false;
    };
    let Some(last) = path.path.segments.last() else {
        return false;
    };
    let name = last.ident.to_string();
    collection == Collection::One
        && matches!(
            name.as_str(),
            "i8" | "i16"
                | "i32"
                | "i64"
                | "i128"
                | "isize"
                | "u8"
                | "u16"
                | "u32"
                | "u64"
                | "u128"
                | "usize"
        )
}

/// Each rule's expressions parse, and one naming a sibling (neither from
/// the root nor climbing) names another attribute of the struct.
pub fn rule_names(models: &[FieldModel], errors: &mut Accumulator) {
    let names: Vec<&str> = models.iter().map(|m| m.name.as_str()).collect();
    for model in models {
        for rule in &model.rules {
            for text in &rule.names {
                let Some(parsed) = super::paths::parsed(rule.kind.key(), text, errors) else {
                    continue;
                };
                if parsed.root || parsed.climbs {
                    continue;
                }
                let name = SpannedValue::new(parsed.first, text.span());
                if name.as_str() == model.name && parsed.single {
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
}

/// `prefer_write_only_attribute` names another attribute of the struct,
/// a `write_only` one.
pub fn write_only_names(models: &[FieldModel], errors: &mut Accumulator) {
    for model in models {
        let Some(v) = &model.validators else { continue };
        for item in &v.0 {
            let ValidatorKind::PreferWriteOnlyAttribute(name) = &item.kind else {
                continue;
            };
            if name.is_empty() {
                continue;
            }
            let other = models.iter().find(|m| m.name == name.as_str());
            let message = match other {
                _ if name.as_str() == model.name => {
                    "`prefer_write_only_attribute` names the attribute it is declared on: name its write-only twin".to_owned()
                }
                None => {
                    let names: Vec<&str> = models.iter().map(|m| m.name.as_str()).collect();
                    format!(
                        "`prefer_write_only_attribute` names `{}`, which is not an attribute of this struct (attributes: {})",
                        name.as_str(),
                        names.join(", ")
                    )
                }
                Some(m) if !m.write_only => format!(
                    "`prefer_write_only_attribute` names `{}`, which is not write-only: mark it `#[tf(write_only)]`",
                    name.as_str()
                ),
                Some(_) => continue,
            };
            errors.push(err_at(name.span(), message));
        }
    }
}
