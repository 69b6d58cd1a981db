//! tfschema: Terraform and OpenTofu providers in Rust.
//!
//! This crate holds the wire format of the plugin protocol's `DynamicValue`
//! exactly as go-cty (the codec inside Terraform and OpenTofu) writes and
//! reads it: type constraints ([`Type`]), numbers ([`Number`]), dynamic
//! values ([`Value`]) with null, unknown and refined unknowns, and the
//! msgpack and JSON codecs ([`msgpack`], [`json`]).

pub mod error;
pub mod number;

pub use error::{Error, ErrorKind, PathStep, Result};
pub use number::Number;
