//! One OpenAPI schema, resolved for mapping: `$ref`s followed, the supported
//! composition forms reduced to a single schema, and its type decided.
//!
//! Supported: single-element `allOf`; two-element `anyOf` / `oneOf` and
//! two-element `type` arrays where one side is `null` (nullable) or one side is
//! `string` and the other a primitive (stringable). Anything else is a mapping
//! error for that schema, which the callers turn into a skip with a warning.

use serde_json::{Map, Value};

use crate::error::MapError;
use crate::model::Behavior;
use crate::refs::{child, Document};

/// Options that apply to one schema only (not inherited by its children).
#[derive(Debug, Clone, Default)]
pub(crate) struct SchemaOpts {
    /// Ignores relative to this schema (`a.b` ignores `b` inside property `a`).
    pub(crate) ignores: Vec<String>,
    /// A description that wins over the schema's (a parameter's description).
    pub(crate) override_description: Option<String>,
}

/// A schema ready for mapping.
#[derive(Debug, Clone)]
pub(crate) struct Oas<'d> {
    pub(crate) schema: &'d Map<String, Value>,
    pub(crate) pointer: String,
    /// `string`, `integer`, `number`, `boolean`, `array`, `object` (or what the
    /// document says, which the builders reject).
    pub(crate) ty: String,
    pub(crate) format: String,
    /// The description after composition: a parent's (allOf, anyOf, oneOf root)
    /// wins over the chosen sub-schema's.
    pub(crate) description: Option<String>,
    pub(crate) opts: SchemaOpts,
    /// Forces every attribute under this schema to one behavior (response bodies
    /// are computed; resource parameters computed_optional).
    pub(crate) force: Option<Behavior>,
}

impl<'d> Oas<'d> {
    /// Resolves `value` (at `pointer`) into a mappable schema.
    pub(crate) fn build(
        doc: &'d Document,
        value: &'d Value,
        pointer: &str,
        opts: SchemaOpts,
        force: Option<Behavior>,
    ) -> Result<Oas<'d>, MapError> {
        let mut chain = Vec::new();
        let mut steps = 0;
        let (schema, pointer, description) = compose(doc, value, pointer, &mut chain, &mut steps)?;
        let ty = retrieve_type(schema, &pointer)?;
        let format = str_field(schema, "format").unwrap_or_default().to_owned();
        Ok(Oas {
            schema,
            pointer,
            ty,
            format,
            description,
            opts,
            force,
        })
    }

    pub(crate) fn description(&self) -> Option<String> {
        match &self.opts.override_description {
            Some(d) if !d.is_empty() => Some(d.clone()),
            _ => self.description.clone(),
        }
    }

    pub(crate) fn deprecation_message(&self) -> Option<String> {
        (self.schema.get("deprecated") == Some(&Value::Bool(true)))
            .then(|| "This attribute is deprecated.".to_owned())
    }

    pub(crate) fn is_sensitive(&self) -> bool {
        self.format == "password"
    }

    /// `additionalProperties` is a schema (not a boolean): a map.
    pub(crate) fn is_map(&self) -> bool {
        matches!(
            self.schema.get("additionalProperties"),
            Some(Value::Object(_))
        )
    }

    pub(crate) fn is_required(&self, name: &str) -> bool {
        self.schema
            .get("required")
            .and_then(Value::as_array)
            .is_some_and(|r| r.iter().any(|v| v.as_str() == Some(name)))
    }

    /// Behavior of property `name` in a resource or data source schema.
    pub(crate) fn computability(&self, name: &str) -> Behavior {
        if let Some(b) = self.force {
            return b;
        }
        if self.is_required(name) {
            Behavior::Required
        } else {
            Behavior::ComputedOptional
        }
    }

    pub(crate) fn is_ignored(&self, name: &str) -> bool {
        self.opts.ignores.iter().any(|i| i == name)
    }

    /// The ignores that apply inside property `name`.
    pub(crate) fn nested_ignores(&self, name: &str) -> Vec<String> {
        self.opts
            .ignores
            .iter()
            .filter_map(|i| {
                let (head, rest) = i.split_once('.')?;
                (head == name && !rest.is_empty()).then(|| rest.to_owned())
            })
            .collect()
    }

    /// Properties sorted by name (serde_json's map is ordered by key).
    pub(crate) fn properties(&self) -> Vec<(&'d String, &'d Value)> {
        match self.schema.get("properties") {
            Some(Value::Object(props)) => props.iter().collect(),
            _ => Vec::new(),
        }
    }
}

pub(crate) fn str_field<'a>(schema: &'a Map<String, Value>, key: &str) -> Option<&'a str> {
    schema.get(key).and_then(Value::as_str)
}

fn non_empty_description(schema: &Map<String, Value>) -> Option<String> {
    str_field(schema, "description")
        .filter(|d| !d.is_empty())
        .map(str::to_owned)
}

/// Upper bound on references followed (through allOf/anyOf/oneOf) for one schema.
const MAX_REF_CHAIN: usize = 64;

/// Upper bound on composition steps for one schema.
const MAX_COMPOSE_STEPS: usize = 4096;

type Composed<'d> = (&'d Map<String, Value>, String, Option<String>);

/// Follows `$ref`s and reduces allOf / anyOf / oneOf. `chain` holds the
/// references already followed on this descent, to catch composition cycles.
fn compose<'d>(
    doc: &'d Document,
    value: &'d Value,
    pointer: &str,
    chain: &mut Vec<String>,
    steps: &mut usize,
) -> Result<Composed<'d>, MapError> {
    // Nested two-way anyOf/oneOf can double the work per level; bound it so a
    // hostile description cannot make mapping run for ever.
    *steps += 1;
    if *steps > MAX_COMPOSE_STEPS {
        return Err(MapError::fatal(
            format!("schema composition needs more than {MAX_COMPOSE_STEPS} steps to resolve"),
            pointer,
        ));
    }
    let (value, pointer) = doc.deref(value, pointer, chain)?;
    if chain.len() > MAX_REF_CHAIN {
        return Err(MapError::fatal(
            format!("more than {MAX_REF_CHAIN} references followed to resolve one schema"),
            &pointer,
        ));
    }
    let Some(schema) = value.as_object() else {
        return Err(MapError::new(
            "schema is not an object (boolean schemas are not supported) - attribute cannot be created",
            &pointer,
        ));
    };
    let description = non_empty_description(schema);
    let list = |key: &str| {
        schema
            .get(key)
            .and_then(Value::as_array)
            .filter(|l| !l.is_empty())
    };

    for key in ["anyOf", "oneOf"] {
        if let Some(subs) = list(key) {
            if let [a, b] = subs.as_slice() {
                let (chosen, ptr, sub_desc) = multi_type(
                    doc,
                    (a, &child(&child(&pointer, key), "0")),
                    (b, &child(&child(&pointer, key), "1")),
                    chain,
                    steps,
                )?;
                return Ok((chosen, ptr, description.or(sub_desc)));
            }
            return Err(MapError::new(
                format!(
                    "found {} {key} subschema(s), schema composition is currently not supported",
                    subs.len()
                ),
                &pointer,
            ));
        }
    }
    if let Some(subs) = list("allOf") {
        if let [only] = subs.as_slice() {
            // The parent's description applies to this use only: the referenced
            // component is not modified (the Go tool mutates its cached copy).
            let (s, p, sub_desc) = compose(
                doc,
                only,
                &child(&child(&pointer, "allOf"), "0"),
                chain,
                steps,
            )?;
            return Ok((s, p, description.or(sub_desc)));
        }
        return Err(MapError::new(
            format!(
                "found {} allOf subschema(s), schema composition is currently not supported",
                subs.len()
            ),
            &pointer,
        ));
    }
    Ok((schema, pointer, description))
}

fn multi_type<'d>(
    doc: &'d Document,
    first: (&'d Value, &str),
    second: (&'d Value, &str),
    chain: &[String],
    steps: &mut usize,
) -> Result<Composed<'d>, MapError> {
    // Each branch has its own chain: the same component may appear in both.
    let mut chain_a = chain.to_vec();
    let a = compose(doc, first.0, first.1, &mut chain_a, steps)?;
    let mut chain_b = chain.to_vec();
    let b = compose(doc, second.0, second.1, &mut chain_b, steps)?;
    let ta = retrieve_type(a.0, &a.1)?;
    let tb = retrieve_type(b.0, &b.1)?;
    if ta == "null" {
        return Ok(b);
    }
    if tb == "null" {
        return Ok(a);
    }
    if ta == "string" && is_stringable(&tb) {
        return Ok(a);
    }
    if tb == "string" && is_stringable(&ta) {
        return Ok(b);
    }
    Err(MapError::new(
        format!("[{ta} {tb}] - unsupported multi-type, attribute cannot be created"),
        &a.1,
    ))
}

fn is_stringable(t: &str) -> bool {
    matches!(t, "integer" | "number" | "boolean")
}

/// The single type a schema maps as (see the module docs for multi-types).
pub(crate) fn retrieve_type(
    schema: &Map<String, Value>,
    pointer: &str,
) -> Result<String, MapError> {
    let types: Vec<&str> = match schema.get("type") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => {
            let mut out = Vec::with_capacity(ts.len());
            for t in ts {
                match t.as_str() {
                    Some(t) => out.push(t),
                    None => {
                        return Err(MapError::new(format!("invalid 'type' entry {t}"), pointer))
                    }
                }
            }
            out
        }
        Some(other) => return Err(MapError::new(format!("invalid 'type' {other}"), pointer)),
    };
    match types.as_slice() {
        [] => {
            // Tools may omit `type: object` when there are properties.
            let has_props = schema
                .get("properties")
                .and_then(Value::as_object)
                .is_some_and(|p| !p.is_empty());
            if has_props {
                Ok("object".to_owned())
            } else {
                Err(MapError::new(
                    "no 'type' array or supported allOf, oneOf, anyOf constraint - attribute cannot be created",
                    pointer,
                ))
            }
        }
        [t] => Ok((*t).to_owned()),
        ["null", t] | [t, "null"] => Ok((*t).to_owned()),
        ["string", t] | [t, "string"] if is_stringable(t) => Ok("string".to_owned()),
        _ => Err(MapError::new(
            format!(
                "[{}] - unsupported multi-type, attribute cannot be created",
                types.join(" ")
            ),
            pointer,
        )),
    }
}
