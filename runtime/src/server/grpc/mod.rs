//! Serving a [`RawProvider`] as `tfplugin5.Provider` and
//! `tfplugin6.Provider`.
//!
//! [`GrpcProvider`] holds the provider, its schemas (asked once) and the
//! Stop signal; [`GrpcProvider::v5`] and [`GrpcProvider::v6`] are the two
//! protocol faces of it, sharing all of that. Values are decoded with the
//! type of the schema they belong to before the provider sees them; what
//! cannot be decoded becomes an error diagnostic at the attribute's path.
//! Every RPC of protocols 5.10 and 6.10 is served, except the experimental
//! state-store RPCs of 6.10 (Terraform 1.15 release builds cannot use a
//! provider-defined state store), which answer `Unimplemented`.
//!
//! # How the two protocols share one implementation
//!
//! The handlers, one file per RPC (`plan_resource_change.rs`, ...), are
//! written once, on protocol 6's messages; the conversions between those
//! messages and the raw layer have their own files (`from_proto.rs`,
//! `to_proto.rs`, `schema.rs`). [`Grpc6`] hands its messages to the
//! handlers as they are. Protocol 5's messages have the same fields under
//! the same names (the protocols differ in six RPC names, in
//! `PrepareProviderConfig`'s `prepared_config` and in nested attributes), so
//! [`Grpc5`] moves each request into its protocol 6 twin and each answer
//! back, as terraform-plugin-mux's `tf5to6server` does. That field-for-field
//! move is the only code written per protocol message: one entry each, in
//! the public [`crate::server::translate`] module (the same moves that its
//! `Upgrade` and `Downgrade` servers use). Handlers generic over traits that
//! both protocols' messages implement would have needed the same glue (an
//! accessor or constructor per field, for each protocol) and made every
//! handler generic besides. What is left twice is the two tonic service
//! traits themselves (`v5.rs`, `v6.rs`): distinct traits with partly
//! different method names, so each is written out, one line a method.

mod answer;
mod deferral;
mod from_proto;
mod provider;
mod reply;
mod schema;
mod to_proto;
mod v5;
mod v6;

mod actions;
mod apply_resource_change;
mod call_function;
mod configure_provider;
mod ephemeral_resources;
mod generate_resource_config;
mod get_metadata;
mod get_provider_schema;
mod identity;
mod import_resource_state;
mod list_resource;
mod move_resource_state;
mod plan_resource_change;
mod read_data_source;
mod read_resource;
mod upgrade_resource_state;
mod validate_data_resource_config;
mod validate_provider_config;
mod validate_resource_config;

pub use provider::GrpcProvider;
pub use v5::Grpc5;
pub use v6::Grpc6;
