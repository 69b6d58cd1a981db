//! Mapping of resolved schemas to attributes and element types, following the
//! OpenAPI type/format table.
//!
//! One builder serves the provider, resources and data sources; `Target`
//! carries their differences (optional vs. computed_optional, defaults only on
//! resources, no validators on computed attributes of resources and data
//! sources). Names stay the OpenAPI ones until the mapping is complete.
//! Descent is guarded: a schema that reappears inside itself is a `$ref` cycle
//! and is reported, and depth is bounded, so no input can overflow the stack.

use std::cell::RefCell;

use serde_json::Value;

use super::schema::{Oas, SchemaOpts};
use super::validators::validators;
use crate::error::MapError;
use crate::identifier::terraform_identifier;
use crate::model::{
    Attribute, Behavior, DefaultValue, ElementType, Kind, ObjectAttributeType, Target,
};
use crate::refs::{child, Document};
use crate::values::{integral, scalar_text};

/// Deeper than this is treated as a runaway schema rather than real nesting.
const MAX_DEPTH: usize = 64;

/// Upper bound on nested schemas mapped for one resource, data source or
/// provider (real descriptions stay far below; shared components referenced
/// twice per level would otherwise expand exponentially).
const MAX_VISITS: usize = 100_000;

#[derive(Debug)]
pub(crate) struct Builder<'d> {
    pub(crate) doc: &'d Document,
    pub(crate) target: Target,
    /// Pointers of the schemas whose children are being mapped, outermost first.
    stack: RefCell<Vec<String>>,
    /// Schemas descended into so far, to stop exponential expansion of
    /// shared components.
    visited: std::cell::Cell<usize>,
}

impl<'d> Builder<'d> {
    pub(crate) fn new(doc: &'d Document, target: Target) -> Self {
        Builder {
            doc,
            target,
            stack: RefCell::new(Vec::new()),
            visited: std::cell::Cell::new(0),
        }
    }

    pub(crate) fn schema(
        &self,
        value: &'d Value,
        pointer: &str,
        opts: SchemaOpts,
        force: Option<Behavior>,
    ) -> Result<Oas<'d>, MapError> {
        Oas::build(self.doc, value, pointer, opts, force)
    }

    /// Runs `f` with `pointer` on the descent stack, failing on cycles.
    fn descend<T>(
        &self,
        pointer: &str,
        f: impl FnOnce() -> Result<T, MapError>,
    ) -> Result<T, MapError> {
        {
            let mut stack = self.stack.borrow_mut();
            if let Some(pos) = stack.iter().position(|p| p == pointer) {
                let mut cycle: Vec<&str> = stack[pos..].iter().map(String::as_str).collect();
                cycle.push(pointer);
                return Err(MapError::fatal(
                    format!("$ref cycle: {}", cycle.join(" -> ")),
                    pointer,
                ));
            }
            self.visited.set(self.visited.get() + 1);
            if self.visited.get() > MAX_VISITS {
                return Err(MapError::fatal(
                    format!("the schema expands to more than {MAX_VISITS} nested schemas"),
                    pointer,
                ));
            }
            if stack.len() >= MAX_DEPTH {
                return Err(MapError::fatal(
                    format!("schema nesting deeper than {MAX_DEPTH} levels"),
                    pointer,
                ));
            }
            stack.push(pointer.to_owned());
        }
        let result = f();
        self.stack.borrow_mut().pop();
        result
    }

    /// Maps every property of `oas` (sorted by name, ignores applied).
    pub(crate) fn attributes(&self, oas: &Oas<'d>) -> Result<Vec<Attribute>, MapError> {
        self.descend(&oas.pointer, || {
            let mut out = Vec::new();
            for (name, prop) in oas.properties() {
                if oas.is_ignored(name) {
                    continue;
                }
                let opts = SchemaOpts {
                    ignores: oas.nested_ignores(name),
                    override_description: None,
                };
                let pointer = child(&child(&oas.pointer, "properties"), name);
                let prop = self
                    .schema(prop, &pointer, opts, oas.force)
                    .map_err(|e| e.nest(name))?;
                let behavior = match self.target {
                    Target::Provider => {
                        if oas.is_required(name) {
                            Behavior::Required
                        } else {
                            Behavior::Optional
                        }
                    }
                    _ => oas.computability(name),
                };
                out.push(
                    self.attribute(&prop, name, behavior)
                        .map_err(|e| e.nest(name))?,
                );
            }
            Ok(out)
        })
    }

    /// Maps one schema to an attribute called `name`.
    pub(crate) fn attribute(
        &self,
        oas: &Oas<'d>,
        name: &str,
        behavior: Behavior,
    ) -> Result<Attribute, MapError> {
        if terraform_identifier(name).is_empty() {
            return Err(MapError::new(
                format!("'{name}' cannot be converted to a valid Terraform identifier"),
                &oas.pointer,
            ));
        }
        let mut attr = Attribute {
            name: name.to_owned(),
            behavior,
            kind: Kind::Bool,
            default: None,
            deprecation_message: oas.deprecation_message(),
            description: oas.description(),
            sensitive: false,
            write_only: false,
            markdown: false,
            validators: Vec::new(),
            source: Some(oas.pointer.clone()),
        };
        attr.kind = match oas.ty.as_str() {
            "string" => {
                attr.sensitive = oas.is_sensitive();
                Kind::String
            }
            "integer" => Kind::Int64,
            "number" if is_float(&oas.format) => Kind::Float64,
            "number" => Kind::Number,
            "boolean" => Kind::Bool,
            "array" => self.collection(oas)?,
            "object" if oas.is_map() => self.map(oas)?,
            "object" => Kind::SingleNested(self.attributes(oas)?),
            other => {
                return Err(MapError::new(
                    format!("invalid schema type '{other}'"),
                    &oas.pointer,
                ))
            }
        };
        if self.target == Target::Resource {
            attr.default = static_default(&attr.kind, oas.schema.get("default"));
            if attr.default.is_some() && attr.behavior == Behavior::Required {
                attr.behavior = Behavior::ComputedOptional;
            }
        }
        if self.target == Target::Provider || attr.behavior != Behavior::Computed {
            attr.validators = validators(&attr.kind, oas.schema);
        }
        Ok(attr)
    }

    fn items(&self, oas: &Oas<'d>, what: &str) -> Result<Oas<'d>, MapError> {
        let items = match oas.schema.get("items") {
            Some(v @ Value::Object(_)) => v,
            _ => return Err(MapError::new(what.to_owned(), &oas.pointer)),
        };
        let opts = SchemaOpts {
            ignores: oas.opts.ignores.clone(),
            override_description: None,
        };
        self.schema(items, &child(&oas.pointer, "items"), opts, oas.force)
    }

    fn map_values(&self, oas: &Oas<'d>) -> Result<Oas<'d>, MapError> {
        let values = match oas.schema.get("additionalProperties") {
            Some(v @ Value::Object(_)) => v,
            _ => {
                return Err(MapError::new(
                    "invalid map, additionalProperties doesn't have a valid schema",
                    &oas.pointer,
                ))
            }
        };
        let opts = SchemaOpts {
            ignores: oas.opts.ignores.clone(),
            override_description: None,
        };
        self.schema(
            values,
            &child(&oas.pointer, "additionalProperties"),
            opts,
            oas.force,
        )
    }

    fn collection(&self, oas: &Oas<'d>) -> Result<Kind, MapError> {
        self.descend(&oas.pointer, || {
            let item = self.items(oas, "invalid array items property, doesn't have a schema")?;
            let set = oas.format == "set";
            if item.ty == "object" && !item.is_map() {
                let attrs = self.attributes(&item)?;
                return Ok(if set {
                    Kind::SetNested(attrs)
                } else {
                    Kind::ListNested(attrs)
                });
            }
            let elem = self.element_type(&item)?;
            Ok(if set {
                Kind::Set(elem)
            } else {
                Kind::List(elem)
            })
        })
    }

    fn map(&self, oas: &Oas<'d>) -> Result<Kind, MapError> {
        self.descend(&oas.pointer, || {
            let values = self.map_values(oas)?;
            // A map of maps stays a map (the Go tool makes it an empty map_nested).
            if values.ty == "object" && !values.is_map() {
                return Ok(Kind::MapNested(self.attributes(&values)?));
            }
            Ok(Kind::Map(self.element_type(&values)?))
        })
    }

    /// Maps a schema to an element type (types only, no schema details).
    pub(crate) fn element_type(&self, oas: &Oas<'d>) -> Result<ElementType, MapError> {
        Ok(match oas.ty.as_str() {
            "string" => ElementType::String,
            "integer" => ElementType::Int64,
            "number" if is_float(&oas.format) => ElementType::Float64,
            "number" => ElementType::Number,
            "boolean" => ElementType::Bool,
            "array" => self.descend(&oas.pointer, || {
                let item = self.items(
                    oas,
                    "invalid array type for nested elem array, doesn't have a schema",
                )?;
                let elem = Box::new(self.element_type(&item)?);
                Ok(if oas.format == "set" {
                    ElementType::Set(elem)
                } else {
                    ElementType::List(elem)
                })
            })?,
            "object" if oas.is_map() => self.descend(&oas.pointer, || {
                let values = self.map_values(oas)?;
                Ok(ElementType::Map(Box::new(self.element_type(&values)?)))
            })?,
            "object" => self.descend(&oas.pointer, || {
                let mut attrs = Vec::new();
                for (name, prop) in oas.properties() {
                    if oas.is_ignored(name) {
                        continue;
                    }
                    let opts = SchemaOpts {
                        ignores: oas.nested_ignores(name),
                        override_description: None,
                    };
                    let pointer = child(&child(&oas.pointer, "properties"), name);
                    let prop = self
                        .schema(prop, &pointer, opts, oas.force)
                        .map_err(|e| e.nest(name))?;
                    if terraform_identifier(name).is_empty() {
                        return Err(MapError::new(
                            format!("'{name}' cannot be converted to a valid Terraform identifier"),
                            &pointer,
                        )
                        .nest(name));
                    }
                    let element_type = self.element_type(&prop).map_err(|e| e.nest(name))?;
                    attrs.push(ObjectAttributeType {
                        name: name.clone(),
                        element_type,
                        optional: false,
                    });
                }
                Ok(ElementType::Object(attrs))
            })?,
            other => {
                return Err(MapError::new(
                    format!("invalid schema type '{other}'"),
                    &oas.pointer,
                ))
            }
        })
    }
}

fn is_float(format: &str) -> bool {
    format == "float" || format == "double"
}

/// The static default the Go tool records: strings, int64, float64 and bool only.
fn static_default(kind: &Kind, default: Option<&Value>) -> Option<DefaultValue> {
    let v = default?;
    match kind {
        Kind::String => scalar_text(v).map(DefaultValue::String),
        Kind::Int64 => integral(v).map(DefaultValue::Int64),
        Kind::Float64 => v.as_f64().map(DefaultValue::Float64),
        Kind::Bool => v.as_bool().map(DefaultValue::Bool),
        _ => None,
    }
}
