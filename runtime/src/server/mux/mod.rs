//! One provider served by several, as terraform-plugin-mux's `tf6muxserver`
//! does: [`Mux`] is a `tfplugin6.Provider` whose types are served by
//! several servers, in process (typed or raw tfschema providers, any
//! `tfplugin6` or `tfplugin5` implementation) or elsewhere (a provider
//! binary through a client).
//!
//! mux's rules, and its texts:
//! - `GetProviderSchema`, `GetMetadata`, `GetResourceIdentitySchemas` and
//!   `GetFunctions` ask every server and merge the answers. The provider
//!   and provider_meta schemas must be the same in every server that has
//!   one (the order of attributes and blocks aside), or an error
//!   diagnostic says where they differ; a type (resource, data source,
//!   ephemeral resource, list resource, action, identity) or function that
//!   two servers serve is an error naming it. The mux announces every
//!   server capability itself, and answers destroy plans for a server
//!   without `plan_destroy`.
//! - `ValidateProviderConfig` and `StopProvider` go to every server at once,
//!   `ConfigureProvider` to each in turn until one answers an error; their
//!   diagnostics (Stop's errors) are joined.
//! - Every other RPC goes to the server owning its type (functions by
//!   name), found in the tables the merged RPCs fill, or on the first call
//!   that needs them, from every server's `GetMetadata` (or
//!   `GetProviderSchema` for a server that does not implement it). A type no
//!   server owns is answered with mux's "Not Implemented" diagnostic.
//!
//! The mux holds no lock across a call to a server: a slow server delays
//! only the calls that go to it (and the merged answers it is part of).
//! For protocol 5, [`Mux::services`] serves the mux through
//! [`Downgrade`](crate::server::translate::Downgrade), which refuses a merged schema with nested attributes.
//!
//! ```no_run
//! use tfschema::server::mux::Mux;
//! use tfschema::server::raw::{ProviderSchema, RawProvider};
//! # struct Ported;
//! # impl RawProvider for Ported { fn schema(&self) -> ProviderSchema { Default::default() } }
//! # struct Legacy;
//! # impl RawProvider for Legacy { fn schema(&self) -> ProviderSchema { Default::default() } }
//!
//! #[tfschema::server::tokio::main(crate = "tfschema::server::tokio")]
//! async fn main() -> std::process::ExitCode {
//!     // Two providers with the same provider schema, each serving its own
//!     // types: Terraform sees one.
//!     let mux = Mux::builder().provider(Ported).provider(Legacy).build();
//!     let services = mux.services().await;
//!     # let _ = services;
//!     // tfschema::server::serve(services, options).await
//!     std::process::ExitCode::SUCCESS
//! }
//! ```

mod boxed;
mod builder;
mod combined;
mod diagnostics;
mod join;
mod merge;
mod restrict;
mod routes;
mod schema_diff;
mod server;

pub use boxed::DynProvider;
pub use builder::MuxBuilder;
pub use combined::Mux;
