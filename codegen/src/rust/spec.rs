//! The schema the Rust generator works from, read from a Provider Code
//! Specification or built from the OpenAPI mapping, and written back as
//! code spec JSON (the Go tool's layout) for round trips.
//!
//! Unlike [`crate::model`], validators here are a list of [`Validator`]s, the
//! form a code spec carries them in, and blocks are allowed (code specs may
//! have them even though the OpenAPI tool never writes any).

use serde_json::Value;

use super::validator::{parse_go, Validator};
use crate::codespec::SPEC_VERSION;
use crate::error::{Error, ErrorKind, Warning};
use crate::gojson::Json;
use crate::model::{self, Behavior, DefaultValue, ElementType, MappedSpec, ObjectAttributeType};
use crate::values::{integral, scalar_text};

/// A whole provider: its configuration schema, resources and data sources.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The provider's name (`provider.name`).
    pub provider_name: String,
    /// The provider configuration schema, if the spec has one.
    pub provider: Option<Schema>,
    /// Resources, in spec order.
    pub resources: Vec<Named>,
    /// Data sources, in spec order.
    pub data_sources: Vec<Named>,
}

/// A resource or data source.
#[derive(Debug, Clone, PartialEq)]
pub struct Named {
    /// Its name without the provider prefix.
    pub name: String,
    /// Its schema.
    pub schema: Schema,
}

/// A schema or the body of a block.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Schema {
    /// Attributes, in spec order.
    pub attributes: Vec<Attr>,
    /// Nested blocks, in spec order.
    pub blocks: Vec<BlockSpec>,
    /// The schema's description.
    pub description: Option<String>,
}

/// Where a schema belongs; providers spell the behaviour `optional_required`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The provider configuration.
    Provider,
    /// A managed resource.
    Resource,
    /// A data source.
    DataSource,
}

/// An attribute.
#[derive(Debug, Clone, PartialEq)]
pub struct Attr {
    /// The Terraform name.
    pub name: String,
    /// Required / optional / computed.
    pub behavior: Behavior,
    /// The type, and children for nested attributes.
    pub kind: Kind,
    /// A static default.
    pub default: Option<DefaultValue>,
    /// Set when the attribute is deprecated.
    pub deprecation_message: Option<String>,
    /// The description.
    pub description: Option<String>,
    /// Sensitive.
    pub sensitive: bool,
    /// Validators, in spec order.
    pub validators: Vec<Validator>,
}

/// The type of an attribute.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// bool.
    Bool,
    /// int64.
    Int64,
    /// float64.
    Float64,
    /// number.
    Number,
    /// string.
    String,
    /// list of an element type.
    List(ElementType),
    /// set of an element type.
    Set(ElementType),
    /// map of an element type.
    Map(ElementType),
    /// object with attribute types.
    Object(Vec<ObjectAttributeType>),
    /// list of nested objects.
    ListNested(Vec<Attr>),
    /// set of nested objects.
    SetNested(Vec<Attr>),
    /// map of nested objects.
    MapNested(Vec<Attr>),
    /// one nested object.
    SingleNested(Vec<Attr>),
}

impl Kind {
    /// The children of a nested attribute.
    pub fn nested(&self) -> Option<&[Attr]> {
        match self {
            Kind::ListNested(a)
            | Kind::SetNested(a)
            | Kind::MapNested(a)
            | Kind::SingleNested(a) => Some(a),
            _ => None,
        }
    }

    fn key(&self) -> &'static str {
        match self {
            Kind::Bool => "bool",
            Kind::Int64 => "int64",
            Kind::Float64 => "float64",
            Kind::Number => "number",
            Kind::String => "string",
            Kind::List(_) => "list",
            Kind::Set(_) => "set",
            Kind::Map(_) => "map",
            Kind::Object(_) => "object",
            Kind::ListNested(_) => "list_nested",
            Kind::SetNested(_) => "set_nested",
            Kind::MapNested(_) => "map_nested",
            Kind::SingleNested(_) => "single_nested",
        }
    }
}

/// How a block nests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockNesting {
    /// `list_nested`.
    List,
    /// `set_nested`.
    Set,
    /// `single_nested`.
    Single,
}

/// A nested block.
#[derive(Debug, Clone, PartialEq)]
pub struct BlockSpec {
    /// The block type name.
    pub name: String,
    /// How it nests.
    pub nesting: BlockNesting,
    /// Its attributes and blocks.
    pub body: Schema,
    /// The block's description.
    pub description: Option<String>,
    /// Set when the block is deprecated.
    pub deprecation_message: Option<String>,
    /// Validators (size validators for list and set blocks).
    pub validators: Vec<Validator>,
}

impl Spec {
    /// Reads a Provider Code Specification (v0.1 JSON).
    ///
    /// Validators other than the framework validators tfplugingen-openapi
    /// writes, plan modifiers, custom types and other settings this
    /// generator cannot express are skipped with a warning naming the
    /// attribute.
    ///
    /// # Errors
    /// Not JSON, or not shaped like a code spec.
    pub fn from_codespec_json(text: &str) -> Result<(Spec, Vec<Warning>), Error> {
        let root: Value = serde_json::from_str(text)
            .map_err(|e| Error::new(ErrorKind::Parse, format!("invalid code spec JSON: {e}")))?;
        let mut r = Reader::default();
        let spec = r.spec(&root)?;
        Ok((spec, r.warnings))
    }

    /// Builds the spec from the OpenAPI mapping, turning the structured
    /// constraints into validators with the Go tool's rules (which kinds
    /// get which validators; none on computed attributes of resources and
    /// data sources).
    pub fn from_mapped(mapped: &MappedSpec) -> Spec {
        let schema = |attrs: &[model::Attribute], target| Schema {
            attributes: attrs.iter().map(|a| from_model(a, target)).collect(),
            ..Schema::default()
        };
        Spec {
            provider_name: mapped.provider.name.clone(),
            provider: mapped
                .provider
                .attributes
                .as_ref()
                .map(|a| schema(a, Target::Provider)),
            resources: mapped
                .resources
                .iter()
                .map(|r| Named {
                    name: r.name.clone(),
                    schema: schema(&r.attributes, Target::Resource),
                })
                .collect(),
            data_sources: mapped
                .data_sources
                .iter()
                .map(|d| Named {
                    name: d.name.clone(),
                    schema: schema(&d.attributes, Target::DataSource),
                })
                .collect(),
        }
    }

    /// Writes the spec as code spec JSON in the Go tool's layout (tab
    /// indents, its key order); for specs the Go tool wrote, the input bytes.
    pub fn to_codespec_json(&self) -> String {
        let mut top: Vec<(&'static str, Json)> = Vec::new();
        if !self.data_sources.is_empty() {
            top.push((
                "datasources",
                named_list(&self.data_sources, Target::DataSource),
            ));
        }
        let mut provider = vec![("name", Json::String(self.provider_name.clone()))];
        if let Some(s) = &self.provider {
            provider.push(("schema", schema_json(s, Target::Provider)));
        }
        top.push(("provider", Json::Object(provider)));
        if !self.resources.is_empty() {
            top.push(("resources", named_list(&self.resources, Target::Resource)));
        }
        top.push(("version", Json::String(SPEC_VERSION.into())));
        Json::Object(top).to_go_indented()
    }
}

fn from_model(a: &model::Attribute, target: Target) -> Attr {
    let children = |c: &[model::Attribute]| c.iter().map(|a| from_model(a, target)).collect();
    let kind = match &a.kind {
        model::AttributeKind::Bool => Kind::Bool,
        model::AttributeKind::Int64 => Kind::Int64,
        model::AttributeKind::Float64 => Kind::Float64,
        model::AttributeKind::Number => Kind::Number,
        model::AttributeKind::String => Kind::String,
        model::AttributeKind::List(e) => Kind::List(terraform_names(e)),
        model::AttributeKind::Set(e) => Kind::Set(terraform_names(e)),
        model::AttributeKind::Map(e) => Kind::Map(terraform_names(e)),
        model::AttributeKind::ListNested(c) => Kind::ListNested(children(c)),
        model::AttributeKind::SetNested(c) => Kind::SetNested(children(c)),
        model::AttributeKind::MapNested(c) => Kind::MapNested(children(c)),
        model::AttributeKind::SingleNested(c) => Kind::SingleNested(children(c)),
    };
    let render = target == Target::Provider || a.behavior != Behavior::Computed;
    Attr {
        name: a.terraform_name(),
        behavior: a.behavior,
        validators: if render {
            constraint_validators(&kind, &a.constraints)
        } else {
            Vec::new()
        },
        kind,
        // The Go tool records defaults on resources only.
        default: a.default.clone().filter(|_| target == Target::Resource),
        deprecation_message: a.deprecation_message.clone(),
        description: a.description.clone(),
        sensitive: a.sensitive,
    }
}

/// The element type with object attribute names converted as the code spec
/// writer converts them.
fn terraform_names(e: &ElementType) -> ElementType {
    match e {
        ElementType::List(i) => ElementType::List(Box::new(terraform_names(i))),
        ElementType::Set(i) => ElementType::Set(Box::new(terraform_names(i))),
        ElementType::Map(i) => ElementType::Map(Box::new(terraform_names(i))),
        ElementType::Object(types) => ElementType::Object(
            types
                .iter()
                .map(|t| ObjectAttributeType {
                    name: t.terraform_name(),
                    element_type: terraform_names(&t.element_type),
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The validators for OpenAPI constraints, as `codespec::validators_for`
/// renders them (tested to agree).
fn constraint_validators(kind: &Kind, c: &model::Constraints) -> Vec<Validator> {
    use super::validator::Collection;
    let bounded = |min: Option<i64>, max: Option<i64>| min.is_some() || max.is_some();
    let mut out = Vec::new();
    match kind {
        Kind::String => {
            let values: Vec<String> = c.enum_values.iter().filter_map(scalar_text).collect();
            if !values.is_empty() {
                out.push(Validator::OneOfString(values));
            }
            if bounded(c.min_length, c.max_length) {
                out.push(Validator::Length {
                    min: c.min_length,
                    max: c.max_length,
                });
            }
            if let Some(p) = c.pattern.as_deref().filter(|p| !p.is_empty()) {
                out.push(Validator::Regex {
                    pattern: p.to_owned(),
                    message: String::new(),
                });
            }
        }
        Kind::Int64 => {
            let values: Vec<i64> = c.enum_values.iter().filter_map(integral).collect();
            if !values.is_empty() {
                out.push(Validator::OneOfInt64(values));
            }
            let min = c.minimum.map(|m| m.ceil() as i64);
            let max = c.maximum.map(|m| m.floor() as i64);
            if bounded(min, max) {
                out.push(Validator::Int64Range { min, max });
            }
        }
        Kind::Float64 => {
            let values: Vec<f64> = c.enum_values.iter().filter_map(Value::as_f64).collect();
            if !values.is_empty() {
                out.push(Validator::OneOfFloat64(values));
            }
        }
        Kind::List(_) | Kind::ListNested(_) | Kind::Set(_) | Kind::SetNested(_) => {
            let collection = match kind {
                Kind::Set(_) | Kind::SetNested(_) => Collection::Set,
                _ => Collection::List,
            };
            if bounded(c.min_items, c.max_items) {
                out.push(Validator::Size {
                    collection,
                    min: c.min_items,
                    max: c.max_items,
                });
            }
            if c.unique_items && collection == Collection::List {
                out.push(Validator::UniqueValues);
            }
        }
        Kind::Map(_) | Kind::MapNested(_) => {
            if bounded(c.min_properties, c.max_properties) {
                out.push(Validator::Size {
                    collection: Collection::Map,
                    min: c.min_properties,
                    max: c.max_properties,
                });
            }
        }
        Kind::Bool | Kind::Number | Kind::Object(_) | Kind::SingleNested(_) => {}
    }
    out
}

#[derive(Default)]
struct Reader {
    warnings: Vec<Warning>,
    /// `resource "pet"` and the like, for warnings.
    context: String,
}

fn shape_error(what: impl Into<String>) -> Error {
    Error::new(
        ErrorKind::Parse,
        format!("invalid code spec: {}", what.into()),
    )
}

fn str_field(obj: &Value, key: &str) -> Option<String> {
    obj.get(key).and_then(Value::as_str).map(str::to_owned)
}

impl Reader {
    fn warn(&mut self, path: &[String], action: &str, reason: impl Into<String>) {
        self.warnings.push(Warning {
            context: self.context.clone(),
            action: action.to_owned(),
            reason: reason.into(),
            pointer: None,
            attribute_path: (!path.is_empty()).then(|| path.join(".")),
        });
    }

    fn spec(&mut self, root: &Value) -> Result<Spec, Error> {
        let provider = root
            .get("provider")
            .ok_or_else(|| shape_error("no \"provider\""))?;
        let provider_name =
            str_field(provider, "name").ok_or_else(|| shape_error("no \"provider.name\""))?;
        self.context = "provider".into();
        let provider_schema = match provider.get("schema") {
            Some(s) => Some(self.schema(s, Target::Provider, &[])?),
            None => None,
        };
        let mut list = |key: &str, what: &str, target| -> Result<Vec<Named>, Error> {
            let mut out = Vec::new();
            for item in root
                .get(key)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let name = str_field(item, "name")
                    .ok_or_else(|| shape_error(format!("a {what} without a name")))?;
                self.context = format!("{what} \"{name}\"");
                let schema = match item.get("schema") {
                    Some(s) => self.schema(s, target, &[])?,
                    None => Schema::default(),
                };
                out.push(Named { name, schema });
            }
            Ok(out)
        };
        let resources = list("resources", "resource", Target::Resource)?;
        let data_sources = list("datasources", "data source", Target::DataSource)?;
        Ok(Spec {
            provider_name,
            provider: provider_schema,
            resources,
            data_sources,
        })
    }

    fn schema(&mut self, s: &Value, target: Target, path: &[String]) -> Result<Schema, Error> {
        let mut schema = Schema {
            description: str_field(s, "description"),
            ..Schema::default()
        };
        for a in s
            .get("attributes")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(attr) = self.attribute(a, target, path)? {
                schema.attributes.push(attr);
            }
        }
        for b in s
            .get("blocks")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(block) = self.block(b, target, path)? {
                schema.blocks.push(block);
            }
        }
        for key in ["markdown_description", "deprecation_message"] {
            if s.get(key).is_some() {
                self.warn(
                    path,
                    &format!("ignoring schema \"{key}\""),
                    "not supported by the Rust generator",
                );
            }
        }
        Ok(schema)
    }

    fn attrs(
        &mut self,
        v: Option<&Value>,
        target: Target,
        path: &[String],
    ) -> Result<Vec<Attr>, Error> {
        let mut out = Vec::new();
        for a in v.and_then(Value::as_array).into_iter().flatten() {
            if let Some(attr) = self.attribute(a, target, path)? {
                out.push(attr);
            }
        }
        Ok(out)
    }

    fn attribute(
        &mut self,
        a: &Value,
        target: Target,
        parent: &[String],
    ) -> Result<Option<Attr>, Error> {
        let name =
            str_field(a, "name").ok_or_else(|| shape_error("an attribute without a name"))?;
        let mut path = parent.to_vec();
        path.push(name.clone());
        let Some((key, body)) = a
            .as_object()
            .and_then(|o| o.iter().find(|(k, _)| k.as_str() != "name"))
        else {
            return Err(shape_error(format!(
                "attribute {} has no type",
                path.join(".")
            )));
        };
        let behavior_key = match target {
            Target::Provider => "optional_required",
            _ => "computed_optional_required",
        };
        let behavior = match body.get(behavior_key).and_then(Value::as_str) {
            Some("required") => Behavior::Required,
            Some("optional") => Behavior::Optional,
            Some("computed_optional") => Behavior::ComputedOptional,
            Some("computed") => Behavior::Computed,
            other => {
                return Err(shape_error(format!(
                    "attribute {}: {behavior_key} is {other:?}",
                    path.join(".")
                )))
            }
        };
        let element = |body: &Value| -> Result<ElementType, Error> {
            body.get("element_type")
                .ok_or_else(|| {
                    shape_error(format!("attribute {} has no element_type", path.join(".")))
                })
                .and_then(element_type)
        };
        let kind = match key.as_str() {
            "bool" => Kind::Bool,
            "int64" => Kind::Int64,
            "float64" => Kind::Float64,
            "number" => Kind::Number,
            "string" => Kind::String,
            "list" => Kind::List(element(body)?),
            "set" => Kind::Set(element(body)?),
            "map" => Kind::Map(element(body)?),
            "object" => Kind::Object(object_types(body)?),
            "list_nested" | "set_nested" | "map_nested" => {
                let nested = body.get("nested_object");
                let children =
                    self.attrs(nested.and_then(|n| n.get("attributes")), target, &path)?;
                self.ignored_keys(nested, &["attributes"], &path);
                match key.as_str() {
                    "list_nested" => Kind::ListNested(children),
                    "set_nested" => Kind::SetNested(children),
                    _ => Kind::MapNested(children),
                }
            }
            "single_nested" => {
                Kind::SingleNested(self.attrs(body.get("attributes"), target, &path)?)
            }
            other => {
                self.warn(
                    &path,
                    "skipping attribute",
                    format!("the type {other:?} is not supported"),
                );
                return Ok(None);
            }
        };
        let default = match body.get("default") {
            None => None,
            Some(d) => match (d.get("static"), &kind) {
                (Some(Value::Bool(b)), Kind::Bool) => Some(DefaultValue::Bool(*b)),
                (Some(n), Kind::Int64) if n.as_i64().is_some() => {
                    n.as_i64().map(DefaultValue::Int64)
                }
                (Some(n), Kind::Float64) if n.is_number() => n.as_f64().map(DefaultValue::Float64),
                (Some(Value::String(s)), Kind::String) => Some(DefaultValue::String(s.clone())),
                _ => {
                    self.warn(
                        &path,
                        "ignoring default",
                        "only static defaults of the attribute's own type are supported",
                    );
                    None
                }
            },
        };
        let mut validators = Vec::new();
        for val in body
            .get("validators")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let custom = val
                .get("custom")
                .and_then(|c| c.get("schema_definition"))
                .and_then(Value::as_str);
            match custom.and_then(parse_go) {
                Some(parsed) => validators.push(parsed),
                None => self.warn(
                    &path,
                    "skipping validator",
                    format!(
                        "not a validator the Rust generator understands: {}",
                        custom.map_or_else(|| val.to_string(), str::to_owned)
                    ),
                ),
            }
        }
        self.ignored_keys(
            Some(body),
            &[
                behavior_key,
                "element_type",
                "nested_object",
                "attributes",
                "attribute_types",
                "default",
                "deprecation_message",
                "description",
                "sensitive",
                "validators",
            ],
            &path,
        );
        Ok(Some(Attr {
            name,
            behavior,
            kind,
            default,
            deprecation_message: str_field(body, "deprecation_message"),
            description: str_field(body, "description"),
            sensitive: body.get("sensitive") == Some(&Value::Bool(true)),
            validators,
        }))
    }

    fn ignored_keys(&mut self, obj: Option<&Value>, known: &[&str], path: &[String]) {
        let Some(map) = obj.and_then(Value::as_object) else {
            return;
        };
        for key in map.keys() {
            if !known.contains(&key.as_str()) {
                self.warn(
                    path,
                    &format!("ignoring \"{key}\""),
                    "not supported by the Rust generator",
                );
            }
        }
    }

    fn block(
        &mut self,
        b: &Value,
        target: Target,
        parent: &[String],
    ) -> Result<Option<BlockSpec>, Error> {
        let name = str_field(b, "name").ok_or_else(|| shape_error("a block without a name"))?;
        let mut path = parent.to_vec();
        path.push(name.clone());
        let Some((key, body)) = b
            .as_object()
            .and_then(|o| o.iter().find(|(k, _)| k.as_str() != "name"))
        else {
            return Err(shape_error(format!("block {} has no type", path.join("."))));
        };
        let (nesting, inner) = match key.as_str() {
            "list_nested" => (BlockNesting::List, body.get("nested_object")),
            "set_nested" => (BlockNesting::Set, body.get("nested_object")),
            "single_nested" => (BlockNesting::Single, Some(body)),
            other => {
                self.warn(
                    &path,
                    "skipping block",
                    format!("the nesting {other:?} is not supported"),
                );
                return Ok(None);
            }
        };
        let mut inner_schema = match inner {
            Some(i) => self.schema(i, target, &path)?,
            None => Schema::default(),
        };
        inner_schema.description = None;
        let mut validators = Vec::new();
        for val in body
            .get("validators")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let custom = val
                .get("custom")
                .and_then(|c| c.get("schema_definition"))
                .and_then(Value::as_str);
            match custom.and_then(parse_go) {
                Some(parsed @ Validator::Size { .. }) => validators.push(parsed),
                _ => self.warn(
                    &path,
                    "skipping block validator",
                    format!("not a size validator: {}", custom.unwrap_or("?")),
                ),
            }
        }
        Ok(Some(BlockSpec {
            name,
            nesting,
            body: inner_schema,
            description: str_field(body, "description"),
            deprecation_message: str_field(body, "deprecation_message"),
            validators,
        }))
    }
}

fn element_type(v: &Value) -> Result<ElementType, Error> {
    let Some((key, body)) = v.as_object().and_then(|o| o.iter().next()) else {
        return Err(shape_error("an empty element_type"));
    };
    let inner = |body: &Value| -> Result<Box<ElementType>, Error> {
        body.get("element_type")
            .ok_or_else(|| shape_error("a collection element_type without its element_type"))
            .and_then(element_type)
            .map(Box::new)
    };
    Ok(match key.as_str() {
        "bool" => ElementType::Bool,
        "int64" => ElementType::Int64,
        "float64" => ElementType::Float64,
        "number" => ElementType::Number,
        "string" => ElementType::String,
        "list" => ElementType::List(inner(body)?),
        "set" => ElementType::Set(inner(body)?),
        "map" => ElementType::Map(inner(body)?),
        "object" => ElementType::Object(object_types(body)?),
        other => return Err(shape_error(format!("unsupported element type {other:?}"))),
    })
}

fn object_types(body: &Value) -> Result<Vec<ObjectAttributeType>, Error> {
    let mut out = Vec::new();
    for t in body
        .get("attribute_types")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let name =
            str_field(t, "name").ok_or_else(|| shape_error("an attribute type without a name"))?;
        let Some((key, body)) = t
            .as_object()
            .and_then(|o| o.iter().find(|(k, _)| k.as_str() != "name"))
        else {
            return Err(shape_error(format!("attribute type {name} has no type")));
        };
        let mut wrapper = serde_json::Map::new();
        wrapper.insert(key.clone(), body.clone());
        out.push(ObjectAttributeType {
            name,
            element_type: element_type(&Value::Object(wrapper))?,
        });
    }
    Ok(out)
}

fn named_list(list: &[Named], target: Target) -> Json {
    Json::Array(
        list.iter()
            .map(|n| {
                Json::Object(vec![
                    ("name", Json::String(n.name.clone())),
                    ("schema", schema_json(&n.schema, target)),
                ])
            })
            .collect(),
    )
}

fn schema_json(s: &Schema, target: Target) -> Json {
    let mut fields = Vec::new();
    if !s.attributes.is_empty() {
        fields.push(("attributes", attr_list(&s.attributes, target)));
    }
    if !s.blocks.is_empty() {
        let blocks = s.blocks.iter().map(|b| block_json(b, target)).collect();
        fields.push(("blocks", Json::Array(blocks)));
    }
    if let Some(d) = &s.description {
        fields.push(("description", Json::String(d.clone())));
    }
    Json::Object(fields)
}

fn block_json(b: &BlockSpec, target: Target) -> Json {
    let (key, mut body) = match b.nesting {
        BlockNesting::List => (
            "list_nested",
            vec![("nested_object", schema_json(&b.body, target))],
        ),
        BlockNesting::Set => (
            "set_nested",
            vec![("nested_object", schema_json(&b.body, target))],
        ),
        BlockNesting::Single => match schema_json(&b.body, target) {
            Json::Object(fields) => ("single_nested", fields),
            _ => ("single_nested", Vec::new()),
        },
    };
    if let Some(m) = &b.deprecation_message {
        body.push(("deprecation_message", Json::String(m.clone())));
    }
    if let Some(d) = &b.description {
        body.push(("description", Json::String(d.clone())));
    }
    if !b.validators.is_empty() {
        body.push(("validators", validators_json(&b.validators)));
    }
    Json::Object(vec![
        ("name", Json::String(b.name.clone())),
        (key, Json::Object(body)),
    ])
}

fn attr_list(attrs: &[Attr], target: Target) -> Json {
    Json::Array(attrs.iter().map(|a| attr_json(a, target)).collect())
}

fn validators_json(list: &[Validator]) -> Json {
    Json::Array(
        list.iter()
            .map(|v| crate::codespec::custom_validator_json(v.to_custom()))
            .collect(),
    )
}

fn attr_json(a: &Attr, target: Target) -> Json {
    let behavior_key = match target {
        Target::Provider => "optional_required",
        _ => "computed_optional_required",
    };
    let mut body = vec![(behavior_key, Json::String(a.behavior.as_str().into()))];
    match &a.kind {
        Kind::List(e) | Kind::Set(e) | Kind::Map(e) => body.push(("element_type", element_json(e))),
        Kind::Object(types) => body.push(("attribute_types", object_types_json(types))),
        Kind::ListNested(c) | Kind::SetNested(c) | Kind::MapNested(c) => {
            let mut nested = Vec::new();
            if !c.is_empty() {
                nested.push(("attributes", attr_list(c, target)));
            }
            body.push(("nested_object", Json::Object(nested)));
        }
        Kind::SingleNested(c) if !c.is_empty() => body.push(("attributes", attr_list(c, target))),
        _ => {}
    }
    if let Some(d) = &a.default {
        body.push(("default", crate::codespec::default_json(d)));
    }
    if let Some(m) = &a.deprecation_message {
        body.push(("deprecation_message", Json::String(m.clone())));
    }
    if let Some(d) = &a.description {
        body.push(("description", Json::String(d.clone())));
    }
    if a.sensitive {
        body.push(("sensitive", Json::Bool(true)));
    }
    if !a.validators.is_empty() {
        body.push(("validators", validators_json(&a.validators)));
    }
    Json::Object(vec![
        ("name", Json::String(a.name.clone())),
        (a.kind.key(), Json::Object(body)),
    ])
}

fn element_json(e: &ElementType) -> Json {
    let (key, body) = element_parts(e);
    Json::Object(vec![(key, body)])
}

fn object_types_json(types: &[ObjectAttributeType]) -> Json {
    Json::Array(
        types
            .iter()
            .map(|a| {
                let (key, body) = element_parts(&a.element_type);
                Json::Object(vec![("name", Json::String(a.name.clone())), (key, body)])
            })
            .collect(),
    )
}

fn element_parts(e: &ElementType) -> (&'static str, Json) {
    let inner = |i: &ElementType| Json::Object(vec![("element_type", element_json(i))]);
    match e {
        ElementType::Bool => ("bool", Json::Object(vec![])),
        ElementType::Int64 => ("int64", Json::Object(vec![])),
        ElementType::Float64 => ("float64", Json::Object(vec![])),
        ElementType::Number => ("number", Json::Object(vec![])),
        ElementType::String => ("string", Json::Object(vec![])),
        ElementType::List(i) => ("list", inner(i)),
        ElementType::Set(i) => ("set", inner(i)),
        ElementType::Map(i) => ("map", inner(i)),
        ElementType::Object(types) => (
            "object",
            Json::Object(vec![("attribute_types", object_types_json(types))]),
        ),
    }
}
