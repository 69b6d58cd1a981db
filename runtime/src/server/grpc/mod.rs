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
//! move is the only code written per protocol message: one line each, by a
//! ten-line macro, in `v5_messages.rs`. Handlers generic over traits that
//! both protocols' messages implement would have needed the same glue (an
//! accessor or constructor per field, for each protocol) and made every
//! handler generic besides. What is left twice is the two tonic service
//! traits themselves (`v5.rs`, `v6.rs`): distinct traits with partly
//! different method names, so each is written out, one line a method.

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::Arc;

use tonic::{Response, Status};

use super::proto::tfplugin6 as pb;
use super::raw::{
    cancelled_diagnostics, ProviderSchema, RawProvider, RawResponse, StopSignal, Stopper,
};
use crate::diag::Diagnostics;
use crate::schema::Schema;
use crate::types::Type;

mod deferral;
mod from_proto;
mod schema;
mod to_proto;
mod v5;
mod v5_messages;
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

pub use v5::Grpc5;
pub use v6::Grpc6;

/// A [`RawProvider`] ready to be served on both protocols.
#[derive(Debug)]
pub struct GrpcProvider<P> {
    shared: Arc<Shared<P>>,
}

impl<P> Clone for GrpcProvider<P> {
    fn clone(&self) -> Self {
        GrpcProvider {
            shared: Arc::clone(&self.shared),
        }
    }
}

#[derive(Debug)]
struct Shared<P> {
    provider: P,
    schema: ProviderSchema,
    provider_type: Type,
    meta_type: Option<Type>,
    resource_types: BTreeMap<String, Type>,
    data_source_types: BTreeMap<String, Type>,
    ephemeral_types: BTreeMap<String, Type>,
    list_types: BTreeMap<String, Type>,
    action_types: BTreeMap<String, Type>,
    identity_types: BTreeMap<String, Type>,
    stopper: Stopper,
}

/// Which kind of schema a type name is looked up in.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Resource,
    DataSource,
    EphemeralResource,
    ListResource,
    Action,
}

impl<P: RawProvider> GrpcProvider<P> {
    /// Asks the provider for its schemas and gets ready to serve it.
    pub fn new(provider: P) -> Self {
        let schema = provider.schema();
        let types = |m: &BTreeMap<String, Schema>| {
            m.iter()
                .map(|(k, s)| (k.clone(), s.block.implied_type()))
                .collect()
        };
        let shared = Shared {
            provider_type: schema.provider.block.implied_type(),
            meta_type: schema
                .provider_meta
                .as_ref()
                .map(|s| s.block.implied_type()),
            resource_types: types(&schema.resources),
            data_source_types: types(&schema.data_sources),
            ephemeral_types: types(&schema.ephemeral_resources),
            list_types: types(&schema.list_resources),
            action_types: types(&schema.actions),
            identity_types: schema
                .identities
                .iter()
                .map(|(k, i)| (k.clone(), i.implied_type()))
                .collect(),
            schema,
            provider,
            stopper: Stopper::new(),
        };
        GrpcProvider {
            shared: Arc::new(shared),
        }
    }

    /// The schemas being served.
    pub fn schema(&self) -> &ProviderSchema {
        &self.shared.schema
    }

    /// The provider being served.
    pub fn provider(&self) -> &P {
        &self.shared.provider
    }

    /// The protocol 5 face.
    pub fn v5(&self) -> Grpc5<P> {
        Grpc5(self.clone())
    }

    /// The protocol 6 face.
    pub fn v6(&self) -> Grpc6<P> {
        Grpc6(self.clone())
    }

    /// What Stop does: cancels the calls in flight.
    pub fn stop(&self) {
        tracing::info!("stop requested: cancelling calls in flight");
        self.shared.stopper.stop();
    }

    fn type_of(&self, kind: Kind, name: &str) -> Option<&Type> {
        let types = match kind {
            Kind::Resource => &self.shared.resource_types,
            Kind::DataSource => &self.shared.data_source_types,
            Kind::EphemeralResource => &self.shared.ephemeral_types,
            Kind::ListResource => &self.shared.list_types,
            Kind::Action => &self.shared.action_types,
        };
        types.get(name)
    }

    /// The type of a resource type's identity, when it has one.
    fn identity_type(&self, name: &str) -> Option<&Type> {
        self.shared.identity_types.get(name)
    }

    /// A decoder for a request's values.
    fn decoding(&self) -> from_proto::Decoding<'_> {
        from_proto::Decoding::new(self.shared.meta_type.as_ref())
    }

    /// Runs `call` with a stop signal; if Stop arrives first, the call is
    /// dropped and the answer is an error diagnostic.
    async fn guarded<'a, R, F, Fut>(&'a self, call: F) -> R
    where
        R: RawResponse,
        F: FnOnce(&'a P, StopSignal) -> Fut,
        Fut: Future<Output = R>,
    {
        self.guarded_or(call, || R::from_diagnostics(cancelled_diagnostics()))
            .await
    }

    /// [`guarded`](Self::guarded) for an answer without diagnostics:
    /// `cancelled` makes the answer when Stop arrives first.
    async fn guarded_or<'a, R, F, Fut>(&'a self, call: F, cancelled: impl FnOnce() -> R) -> R
    where
        F: FnOnce(&'a P, StopSignal) -> Fut,
        Fut: Future<Output = R>,
    {
        let signal = self.shared.stopper.signal();
        let mut watch = signal.clone();
        let call = call(&self.shared.provider, signal);
        tokio::pin!(call);
        tokio::select! {
            biased;
            response = &mut call => return response,
            () = watch.stopped() => {}
        }
        // Stop: a call that answers it itself (the typed layer does, with
        // the partial state it recorded) gets a moment to do so; one that
        // ignores it is dropped.
        match tokio::time::timeout(STOP_GRACE, &mut call).await {
            Ok(response) => response,
            Err(_) => cancelled(),
        }
    }
}

/// How long a call may take to answer Stop itself before it is dropped.
const STOP_GRACE: std::time::Duration = std::time::Duration::from_millis(100);

/// The diagnostics saying the provider has no type of this name.
fn unknown_type(kind: Kind, name: &str) -> Diagnostics {
    let what = match kind {
        Kind::Resource => "resource type",
        Kind::DataSource => "data source",
        Kind::EphemeralResource => "ephemeral resource type",
        Kind::ListResource => "list resource type",
        Kind::Action => "action type",
    };
    let mut diagnostics = Diagnostics::new();
    diagnostics.error(
        &[],
        format!("Unknown {what}"),
        format!("This provider has no {what} named {name:?}."),
    );
    diagnostics
}

/// A response message that carries diagnostics: what a call answers when it
/// cannot run.
trait Answer: Default {
    fn diagnostics_mut(&mut self) -> &mut Vec<pb::Diagnostic>;

    /// A response with only these diagnostics.
    fn from_diagnostics(diagnostics: Diagnostics) -> Self {
        let mut response = Self::default();
        *response.diagnostics_mut() = to_proto::diagnostics(diagnostics);
        response
    }

    /// The answer when the provider has no type of this name.
    fn unknown_type(kind: Kind, name: &str) -> Self {
        Self::from_diagnostics(unknown_type(kind, name))
    }
}

/// Field glue: the responses whose handlers may answer "unknown type".
macro_rules! answer {
    ($($rpc:ident),*) => {$(
        impl Answer for pb::$rpc::Response {
            fn diagnostics_mut(&mut self) -> &mut Vec<pb::Diagnostic> {
                &mut self.diagnostics
            }
        }
    )*};
}
answer!(
    validate_resource_config,
    validate_data_resource_config,
    upgrade_resource_state,
    read_resource,
    plan_resource_change,
    apply_resource_change,
    import_resource_state,
    read_data_source,
    upgrade_resource_identity,
    move_resource_state,
    generate_resource_config,
    validate_ephemeral_resource_config,
    open_ephemeral_resource,
    renew_ephemeral_resource,
    close_ephemeral_resource,
    validate_list_resource_config,
    validate_action_config,
    plan_action
);

/// What a face's RPC method returns.
type Reply<T> = Result<Response<T>, Status>;

fn reply<T>(message: T) -> Reply<T> {
    Ok(Response::new(message))
}
