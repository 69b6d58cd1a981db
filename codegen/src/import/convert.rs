//! One provider's schemas (`tfjson`) as the generators' model: blocks,
//! attributes, nested types and type constraints, identities, list
//! resources, actions and functions. What the model (and so the derive)
//! cannot carry is a warning naming it.

use tfschema::Type;

use crate::error::Warning;
use crate::model::{
    Attribute, Behavior, Block, BlockNesting, Collection, ElementType, Function, Identity,
    IdentityAttribute, Kind, Named, ObjectAttributeType, Parameter, Schema, Spec, Validator,
};
use crate::tfjson::{self, NestingMode, ProviderSchema, StringKind};

/// The provider's name: the type in its source address
/// (`registry.terraform.io/hashicorp/null` → `null`).
pub fn provider_name(address: &str) -> &str {
    address.rsplit('/').next().unwrap_or(address)
}

/// Converts one provider's schemas; `address` names it.
pub fn spec(address: &str, provider: &ProviderSchema) -> (Spec, Vec<Warning>) {
    let provider_name = provider_name(address).to_owned();
    let mut c = Converter {
        warnings: Vec::new(),
        context: String::new(),
    };
    c.context = format!("provider \"{provider_name}\"");
    let provider_schema = provider.provider.as_ref().map(|s| c.schema(s));
    let prefix = format!("{provider_name}_");
    let named = |c: &mut Converter,
                 what: &str,
                 list: &std::collections::BTreeMap<String, tfjson::Schema>| {
        list.iter()
            .map(|(type_name, schema)| {
                c.context = format!("{what} \"{type_name}\"");
                let mut n = Named::new(String::new(), c.schema(schema));
                match type_name.strip_prefix(&prefix) {
                    Some(rest) if !rest.is_empty() => n.name = rest.to_owned(),
                    _ => {
                        n.name.clone_from(type_name);
                        n.type_name = Some(type_name.clone());
                    }
                }
                n
            })
            .collect::<Vec<_>>()
    };
    let mut resources = named(&mut c, "resource", &provider.resource_schemas);
    let data_sources = named(&mut c, "data source", &provider.data_source_schemas);
    let ephemeral_resources = named(
        &mut c,
        "ephemeral resource",
        &provider.ephemeral_resource_schemas,
    );
    let mut list_resources = named(&mut c, "list resource", &provider.list_resource_schemas);
    let actions: std::collections::BTreeMap<String, tfjson::Schema> = provider
        .action_schemas
        .iter()
        .map(|(k, a)| {
            (
                k.clone(),
                tfjson::Schema {
                    version: 0,
                    block: a.block.clone(),
                },
            )
        })
        .collect();
    let actions = named(&mut c, "action", &actions);

    for (type_name, identity) in &provider.resource_identity_schemas {
        c.context = format!("resource \"{type_name}\"");
        let found = resources
            .iter_mut()
            .find(|r| r.full_name(&provider_name) == *type_name);
        match found {
            Some(r) => r.identity = Some(c.identity(identity)),
            None => c.warn(
                &[],
                "skipping identity schema",
                "there is no resource type of that name",
            ),
        }
    }
    list_resources.retain(|l| {
        let full = l.full_name(&provider_name);
        let listed = resources
            .iter()
            .any(|r| r.full_name(&provider_name) == full && r.identity.is_some());
        if !listed {
            c.context = format!("list resource \"{full}\"");
            c.warn(
                &[],
                "skipping list resource",
                "the typed layer lists a resource type of the same name that has an identity, and there is none",
            );
        }
        listed
    });
    for name in provider.state_store_schemas.keys() {
        c.context = format!("state store \"{name}\"");
        c.warn(
            &[],
            "skipping state store",
            "the typed layer serves no state stores (experimental in Terraform 1.15)",
        );
    }
    let functions = provider
        .functions
        .iter()
        .map(|(name, f)| {
            c.context = format!("function \"{name}\"");
            c.function(name, f)
        })
        .collect();
    let spec = Spec {
        provider_name,
        provider: provider_schema,
        resources,
        data_sources,
        ephemeral_resources,
        list_resources,
        actions,
        functions,
    };
    (spec, c.warnings)
}

struct Converter {
    warnings: Vec<Warning>,
    context: String,
}

impl Converter {
    fn warn(&mut self, path: &[String], action: &str, reason: impl Into<String>) {
        let w = Warning::at(&self.context, path, action, reason.into());
        self.warnings.push(w);
    }

    fn schema(&mut self, s: &tfjson::Schema) -> Schema {
        let mut schema = match &s.block {
            Some(b) => self.block(b, &[]),
            None => Schema::default(),
        };
        schema.version = i64::try_from(s.version).unwrap_or_else(|_| {
            self.warn(&[], "dropping the schema version", "larger than i64");
            0
        });
        schema
    }

    fn block(&mut self, b: &tfjson::Block, path: &[String]) -> Schema {
        let mut schema = Schema {
            description: nonempty(&b.description),
            markdown: b.description_kind == Some(StringKind::Markdown),
            // The printed message, empty when there is none (Terraform
            // before 1.15 prints none, nor does 1.15 where the Go provider
            // set none): the derive's `#[tf(deprecated)]`.
            deprecation_message: b.deprecated.then(|| b.deprecation_message.clone()),
            ..Schema::default()
        };
        for (name, a) in &b.attributes {
            let p = child(path, name);
            if let Some(attr) = self.attribute(name, a, &p) {
                schema.attributes.push(attr);
            }
        }
        for (name, t) in &b.block_types {
            let p = child(path, name);
            let nesting = match t.nesting_mode {
                NestingMode::Single => BlockNesting::Single,
                NestingMode::Group => BlockNesting::Group,
                NestingMode::List => BlockNesting::List,
                NestingMode::Set => BlockNesting::Set,
                NestingMode::Map => BlockNesting::Map,
            };
            let mut body = match &t.block {
                Some(inner) => self.block(inner, &p),
                None => Schema::default(),
            };
            // A nested block's deprecation is its field's.
            let deprecation_message = body.deprecation_message.take();
            let size = |n: u64| (n != 0).then(|| i64::try_from(n).unwrap_or(i64::MAX));
            let validators = if t.min_items != 0 || t.max_items != 0 {
                vec![Validator::Size {
                    collection: if nesting == BlockNesting::Set {
                        Collection::Set
                    } else {
                        Collection::List
                    },
                    min: size(t.min_items),
                    max: size(t.max_items),
                }]
            } else {
                Vec::new()
            };
            schema.blocks.push(Block {
                name: name.clone(),
                nesting,
                body,
                description: None,
                deprecation_message,
                validators,
            });
        }
        schema
    }

    fn attribute(
        &mut self,
        name: &str,
        a: &tfjson::Attribute,
        path: &[String],
    ) -> Option<Attribute> {
        let kind = match (&a.r#type, &a.nested_type) {
            (Some(ty), None) => self.kind(ty, path),
            (None, Some(nested)) => {
                let children: Vec<Attribute> = nested
                    .attributes
                    .iter()
                    .filter_map(|(n, child_attr)| self.attribute(n, child_attr, &child(path, n)))
                    .collect();
                match nested.nesting_mode {
                    NestingMode::Single => Kind::SingleNested(children),
                    NestingMode::List => Kind::ListNested(children),
                    NestingMode::Set => Kind::SetNested(children),
                    NestingMode::Map => Kind::MapNested(children),
                    NestingMode::Group => {
                        self.warn(
                            path,
                            "skipping attribute",
                            "nested attributes cannot nest as a group (only blocks can)",
                        );
                        return None;
                    }
                }
            }
            (Some(_), Some(_)) => {
                self.warn(
                    path,
                    "skipping attribute",
                    "it has both a type and nested attributes",
                );
                return None;
            }
            (None, None) => {
                self.warn(
                    path,
                    "skipping attribute",
                    "it has neither a type nor nested attributes",
                );
                return None;
            }
        };
        let behavior = match (a.required, a.optional, a.computed) {
            (true, false, false) => Behavior::Required,
            (false, true, false) => Behavior::Optional,
            (false, false, true) => Behavior::Computed,
            (false, true, true) => Behavior::ComputedOptional,
            (required, optional, computed) => {
                let chosen = if required {
                    Behavior::Required
                } else {
                    Behavior::Optional
                };
                self.warn(
                    path,
                    &format!("treating as {}", chosen.as_str()),
                    format!(
                        "required {required}, optional {optional}, computed {computed} is not a combination Terraform accepts"
                    ),
                );
                chosen
            }
        };
        let deprecation_message = a.deprecated.then(|| a.deprecation_message.clone());
        Some(Attribute {
            name: name.to_owned(),
            behavior,
            kind,
            default: None,
            deprecation_message,
            description: nonempty(&a.description),
            sensitive: a.sensitive,
            write_only: a.write_only,
            markdown: a.description_kind == Some(StringKind::Markdown),
            validators: Vec::new(),
            source: None,
        })
    }

    /// The kind of an attribute with a type constraint.
    fn kind(&mut self, ty: &Type, path: &[String]) -> Kind {
        match self.element(ty, path) {
            ElementType::Bool => Kind::Bool,
            ElementType::Int64 => Kind::Int64,
            ElementType::Float64 => Kind::Float64,
            ElementType::Number => Kind::Number,
            ElementType::String => Kind::String,
            ElementType::Dynamic => Kind::Dynamic,
            ElementType::List(e) => Kind::List(*e),
            ElementType::Set(e) => Kind::Set(*e),
            ElementType::Map(e) => Kind::Map(*e),
            ElementType::Object(o) => Kind::Object(o),
            ElementType::Tuple(t) => Kind::Tuple(t),
        }
    }

    fn element(&mut self, ty: &Type, path: &[String]) -> ElementType {
        match ty {
            Type::String => ElementType::String,
            Type::Number => ElementType::Number,
            Type::Bool => ElementType::Bool,
            Type::Dynamic => ElementType::Dynamic,
            Type::List(e) => ElementType::List(Box::new(self.element(e, path))),
            Type::Set(e) => ElementType::Set(Box::new(self.element(e, path))),
            Type::Map(e) => ElementType::Map(Box::new(self.element(e, path))),
            Type::Tuple(elements) => {
                ElementType::Tuple(elements.iter().map(|e| self.element(e, path)).collect())
            }
            Type::Object(o) => ElementType::Object(
                o.attrs()
                    .iter()
                    .map(|(name, t)| ObjectAttributeType {
                        name: name.clone(),
                        element_type: self.element(t, &child(path, name)),
                        optional: o.optional().contains(name),
                    })
                    .collect(),
            ),
        }
    }

    fn identity(&mut self, identity: &tfjson::IdentitySchema) -> Identity {
        let mut attributes = Vec::new();
        for (name, a) in &identity.attributes {
            let path = vec!["identity".to_owned(), name.clone()];
            let Some(ty) = &a.r#type else {
                self.warn(&path, "skipping identity attribute", "it has no type");
                continue;
            };
            if a.required_for_import == a.optional_for_import {
                self.warn(
                    &path,
                    "treating as optional for import",
                    "an identity attribute is either required or optional for import in the derive",
                );
            }
            attributes.push(IdentityAttribute {
                name: name.clone(),
                element_type: self.element(ty, &path),
                required_for_import: a.required_for_import && !a.optional_for_import,
                description: nonempty(&a.description),
            });
        }
        Identity {
            version: i64::try_from(identity.version).unwrap_or_else(|_| {
                self.warn(&[], "dropping the identity version", "larger than i64");
                0
            }),
            attributes,
        }
    }

    fn function(&mut self, name: &str, f: &tfjson::FunctionSignature) -> Function {
        let parameter = |c: &mut Self, p: &tfjson::FunctionParameter, i: usize| {
            let path = vec![if p.name.is_empty() {
                format!("parameter {i}")
            } else {
                p.name.clone()
            }];
            Parameter {
                name: p.name.clone(),
                description: p.description.clone(),
                nullable: p.is_nullable,
                element_type: c.element(&p.r#type, &path),
            }
        };
        let parameters: Vec<Parameter> = f
            .parameters
            .iter()
            .enumerate()
            .map(|(i, p)| parameter(self, p, i))
            .collect();
        let variadic = f
            .variadic_parameter
            .as_ref()
            .map(|p| parameter(self, p, parameters.len()));
        Function {
            name: name.to_owned(),
            summary: f.summary.clone(),
            description: f.description.clone(),
            deprecation_message: f.deprecation_message.clone(),
            return_type: self.element(&f.return_type, &["return".to_owned()]),
            parameters,
            variadic,
        }
    }
}

fn child(path: &[String], name: &str) -> Vec<String> {
    let mut p = path.to_vec();
    p.push(name.to_owned());
    p
}

fn nonempty(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_owned())
}
