//! The schema a derived model reports, back to a code spec: the other half
//! of the round trip code spec -> Rust -> derived schema -> code spec.
//!
//! A Terraform schema does not say everything a code spec does: its one
//! `number` type covers int64, float64 and number, and it has neither
//! deprecation messages nor validators. [`DerivedModel`] therefore carries,
//! beside the block, the number kind of each number position and the
//! deprecation messages, both observed on the compiled model (what it
//! accepts and keeps, the warnings it gives). Validators are not visible in
//! a schema at all; callers attach the ones they confirmed by validating
//! values.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::error::{Error, ErrorKind};
use crate::model::{
    Attribute, Behavior, Block, BlockNesting, Collection, DefaultValue, ElementType, Kind,
    ObjectAttributeType, Schema, Target, Validator,
};

/// What a compiled model reports about itself.
#[derive(Debug, Clone, PartialEq)]
pub struct DerivedModel {
    /// The block: `{"attributes": [{"name", "type" | "nested": {"nesting",
    /// "block"}, "description", "required", "optional", "computed",
    /// "sensitive", "deprecated", "deprecation_message", "default"}],
    /// "block_types": [{"name", "nesting", "min_items", "max_items",
    /// "block"}], "description"}`, in the model's field order; types in
    /// cty's JSON form.
    pub block: Value,
    /// `int64` / `float64` / `number` per number position: attribute names
    /// and `[]` for collection elements, joined with `.`.
    pub numbers: BTreeMap<String, String>,
    /// Deprecation message per attribute path (names joined with `.`).
    pub deprecations: BTreeMap<String, String>,
}

fn err(what: impl Into<String>) -> Error {
    Error::new(
        ErrorKind::Parse,
        format!("invalid derived schema: {}", what.into()),
    )
}

impl DerivedModel {
    /// The code spec schema of the model, validators left empty.
    ///
    /// # Errors
    /// A block not in the shape described on [`DerivedModel::block`], or a
    /// type a code spec cannot carry (tuple, dynamic).
    pub fn to_schema(&self, target: Target) -> Result<Schema, Error> {
        self.schema(&self.block, target, "", "")
    }

    fn schema(&self, b: &Value, target: Target, num: &str, names: &str) -> Result<Schema, Error> {
        let mut schema = Schema {
            description: nonempty(b.get("description")),
            ..Schema::default()
        };
        for a in b
            .get("attributes")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            schema
                .attributes
                .push(self.attribute(a, target, num, names)?);
        }
        for n in b
            .get("block_types")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let name = n
                .get("name")
                .and_then(Value::as_str)
                .ok_or_else(|| err("a block without a name"))?;
            let nesting = match n.get("nesting").and_then(Value::as_str) {
                Some("list") => BlockNesting::List,
                Some("set") => BlockNesting::Set,
                Some("single") => BlockNesting::Single,
                other => return Err(err(format!("block {name}: nesting {other:?}"))),
            };
            let num_prefix = match nesting {
                BlockNesting::Single => join(num, name),
                _ => join(&join(num, name), "[]"),
            };
            let inner = n
                .get("block")
                .ok_or_else(|| err(format!("block {name} has no body")))?;
            let mut body = self.schema(inner, target, &num_prefix, &join(names, name))?;
            let description = body.description.take();
            let items = |k: &str| n.get(k).and_then(Value::as_i64).filter(|v| *v > 0);
            let mut validators = Vec::new();
            if nesting != BlockNesting::Single
                && (items("min_items").is_some() || items("max_items").is_some())
            {
                validators.push(Validator::Size {
                    collection: if nesting == BlockNesting::Set {
                        Collection::Set
                    } else {
                        Collection::List
                    },
                    min: items("min_items"),
                    max: items("max_items"),
                });
            }
            schema.blocks.push(Block {
                name: name.to_owned(),
                nesting,
                body,
                description,
                deprecation_message: None,
                validators,
            });
        }
        Ok(schema)
    }

    fn attribute(
        &self,
        a: &Value,
        target: Target,
        num: &str,
        names: &str,
    ) -> Result<Attribute, Error> {
        let name = a
            .get("name")
            .and_then(Value::as_str)
            .ok_or_else(|| err("an attribute without a name"))?;
        let flag = |k: &str| a.get(k) == Some(&Value::Bool(true));
        let behavior = match (flag("required"), flag("optional"), flag("computed")) {
            (true, _, _) => Behavior::Required,
            (false, true, true) => Behavior::ComputedOptional,
            (false, false, true) => Behavior::Computed,
            (false, true, false) => Behavior::Optional,
            (false, false, false) => {
                return Err(err(format!(
                    "attribute {name} is neither required, optional nor computed"
                )))
            }
        };
        if target == Target::Provider && flag("computed") {
            return Err(err(format!("provider attribute {name} is computed")));
        }
        let num_path = join(num, name);
        let name_path = join(names, name);
        let kind = if let Some(t) = a.get("type") {
            match self.element(t, &num_path)? {
                ElementType::Bool => Kind::Bool,
                ElementType::Int64 => Kind::Int64,
                ElementType::Float64 => Kind::Float64,
                ElementType::Number => Kind::Number,
                ElementType::String => Kind::String,
                ElementType::List(e) => Kind::List(*e),
                ElementType::Set(e) => Kind::Set(*e),
                ElementType::Map(e) => Kind::Map(*e),
                ElementType::Object(o) => Kind::Object(o),
                ElementType::Dynamic => Kind::Dynamic,
                ElementType::Tuple(e) => Kind::Tuple(e),
            }
        } else if let Some(n) = a.get("nested") {
            let nesting = n.get("nesting").and_then(Value::as_str).unwrap_or_default();
            let inner_num = if nesting == "single" {
                num_path.clone()
            } else {
                join(&num_path, "[]")
            };
            let body = n
                .get("block")
                .ok_or_else(|| err(format!("nested attribute {name} has no block")))?;
            let children = self
                .schema(body, target, &inner_num, &name_path)?
                .attributes;
            match nesting {
                "single" => Kind::SingleNested(children),
                "list" => Kind::ListNested(children),
                "set" => Kind::SetNested(children),
                "map" => Kind::MapNested(children),
                other => return Err(err(format!("attribute {name}: nesting {other:?}"))),
            }
        } else {
            return Err(err(format!("attribute {name} has no type")));
        };
        let default = match a.get("default") {
            None | Some(Value::Null) => None,
            Some(v) => Some(DefaultValue::of_kind(&kind, v).ok_or_else(|| {
                err(format!(
                    "attribute {name}: default {v} is not a static default of its type"
                ))
            })?),
        };
        Ok(Attribute {
            name: name.to_owned(),
            behavior,
            kind,
            default,
            deprecation_message: if flag("deprecated") {
                Some(self.deprecation(a, &name_path)?)
            } else {
                None
            },
            description: nonempty(a.get("description")),
            sensitive: flag("sensitive"),
            write_only: false,
            markdown: false,
            validators: Vec::new(),
            source: None,
        })
    }

    /// A deprecated attribute's message: the warning it gives when set, or
    /// empty when its schema has no message (`#[tf(deprecated)]`: its
    /// warning is in Terraform's words, not a message).
    fn deprecation(&self, a: &Value, name_path: &str) -> Result<String, Error> {
        if a.get("deprecation_message").and_then(Value::as_str) == Some("") {
            return Ok(String::new());
        }
        self.deprecations.get(name_path).cloned().ok_or_else(|| {
            err(format!(
                "attribute {name_path} is deprecated but gave no deprecation warning"
            ))
        })
    }

    fn element(&self, t: &Value, num: &str) -> Result<ElementType, Error> {
        Ok(match t {
            Value::String(s) => match s.as_str() {
                "string" => ElementType::String,
                "bool" => ElementType::Bool,
                "number" => match self.numbers.get(num).map(String::as_str) {
                    Some("int64") => ElementType::Int64,
                    Some("float64") => ElementType::Float64,
                    Some("number") => ElementType::Number,
                    other => return Err(err(format!("number at {num}: kind {other:?}"))),
                },
                other => return Err(err(format!("type {other:?} at {num}"))),
            },
            Value::Array(parts) => match (parts.first().and_then(Value::as_str), parts.get(1)) {
                (Some("list"), Some(e)) => {
                    ElementType::List(Box::new(self.element(e, &join(num, "[]"))?))
                }
                (Some("set"), Some(e)) => {
                    ElementType::Set(Box::new(self.element(e, &join(num, "[]"))?))
                }
                (Some("map"), Some(e)) => {
                    ElementType::Map(Box::new(self.element(e, &join(num, "[]"))?))
                }
                (Some("object"), Some(Value::Object(attrs))) => ElementType::Object(
                    attrs
                        .iter()
                        .map(|(k, t)| {
                            Ok(ObjectAttributeType {
                                name: k.clone(),
                                element_type: self.element(t, &join(num, k))?,
                                optional: false,
                            })
                        })
                        .collect::<Result<_, Error>>()?,
                ),
                _ => return Err(err(format!("type {t} at {num}"))),
            },
            _ => return Err(err(format!("type {t} at {num}"))),
        })
    }
}

fn join(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_owned()
    } else {
        format!("{prefix}.{name}")
    }
}

fn nonempty(v: Option<&Value>) -> Option<String> {
    v.and_then(Value::as_str)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}
