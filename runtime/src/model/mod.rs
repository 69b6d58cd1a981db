//! The format-neutral interface of the typed codecs: every type writes
//! itself once through a [`Sink`] and reads itself once from a
//! [`Source`]; msgpack, JSON and the dynamic `Value` ([`ValueSink`],
//! [`ValueSource`]) are their implementations. Write a `TfEncode` or
//! `TfDecode` by hand against these.
//!
//! The model traits (`TfType`, `TfEncode`, `TfDecode`, `TfSchema`,
//! `FromValue`, `TfPlan`, `TfIdentity`, `EphemeralSchema`) and the
//! wrappers (`Unknown`, `Refined`, `Set`, `Sensitive`) are at the crate
//! root, where `#[derive(TfSchema, TfValue)]` implements and uses them;
//! their impls for the standard types are here.

pub(crate) mod decode;
pub(crate) mod encode;
pub(crate) mod ephemeral;
pub(crate) mod identity;
mod impls;
pub(crate) mod plan;
pub(crate) mod schema;
mod set_order;
pub(crate) mod tf_type;
mod value_source;
pub(crate) mod wrappers;

pub use decode::{AttrKey, KeyText, Source};
pub use encode::{ObjectShape, SeqKind, Sink, ValueSink};
pub use identity::{IdentityAttr, IdentityPrimitive};
pub use impls::{KeyStr, MapKey};
pub use value_source::ValueSource;

// Public at the crate root (lib.rs); `crate::model::…` inside the crate,
// where the server names some of them only.
pub(crate) use decode::{read_null, TfDecode};
pub(crate) use encode::TfEncode;
#[cfg(feature = "server")]
pub(crate) use ephemeral::EphemeralSchema;
#[cfg(feature = "server")]
pub(crate) use identity::TfIdentity;
#[cfg(feature = "server")]
pub(crate) use plan::TfPlan;
#[cfg(feature = "server")]
pub(crate) use schema::TfSchema;
pub(crate) use tf_type::TfType;
pub(crate) use wrappers::{Refined, Sensitive, Set, Unknown};
