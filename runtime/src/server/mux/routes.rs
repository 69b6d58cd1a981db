//! Which server owns which type: the routing tables, filled by
//! `GetMetadata` and `GetProviderSchema` through the mux, or on the first
//! per-type call that finds them incomplete (server discovery, as
//! `tf6muxserver.serverDiscovery`: `GetMetadata` of every server, and
//! `GetProviderSchema` of those that answer `Unimplemented`).
//!
//! No lock is held across a call to a server: discovery asks every server
//! at once with the tables unlocked and then stores what it found (two
//! calls that both find the tables incomplete both ask; the first to
//! finish fills them).

use std::collections::HashMap;
use std::sync::{Arc, PoisonError, RwLock};

use tonic::{Code, Request, Status};

use super::boxed::DynProvider;
use super::diagnostics::{has_error, Kind, KINDS};
use super::join::join_all;
use super::restrict::{Names, Restrict};
use crate::server::proto::tfplugin6 as v6;

/// One server of the mux, with the name its errors give.
pub(super) struct Server {
    pub(super) name: String,
    pub(super) provider: Arc<DynProvider>,
    /// The only names it serves, when restricted.
    pub(super) only: Option<Names>,
}

impl Server {
    /// `answer`, restricted to the names this server serves.
    pub(super) fn restricted<T: Restrict>(&self, mut answer: T) -> T {
        if let Some(keep) = &self.only {
            answer.restrict(keep);
        }
        answer
    }

    /// A server's failure of a call sent to every server, as mux wraps it
    /// (`error configuring <server>: <error>`); the gRPC code is kept.
    pub(super) fn failed(&self, before: &str, after: &str, status: Status) -> Status {
        let message = format!("{before} {}{after}: {}", self.name, status.message());
        Status::new(status.code(), message)
    }
}

/// The servers and their routing tables.
pub(super) struct Router {
    pub(super) servers: Vec<Server>,
    routes: RwLock<Routes>,
}

/// The routing tables.
#[derive(Debug, Default)]
pub(super) struct Routes {
    /// Whether a `GetProviderSchema` or a discovery filled the tables.
    complete: bool,
    /// What the discovery's servers said (their diagnostics and the types
    /// served twice), answered by every per-type call while it has an
    /// error.
    diagnostics: Vec<v6::Diagnostic>,
    table: Table,
}

/// Owners found by one merge or discovery: the server's index for each
/// name of each kind, and the server capabilities of each resource type's
/// owner.
#[derive(Debug, Default)]
pub(super) struct Table {
    owners: [HashMap<String, usize>; KINDS],
    capabilities: HashMap<String, Option<v6::ServerCapabilities>>,
}

impl Table {
    /// Records `server` as the owner of `name`, unless a server before it
    /// in this table owns it (then says so in `diagnostics`).
    pub(super) fn claim(
        &mut self,
        kind: Kind,
        name: &str,
        server: usize,
        diagnostics: &mut Vec<v6::Diagnostic>,
    ) -> bool {
        let owners = &mut self.owners[kind.index()];
        if owners.contains_key(name) {
            diagnostics.push(kind.duplicate(name));
            return false;
        }
        owners.insert(name.to_owned(), server);
        true
    }

    /// Records the capabilities of the server owning resource type `name`.
    pub(super) fn capabilities(&mut self, name: &str, caps: Option<v6::ServerCapabilities>) {
        self.capabilities.insert(name.to_owned(), caps);
    }

    /// Claims each name of `names` for `server`.
    pub(super) fn claim_all<'a>(
        &mut self,
        kind: Kind,
        names: impl IntoIterator<Item = &'a String>,
        server: usize,
        diagnostics: &mut Vec<v6::Diagnostic>,
    ) {
        for name in names {
            self.claim(kind, name, server, diagnostics);
        }
    }
}

/// Where a per-type call goes.
pub(super) enum Route {
    /// To the server of this index.
    To(usize),
    /// Nowhere: answered with these diagnostics.
    Refused(Vec<v6::Diagnostic>),
}

/// What one server says it serves, in discovery.
enum Served {
    Metadata(v6::get_metadata::Response),
    Schema(Box<v6::get_provider_schema::Response>),
}

impl Router {
    pub(super) fn new(servers: Vec<Server>) -> Self {
        Router {
            servers,
            routes: RwLock::default(),
        }
    }

    /// Stores what a merged `GetMetadata` (`complete` false) or
    /// `GetProviderSchema` (`complete` true) found: its owners replace the
    /// earlier ones name by name, as `tf6muxserver` writes its maps.
    pub(super) fn store(&self, table: Table, complete: bool) {
        let mut routes = self.routes.write().unwrap_or_else(PoisonError::into_inner);
        for (kind, owners) in table.owners.into_iter().enumerate() {
            routes.table.owners[kind].extend(owners);
        }
        routes.table.capabilities.extend(table.capabilities);
        routes.complete |= complete;
    }

    /// The server owning `name`, discovering the servers' types first when
    /// the tables are incomplete.
    pub(super) async fn route(&self, kind: Kind, name: &str) -> Result<Route, Status> {
        if let Some(route) = self.cached_route(kind, name) {
            return Ok(route);
        }
        self.discover().await?;
        Ok(self
            .cached_route(kind, name)
            .unwrap_or_else(|| Route::Refused(vec![kind.missing(name)])))
    }

    /// The capabilities of the server owning resource type `name`.
    pub(super) fn resource_capabilities(&self, name: &str) -> Option<v6::ServerCapabilities> {
        let routes = self.routes.read().unwrap_or_else(PoisonError::into_inner);
        routes.table.capabilities.get(name).copied().flatten()
    }

    fn cached_route(&self, kind: Kind, name: &str) -> Option<Route> {
        let routes = self.routes.read().unwrap_or_else(PoisonError::into_inner);
        if !routes.complete {
            return None;
        }
        Some(match routes.table.owners[kind.index()].get(name) {
            Some(_) if has_error(&routes.diagnostics) => Route::Refused(routes.diagnostics.clone()),
            Some(&server) => Route::To(server),
            None => Route::Refused(vec![kind.missing(name)]),
        })
    }

    /// Asks every server what it serves and fills the tables from that.
    /// A server's failure other than `Unimplemented` from `GetMetadata`
    /// fails the call, as it fails `serverDiscovery`.
    async fn discover(&self) -> Result<(), Status> {
        tracing::trace!("mux: discovering the servers' types (GetMetadata or GetProviderSchema)");
        let asked = join_all(self.servers.iter().map(|server| async move {
            match server
                .provider
                .get_metadata(Request::new(Default::default()))
                .await
            {
                Ok(answer) => Ok(Served::Metadata(server.restricted(answer.into_inner()))),
                Err(status) if status.code() == Code::Unimplemented => {
                    let request = Request::new(Default::default());
                    let answer = server.provider.get_provider_schema(request).await?;
                    Ok(Served::Schema(Box::new(
                        server.restricted(answer.into_inner()),
                    )))
                }
                Err(status) => Err(status),
            }
        }))
        .await;
        let mut table = Table::default();
        let mut diagnostics = Vec::new();
        for (index, served) in asked.into_iter().enumerate() {
            discovered(&mut table, &mut diagnostics, index, served?);
        }
        let mut routes = self.routes.write().unwrap_or_else(PoisonError::into_inner);
        if !routes.complete {
            // A fresh table, not one merged into what a `GetMetadata` through
            // the mux stored: `serverDiscovery` checks its names against the
            // maps that call filled, which makes every type a duplicate of
            // itself there.
            routes.table = table;
            routes.diagnostics = diagnostics;
            routes.complete = true;
        }
        Ok(())
    }
}

/// Adds what server `index` serves to `table`.
fn discovered(
    table: &mut Table,
    diagnostics: &mut Vec<v6::Diagnostic>,
    index: usize,
    served: Served,
) {
    match served {
        Served::Metadata(metadata) => {
            diagnostics.extend(metadata.diagnostics);
            let (t, d) = (&mut *table, &mut *diagnostics);
            t.claim_all(
                Kind::Action,
                metadata.actions.iter().map(|m| &m.type_name),
                index,
                d,
            );
            let data_sources = metadata.data_sources.iter().map(|m| &m.type_name);
            t.claim_all(Kind::DataSource, data_sources, index, d);
            let ephemeral = metadata.ephemeral_resources.iter().map(|m| &m.type_name);
            t.claim_all(Kind::EphemeralResource, ephemeral, index, d);
            let lists = metadata.list_resources.iter().map(|m| &m.type_name);
            t.claim_all(Kind::ListResource, lists, index, d);
            t.claim_all(
                Kind::Function,
                metadata.functions.iter().map(|m| &m.name),
                index,
                d,
            );
            for resource in metadata.resources {
                if table.claim(Kind::Resource, &resource.type_name, index, diagnostics) {
                    table.capabilities(&resource.type_name, metadata.server_capabilities);
                }
            }
        }
        Served::Schema(schema) => {
            let schema = *schema;
            diagnostics.extend(schema.diagnostics);
            let (t, d) = (&mut *table, &mut *diagnostics);
            t.claim_all(Kind::Action, schema.action_schemas.keys(), index, d);
            t.claim_all(
                Kind::DataSource,
                schema.data_source_schemas.keys(),
                index,
                d,
            );
            let ephemeral = schema.ephemeral_resource_schemas.keys();
            t.claim_all(Kind::EphemeralResource, ephemeral, index, d);
            t.claim_all(
                Kind::ListResource,
                schema.list_resource_schemas.keys(),
                index,
                d,
            );
            t.claim_all(Kind::Function, schema.functions.keys(), index, d);
            for name in schema.resource_schemas.keys() {
                if table.claim(Kind::Resource, name, index, diagnostics) {
                    table.capabilities(name, schema.server_capabilities);
                }
            }
        }
    }
}
