//! `tfschema schema import`: a provider's own schema, as `terraform
//! providers schema -json` prints it, turned into the generators' model
//! ([`Spec`]), ready for the Rust generator ([`crate::rust`]) to write a
//! provider crate that serves the same schema.
//!
//! [`read`] parses the output (errors name the JSON path), [`select`] picks
//! the provider, [`convert`] maps its schemas; [`import`] does all three.
//! What the derive cannot express is a [`Warning`] naming it, here or in
//! the generator, never dropped silently.
//!
//! ```
//! let text = r#"{"format_version":"1.0","provider_schemas":{"registry.terraform.io/hashicorp/null":{"provider":{"version":0,"block":{"description_kind":"plain"}},"resource_schemas":{"null_resource":{"version":0,"block":{"attributes":{"id":{"type":"string","description_kind":"plain","optional":true,"computed":true}},"description_kind":"plain"}}}}}}"#;
//! let imported = tfschema_codegen::import::import(text, None)?;
//! assert_eq!(imported.address, "registry.terraform.io/hashicorp/null");
//! assert_eq!(imported.spec.provider_name, "null");
//! assert_eq!(imported.spec.resources[0].name, "resource");
//! assert!(imported.warnings.is_empty());
//! # Ok::<(), tfschema_codegen::Error>(())
//! ```

mod convert;
mod read;

pub use convert::provider_name;
pub use read::{read, select};

use crate::error::{Error, Warning};
use crate::model::Spec;
use crate::tfjson::ProviderSchema;

/// One provider's schemas as the model.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The provider's source address, as the input names it.
    pub address: String,
    /// Its schemas.
    pub spec: Spec,
    /// What the model cannot carry, each naming where.
    pub warnings: Vec<Warning>,
}

/// Converts the schemas of the provider at `address` (its source address
/// names it: `registry.terraform.io/hashicorp/null` is `null`).
pub fn convert(address: &str, provider: &ProviderSchema) -> (Spec, Vec<Warning>) {
    convert::spec(address, provider)
}

/// Reads `terraform providers schema -json` output and converts the one
/// provider in it, or the one `address` names.
///
/// # Errors
/// See [`read`] and [`select`].
pub fn import(text: &str, address: Option<&str>) -> Result<Imported, Error> {
    let schema = read(text)?;
    let (address, provider) = select(&schema, address)?;
    let (spec, warnings) = convert(address, provider);
    Ok(Imported {
        address: address.to_owned(),
        spec,
        warnings,
    })
}
