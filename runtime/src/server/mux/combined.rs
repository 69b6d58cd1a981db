//! [`Mux`]: the servers and their routing tables, shared by the clones.

use std::fmt;
use std::sync::Arc;

use tonic::Request;

use super::routes::Router;
use crate::server::serve::ProviderServices;
use crate::server::translate::{nested_attribute_error, Downgrade};

/// Several providers served as one `tfplugin6.Provider` (see the
/// [module](crate::server::mux) for the rules). Cheap to clone: clones share the servers
/// and the routing tables.
#[derive(Clone)]
pub struct Mux {
    pub(super) inner: Arc<Router>,
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
pub(super) fn copy_request<T: Clone>(request: &Request<T>) -> Request<T> {
    let mut copy = Request::new(request.get_ref().clone());
    *copy.metadata_mut() = request.metadata().clone();
    copy
}

impl Mux {
    /// The names of the servers, in order (the type name of each
    /// implementation, or the name given to [`MuxBuilder::server`](super::MuxBuilder::server)).
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
