//! tfschema: Terraform and OpenTofu providers in Rust.
//!
//! This crate holds the wire format of the plugin protocol's `DynamicValue`
//! exactly as go-cty (the codec inside Terraform and OpenTofu) writes and
//! reads it: type constraints ([`Type`]), numbers ([`Number`]), dynamic
//! values ([`Value`]) with null, unknown and refined unknowns
//! ([`Refinements`]), and the msgpack and JSON codecs ([`msgpack`], [`json`]).
//!
//! ```
//! use tfschema::{Type, Value};
//!
//! let ty: Type = r#"["object",{"ami":"string","count":"number"}]"#.parse()?;
//! let value = Value::object([("ami", Value::from("ami-123")), ("count", Value::from(2))]);
//! let bytes = tfschema::msgpack::value_to_vec(&value, &ty)?;
//! assert_eq!(tfschema::msgpack::value_from_slice(&bytes, &ty)?, value);
//! assert_eq!(
//!     tfschema::json::value_to_string(&value, &ty)?,
//!     r#"{"ami":"ami-123","count":2}"#
//! );
//! # Ok::<(), tfschema::Error>(())
//! ```

pub mod diag;
pub mod error;
pub mod json;
pub mod limits;
pub mod model;
pub mod msgpack;
pub mod number;
pub mod refinement;
pub mod schema;
#[cfg(feature = "server")]
pub mod server;
mod set;
pub mod show;
pub mod text;
pub mod types;
pub mod validate;
pub mod value;

pub use error::{Error, ErrorKind, PathStep, Result};
pub use model::{
    EphemeralSchema, FromValue, Refined, Sensitive, Set, TfDecode, TfEncode, TfPlan, TfSchema,
    TfType, Unknown,
};
pub use number::Number;
pub use refinement::{NumberBound, RefineKind, Refinements};
pub use types::{ObjectType, Type};
pub use value::Value;

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

/// `#[derive(TfSchema)]`: the schema block of a model struct. See the README
/// for the `#[tf(...)]` attributes.
#[cfg(feature = "derive")]
pub use tfschema_derive::TfSchema;
/// `#[derive(TfValue)]`: msgpack/JSON codecs and the plan view of a model
/// struct. See the README for the `#[tf(...)]` attributes.
#[cfg(feature = "derive")]
pub use tfschema_derive::TfValue;
