//! The raw provider layer: the plugin protocol's calls with
//! [`DynamicValue`]s, raw private state and [`Diagnostics`](crate::diag::Diagnostics), the same for
//! protocols 5 and 6.
//!
//! Implement [`RawProvider`] to drop below the typed layer
//! ([`super::typed`]); [`GrpcProvider`](crate::server::proto::GrpcProvider) serves an implementation as
//! `tfplugin5.Provider` and `tfplugin6.Provider`. Values stay as Terraform
//! sent them, with the type of the schema they belong to, until the
//! provider reads them: into a model struct ([`DynamicValue::decode`]) or a
//! dynamic [`Value`](crate::Value) ([`DynamicValue::to_value`]). A decode
//! failure is an error naming the attribute path. Values the provider
//! returns are written with their schema's type.
//!
//! # Reading and writing values
//!
//! A [`DynamicValue`] holds Terraform's msgpack or JSON bytes with the type
//! of its schema. [`DynamicValue::decode`] reads them straight into a
//! model struct, borrowing strings from the bytes;
//! [`DynamicValue::decode_owned`] gives an owned model and
//! [`DynamicValue::to_value`] a dynamic [`Value`](crate::Value). Answers
//! are built with [`DynamicValue::from_model`], which writes msgpack at
//! once, or from a [`Value`](crate::Value) (`DynamicValue::from(value)`).
//! The typed layer works the same way: it reads apply, read and import
//! values straight into the model and writes the model straight back,
//! building a [`Value`](crate::Value) only for the default planner, for
//! write-only attributes, and when a plan holds refined unknowns whose
//! refinements must be checked.
//!
//! # Cancellation
//!
//! Terraform's `Stop` raises the [`StopSignal`] every call can watch; a call
//! that has not answered 80 ms later is abandoned and answers "Operation
//! cancelled". Each call runs on a thread of its own (one of tokio's
//! blocking pool), so this holds whatever the call does, even when it
//! blocks its thread (`std::thread::sleep`, `std::process::Command`, a
//! synchronous client), and such a call does not keep other calls from
//! being served. An abandoned call is dropped at its next await; one that
//! blocks its thread goes on detached until it gives the thread back, as
//! work given to `spawn_blocking` does. A child process the call should
//! not leave behind is run through
//! [`Cancellation::output`](crate::server::typed::Cancellation::output)
//! (`Cancellation::new(stop, None)`), which kills it on Stop.

#[macro_use]
mod redact;

mod actions;
mod answer;
mod capabilities;
mod computed_blocks;
mod data_source;
mod ephemeral;
mod functions;
mod identity;
mod list;
mod provider;
mod provider_config;
mod resource;
mod schema;
mod schema_checks;
mod stop;

pub use super::dynamic::DynamicValue;
/// Semantic equality for raw providers: what the typed layer does to the
/// states create, update and read return.
pub use super::plan::keep_semantically_equal;
pub use actions::{
    InvokeActionRequest, PlanActionRequest, PlanActionResponse, ProgressSink,
    ValidateActionConfigRequest,
};
pub(crate) use answer::{answer, Answer, TypeKind};
pub use capabilities::{ClientCapabilities, Deferred};
pub(crate) use computed_blocks::computed_blocks_refused;
pub use data_source::{
    ReadDataSourceRequest, ReadDataSourceResponse, ValidateDataSourceConfigRequest,
};
pub use ephemeral::{
    CloseEphemeralResourceRequest, OpenEphemeralResourceRequest, OpenEphemeralResourceResponse,
    RenewEphemeralResourceRequest, RenewEphemeralResourceResponse,
    ValidateEphemeralResourceConfigRequest,
};
pub use functions::{
    CallFunctionRequest, CallFunctionResponse, FunctionError, FunctionParameter, FunctionSignature,
};
pub use identity::{
    IdentityAttribute, IdentitySchema, MoveResourceStateRequest, MoveResourceStateResponse,
    UpgradeResourceIdentityRequest, UpgradeResourceIdentityResponse,
};
pub use list::{
    GenerateResourceConfigRequest, GenerateResourceConfigResponse, ListResourceEvent,
    ListResourceRequest, ListSink, ValidateListResourceConfigRequest,
};
pub use provider::RawProvider;
pub use provider_config::{ConfigureProviderRequest, ValidateProviderConfigRequest};
pub use resource::{
    ApplyResourceChangeRequest, ApplyResourceChangeResponse, ImportResourceStateRequest,
    ImportResourceStateResponse, ImportedResource, PlanResourceChangeRequest,
    PlanResourceChangeResponse, ReadResourceRequest, ReadResourceResponse,
    UpgradeResourceStateRequest, UpgradeResourceStateResponse, ValidateResourceConfigRequest,
};
pub use schema::ProviderSchema;
pub(crate) use schema_checks::lists_another_type;
pub use stop::StopSignal;
pub(crate) use stop::{cancelled_diagnostics, Stopper};
