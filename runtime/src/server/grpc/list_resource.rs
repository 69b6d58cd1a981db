//! `ListResource` (server streaming) and `ValidateListResourceConfig`.
//!
//! The provider pushes events into a [`ListSink`]; a task forwards them to
//! Terraform's stream as protocol messages, at most `limit` of them, and
//! ends the stream with the provider's closing diagnostics, if any. When
//! Terraform stops reading (the limit, or a cancelled run) the sink reports
//! it and the provider's call is dropped.

use std::sync::Arc;

use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tonic::Status;

use super::{to_proto, GrpcProvider};
use crate::diag::Diagnostics;
use crate::server::proto::tfplugin6 as pb;
use crate::server::raw::{self, Answer, ListSink, RawProvider, TypeKind};
use crate::types::Type;

/// The events in flight between the provider and Terraform.
const BUFFER: usize = 16;

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn validate_list_resource_config(
        &self,
        request: pb::validate_list_resource_config::Request,
    ) -> pb::validate_list_resource_config::Response {
        tracing::debug!(type_name = %request.type_name, "ValidateListResourceConfig");
        let Some(ty) = self.type_of(TypeKind::ListResource, &request.type_name) else {
            return Answer::unknown_type(TypeKind::ListResource, &request.type_name);
        };
        let decoding = self.decoding();
        let config = decoding.value("configuration", request.config, ty);
        let include_resource_object = request
            .include_resource_object
            .map(|v| decoding.value("include_resource", Some(v), &Arc::new(Type::Bool)));
        let limit = request
            .limit
            .map(|v| decoding.value("limit", Some(v), &Arc::new(Type::Number)));
        let raw_request = raw::ValidateListResourceConfigRequest {
            type_name: request.type_name,
            config,
            include_resource_object,
            limit,
        };
        let diagnostics: Diagnostics = self
            .guarded(
                |p, stop| async move { p.validate_list_resource_config(raw_request, stop).await },
            )
            .await;
        pb::validate_list_resource_config::Response {
            diagnostics: to_proto::diagnostics(diagnostics),
        }
    }

    /// The stream of a `ListResource` call, each event made into `E` (the
    /// protocol 6 message as is, or its protocol 5 twin).
    pub(super) fn list_resource<E: Send + 'static>(
        &self,
        request: pb::list_resource::Request,
        into: fn(pb::list_resource::Event) -> E,
    ) -> ReceiverStream<Result<E, Status>> {
        tracing::debug!(type_name = %request.type_name, limit = request.limit, "ListResource");
        let (tx, rx) = mpsc::channel(BUFFER);
        let this = self.clone();
        tokio::spawn(async move {
            let closing = this.run_list(request, &tx, into).await;
            if !closing.is_empty() {
                let event = pb::list_resource::Event {
                    diagnostic: to_proto::diagnostics(closing),
                    ..Default::default()
                };
                let _ = tx.send(Ok(into(event))).await;
            }
        });
        ReceiverStream::new(rx)
    }

    /// Runs the provider's list, forwarding its events to `tx`; what
    /// should close the stream.
    async fn run_list<E>(
        &self,
        request: pb::list_resource::Request,
        tx: &mpsc::Sender<Result<E, Status>>,
        into: fn(pb::list_resource::Event) -> E,
    ) -> Diagnostics {
        let type_name = request.type_name;
        let (Some(config_ty), Some(resource_ty)) = (
            self.type_of(TypeKind::ListResource, &type_name),
            self.type_of(TypeKind::Resource, &type_name),
        ) else {
            return Diagnostics::unknown_type(TypeKind::ListResource, &type_name);
        };
        let identity_ty = self.identity_type(&type_name);
        // Terraform reads no more than `limit` events; none at all for 0.
        let Ok(limit) = usize::try_from(request.limit) else {
            return Diagnostics::new();
        };
        if limit == 0 {
            return Diagnostics::new();
        }
        let config = self
            .decoding()
            .value("configuration", request.config, config_ty);
        let include = request.include_resource_object;
        let raw_request = raw::ListResourceRequest {
            type_name: type_name.clone(),
            config,
            include_resource_object: include,
            limit: request.limit,
        };
        let (sink, mut events) = ListSink::channel(BUFFER);
        let call =
            self.guarded(|p, stop| async move { p.list_resource(raw_request, stop, sink).await });
        tokio::pin!(call);
        let mut sent = 0;
        let mut closing: Option<Diagnostics> = None;
        loop {
            let event = match closing {
                // Events sent just before the call ended (a sink moved
                // elsewhere may outlive it: not waited for).
                Some(_) => match events.try_recv() {
                    Ok(event) => event,
                    Err(_) => break,
                },
                None => tokio::select! {
                    done = &mut call => {
                        closing = Some(done);
                        continue;
                    }
                    event = events.recv() => match event {
                        Some(event) => event,
                        // The sink is gone: only the call's end is left.
                        None => {
                            closing = Some((&mut call).await);
                            continue;
                        }
                    },
                },
            };
            let mut event = event;
            let d = &mut event.diagnostics;
            let identity = to_proto::identity(event.identity.take(), identity_ty, d);
            let resource_object = if include {
                to_proto::dynamic(event.resource_object.take(), resource_ty, d)
            } else {
                None
            };
            let message = pb::list_resource::Event {
                identity,
                display_name: event.display_name,
                resource_object,
                diagnostic: to_proto::diagnostics(event.diagnostics),
            };
            if tx.send(Ok(into(message))).await.is_err() {
                // Terraform stopped reading: the call is dropped with us.
                return Diagnostics::new();
            }
            sent += 1;
            if sent == limit {
                return Diagnostics::new();
            }
        }
        closing.unwrap_or_default()
    }
}
