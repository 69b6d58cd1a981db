//! The generator config (`generator_config.yml`), parsed and validated as
//! tfplugingen-openapi does.
//!
//! It names the provider (and optionally its `schema_ref`), and for each
//! resource and data source the OpenAPI operations to read plus schema options:
//! ignores, parameter aliases and description overrides.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer};

use crate::error::{Error, ErrorKind};

/// The whole generator config.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct Config {
    /// The `provider` section.
    #[serde(deserialize_with = "null_as_default")]
    pub provider: ProviderConfig,
    /// `resources`, by name (sorted, which fixes the output order).
    #[serde(deserialize_with = "null_as_default")]
    pub resources: BTreeMap<String, ResourceConfig>,
    /// `data_sources`, by name.
    #[serde(deserialize_with = "null_as_default")]
    pub data_sources: BTreeMap<String, DataSourceConfig>,
}

/// The `provider` section.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct ProviderConfig {
    /// Copied to the spec's `provider.name`.
    #[serde(deserialize_with = "null_as_default")]
    pub name: String,
    /// A local reference such as `#/components/schemas/provider`.
    #[serde(deserialize_with = "null_as_default")]
    pub schema_ref: String,
    /// Dot-separated attribute locations to leave out of the provider schema.
    #[serde(deserialize_with = "null_as_default")]
    pub ignores: Vec<String>,
}

/// One resource.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct ResourceConfig {
    /// The create operation (its request body is the main schema).
    pub create: Option<OperationLocation>,
    /// The read operation (response body and parameters).
    pub read: Option<OperationLocation>,
    /// Not mapped; checked to exist.
    pub update: Option<OperationLocation>,
    /// Not mapped; checked to exist.
    pub delete: Option<OperationLocation>,
    /// Schema options.
    #[serde(deserialize_with = "null_as_default")]
    pub schema: SchemaOptions,
}

/// One data source.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct DataSourceConfig {
    /// The read operation.
    pub read: Option<OperationLocation>,
    /// Schema options.
    #[serde(deserialize_with = "null_as_default")]
    pub schema: SchemaOptions,
}

/// A path and method in the OpenAPI description.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct OperationLocation {
    /// Key in `paths`, e.g. `/pet/{petId}`.
    #[serde(deserialize_with = "null_as_default")]
    pub path: String,
    /// `GET`, `post`, ... (case-insensitive).
    #[serde(deserialize_with = "null_as_default")]
    pub method: String,
}

/// The `schema` section of a resource or data source.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct SchemaOptions {
    /// Dot-separated attribute locations to leave out.
    #[serde(deserialize_with = "null_as_default")]
    pub ignores: Vec<String>,
    /// Aliases and overrides.
    #[serde(deserialize_with = "null_as_default")]
    pub attributes: AttributeOptions,
}

/// The `schema.attributes` section.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct AttributeOptions {
    /// Parameter name -> attribute name.
    #[serde(deserialize_with = "null_as_default")]
    pub aliases: BTreeMap<String, String>,
    /// Dot-separated attribute location -> override.
    #[serde(deserialize_with = "null_as_default")]
    pub overrides: BTreeMap<String, Override>,
}

/// What an override replaces.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default)]
pub struct Override {
    /// The new description.
    #[serde(deserialize_with = "null_as_default")]
    pub description: String,
}

impl Config {
    /// Parses YAML (or JSON) config text and validates it.
    ///
    /// # Errors
    /// Unparseable YAML, or the validation failures, all listed in one message.
    pub fn parse(text: &str) -> Result<Config, Error> {
        let unmarshal = |e: serde_norway::Error| {
            Error::new(
                ErrorKind::Config,
                format!("error parsing generator config file: error unmarshaling config: {e}"),
            )
        };
        let value = crate::load::parse_yaml(text).map_err(unmarshal)?;
        let config: Option<Config> = serde_norway::from_value(value).map_err(unmarshal)?;
        let config = config.unwrap_or_default();
        let problems = config.problems();
        if problems.is_empty() {
            Ok(config)
        } else {
            Err(Error::new(
                ErrorKind::Config,
                format!(
                    "error parsing generator config file: config validation error(s):\n{}",
                    problems.join("\n")
                ),
            ))
        }
    }

    fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.resources.is_empty() && self.data_sources.is_empty() {
            out.push(
                "\tat least one object is required in either 'resources' or 'data_sources'".into(),
            );
        }
        if self.provider.name.is_empty() {
            out.push("\tprovider must have a 'name' property".into());
        }
        for ignore in &self.provider.ignores {
            if !is_attribute_location(ignore) {
                out.push(format!(
                    "\tprovider invalid item for ignores: {ignore:?} - must be dot-separated string"
                ));
            }
        }
        for (name, r) in &self.resources {
            let prefix = format!("\tresource '{name}'");
            if r.create.is_none() {
                out.push(format!("{prefix} must have a create object"));
            }
            if r.read.is_none() {
                out.push(format!("{prefix} must have a read object"));
            }
            for (label, loc) in [
                ("create", &r.create),
                ("read", &r.read),
                ("update", &r.update),
                ("delete", &r.delete),
            ] {
                location_problems(&prefix, label, loc.as_ref(), &mut out);
            }
            schema_problems(&prefix, &r.schema, &mut out);
        }
        for (name, d) in &self.data_sources {
            let prefix = format!("\tdata_source '{name}'");
            if d.read.is_none() {
                out.push(format!("{prefix} must have a read object"));
            }
            location_problems(&prefix, "read", d.read.as_ref(), &mut out);
            schema_problems(&prefix, &d.schema, &mut out);
        }
        out
    }
}

/// YAML `key:` with nothing after it is null; read it as the empty value, as Go's yaml does.
fn null_as_default<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

fn location_problems(
    prefix: &str,
    label: &str,
    loc: Option<&OperationLocation>,
    out: &mut Vec<String>,
) {
    let Some(loc) = loc else { return };
    if loc.path.is_empty() {
        out.push(format!(
            "{prefix} invalid {label}: 'path' property is required"
        ));
    }
    if loc.method.is_empty() {
        out.push(format!(
            "{prefix} invalid {label}: 'method' property is required"
        ));
    }
}

fn schema_problems(prefix: &str, schema: &SchemaOptions, out: &mut Vec<String>) {
    for key in schema.attributes.overrides.keys() {
        if !is_attribute_location(key) {
            out.push(format!(
                "{prefix} invalid schema: invalid attributes: invalid key for override: {key:?} - must be dot-separated string"
            ));
        }
    }
    for ignore in &schema.ignores {
        if !is_attribute_location(ignore) {
            out.push(format!(
                "{prefix} invalid schema: invalid item for ignores: {ignore:?} - must be dot-separated string"
            ));
        }
    }
}

/// `^\w+(\.\w+)*$` with Go's ASCII `\w`.
fn is_attribute_location(s: &str) -> bool {
    !s.is_empty()
        && s.split('.').all(|part| {
            !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribute_locations() {
        assert!(is_attribute_location("category"));
        assert!(is_attribute_location("category.tags.name"));
        assert!(!is_attribute_location("category."));
        assert!(!is_attribute_location(".category"));
        assert!(!is_attribute_location("a-b"));
    }

    #[test]
    fn null_sections_are_empty() {
        let c = Config::parse("provider:\n  name: p\n  ignores:\ndata_sources:\n  d:\n    read: {path: /d, method: GET}\n    schema:\nresources:\n");
        let c = c.expect("parses");
        assert!(c.provider.ignores.is_empty() && c.resources.is_empty());
        assert_eq!(c.data_sources.len(), 1);
    }

    #[test]
    fn rejects_empty_config() {
        let err = Config::parse("")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(err.contains("at least one object is required"), "{err}");
        assert!(err.contains("must have a 'name' property"), "{err}");
    }
}
