//! Writing the mapped model as Provider Code Specification JSON (v0.1),
//! byte-identical to tfplugingen-openapi's output.
//!
//! Keys follow the Go structs' field order of terraform-plugin-codegen-spec;
//! empty optional fields are omitted as Go's `omitempty` does. Validators are
//! rendered here from the model's constraints, with the Go tool's rules on
//! which attribute kinds get which validators and that computed attributes of
//! resources and data sources get none.

use serde_json::Value;

use crate::gojson::Json;
use crate::model::{
    Attribute, AttributeKind, Behavior, Constraints, DefaultValue, ElementType, MappedSpec,
};
use crate::validators::{self as v, CustomValidator};
use crate::values::{integral, scalar_text};

/// The spec version written at the end of the document.
pub const SPEC_VERSION: &str = "0.1";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    Provider,
    Resource,
    DataSource,
}

/// Renders the model as the Go tool's JSON (tab-indented, no trailing newline).
pub fn to_json(spec: &MappedSpec) -> String {
    let mut top: Vec<(&'static str, Json)> = Vec::new();
    if !spec.data_sources.is_empty() {
        let list = spec
            .data_sources
            .iter()
            .map(|d| named_schema(&d.name, &d.attributes, Target::DataSource))
            .collect();
        top.push(("datasources", Json::Array(list)));
    }
    let mut provider = vec![("name", Json::String(spec.provider.name.clone()))];
    if let Some(attrs) = &spec.provider.attributes {
        provider.push(("schema", schema(attrs, Target::Provider)));
    }
    top.push(("provider", Json::Object(provider)));
    if !spec.resources.is_empty() {
        let list = spec
            .resources
            .iter()
            .map(|r| named_schema(&r.name, &r.attributes, Target::Resource))
            .collect();
        top.push(("resources", Json::Array(list)));
    }
    top.push(("version", Json::String(SPEC_VERSION.into())));
    Json::Object(top).to_go_indented()
}

fn named_schema(name: &str, attrs: &[Attribute], target: Target) -> Json {
    Json::Object(vec![
        ("name", Json::String(name.to_owned())),
        ("schema", schema(attrs, target)),
    ])
}

fn schema(attrs: &[Attribute], target: Target) -> Json {
    let mut fields = Vec::new();
    if !attrs.is_empty() {
        fields.push(("attributes", attribute_list(attrs, target)));
    }
    Json::Object(fields)
}

fn attribute_list(attrs: &[Attribute], target: Target) -> Json {
    Json::Array(attrs.iter().map(|a| attribute(a, target)).collect())
}

fn attribute(a: &Attribute, target: Target) -> Json {
    let behavior_key = match target {
        Target::Provider => "optional_required",
        _ => "computed_optional_required",
    };
    let mut body = vec![(behavior_key, Json::String(a.behavior.as_str().into()))];
    let key = match &a.kind {
        AttributeKind::Bool => "bool",
        AttributeKind::Int64 => "int64",
        AttributeKind::Float64 => "float64",
        AttributeKind::Number => "number",
        AttributeKind::String => "string",
        AttributeKind::List(e) => {
            body.push(("element_type", element_type(e)));
            "list"
        }
        AttributeKind::Set(e) => {
            body.push(("element_type", element_type(e)));
            "set"
        }
        AttributeKind::Map(e) => {
            body.push(("element_type", element_type(e)));
            "map"
        }
        AttributeKind::ListNested(c) => {
            body.push(("nested_object", nested_object(c, target)));
            "list_nested"
        }
        AttributeKind::SetNested(c) => {
            body.push(("nested_object", nested_object(c, target)));
            "set_nested"
        }
        AttributeKind::MapNested(c) => {
            body.push(("nested_object", nested_object(c, target)));
            "map_nested"
        }
        AttributeKind::SingleNested(c) => {
            if !c.is_empty() {
                body.push(("attributes", attribute_list(c, target)));
            }
            "single_nested"
        }
    };
    if target == Target::Resource {
        if let Some(d) = &a.default {
            body.push(("default", default_json(d)));
        }
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
    let render = target == Target::Provider || a.behavior != Behavior::Computed;
    let validators = if render {
        validators_for(&a.kind, &a.constraints)
    } else {
        Vec::new()
    };
    if !validators.is_empty() {
        let list = validators.into_iter().map(custom_validator_json).collect();
        body.push(("validators", Json::Array(list)));
    }
    Json::Object(vec![
        ("name", Json::String(a.terraform_name())),
        (key, Json::Object(body)),
    ])
}

/// A custom validator as the code spec writes it:
/// `{"custom": {"imports": [{"path": ..}], "schema_definition": ..}}`.
pub(crate) fn custom_validator_json(cv: CustomValidator) -> Json {
    let imports = cv
        .imports
        .into_iter()
        .map(|p| Json::Object(vec![("path", Json::String(p))]))
        .collect();
    Json::Object(vec![(
        "custom",
        Json::Object(vec![
            ("imports", Json::Array(imports)),
            ("schema_definition", Json::String(cv.schema_definition)),
        ]),
    )])
}

/// A static default as the code spec writes it: `{"static": value}`.
pub(crate) fn default_json(d: &DefaultValue) -> Json {
    let stat = match d {
        DefaultValue::Bool(b) => Json::Bool(*b),
        DefaultValue::Int64(i) => Json::Int(*i),
        DefaultValue::Float64(f) => Json::Float(*f),
        DefaultValue::String(s) => Json::String(s.clone()),
    };
    Json::Object(vec![("static", stat)])
}

fn nested_object(children: &[Attribute], target: Target) -> Json {
    let mut fields = Vec::new();
    if !children.is_empty() {
        fields.push(("attributes", attribute_list(children, target)));
    }
    Json::Object(fields)
}

fn element_type(e: &ElementType) -> Json {
    let (key, body) = element_parts(e);
    Json::Object(vec![(key, body)])
}

fn element_parts(e: &ElementType) -> (&'static str, Json) {
    match e {
        ElementType::Bool => ("bool", Json::Object(vec![])),
        ElementType::Int64 => ("int64", Json::Object(vec![])),
        ElementType::Float64 => ("float64", Json::Object(vec![])),
        ElementType::Number => ("number", Json::Object(vec![])),
        ElementType::String => ("string", Json::Object(vec![])),
        ElementType::List(inner) => (
            "list",
            Json::Object(vec![("element_type", element_type(inner))]),
        ),
        ElementType::Set(inner) => (
            "set",
            Json::Object(vec![("element_type", element_type(inner))]),
        ),
        ElementType::Map(inner) => (
            "map",
            Json::Object(vec![("element_type", element_type(inner))]),
        ),
        ElementType::Object(attrs) => {
            let list = attrs
                .iter()
                .map(|a| {
                    let (key, body) = element_parts(&a.element_type);
                    Json::Object(vec![
                        ("name", Json::String(a.terraform_name())),
                        (key, body),
                    ])
                })
                .collect();
            (
                "object",
                Json::Object(vec![("attribute_types", Json::Array(list))]),
            )
        }
    }
}

fn size_validator(
    min: Option<i64>,
    max: Option<i64>,
    least: fn(i64) -> CustomValidator,
    most: fn(i64) -> CustomValidator,
    between: fn(i64, i64) -> CustomValidator,
) -> Option<CustomValidator> {
    match (min, max) {
        (Some(a), Some(b)) => Some(between(a, b)),
        (Some(a), None) => Some(least(a)),
        (None, Some(b)) => Some(most(b)),
        (None, None) => None,
    }
}

/// The validators the Go tool renders for an attribute of this kind.
///
/// Enum values that do not fit the attribute's type are skipped, as in the
/// Go tool (a string enum accepts any scalar's text).
pub fn validators_for(kind: &AttributeKind, c: &Constraints) -> Vec<CustomValidator> {
    let mut out = Vec::new();
    match kind {
        AttributeKind::String => {
            let values: Vec<String> = c.enum_values.iter().filter_map(scalar_text).collect();
            out.extend(v::string_one_of(&values));
            out.extend(size_validator(
                c.min_length,
                c.max_length,
                v::string_length_at_least,
                v::string_length_at_most,
                v::string_length_between,
            ));
            if let Some(p) = c.pattern.as_deref().filter(|p| !p.is_empty()) {
                out.push(v::string_regex_matches(p, ""));
            }
        }
        AttributeKind::Int64 => {
            let values: Vec<i64> = c.enum_values.iter().filter_map(integral).collect();
            out.extend(v::int64_one_of(&values));
            // Bounds are integers for an integer; a fractional bound is
            // tightened to the nearest integer inside it.
            let min = c.minimum.map(|m| m.ceil() as i64);
            let max = c.maximum.map(|m| m.floor() as i64);
            out.extend(size_validator(
                min,
                max,
                v::int64_at_least,
                v::int64_at_most,
                v::int64_between,
            ));
        }
        AttributeKind::Float64 => {
            let values: Vec<f64> = c.enum_values.iter().filter_map(Value::as_f64).collect();
            out.extend(v::float64_one_of(&values));
        }
        AttributeKind::List(_) | AttributeKind::ListNested(_) => {
            out.extend(size_validator(
                c.min_items,
                c.max_items,
                v::list_size_at_least,
                v::list_size_at_most,
                v::list_size_between,
            ));
            if c.unique_items {
                out.push(v::list_unique_values());
            }
        }
        AttributeKind::Set(_) | AttributeKind::SetNested(_) => {
            out.extend(size_validator(
                c.min_items,
                c.max_items,
                v::set_size_at_least,
                v::set_size_at_most,
                v::set_size_between,
            ));
        }
        AttributeKind::Map(_) | AttributeKind::MapNested(_) => {
            out.extend(size_validator(
                c.min_properties,
                c.max_properties,
                v::map_size_at_least,
                v::map_size_at_most,
                v::map_size_between,
            ));
        }
        AttributeKind::Bool | AttributeKind::Number | AttributeKind::SingleNested(_) => {}
    }
    out
}
