//! Typed values: the traits that connect Rust types to Terraform types, and
//! their implementations for the standard types and tfschema's wrappers.
//!
//! A type that is [`TfEncode`] and [`TfDecode`] can be written to and read
//! from both wire forms without going through [`Value`](crate::Value).
//! `#[derive(TfValue)]` implements them for model structs by calling the
//! same wire primitives the dynamic codec uses, so both produce the same
//! bytes.

pub(crate) mod decode;
pub(crate) mod encode;
mod ephemeral;
mod identity;
mod impls;
mod plan;
mod schema;
mod set_order;
mod tf_type;
mod value_source;
mod wrappers;

pub(crate) use decode::read_null;
pub use decode::{AttrKey, FromValue, KeyText, Source, TfDecode};
pub use encode::{ObjectShape, SeqKind, Sink, TfEncode, ValueSink};
pub use ephemeral::EphemeralSchema;
#[doc(hidden)]
pub use identity::identity_attr;
pub use identity::{IdentityAttr, IdentityPrimitive, TfIdentity};
pub use impls::{KeyStr, MapKey};
pub use plan::TfPlan;
pub use schema::TfSchema;
pub use tf_type::TfType;
pub use value_source::ValueSource;
pub use wrappers::{Refined, Sensitive, Set, Unknown};
