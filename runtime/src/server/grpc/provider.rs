//! [`GrpcProvider`]: a raw provider with its schemas, the value types
//! read from them, and the Stop signal, shared by the two protocol faces.

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::Arc;

use super::from_proto;
use crate::schema::Schema;
use crate::server::detached::detach;
use crate::server::raw::{
    cancelled_diagnostics, Answer, ProviderSchema, RawProvider, StopSignal, Stopper, TypeKind,
};
use crate::types::Type;

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
    // The value types, each built once and shared by every value of it.
    provider_type: Arc<Type>,
    meta_type: Option<Arc<Type>>,
    resource_types: BTreeMap<String, Arc<Type>>,
    data_source_types: BTreeMap<String, Arc<Type>>,
    ephemeral_types: BTreeMap<String, Arc<Type>>,
    list_types: BTreeMap<String, Arc<Type>>,
    action_types: BTreeMap<String, Arc<Type>>,
    identity_types: BTreeMap<String, Arc<Type>>,
    stopper: Stopper,
}

impl<P: RawProvider> GrpcProvider<P> {
    /// Asks the provider for its schemas and gets ready to serve it.
    pub fn new(provider: P) -> Self {
        let schema = provider.schema();
        let types = |m: &BTreeMap<String, Schema>| {
            m.iter()
                .map(|(k, s)| (k.clone(), Arc::new(s.block.implied_type())))
                .collect()
        };
        let shared = Shared {
            provider_type: Arc::new(schema.provider.block.implied_type()),
            meta_type: schema
                .provider_meta
                .as_ref()
                .map(|s| Arc::new(s.block.implied_type())),
            resource_types: types(&schema.resources),
            data_source_types: types(&schema.data_sources),
            ephemeral_types: types(&schema.ephemeral_resources),
            list_types: types(&schema.list_resources),
            action_types: types(&schema.actions),
            identity_types: schema
                .identities
                .iter()
                .map(|(k, i)| (k.clone(), Arc::new(i.implied_type())))
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

    /// What Stop does: cancels the calls in flight.
    pub fn stop(&self) {
        tracing::info!("stop requested: cancelling calls in flight");
        self.shared.stopper.stop();
    }

    pub(super) fn type_of(&self, kind: TypeKind, name: &str) -> Option<&Arc<Type>> {
        let types = match kind {
            TypeKind::Resource => &self.shared.resource_types,
            TypeKind::DataSource => &self.shared.data_source_types,
            TypeKind::EphemeralResource => &self.shared.ephemeral_types,
            TypeKind::ListResource => &self.shared.list_types,
            TypeKind::Action => &self.shared.action_types,
        };
        types.get(name)
    }

    /// The type of the provider's configuration.
    pub(super) fn provider_type(&self) -> &Arc<Type> {
        &self.shared.provider_type
    }

    /// The type of a resource type's identity, when it has one.
    pub(super) fn identity_type(&self, name: &str) -> Option<&Arc<Type>> {
        self.shared.identity_types.get(name)
    }

    /// A decoder for a request's values.
    pub(super) fn decoding(&self) -> from_proto::Decoding<'_> {
        from_proto::Decoding::new(self.shared.meta_type.as_ref())
    }

    /// Runs `call` with a stop signal, on a thread of its own
    /// ([`detach`]); if Stop arrives first, the answer is an error
    /// diagnostic (see [`guarded_or`](Self::guarded_or)).
    pub(super) async fn guarded<R, F, Fut>(&self, call: F) -> R
    where
        R: Answer + Send + 'static,
        F: FnOnce(Held<P>, StopSignal) -> Fut,
        Fut: Future<Output = R> + Send + 'static,
    {
        self.guarded_or(call, || R::from_diagnostics(cancelled_diagnostics()))
            .await
    }

    /// [`guarded`](Self::guarded) for an answer without diagnostics:
    /// `cancelled` makes the answer when Stop arrives first.
    ///
    /// The call runs on a thread of its own, so that Stop is answered in
    /// time whatever the call does, even when it blocks its thread: a call
    /// that answers Stop itself (the typed layer does, with the partial
    /// state it recorded) gets [`STOP_GRACE`] to do so; then the call is
    /// abandoned, dropped at its next await, or once it gives its thread
    /// back if it blocks it.
    pub(super) async fn guarded_or<R, F, Fut>(&self, call: F, cancelled: impl FnOnce() -> R) -> R
    where
        R: Send + 'static,
        F: FnOnce(Held<P>, StopSignal) -> Fut,
        Fut: Future<Output = R> + Send + 'static,
    {
        let signal = self.shared.stopper.signal();
        let mut watch = signal.clone();
        let mut call = detach(call(Held(Arc::clone(&self.shared)), signal));
        tokio::select! {
            biased;
            response = &mut call => return response,
            () = watch.stopped() => {}
        }
        match tokio::time::timeout(STOP_GRACE, &mut call).await {
            Ok(response) => response,
            Err(_) => cancelled(),
        }
    }
}

/// The provider, held by a call running on a thread of its own
/// ([`GrpcProvider::guarded`]): it outlives the gRPC handler that started
/// the call when Stop answers for it.
pub(super) struct Held<P>(Arc<Shared<P>>);

impl<P> std::ops::Deref for Held<P> {
    type Target = P;

    fn deref(&self) -> &P {
        &self.0.provider
    }
}

/// How long a call may take to answer Stop itself before it is abandoned:
/// within Terraform's expectation of an answer at once, and longer than
/// the typed layer takes to answer Stop for a hook that blocks its thread
/// (`typed::deadline::HAND_BACK`).
const STOP_GRACE: std::time::Duration = std::time::Duration::from_millis(80);
