//! The JSON that `terraform providers schema -json` prints, as a typed model
//! that reads it and writes it back byte for byte.
//!
//! [`ProvidersSchema::parse`] reads the whole output; [`ProvidersSchema::to_json`]
//! writes it as Terraform does (compact, keys in the order of Terraform's
//! `internal/command/jsonprovider` structs, empty sections and false flags
//! left out, strings escaped like Go's `encoding/json`), so reading
//! Terraform's output and writing it back gives the same bytes. Every key
//! Terraform 1.15 prints has a field; a key the model does not know is an
//! error rather than something silently dropped.
//!
//! ```
//! use tfschema_codegen::tfjson::{NestingMode, ProvidersSchema};
//!
//! let text = r#"{"format_version":"1.0","provider_schemas":{"registry.terraform.io/hashicorp/null":{"provider":{"version":0,"block":{"description_kind":"plain"}},"resource_schemas":{"null_resource":{"version":0,"block":{"attributes":{"id":{"type":"string","description_kind":"plain","optional":true,"computed":true},"triggers":{"type":["map","string"],"description_kind":"plain","optional":true}},"description_kind":"plain"}}}}}}"#;
//! let schema = ProvidersSchema::parse(text)?;
//! let null = &schema.provider_schemas["registry.terraform.io/hashicorp/null"];
//! let resource = &null.resource_schemas["null_resource"];
//! let triggers = &resource.block.as_ref().unwrap().attributes["triggers"];
//! assert_eq!(triggers.r#type, Some(tfschema::Type::map(tfschema::Type::String)));
//! assert!(triggers.optional && !triggers.computed);
//! assert_eq!(schema.to_json(), text);
//! # let _ = NestingMode::List;
//! # Ok::<(), tfschema_codegen::tfjson::ParseError>(())
//! ```

mod function;
mod go_json;
mod provider;
mod schema;
mod type_json;

pub use function::{FunctionParameter, FunctionSignature};
pub use provider::{ActionSchema, ParseError, ProviderSchema, ProvidersSchema, FORMAT_VERSION};
pub use schema::{
    Attribute, Block, BlockType, IdentityAttribute, IdentitySchema, NestedType, NestingMode,
    Schema, StringKind,
};
