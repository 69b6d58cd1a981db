//! The mapped schema: what an OpenAPI description becomes before it is written out.
//!
//! This model keeps the structured OpenAPI constraints (enum values, bounds,
//! lengths, pattern, item and property counts, uniqueness, defaults, format)
//! rather than Go source strings, so the Provider Code Specification writer
//! (`codespec`) and later Rust code generators render from the same facts.

use serde_json::Value;

use crate::identifier::terraform_identifier;

/// Everything mapped from one OpenAPI description and generator config.
#[derive(Debug, Clone, PartialEq)]
pub struct MappedSpec {
    /// The provider and, when `schema_ref` was set, its schema.
    pub provider: Provider,
    /// Resources that could be mapped, sorted by name.
    pub resources: Vec<Resource>,
    /// Data sources that could be mapped, sorted by name.
    pub data_sources: Vec<DataSource>,
}

/// The provider: its name and, if configured, the attributes of its schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Provider {
    /// `provider.name` from the generator config.
    pub name: String,
    /// `None` without `schema_ref`; the mapped attributes otherwise.
    pub attributes: Option<Vec<Attribute>>,
}

/// A managed resource.
#[derive(Debug, Clone, PartialEq)]
pub struct Resource {
    /// The name from the generator config.
    pub name: String,
    /// Top-level attributes, in merge order.
    pub attributes: Vec<Attribute>,
}

/// A data source.
#[derive(Debug, Clone, PartialEq)]
pub struct DataSource {
    /// The name from the generator config.
    pub name: String,
    /// Top-level attributes, in merge order.
    pub attributes: Vec<Attribute>,
}

/// Whether the practitioner must, may or cannot set an attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Behavior {
    /// Must be set in configuration.
    Required,
    /// May be set (provider schemas only).
    Optional,
    /// May be set; the provider fills it in otherwise.
    ComputedOptional,
    /// Set only by the provider.
    Computed,
}

impl Behavior {
    /// The spelling used in the Provider Code Specification.
    pub fn as_str(self) -> &'static str {
        match self {
            Behavior::Required => "required",
            Behavior::Optional => "optional",
            Behavior::ComputedOptional => "computed_optional",
            Behavior::Computed => "computed",
        }
    }
}

/// One attribute of a schema or of a nested object.
#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    /// The OpenAPI property or parameter name (after aliases), not yet converted;
    /// see [`Attribute::terraform_name`].
    pub name: String,
    /// Required / optional / computed.
    pub behavior: Behavior,
    /// The attribute's type and, for nested attributes, its children.
    pub kind: AttributeKind,
    /// Description (from the schema, a parameter, a parent `allOf` or an override).
    pub description: Option<String>,
    /// Set when the schema is `deprecated: true`.
    pub deprecation_message: Option<String>,
    /// `format: password` on a string.
    pub sensitive: bool,
    /// A static default, where the Go tool records one (resource scalars).
    pub default: Option<DefaultValue>,
    /// The OpenAPI constraints of the schema, kept whether or not they are rendered.
    pub constraints: Constraints,
    /// JSON pointer of the schema this attribute was mapped from.
    pub source: String,
}

impl Attribute {
    /// The Terraform identifier this attribute is written under.
    pub fn terraform_name(&self) -> String {
        terraform_identifier(&self.name)
    }
}

/// The type of an attribute.
#[derive(Debug, Clone, PartialEq)]
pub enum AttributeKind {
    /// `boolean`.
    Bool,
    /// `integer`.
    Int64,
    /// `number` with format `float` or `double`.
    Float64,
    /// `number` without those formats.
    Number,
    /// `string`, or a string-or-primitive multi-type.
    String,
    /// `array` of non-objects.
    List(ElementType),
    /// `array` with `format: set` of non-objects.
    Set(ElementType),
    /// `object` whose `additionalProperties` are not objects.
    Map(ElementType),
    /// `array` of objects.
    ListNested(Vec<Attribute>),
    /// `array` with `format: set` of objects.
    SetNested(Vec<Attribute>),
    /// `object` whose `additionalProperties` are objects.
    MapNested(Vec<Attribute>),
    /// `object` with properties.
    SingleNested(Vec<Attribute>),
}

impl AttributeKind {
    /// The children of a nested attribute.
    pub fn nested(&self) -> Option<&Vec<Attribute>> {
        match self {
            AttributeKind::ListNested(a)
            | AttributeKind::SetNested(a)
            | AttributeKind::MapNested(a)
            | AttributeKind::SingleNested(a) => Some(a),
            _ => None,
        }
    }

    /// Mutable access to the children of a nested attribute.
    pub fn nested_mut(&mut self) -> Option<&mut Vec<Attribute>> {
        match self {
            AttributeKind::ListNested(a)
            | AttributeKind::SetNested(a)
            | AttributeKind::MapNested(a)
            | AttributeKind::SingleNested(a) => Some(a),
            _ => None,
        }
    }
}

/// The element type of a collection attribute (types without schema details).
#[derive(Debug, Clone, PartialEq)]
pub enum ElementType {
    /// `boolean`.
    Bool,
    /// `integer`.
    Int64,
    /// `number` with format `float` / `double`.
    Float64,
    /// Other `number`s.
    Number,
    /// `string`.
    String,
    /// `array`.
    List(Box<ElementType>),
    /// `array` with `format: set`.
    Set(Box<ElementType>),
    /// `object` with `additionalProperties`.
    Map(Box<ElementType>),
    /// `object` with properties.
    Object(Vec<ObjectAttributeType>),
}

/// One attribute of an object element type.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectAttributeType {
    /// The OpenAPI property name (converted to an identifier when written).
    pub name: String,
    /// Its type.
    pub element_type: ElementType,
}

impl ObjectAttributeType {
    /// The Terraform identifier this attribute type is written under.
    pub fn terraform_name(&self) -> String {
        terraform_identifier(&self.name)
    }
}

/// A static default value.
#[derive(Debug, Clone, PartialEq)]
pub enum DefaultValue {
    /// For bool attributes.
    Bool(bool),
    /// For int64 attributes.
    Int64(i64),
    /// For float64 attributes.
    Float64(f64),
    /// For string attributes.
    String(String),
}

/// The OpenAPI validation keywords of a schema, as written in the description.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Constraints {
    /// `format`.
    pub format: Option<String>,
    /// `enum`, raw values in document order.
    pub enum_values: Vec<Value>,
    /// `minimum`.
    pub minimum: Option<f64>,
    /// `maximum`.
    pub maximum: Option<f64>,
    /// `exclusiveMinimum` (a bound in 3.1, a flag in 3.0); kept, not rendered.
    pub exclusive_minimum: Option<Value>,
    /// `exclusiveMaximum` (a bound in 3.1, a flag in 3.0); kept, not rendered.
    pub exclusive_maximum: Option<Value>,
    /// `minLength`.
    pub min_length: Option<i64>,
    /// `maxLength`.
    pub max_length: Option<i64>,
    /// `pattern`.
    pub pattern: Option<String>,
    /// `minItems`.
    pub min_items: Option<i64>,
    /// `maxItems`.
    pub max_items: Option<i64>,
    /// `uniqueItems`.
    pub unique_items: bool,
    /// `minProperties`.
    pub min_properties: Option<i64>,
    /// `maxProperties`.
    pub max_properties: Option<i64>,
    /// `default`, raw.
    pub default: Option<Value>,
}
