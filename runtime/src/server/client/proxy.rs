//! What both proxies share: a call to the child raced against its exit,
//! and the failed call answered as Terraform prints it best, a response
//! carrying an error diagnostic.

use std::future::Future;
use std::time::Duration;

use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::StreamExt as _;
use tonic::{Code, Response, Status, Streaming};

use super::plugin::PluginClient;

/// How long a transport failure waits for the child's exit to be seen, so
/// that the error names the exit rather than a broken connection.
const EXIT_SETTLE: Duration = Duration::from_millis(500);

/// A response that can carry an error in place of an answer: the
/// diagnostics of most responses, the error field of `StopProvider` and
/// `CallFunction`, a final event of the streaming calls.
pub(super) trait Failed: Sized {
    /// The response (or event) carrying an error diagnostic.
    fn failed(summary: String, detail: String) -> Self;
}

/// Why a call could not reach the child: its exit, or a broken
/// connection to a live child.
pub(super) struct Unreachable {
    pub(super) summary: String,
    pub(super) detail: String,
}

impl PluginClient {
    /// A failed call's status as the answer to give: the error of an
    /// unreachable child when the status is the transport's (a broken or
    /// refused connection, or the child exiting meanwhile), else the
    /// provider's own status, passed through (Terraform reads
    /// `Unimplemented` from some calls; a limit or codec error has its own
    /// code).
    async fn transport_failure(&self, rpc: &str, status: Status) -> Result<Unreachable, Status> {
        let underneath = std::error::Error::source(&status).is_some();
        let connection = match status.code() {
            Code::Unavailable | Code::Cancelled => true,
            // tonic's word for a connection that broke mid-call.
            Code::Unknown => underneath,
            _ => false,
        };
        if !underneath && !connection {
            return Err(status);
        }
        // The exit may be seen a moment after the broken connection.
        if let Ok(exited) = tokio::time::timeout(EXIT_SETTLE, self.exited()).await {
            return Ok(self.describe(rpc, exited));
        }
        if !connection {
            return Err(status);
        }
        let summary = format!(
            "provider {}: the connection failed: {}",
            self.name(),
            status.message()
        );
        Ok(self.describe(rpc, summary))
    }

    /// The error of a call the child did not answer because it exited.
    async fn gone(&self, rpc: &str) -> Unreachable {
        let exited = self.exited().await;
        self.describe(rpc, exited)
    }

    /// The diagnostic's texts: `summary`, and a detail naming the binary
    /// and the call, with the end of its stderr.
    fn describe(&self, rpc: &str, summary: String) -> Unreachable {
        let binary = self
            .binary()
            .map(|b| format!(" ({})", b.display()))
            .unwrap_or_default();
        let detail = format!(
            "The provider {}{binary} did not answer the {rpc} call: {summary}.\n{}",
            self.name(),
            self.stderr_tail()
        );
        Unreachable { summary, detail }
    }

    /// One unary call to the child, answered by its exit if that comes
    /// first.
    pub(super) async fn unary<T: Failed>(
        &self,
        rpc: &str,
        call: impl Future<Output = Result<Response<T>, Status>>,
    ) -> Result<Response<T>, Status> {
        let result = tokio::select! {
            biased;
            result = call => result,
            _ = self.exited() => {
                let u = self.gone(rpc).await;
                return Ok(Response::new(T::failed(u.summary, u.detail)));
            }
        };
        match result {
            Ok(response) => Ok(Response::new(response.into_inner())),
            Err(status) => {
                let u = self.transport_failure(rpc, status).await?;
                Ok(Response::new(T::failed(u.summary, u.detail)))
            }
        }
    }

    /// One server-streaming call: the child's events forwarded as they
    /// come; its exit, or a broken stream, ends the stream with an event
    /// carrying the error.
    pub(super) async fn streaming<T: Failed + Send + 'static>(
        &self,
        rpc: &'static str,
        call: impl Future<Output = Result<Response<Streaming<T>>, Status>>,
    ) -> Result<Response<ReceiverStream<Result<T, Status>>>, Status> {
        let (tx, rx) = mpsc::channel(16);
        let mut stream = match self.unary_stream(rpc, call).await {
            Ok(stream) => stream,
            Err(Ok(event)) => {
                let _ = tx.send(Ok(event)).await;
                return Ok(Response::new(ReceiverStream::new(rx)));
            }
            Err(Err(status)) => return Err(status),
        };
        let plugin = self.clone();
        tokio::spawn(async move {
            loop {
                let next = tokio::select! {
                    biased;
                    next = stream.next() => next,
                    _ = plugin.exited() => {
                        let u = plugin.gone(rpc).await;
                        let _ = tx.send(Ok(T::failed(u.summary, u.detail))).await;
                        return;
                    }
                };
                let item = match next {
                    None => return,
                    Some(Ok(event)) => Ok(event),
                    Some(Err(status)) => plugin
                        .transport_failure(rpc, status)
                        .await
                        .map(|u| T::failed(u.summary, u.detail)),
                };
                let last = item.is_err() || tx.is_closed();
                if tx.send(item).await.is_err() || last {
                    return;
                }
            }
        });
        Ok(Response::new(ReceiverStream::new(rx)))
    }

    /// Opens a stream: the stream, or the event (or status) to answer with
    /// instead.
    async fn unary_stream<T: Failed>(
        &self,
        rpc: &str,
        call: impl Future<Output = Result<Response<Streaming<T>>, Status>>,
    ) -> Result<Streaming<T>, Result<T, Status>> {
        let result = tokio::select! {
            biased;
            result = call => result,
            _ = self.exited() => {
                let u = self.gone(rpc).await;
                return Err(Ok(T::failed(u.summary, u.detail)));
            }
        };
        match result {
            Ok(response) => Ok(response.into_inner()),
            Err(status) => Err(self
                .transport_failure(rpc, status)
                .await
                .map(|u| T::failed(u.summary, u.detail))),
        }
    }
}

/// Implements [`Failed`] for the responses of one protocol module.
macro_rules! failed_responses {
    ($proto:ident, stop: $stop:ident, $($module:ident),* $(,)?) => {
        $(
            impl $crate::server::client::proxy::Failed for $proto::$module::Response {
                // Some responses have nothing but diagnostics.
                #[allow(clippy::needless_update)]
                fn failed(summary: String, detail: String) -> Self {
                    $proto::$module::Response {
                        diagnostics: vec![$proto::Diagnostic {
                            severity: $proto::diagnostic::Severity::Error as i32,
                            summary,
                            detail,
                            attribute: None,
                        }],
                        ..Default::default()
                    }
                }
            }
        )*

        impl $crate::server::client::proxy::Failed for $proto::$stop::Response {
            fn failed(summary: String, detail: String) -> Self {
                $proto::$stop::Response {
                    error: format!("{summary}\n{detail}"),
                }
            }
        }

        impl $crate::server::client::proxy::Failed for $proto::call_function::Response {
            fn failed(summary: String, detail: String) -> Self {
                $proto::call_function::Response {
                    result: None,
                    error: Some($proto::FunctionError {
                        text: format!("{summary}\n{detail}"),
                        function_argument: None,
                    }),
                }
            }
        }

        impl $crate::server::client::proxy::Failed for $proto::list_resource::Event {
            fn failed(summary: String, detail: String) -> Self {
                $proto::list_resource::Event {
                    diagnostic: vec![$proto::Diagnostic {
                        severity: $proto::diagnostic::Severity::Error as i32,
                        summary,
                        detail,
                        attribute: None,
                    }],
                    ..Default::default()
                }
            }
        }

        impl $crate::server::client::proxy::Failed for $proto::invoke_action::Event {
            fn failed(summary: String, detail: String) -> Self {
                $proto::invoke_action::Event {
                    r#type: Some($proto::invoke_action::event::Type::Completed(
                        $proto::invoke_action::event::Completed {
                            diagnostics: vec![$proto::Diagnostic {
                                severity: $proto::diagnostic::Severity::Error as i32,
                                summary,
                                detail,
                                attribute: None,
                            }],
                        },
                    )),
                }
            }
        }
    };
}
pub(super) use failed_responses;

/// Implements a protocol's `Provider` service for a proxy type with a
/// `plugin: PluginClient` field and a `grpc()` client constructor: every
/// unary RPC through [`PluginClient::unary`], every streaming one through
/// [`PluginClient::streaming`]. The request's message is forwarded alone:
/// Terraform sends no metadata a provider reads.
macro_rules! proxy_service {
    (
        $proxy:ident, $proto:ident,
        unary { $($method:ident($module:ident) $rpc:literal,)* }
        streaming { $($smethod:ident($smodule:ident, $stream:ident) $srpc:literal,)* }
    ) => {
        #[tonic::async_trait]
        impl $proto::provider_server::Provider for $proxy {
            $(
                async fn $method(
                    &self,
                    request: tonic::Request<$proto::$module::Request>,
                ) -> Result<tonic::Response<$proto::$module::Response>, tonic::Status> {
                    let mut client = self.grpc();
                    let call = client.$method(tonic::Request::new(request.into_inner()));
                    self.plugin.unary($rpc, call).await
                }
            )*
            $(
                type $stream = tokio_stream::wrappers::ReceiverStream<
                    Result<$proto::$smodule::Event, tonic::Status>,
                >;

                async fn $smethod(
                    &self,
                    request: tonic::Request<$proto::$smodule::Request>,
                ) -> Result<tonic::Response<Self::$stream>, tonic::Status> {
                    let mut client = self.grpc();
                    let call = client.$smethod(tonic::Request::new(request.into_inner()));
                    self.plugin.streaming($srpc, call).await
                }
            )*
        }
    };
}
pub(super) use proxy_service;
