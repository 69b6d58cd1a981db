//! OpenAPI -> Terraform Provider Code Specification, a drop-in for HashiCorp's
//! `tfplugingen-openapi generate`.
//!
//! [`generate`] reads an OpenAPI 3.0/3.1 description (JSON or YAML) and a
//! generator config and returns the spec JSON byte-identical to the Go tool's,
//! plus the warnings for everything it skipped. [`map`] stops one step
//! earlier and returns the [`model::Spec`], the one model of a code spec
//! that the code spec reader and the Rust generator ([`rust`]) share, with
//! the OpenAPI constraints as structured validators.
//!
//! [`tfjson`] is the model of `terraform providers schema -json`: it reads
//! Terraform's output and writes it back byte for byte.
//!
//! ```
//! let spec = r##"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
//!   "paths": {"/thing": {"post": {"requestBody": {"content": {"application/json":
//!     {"schema": {"type": "object", "required": ["name"],
//!       "properties": {"name": {"type": "string"}}}}}}}}}}"##;
//! let config = "provider:\n  name: example\nresources:\n  thing:\n    create:\n      path: /thing\n      method: POST\n    read:\n      path: /thing\n      method: GET\n";
//! let out = tfschema_codegen::generate(spec, config, &tfschema_codegen::Options::default())?;
//! assert!(out.json.contains("\"computed_optional_required\": \"required\""));
//! # Ok::<(), tfschema_codegen::Error>(())
//! ```

pub mod codespec;
pub mod config;
pub mod docs;
mod error;
mod gojson;
pub mod identifier;
pub mod import;
pub(crate) mod load;
mod mapper;
pub mod model;
mod refs;
pub mod rust;
pub mod tfjson;
pub mod validators;
mod values;

pub use config::Config;
pub use error::{Error, ErrorKind, Warning};
pub use load::parse_openapi;

/// Compiles the README's examples as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// How to run the generator.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Turn every warning into an error.
    pub strict: bool,
}

/// The result of [`generate`].
#[derive(Debug, Clone)]
pub struct Generated {
    /// The Provider Code Specification JSON, exactly as the Go tool writes it.
    pub json: String,
    /// The mapped model the JSON was written from.
    pub spec: model::Spec,
    /// What was skipped, in the order it happened.
    pub warnings: Vec<Warning>,
}

/// Maps an OpenAPI description and generator config to the model.
///
/// # Errors
/// Invalid config, unreadable description, missing paths / methods /
/// `schema_ref`, broken or cyclic `$ref`s, an unmappable provider schema, or
/// any warning under `strict`.
pub fn map(
    openapi_text: &str,
    config_text: &str,
    options: &Options,
) -> Result<(model::Spec, Vec<Warning>), Error> {
    let config = Config::parse(config_text)?;
    let doc = refs::Document {
        root: parse_openapi(openapi_text)?,
    };
    let mut warnings = mapper::Warnings::default();
    let spec = mapper::map_spec(&doc, &config, &mut warnings)?;
    warnings.check_strict(options.strict)?;
    Ok((spec, warnings.list))
}

/// Maps and writes the Provider Code Specification JSON.
///
/// # Errors
/// As [`map`].
pub fn generate(
    openapi_text: &str,
    config_text: &str,
    options: &Options,
) -> Result<Generated, Error> {
    let (spec, warnings) = map(openapi_text, config_text, options)?;
    Ok(Generated {
        json: codespec::to_json(&spec),
        spec,
        warnings,
    })
}
