//! The action RPCs: `ValidateActionConfig`, `PlanAction` and
//! `InvokeAction` (server streaming: progress messages, then one
//! completion carrying the diagnostics).

use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tonic::Status;

use super::{deferral, from_proto, to_proto, GrpcProvider};
use crate::diag::Diagnostics;
use crate::server::proto::tfplugin6 as pb;
use crate::server::raw::{self, Answer, ProgressSink, RawProvider, TypeKind};

/// Progress messages in flight between the provider and Terraform.
const BUFFER: usize = 16;

impl<P: RawProvider> GrpcProvider<P> {
    pub(super) async fn validate_action_config(
        &self,
        request: pb::validate_action_config::Request,
    ) -> pb::validate_action_config::Response {
        tracing::debug!(type_name = %request.type_name, "ValidateActionConfig");
        let Some(ty) = self.type_of(TypeKind::Action, &request.type_name) else {
            return Answer::unknown_type(TypeKind::Action, &request.type_name);
        };
        let config = self.decoding().value("configuration", request.config, ty);
        let raw_request = raw::ValidateActionConfigRequest {
            type_name: request.type_name,
            config,
        };
        let diagnostics: Diagnostics = self
            .guarded(|p, stop| async move { p.validate_action_config(raw_request, stop).await })
            .await;
        pb::validate_action_config::Response {
            diagnostics: to_proto::diagnostics(diagnostics),
        }
    }

    pub(super) async fn plan_action(
        &self,
        request: pb::plan_action::Request,
    ) -> pb::plan_action::Response {
        tracing::debug!(type_name = %request.action_type, "PlanAction");
        let Some(ty) = self.type_of(TypeKind::Action, &request.action_type) else {
            return Answer::unknown_type(TypeKind::Action, &request.action_type);
        };
        let config = self.decoding().value("configuration", request.config, ty);
        let raw_request = raw::PlanActionRequest {
            type_name: request.action_type,
            config,
            client_capabilities: from_proto::capabilities(request.client_capabilities.as_ref()),
        };
        let mut response = self
            .guarded(|p, stop| async move { p.plan_action(raw_request, stop).await })
            .await;
        let d = &mut response.diagnostics;
        let deferred = deferral::never(response.deferred, "planning an action", d);
        pb::plan_action::Response {
            diagnostics: to_proto::diagnostics(response.diagnostics),
            deferred,
        }
    }

    /// The stream of an `InvokeAction` call, each event made into `E` (the
    /// protocol 6 message as is, or its protocol 5 twin).
    pub(super) fn invoke_action<E: Send + 'static>(
        &self,
        request: pb::invoke_action::Request,
        into: fn(pb::invoke_action::Event) -> E,
    ) -> ReceiverStream<Result<E, Status>> {
        use pb::invoke_action::event::{Completed, Progress, Type};
        tracing::debug!(type_name = %request.action_type, "InvokeAction");
        let (tx, rx) = mpsc::channel(BUFFER);
        let this = self.clone();
        tokio::spawn(async move {
            let event = |t: Type| into(pb::invoke_action::Event { r#type: Some(t) });
            let diagnostics = match this.type_of(TypeKind::Action, &request.action_type) {
                None => Diagnostics::unknown_type(TypeKind::Action, &request.action_type),
                Some(ty) => {
                    let config = this.decoding().value("configuration", request.config, ty);
                    let raw_request = raw::InvokeActionRequest {
                        type_name: request.action_type,
                        config,
                        client_capabilities: from_proto::capabilities(
                            request.client_capabilities.as_ref(),
                        ),
                    };
                    let (sink, mut messages) = ProgressSink::channel(BUFFER);
                    let call = this.guarded(|p, stop| async move {
                        p.invoke_action(raw_request, stop, sink).await
                    });
                    tokio::pin!(call);
                    let diagnostics = loop {
                        let message = tokio::select! {
                            d = &mut call => break d,
                            message = messages.recv() => message,
                        };
                        // The sink is gone: only the call's end is left.
                        let Some(message) = message else {
                            break (&mut call).await;
                        };
                        let progress = event(Type::Progress(Progress { message }));
                        if tx.send(Ok(progress)).await.is_err() {
                            return;
                        }
                    };
                    // Messages sent just before the call ended (a sink
                    // moved elsewhere may outlive it: not waited for).
                    while let Ok(message) = messages.try_recv() {
                        let progress = event(Type::Progress(Progress { message }));
                        if tx.send(Ok(progress)).await.is_err() {
                            return;
                        }
                    }
                    diagnostics
                }
            };
            let completed = Completed {
                diagnostics: to_proto::diagnostics(diagnostics),
            };
            let _ = tx.send(Ok(event(Type::Completed(completed)))).await;
        });
        ReceiverStream::new(rx)
    }
}
