//! Reading `terraform providers schema -json` output: its format version
//! first, then the whole document, every error naming the JSON path where
//! it happened; and picking the one provider to import.

use serde::Deserialize;
use serde_path_to_error::Segment;

use crate::error::{Error, ErrorKind};
use crate::tfjson::{ProviderSchema, ProvidersSchema};

/// The format versions read: Terraform 0.12-0.14 printed `0.1`, 0.15 and
/// 1.0 `0.2`, later versions `1.0` (minor versions only add keys, which the
/// model names or refuses by path).
fn known_format(version: &str) -> bool {
    matches!(version, "0.1" | "0.2")
        || version
            .strip_prefix("1.")
            .is_some_and(|minor| !minor.is_empty() && minor.bytes().all(|b| b.is_ascii_digit()))
}

/// Reads the output of `terraform providers schema -json` (or
/// `tfschema schema dump`).
///
/// # Errors
/// Text that is not JSON (with line and column), a `format_version` this
/// reader does not know, and anything the model does not know or that has
/// the wrong shape, with the JSON path where it is
/// (`provider_schemas["…"].resource_schemas["x_thing"].block.attributes["id"].type`).
pub fn read(text: &str) -> Result<ProvidersSchema, Error> {
    #[derive(Deserialize)]
    struct Version {
        format_version: Option<serde_json::Value>,
    }
    let version: Version = serde_json::from_str(text).map_err(|e| {
        error(format!(
            "not JSON, or not a JSON object: {e} (expected the output of `terraform providers schema -json`)"
        ))
    })?;
    match version.format_version {
        None => return Err(error(
            "format_version: missing (expected the output of `terraform providers schema -json`)",
        )),
        Some(serde_json::Value::String(v)) if known_format(&v) => {}
        Some(v) => {
            return Err(error(format!(
                "format_version: {v} is not a format this tfschema reads (0.1, 0.2 or 1.x)"
            )))
        }
    }
    let mut de = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(&mut de)
        .map_err(|e| error(format!("{}: {}", json_path(e.path()), e.inner())))
}

/// The path as JSON keys and indices: the model's own keys plain, names
/// chosen by the provider (addresses, type and attribute names) quoted:
/// `provider_schemas["registry.terraform.io/x/y"].resource_schemas["y_z"].block`.
fn json_path(path: &serde_path_to_error::Path) -> String {
    /// The keys whose values are maps by name.
    const BY_NAME: &[&str] = &[
        "provider_schemas",
        "resource_schemas",
        "data_source_schemas",
        "ephemeral_resource_schemas",
        "list_resource_schemas",
        "functions",
        "resource_identity_schemas",
        "action_schemas",
        "state_store_schemas",
        "attributes",
        "block_types",
    ];
    let mut out = String::new();
    let mut names_follow = false;
    for segment in path.iter() {
        let key_of_map = names_follow;
        names_follow = false;
        match segment {
            Segment::Seq { index } => out.push_str(&format!("[{index}]")),
            Segment::Map { key } if key_of_map => out.push_str(&format!("[{key:?}]")),
            Segment::Map { key } => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(key);
                names_follow = BY_NAME.contains(&key.as_str());
            }
            Segment::Enum { variant } => out.push_str(&format!("<{variant}>")),
            Segment::Unknown => out.push_str(".?"),
        }
    }
    if out.is_empty() {
        "(top level)".into()
    } else {
        out
    }
}

/// The provider to import: the one `address` names, or the only one.
///
/// # Errors
/// No provider, several without `address`, or `address` not among them;
/// the message lists the addresses there are.
pub fn select<'a>(
    schema: &'a ProvidersSchema,
    address: Option<&str>,
) -> Result<(&'a str, &'a ProviderSchema), Error> {
    let listed = || {
        schema
            .provider_schemas
            .keys()
            .map(|k| format!("  {k}"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    match address {
        Some(address) => schema
            .provider_schemas
            .get_key_value(address)
            .map(|(k, v)| (k.as_str(), v))
            .ok_or_else(|| {
                error(if schema.provider_schemas.is_empty() {
                    format!("no provider {address:?}: the file holds no provider schemas")
                } else {
                    format!(
                        "no provider {address:?} in the file; it holds:\n{}",
                        listed()
                    )
                })
            }),
        None => {
            let mut all = schema.provider_schemas.iter();
            match (all.next(), all.next()) {
                (Some((k, v)), None) => Ok((k.as_str(), v)),
                (None, _) => Err(error("the file holds no provider schemas")),
                (Some(_), Some(_)) => Err(error(format!(
                    "the file holds several providers; name one with --provider-address:\n{}",
                    listed()
                ))),
            }
        }
    }
}

fn error(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::ProvidersSchema, message)
}
