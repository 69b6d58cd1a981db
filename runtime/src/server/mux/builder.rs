//! [`MuxBuilder`]: the servers of a mux, each wrapped as a [`DynProvider`].

use std::fmt;
use std::sync::Arc;

use super::boxed::{Boxed, DynProvider};
use super::combined::Mux;
use super::routes::{Router, Server};
use crate::server::proto::{tfplugin5 as v5, tfplugin6 as v6, GrpcProvider};
use crate::server::raw::RawProvider;
use crate::server::translate::Upgrade;

impl Mux {
    /// The servers are added to a [`MuxBuilder`]; their order is the order
    /// of the merged answers and of `ConfigureProvider`'s calls, and the
    /// first server serving a type keeps it.
    pub fn builder() -> MuxBuilder {
        MuxBuilder::new()
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
    pub(super) fn new() -> Self {
        MuxBuilder {
            servers: Vec::new(),
        }
    }

    /// A tfschema provider served in process: a
    /// [`RawProvider`], for instance a
    /// [`TypedProvider`](crate::server::typed::TypedProvider), served as
    /// [`GrpcProvider::new`]`(provider).v6()`, each call in a span with
    /// tflog's fields, as [`ProviderServices::from_raw`](crate::server::ProviderServices::from_raw) serves one.
    pub fn provider<P: RawProvider>(self, provider: P) -> Self {
        let name = std::any::type_name::<P>().to_owned();
        self.protocol_6_named(
            name,
            GrpcProvider::new(crate::server::log::Logged(provider)).v6(),
        )
    }

    /// [`provider`](Self::provider), serving only the types and functions
    /// named: the types of a half-ported provider that are written in Rust,
    /// while its other (stub) types stay with the old binary.
    pub fn provider_only<P, S>(self, provider: P, names: impl IntoIterator<Item = S>) -> Self
    where
        P: RawProvider,
        S: Into<String>,
    {
        self.provider(provider).only(names)
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

    /// A `tfplugin6.Provider` implementation serving only the types and
    /// functions named: while a provider moves to Rust one type at a time,
    /// the old binary keeps the types not yet ported. The mux reads only
    /// those names from its answers, so it routes nothing else to it and
    /// another server may serve the rest.
    pub fn protocol_6_only<P, S>(self, server: P, names: impl IntoIterator<Item = S>) -> Self
    where
        P: v6::provider_server::Provider,
        S: Into<String>,
    {
        self.protocol_6(server).only(names)
    }

    /// A `tfplugin5.Provider` implementation, through [`Upgrade`], serving
    /// only the types and functions named (see
    /// [`protocol_6_only`](Self::protocol_6_only)).
    ///
    /// ```no_run
    /// # async fn f() -> Result<(), tfschema::server::client::ClientError> {
    /// use tfschema::server::client::{LaunchOptions, PluginClient, Proxy5};
    /// use tfschema::server::mux::Mux;
    /// # let ported = tfschema::server::raw::ProviderSchema::default();
    /// # struct Ported(tfschema::server::raw::ProviderSchema);
    /// # impl tfschema::server::raw::RawProvider for Ported {
    /// #     fn schema(&self) -> tfschema::server::raw::ProviderSchema { self.0.clone() }
    /// # }
    /// let go = PluginClient::launch(LaunchOptions::new("./terraform-provider-null_v2.1.2_x4")).await?;
    /// let mux = Mux::builder()
    ///     .provider(Ported(ported))
    ///     .protocol_5_only(Proxy5::new(go)?, ["null_resource"])
    ///     .build();
    /// # let _ = mux;
    /// # Ok(())
    /// # }
    /// ```
    pub fn protocol_5_only<P, S>(self, server: P, names: impl IntoIterator<Item = S>) -> Self
    where
        P: v5::provider_server::Provider,
        S: Into<String>,
    {
        self.protocol_5(server).only(names)
    }

    /// A server under a name of your choosing (for a provider binary, say),
    /// which the errors about it give.
    pub fn server(mut self, name: impl Into<String>, server: Arc<DynProvider>) -> Self {
        self.servers.push(Server {
            name: name.into(),
            provider: server,
            only: None,
        });
        self
    }

    /// Restricts the server added last to `names`.
    fn only<S: Into<String>>(mut self, names: impl IntoIterator<Item = S>) -> Self {
        if let Some(server) = self.servers.last_mut() {
            server.only = Some(names.into_iter().map(Into::into).collect());
        }
        self
    }

    fn protocol_6_named<P: v6::provider_server::Provider>(self, name: String, server: P) -> Self {
        self.server(name, Arc::new(Boxed(server)))
    }

    /// The mux. Nothing is asked of the servers yet.
    pub fn build(self) -> Mux {
        Mux {
            inner: Arc::new(Router::new(self.servers)),
        }
    }
}
