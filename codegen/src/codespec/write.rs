//! Writing the model as Provider Code Specification JSON (v0.1),
//! byte-identical to tfplugingen-openapi's output.
//!
//! Keys follow the Go structs' field order of terraform-plugin-codegen-spec;
//! empty optional fields are omitted as Go's `omitempty` does.

use crate::gojson::Json;
use crate::model::{
    Attribute, Block, BlockNesting, DefaultValue, ElementType, Kind, Named, ObjectAttributeType,
    Schema, Spec, Target, Validator,
};
use crate::validators::CustomValidator;

/// The spec version written at the end of the document.
pub const SPEC_VERSION: &str = "0.1";

/// Renders the spec as the Go tool's JSON (tab-indented, no trailing newline).
pub(super) fn to_json(spec: &Spec) -> String {
    let mut top: Vec<(&'static str, Json)> = Vec::new();
    if !spec.data_sources.is_empty() {
        top.push((
            "datasources",
            named_list(&spec.data_sources, Target::DataSource),
        ));
    }
    let mut provider = vec![("name", Json::String(spec.provider_name.clone()))];
    if let Some(s) = &spec.provider {
        provider.push(("schema", schema_json(s, Target::Provider)));
    }
    top.push(("provider", Json::Object(provider)));
    if !spec.resources.is_empty() {
        top.push(("resources", named_list(&spec.resources, Target::Resource)));
    }
    top.push(("version", Json::String(SPEC_VERSION.into())));
    Json::Object(top).to_go_indented()
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

fn block_json(b: &Block, target: Target) -> Json {
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
        // No code spec spelling (see `Spec::to_codespec_json`).
        BlockNesting::Group => (
            "group_nested",
            vec![("nested_object", schema_json(&b.body, target))],
        ),
        BlockNesting::Map => (
            "map_nested",
            vec![("nested_object", schema_json(&b.body, target))],
        ),
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

fn attr_list(attrs: &[Attribute], target: Target) -> Json {
    Json::Array(attrs.iter().map(|a| attr_json(a, target)).collect())
}

fn validators_json(list: &[Validator]) -> Json {
    Json::Array(
        list.iter()
            .map(|v| custom_validator_json(v.to_custom()))
            .collect(),
    )
}

fn attr_json(a: &Attribute, target: Target) -> Json {
    let mut body = vec![(
        target.behavior_key(),
        Json::String(a.behavior.as_str().into()),
    )];
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
        Kind::Tuple(elements) => body.push((
            "element_types",
            Json::Array(elements.iter().map(element_json).collect()),
        )),
        _ => {}
    }
    if let Some(d) = &a.default {
        body.push(("default", default_json(d)));
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
        // No code spec spelling (see `Spec::to_codespec_json`).
        ElementType::Dynamic => ("dynamic", Json::Object(vec![])),
        ElementType::Tuple(elements) => (
            "tuple",
            Json::Object(vec![(
                "element_types",
                Json::Array(elements.iter().map(element_json).collect()),
            )]),
        ),
    }
}

/// A custom validator as the code spec writes it:
/// `{"custom": {"imports": [{"path": ..}], "schema_definition": ..}}`.
fn custom_validator_json(cv: CustomValidator) -> Json {
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
fn default_json(d: &DefaultValue) -> Json {
    let stat = match d {
        DefaultValue::Bool(b) => Json::Bool(*b),
        DefaultValue::Int64(i) => Json::Int(*i),
        DefaultValue::Float64(f) => Json::Float(*f),
        DefaultValue::String(s) => Json::String(s.clone()),
    };
    Json::Object(vec![("static", stat)])
}
