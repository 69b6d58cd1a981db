//! The mapping's last step: names that collide once converted are reported,
//! then every OpenAPI name becomes its Terraform identifier. Merges, aliases
//! and overrides before it compare the OpenAPI names, as the Go tool does.

use std::collections::HashMap;

use super::warnings::Warnings;
use crate::error::Warning;
use crate::identifier::terraform_identifier;
use crate::model::{Attribute, ElementType, Kind, ObjectAttributeType};

/// Reports collisions in `attrs` (under `context`), then converts their names.
pub(super) fn finish(context: &str, attrs: &mut [Attribute], warnings: &mut Warnings) {
    check_collisions(context, attrs, "", warnings);
    convert(attrs);
}

/// Warns when distinct OpenAPI names convert to the same Terraform identifier
/// (e.g. `fakeThing` and `Fake_Thing`): both are kept, as the Go tool does,
/// but the spec then has a duplicated attribute.
fn check_collisions(context: &str, attrs: &[Attribute], prefix: &str, warnings: &mut Warnings) {
    let mut seen: HashMap<String, &str> = HashMap::new();
    for a in attrs {
        let tf = terraform_identifier(&a.name);
        if let Some(first) = seen.get(&tf) {
            warnings.push(Warning {
                context: context.to_owned(),
                action: "duplicate attribute after identifier conversion".into(),
                reason: format!("{first:?} and {:?} both become {tf:?}", a.name),
                pointer: a.source.clone(),
                attribute_path: Some(format!("{prefix}{}", a.name)),
            });
        } else {
            seen.insert(tf, &a.name);
        }
        if let Some(children) = a.kind.nested() {
            check_collisions(context, children, &format!("{prefix}{}.", a.name), warnings);
        }
    }
}

/// Converts the names of attributes, their children and object attribute
/// types to Terraform identifiers.
fn convert(attrs: &mut [Attribute]) {
    for a in attrs {
        a.name = terraform_identifier(&a.name);
        match &mut a.kind {
            Kind::List(e) | Kind::Set(e) | Kind::Map(e) => convert_element(e),
            Kind::Object(types) => types.iter_mut().for_each(convert_object_type),
            kind => {
                if let Some(children) = kind.nested_mut() {
                    convert(children);
                }
            }
        }
    }
}

fn convert_element(e: &mut ElementType) {
    match e {
        ElementType::List(i) | ElementType::Set(i) | ElementType::Map(i) => convert_element(i),
        ElementType::Object(types) => types.iter_mut().for_each(convert_object_type),
        _ => {}
    }
}

fn convert_object_type(t: &mut ObjectAttributeType) {
    t.name = terraform_identifier(&t.name);
    convert_element(&mut t.element_type);
}
