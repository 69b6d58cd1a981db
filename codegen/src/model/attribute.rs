//! Attributes: their behaviour, their type (with the children of nested
//! attributes), element types, defaults and validators, as the Provider
//! Code Specification describes them.

use serde_json::Value;

use super::validator::Validator;

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

    /// Reads the code spec spelling.
    pub fn parse(text: &str) -> Option<Behavior> {
        Some(match text {
            "required" => Behavior::Required,
            "optional" => Behavior::Optional,
            "computed_optional" => Behavior::ComputedOptional,
            "computed" => Behavior::Computed,
            _ => return None,
        })
    }
}

/// One attribute of a schema or of a nested object.
#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    /// The Terraform name (while the OpenAPI mapper works, the OpenAPI
    /// property or parameter name; it converts them last).
    pub name: String,
    /// Required / optional / computed.
    pub behavior: Behavior,
    /// The type, and the children of nested attributes.
    pub kind: Kind,
    /// A static default.
    pub default: Option<DefaultValue>,
    /// Set when the attribute is deprecated: what to use instead, empty
    /// when deprecated without a message (`#[tf(deprecated)]`).
    pub deprecation_message: Option<String>,
    /// The description.
    pub description: Option<String>,
    /// Sensitive.
    pub sensitive: bool,
    /// Write-only (Terraform 1.11+; not part of code specs, whose writer
    /// leaves it out).
    pub write_only: bool,
    /// The description is Markdown (not part of code specs).
    pub markdown: bool,
    /// Validators, in spec order.
    pub validators: Vec<Validator>,
    /// JSON pointer of the OpenAPI schema the attribute was mapped from;
    /// `None` for attributes read from a code spec or a compiled model.
    pub source: Option<String>,
}

/// The type of an attribute.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// `bool` (OpenAPI `boolean`).
    Bool,
    /// `int64` (`integer`).
    Int64,
    /// `float64` (`number` with format `float` or `double`).
    Float64,
    /// `number` (other `number`s).
    Number,
    /// `string` (also a string-or-primitive multi-type).
    String,
    /// `list` of an element type (`array` of non-objects).
    List(ElementType),
    /// `set` of an element type (`array` with `format: set`).
    Set(ElementType),
    /// `map` of an element type (`additionalProperties` not objects).
    Map(ElementType),
    /// `object` with attribute types (code specs only).
    Object(Vec<ObjectAttributeType>),
    /// `list_nested` (`array` of objects).
    ListNested(Vec<Attribute>),
    /// `set_nested` (`array` with `format: set` of objects).
    SetNested(Vec<Attribute>),
    /// `map_nested` (`additionalProperties` objects).
    MapNested(Vec<Attribute>),
    /// `single_nested` (`object` with properties).
    SingleNested(Vec<Attribute>),
    /// `dynamic`: any type, decided by the value.
    Dynamic,
    /// A tuple of element types (Terraform schemas only; code specs have
    /// none).
    Tuple(Vec<ElementType>),
}

impl Kind {
    /// The children of a nested attribute.
    pub fn nested(&self) -> Option<&[Attribute]> {
        match self {
            Kind::ListNested(a)
            | Kind::SetNested(a)
            | Kind::MapNested(a)
            | Kind::SingleNested(a) => Some(a),
            _ => None,
        }
    }

    /// Mutable access to the children of a nested attribute.
    pub fn nested_mut(&mut self) -> Option<&mut Vec<Attribute>> {
        match self {
            Kind::ListNested(a)
            | Kind::SetNested(a)
            | Kind::MapNested(a)
            | Kind::SingleNested(a) => Some(a),
            _ => None,
        }
    }

    /// The code spec key of the kind (`list_nested`, `int64`, ...).
    pub fn key(&self) -> &'static str {
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
            Kind::Dynamic => "dynamic",
            Kind::Tuple(_) => "tuple",
        }
    }
}

/// The element type of a collection attribute (types without schema details).
#[derive(Debug, Clone, PartialEq)]
pub enum ElementType {
    /// `bool`.
    Bool,
    /// `int64`.
    Int64,
    /// `float64`.
    Float64,
    /// `number`.
    Number,
    /// `string`.
    String,
    /// `list`.
    List(Box<ElementType>),
    /// `set`.
    Set(Box<ElementType>),
    /// `map`.
    Map(Box<ElementType>),
    /// `object` with attribute types.
    Object(Vec<ObjectAttributeType>),
    /// `dynamic` (Terraform schemas only: code spec element types have
    /// none).
    Dynamic,
    /// A tuple (Terraform schemas only).
    Tuple(Vec<ElementType>),
}

/// One attribute of an object element type.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectAttributeType {
    /// The Terraform name (the OpenAPI name while the mapper works).
    pub name: String,
    /// Its type.
    pub element_type: ElementType,
    /// Optional in the object type (`["object",{...},["a"]]`: a value may
    /// leave it out); written `#[tf(optional_attributes)]` on the struct
    /// when every attribute is, `#[tf(optional_attributes("a", ...))]` when
    /// some are.
    pub optional: bool,
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

impl DefaultValue {
    /// A JSON value as the static default of an attribute of `kind`; `None`
    /// when the value is not of the kind's own type (or the kind has no
    /// static defaults).
    pub fn of_kind(kind: &Kind, value: &Value) -> Option<DefaultValue> {
        match (kind, value) {
            (Kind::Bool, Value::Bool(b)) => Some(DefaultValue::Bool(*b)),
            (Kind::Int64, n) => n.as_i64().map(DefaultValue::Int64),
            (Kind::Float64, n) => n.as_f64().map(DefaultValue::Float64),
            (Kind::String, Value::String(s)) => Some(DefaultValue::String(s.clone())),
            _ => None,
        }
    }
}
