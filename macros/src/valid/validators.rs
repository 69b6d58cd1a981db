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
use crate::ast::validators::{Bounds, Validators};
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
    check(v, target, errors);
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

/// Checks each validator against the field type.
fn check(v: &Validators, target: Target, errors: &mut Accumulator) {
    length(v, target, errors);
    prefix(v, target, errors);
    regex(v, target, errors);
    one_of(v, target, errors);
    range(v, target, errors);
    items(v, target, errors);
    unique(v, target, errors);
    keys(v, target, errors);
}

/// `what` applies to `need`: an error at `span` unless `ok`.
fn applies(span: Span, what: &str, ok: bool, need: &str, errors: &mut Accumulator) {
    if !ok {
        errors.push(Error::custom(format!("`{what}` applies to {need}")).with_span(&span));
    }
}

fn length(v: &Validators, target: Target, errors: &mut Accumulator) {
    let Some(l) = &v.length else { return };
    applies(
        l.span(),
        "length",
        target.strings(),
        "strings (or collections of strings); use `items` for a collection's size",
        errors,
    );
    bounds_given(l, "length", errors);
}

fn prefix(v: &Validators, target: Target, errors: &mut Accumulator) {
    let Some(x) = &v.prefix else { return };
    applies(
        x.span(),
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

fn regex(v: &Validators, target: Target, errors: &mut Accumulator) {
    let Some(r) = &v.regex else { return };
    applies(
        r.span(),
        "regex",
        target.strings(),
        "strings (or collections of strings)",
        errors,
    );
    if let Err(e) = regex_syntax::Parser::new().parse(r) {
        errors.push(Error::custom(format!("invalid regular expression: {e}")).with_span(&r.span()));
    }
}

fn one_of(v: &Validators, target: Target, errors: &mut Accumulator) {
    let Some(o) = &v.one_of else { return };
    let kinds_ok = o.0.iter().all(|lit| match (lit, target.scalar) {
        (syn::Lit::Str(_), Scalar::String)
        | (syn::Lit::Int(_) | syn::Lit::Float(_), Scalar::Number) => true,
        (syn::Lit::Bool(_), Scalar::Bool) => true,
        (_, Scalar::Other) => true,
        _ => false,
    });
    applies(
        o.span(),
        "one_of",
        kinds_ok,
        "values of the field's own type (strings for strings, numbers for numbers)",
        errors,
    );
}

fn range(v: &Validators, target: Target, errors: &mut Accumulator) {
    let Some(r) = &v.range else { return };
    applies(
        r.span(),
        "range",
        target.numbers(),
        "numbers (or collections of numbers)",
        errors,
    );
    if r.min.is_none() && r.max.is_none() {
        errors.push(Error::custom("`range` needs `min`, `max` or both").with_span(&r.span()));
    }
}

fn items(v: &Validators, target: Target, errors: &mut Accumulator) {
    let Some(i) = &v.items else { return };
    applies(
        i.span(),
        "items",
        target.collection,
        "lists, sets and maps",
        errors,
    );
    bounds_given(i, "items", errors);
}

fn unique(v: &Validators, target: Target, errors: &mut Accumulator) {
    if v.unique.is_present() {
        applies(
            v.unique.span(),
            "unique",
            target.collection && !target.map,
            "lists",
            errors,
        );
    }
}

/// `keys(...)` validates a map's keys, which are strings.
fn keys(v: &Validators, target: Target, errors: &mut Accumulator) {
    let Some(k) = &v.keys else { return };
    applies(
        k.span(),
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
    check(k, key, errors);
}

fn bounds_given(b: &SpannedValue<Bounds>, what: &str, errors: &mut Accumulator) {
    match (b.min, b.max) {
        (None, None) => errors.push(
            Error::custom(format!("`{what}` needs `min`, `max` or both")).with_span(&b.span()),
        ),
        (Some(a), Some(z)) if a > z => errors
            .push(Error::custom(format!("`{what}`: min is greater than max")).with_span(&b.span())),
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
