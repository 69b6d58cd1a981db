//! Reading Provider Code Specification JSON into the model. What the Rust
//! generator cannot express (other validators, plan modifiers, custom types,
//! other settings) is skipped with a warning naming the attribute.

use serde_json::Value;

use super::go_validator::parse_go;
use crate::error::{Error, ErrorKind, Warning};
use crate::model::{
    Attribute, Behavior, Block, BlockNesting, DefaultValue, ElementType, Kind, Named,
    ObjectAttributeType, Schema, Spec, Target, Validator,
};

/// Reads a code spec; see `Spec::from_codespec_json`.
pub(super) fn from_json(text: &str) -> Result<(Spec, Vec<Warning>), Error> {
    let root: Value = serde_json::from_str(text)
        .map_err(|e| Error::new(ErrorKind::Parse, format!("invalid code spec JSON: {e}")))?;
    let mut r = Reader::default();
    let spec = r.spec(&root)?;
    Ok((spec, r.warnings))
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

/// A code spec's `deprecation_message`: as in the Go framework, an empty one
/// is no deprecation.
fn deprecation_message(obj: &Value) -> Option<String> {
    str_field(obj, "deprecation_message").filter(|m| !m.is_empty())
}

impl Reader {
    fn warn(&mut self, path: &[String], action: &str, reason: impl Into<String>) {
        let warning = Warning::at(&self.context, path, action, reason.into());
        self.warnings.push(warning);
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
                out.push(Named::new(name, schema));
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
            ..Spec::default()
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
    ) -> Result<Vec<Attribute>, Error> {
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
    ) -> Result<Option<Attribute>, Error> {
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
        let behavior_key = target.behavior_key();
        let text = body.get(behavior_key).and_then(Value::as_str);
        let Some(behavior) = text.and_then(Behavior::parse) else {
            return Err(shape_error(format!(
                "attribute {}: {behavior_key} is {text:?}",
                path.join(".")
            )));
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
        let default = body.get("default").and_then(|d| {
            let value = d
                .get("static")
                .and_then(|v| DefaultValue::of_kind(&kind, v));
            if value.is_none() {
                self.warn(
                    &path,
                    "ignoring default",
                    "only static defaults of the attribute's own type are supported",
                );
            }
            value
        });
        let validators = self.validators(body, &path, false);
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
        Ok(Some(Attribute {
            name,
            behavior,
            kind,
            default,
            deprecation_message: deprecation_message(body),
            description: str_field(body, "description"),
            sensitive: body.get("sensitive") == Some(&Value::Bool(true)),
            write_only: false,
            markdown: false,
            validators,
            source: None,
        }))
    }

    /// The validators of `body` read back from their Go source; the others
    /// are reported. Blocks keep size validators only.
    fn validators(&mut self, body: &Value, path: &[String], block: bool) -> Vec<Validator> {
        let mut out = Vec::new();
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
                Some(parsed) if !block || matches!(parsed, Validator::Size { .. }) => {
                    out.push(parsed)
                }
                _ if block => self.warn(
                    path,
                    "skipping block validator",
                    format!("not a size validator: {}", custom.unwrap_or("?")),
                ),
                _ => self.warn(
                    path,
                    "skipping validator",
                    format!(
                        "not a validator the Rust generator understands: {}",
                        custom.map_or_else(|| val.to_string(), str::to_owned)
                    ),
                ),
            }
        }
        out
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
    ) -> Result<Option<Block>, Error> {
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
        let validators = self.validators(body, &path, true);
        Ok(Some(Block {
            name,
            nesting,
            body: inner_schema,
            description: str_field(body, "description"),
            deprecation_message: deprecation_message(body),
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
            optional: false,
        });
    }
    Ok(out)
}
