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
//! [`Downgrade`], which refuses a merged schema with nested attributes.
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
mod diagnostics;
mod join;
mod merge;
mod routes;
mod schema_diff;
mod server;

use std::fmt;
use std::sync::{Arc, RwLock};

use tonic::{Request, Status};

use crate::server::proto::{tfplugin5 as v5, tfplugin6 as v6, GrpcProvider};
use crate::server::raw::RawProvider;
use crate::server::serve::ProviderServices;
use crate::server::translate::{nested_attribute_error, BoxStream, Downgrade, Upgrade};

/// A `tfplugin6.Provider` implementation as the mux holds it: any
/// implementation, its answer streams boxed ([`MuxBuilder::protocol_6`]
/// boxes them).
pub type DynProvider = dyn v6::provider_server::Provider<
    ListResourceStream = BoxStream<v6::list_resource::Event>,
    InvokeActionStream = BoxStream<v6::invoke_action::Event>,
>;

/// Several providers served as one `tfplugin6.Provider` (see the
/// [module](self) for the rules). Cheap to clone: clones share the servers
/// and the routing tables.
#[derive(Clone)]
pub struct Mux {
    inner: Arc<Inner>,
}

struct Inner {
    servers: Vec<Server>,
    routes: RwLock<routes::Routes>,
}

/// One server of the mux, with the name its errors give.
struct Server {
    name: String,
    provider: Arc<DynProvider>,
}

impl Server {
    /// A server's failure of a call sent to every server, as mux wraps it
    /// (`error configuring <server>: <error>`); the gRPC code is kept.
    fn failed(&self, before: &str, after: &str, status: Status) -> Status {
        let message = format!("{before} {}{after}: {}", self.name, status.message());
        Status::new(status.code(), message)
    }
}

impl fmt::Debug for Mux {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.inner.servers.iter().map(|s| s.name.as_str()).collect();
        f.debug_struct("Mux")
            .field("servers", &names)
            .finish_non_exhaustive()
    }
}

/// A request for each server: the same message and metadata (a `Request`'s
/// extensions cannot be copied and stay behind).
fn copy_request<T: Clone>(request: &Request<T>) -> Request<T> {
    let mut copy = Request::new(request.get_ref().clone());
    *copy.metadata_mut() = request.metadata().clone();
    copy
}

impl Mux {
    /// The servers are added to a [`MuxBuilder`]; their order is the order
    /// of the merged answers and of `ConfigureProvider`'s calls, and the
    /// first server serving a type keeps it.
    pub fn builder() -> MuxBuilder {
        MuxBuilder {
            servers: Vec::new(),
        }
    }

    /// The names of the servers, in order (the type name of each
    /// implementation, or the name given to [`MuxBuilder::server`]).
    pub fn server_names(&self) -> impl Iterator<Item = &str> {
        self.inner.servers.iter().map(|s| s.name.as_str())
    }

    /// The mux on both protocols: protocol 6 as it is, protocol 5 through
    /// [`Downgrade`]. Asks the merged schema once (which fills the routing
    /// tables) to tell the handshake whether protocol 5 can serve it: with
    /// nested attributes, protocol 5 is refused there. A failure to get the
    /// schema counts as needing protocol 6; the schema call that follows
    /// says why.
    pub async fn services(&self) -> ProviderServices {
        let schema = self.merged_schema().await;
        let requires_v6 = schema.map_or(true, |s| nested_attribute_error(&s).is_some());
        self.services_with(requires_v6)
    }

    /// [`Mux::services`] without asking: `requires_protocol_6` says whether
    /// some schema has nested attributes.
    pub fn services_with(&self, requires_protocol_6: bool) -> ProviderServices {
        ProviderServices::new()
            .protocol_6(self.clone())
            .protocol_5(Downgrade::new(self.clone()))
            .requires_protocol_6(requires_protocol_6)
    }
}

/// Collects the servers of a [`Mux`].
pub struct MuxBuilder {
    servers: Vec<Server>,
}

impl fmt::Debug for MuxBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.servers.iter().map(|s| s.name.as_str()).collect();
        f.debug_struct("MuxBuilder")
            .field("servers", &names)
            .finish()
    }
}

impl MuxBuilder {
    /// A tfschema provider served in process: a
    /// [`RawProvider`], for instance a
    /// [`TypedProvider`](crate::server::typed::TypedProvider), served as
    /// [`GrpcProvider::new`]`(provider).v6()`.
    pub fn provider<P: RawProvider>(self, provider: P) -> Self {
        let name = std::any::type_name::<P>().to_owned();
        self.protocol_6_named(name, GrpcProvider::new(provider).v6())
    }

    /// Any `tfplugin6.Provider` implementation.
    pub fn protocol_6<P: v6::provider_server::Provider>(self, server: P) -> Self {
        let name = std::any::type_name::<P>().to_owned();
        self.protocol_6_named(name, server)
    }

    /// Any `tfplugin5.Provider` implementation, served through [`Upgrade`].
    pub fn protocol_5<P: v5::provider_server::Provider>(self, server: P) -> Self {
        let name = std::any::type_name::<P>().to_owned();
        self.server(name, Arc::new(Upgrade::new(server)))
    }

    /// A server under a name of your choosing (for a provider binary, say),
    /// which the errors about it give.
    pub fn server(mut self, name: impl Into<String>, server: Arc<DynProvider>) -> Self {
        self.servers.push(Server {
            name: name.into(),
            provider: server,
        });
        self
    }

    fn protocol_6_named<P: v6::provider_server::Provider>(self, name: String, server: P) -> Self {
        self.server(name, Arc::new(boxed::Boxed(server)))
    }

    /// The mux. Nothing is asked of the servers yet.
    pub fn build(self) -> Mux {
        Mux {
            inner: Arc::new(Inner {
                servers: self.servers,
                routes: RwLock::default(),
            }),
        }
    }
}
