//! The Rust type of a Terraform type: scalars, collections, `Value` for
//! `dynamic`, tuples, and a struct per object type or nested attribute
//! object (claimed in the file's [`StructNames`](super::names::StructNames),
//! named after its path).

use super::emitter::{rust_str, FileEmitter};
use super::names;
use crate::model::{Attribute, ElementType, Kind, ObjectAttributeType, Schema};

/// The longest tuple the runtime implements its traits for.
const MAX_TUPLE: usize = 6;

impl FileEmitter<'_> {
    /// The Rust type of an attribute, without the behaviour's wrappers;
    /// `Err` says why the derive cannot express it.
    pub(super) fn kind_type(
        &mut self,
        parent: &str,
        name: &str,
        kind: &Kind,
        path: &[String],
    ) -> Result<String, String> {
        let wanted = format!("{parent}{}", names::pascal(name));
        Ok(match kind {
            Kind::Bool => "bool".into(),
            Kind::Int64 => "i64".into(),
            Kind::Float64 => "f64".into(),
            Kind::Number => self.element_type(&wanted, &ElementType::Number, path)?,
            Kind::String => "String".into(),
            Kind::Dynamic => self.element_type(&wanted, &ElementType::Dynamic, path)?,
            Kind::List(e) => format!("Vec<{}>", self.element_type(&wanted, e, path)?),
            Kind::Set(e) => {
                self.uses_set = true;
                format!("Set<{}>", self.element_type(&wanted, e, path)?)
            }
            Kind::Map(e) => {
                self.uses_map = true;
                format!("BTreeMap<String, {}>", self.element_type(&wanted, e, path)?)
            }
            Kind::Object(types) => self.object_struct(&wanted, types, path)?,
            Kind::Tuple(elements) => self.tuple(&wanted, elements, path)?,
            Kind::ListNested(c)
            | Kind::SetNested(c)
            | Kind::MapNested(c)
            | Kind::SingleNested(c) => {
                let body = Schema {
                    attributes: c.clone(),
                    ..Schema::default()
                };
                if matches!(kind, Kind::SetNested(_)) {
                    if let Some(reason) = set_forbids(&body) {
                        return Err(reason.into());
                    }
                }
                let child = self.names.claim(&wanted);
                self.write_struct(&child, &body, None, path, Vec::new());
                match kind {
                    Kind::ListNested(_) => format!("Vec<{child}>"),
                    Kind::SetNested(_) => {
                        self.uses_set = true;
                        format!("Set<{child}>")
                    }
                    Kind::MapNested(_) => {
                        self.uses_map = true;
                        format!("BTreeMap<String, {child}>")
                    }
                    _ => child,
                }
            }
        })
    }

    /// The Rust type of an element type (object types become structs named
    /// `wanted`).
    pub(super) fn element_type(
        &mut self,
        wanted: &str,
        e: &ElementType,
        path: &[String],
    ) -> Result<String, String> {
        Ok(match e {
            ElementType::Bool => "bool".into(),
            ElementType::Int64 => "i64".into(),
            ElementType::Float64 => "f64".into(),
            ElementType::Number => {
                self.uses_number = true;
                "Number".into()
            }
            ElementType::String => "String".into(),
            ElementType::Dynamic => {
                self.uses_value = true;
                "Value".into()
            }
            ElementType::List(i) => format!("Vec<{}>", self.element_type(wanted, i, path)?),
            ElementType::Set(i) => {
                self.uses_set = true;
                format!("Set<{}>", self.element_type(wanted, i, path)?)
            }
            ElementType::Map(i) => {
                self.uses_map = true;
                format!("BTreeMap<String, {}>", self.element_type(wanted, i, path)?)
            }
            ElementType::Object(types) => self.object_struct(wanted, types, path)?,
            ElementType::Tuple(elements) => self.tuple(wanted, elements, path)?,
        })
    }

    /// A tuple type; each element may be null.
    fn tuple(
        &mut self,
        wanted: &str,
        elements: &[ElementType],
        path: &[String],
    ) -> Result<String, String> {
        if elements.is_empty() || elements.len() > MAX_TUPLE {
            return Err(format!(
                "a tuple of {} elements: the derive's tuples have 1 to {MAX_TUPLE}",
                elements.len()
            ));
        }
        let mut parts = Vec::new();
        for (i, e) in elements.iter().enumerate() {
            let ty = self.element_type(&format!("{wanted}{i}"), e, path)?;
            parts.push(format!("Option<{ty}>"));
        }
        let trailing = if parts.len() == 1 { "," } else { "" };
        Ok(format!("({}{trailing})", parts.join(", ")))
    }

    /// An object type: a struct whose attributes may each be null.
    fn object_struct(
        &mut self,
        wanted: &str,
        types: &[ObjectAttributeType],
        path: &[String],
    ) -> Result<String, String> {
        let name = self.names.claim(wanted);
        let slot = self.structs.len();
        self.structs.push(String::new());
        // The fields first: the attributes marked optional are named among
        // those written.
        let mut out = String::new();
        let mut optional = Vec::new();
        let fields = names::field_names(types.iter().map(|t| t.name.as_str()));
        let mut seen = std::collections::BTreeSet::new();
        for (t, f) in types.iter().zip(fields) {
            let mut p = path.to_vec();
            p.push(t.name.clone());
            if !seen.insert(t.name.as_str()) {
                self.warn(
                    &p,
                    "skipping object attribute",
                    "another attribute has the same Terraform name",
                );
                continue;
            }
            let Some(f) = f else {
                self.warn(
                    &p,
                    "skipping object attribute",
                    "the name is not a Terraform identifier ([a-z0-9_]+)",
                );
                continue;
            };
            // A type the derive cannot express makes the whole object
            // inexpressible: its attribute cannot just be left out.
            let ty = self.element_type(
                &format!("{name}{}", names::pascal(&t.name)),
                &t.element_type,
                &p,
            )?;
            if let Some(r) = &f.rename {
                out.push_str(&format!("    #[tf(rename = {})]\n", rust_str(r)));
            }
            out.push_str(&format!("    pub {}: Option<{ty}>,\n", f.ident));
            if t.optional {
                optional.push(rust_str(&t.name));
            }
        }
        let mut head = String::from("#[derive(Debug, Clone, PartialEq, TfSchema, TfValue)]\n");
        // Every field is an `Option` (an object's attributes may be null):
        // all marked, or the marked ones by name.
        if !optional.is_empty() && optional.len() == types.len() {
            head.push_str("#[tf(optional_attributes)]\n");
        } else if !optional.is_empty() {
            head.push_str(&format!(
                "#[tf(optional_attributes({}))]\n",
                optional.join(", ")
            ));
        }
        let out = format!("{head}pub struct {name} {{\n{out}}}\n");
        self.settle(slot, &name, out);
        Ok(name)
    }
}

/// Why a set block or set of nested attributes cannot hold `body`: the
/// derive (like Terraform) refuses `dynamic` and write-only attributes in
/// them.
pub(super) fn set_forbids(body: &Schema) -> Option<&'static str> {
    fn attrs(list: &[Attribute]) -> Option<&'static str> {
        for a in list {
            if a.write_only {
                return Some("a set cannot hold a write-only attribute (the derive refuses it, as Terraform does)");
            }
            if kind_has_dynamic(&a.kind) {
                return Some("a set cannot hold a `dynamic` attribute (the derive refuses it, as Terraform does)");
            }
            if let Some(children) = a.kind.nested() {
                if let Some(r) = attrs(children) {
                    return Some(r);
                }
            }
        }
        None
    }
    attrs(&body.attributes).or_else(|| body.blocks.iter().find_map(|b| set_forbids(&b.body)))
}

fn kind_has_dynamic(kind: &Kind) -> bool {
    match kind {
        Kind::Dynamic => true,
        Kind::List(e) | Kind::Set(e) | Kind::Map(e) => element_has_dynamic(e),
        Kind::Object(types) => types.iter().any(|t| element_has_dynamic(&t.element_type)),
        Kind::Tuple(elements) => elements.iter().any(element_has_dynamic),
        _ => false,
    }
}

fn element_has_dynamic(e: &ElementType) -> bool {
    match e {
        ElementType::Dynamic => true,
        ElementType::List(i) | ElementType::Set(i) | ElementType::Map(i) => element_has_dynamic(i),
        ElementType::Object(types) => types.iter().any(|t| element_has_dynamic(&t.element_type)),
        ElementType::Tuple(elements) => elements.iter().any(element_has_dynamic),
        _ => false,
    }
}
