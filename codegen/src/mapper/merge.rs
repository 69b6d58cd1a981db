//! Deep merge of attribute lists by name, and description overrides.
//!
//! The first list is the main schema; later lists only add attributes it lacks,
//! fill in empty descriptions and merge the children of nested attributes and
//! the attribute types of object element types. Mismatched types keep the main
//! schema's attribute.

use crate::config::Override;
use crate::model::{Attribute, ElementType, Kind};

/// Merges `other` into `target`.
pub(crate) fn merge_attributes(target: &mut Vec<Attribute>, other: Vec<Attribute>) {
    for attr in other {
        match target.iter_mut().find(|t| t.name == attr.name) {
            Some(existing) => merge_attribute(existing, attr),
            None => target.push(attr),
        }
    }
}

fn merge_attribute(target: &mut Attribute, other: Attribute) {
    if std::mem::discriminant(&target.kind) != std::mem::discriminant(&other.kind) {
        return;
    }
    if target.description.as_deref().is_none_or(str::is_empty) {
        target.description = other.description;
    }
    match (&mut target.kind, other.kind) {
        (Kind::List(a), Kind::List(b))
        | (Kind::Set(a), Kind::Set(b))
        | (Kind::Map(a), Kind::Map(b)) => merge_element_type(a, b),
        (
            Kind::ListNested(a) | Kind::SetNested(a) | Kind::MapNested(a) | Kind::SingleNested(a),
            Kind::ListNested(b) | Kind::SetNested(b) | Kind::MapNested(b) | Kind::SingleNested(b),
        ) => merge_attributes(a, b),
        _ => {}
    }
}

fn merge_element_type(target: &mut ElementType, other: ElementType) {
    match (target, other) {
        (ElementType::List(a), ElementType::List(b))
        | (ElementType::Set(a), ElementType::Set(b))
        | (ElementType::Map(a), ElementType::Map(b)) => merge_element_type(a, *b),
        (ElementType::Object(a), ElementType::Object(b)) => {
            for attr in b {
                match a.iter_mut().find(|t| t.name == attr.name) {
                    Some(existing) => {
                        merge_element_type(&mut existing.element_type, attr.element_type)
                    }
                    None => a.push(attr),
                }
            }
        }
        _ => {}
    }
}

/// Applies description overrides keyed by dot-separated attribute locations
/// (OpenAPI names, after aliases). A location that matches nothing is ignored,
/// as in the Go tool.
pub(crate) fn apply_overrides<'a>(
    attrs: &mut [Attribute],
    overrides: impl IntoIterator<Item = (&'a String, &'a Override)>,
) {
    for (key, ov) in overrides {
        let path: Vec<&str> = key.split('.').collect();
        apply_override(attrs, &path, ov);
    }
}

fn apply_override(attrs: &mut [Attribute], path: &[&str], ov: &Override) {
    let Some((head, rest)) = path.split_first() else {
        return;
    };
    let Some(attr) = attrs.iter_mut().find(|a| a.name == *head) else {
        return;
    };
    if rest.is_empty() {
        attr.description = Some(ov.description.clone());
    } else if let Some(children) = attr.kind.nested_mut() {
        apply_override(children, rest, ov);
    }
}
