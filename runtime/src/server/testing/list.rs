//! The harness's list resource calls: `ValidateListResourceConfig`,
//! `ListResource` (its stream read as Terraform reads it) and
//! `GenerateResourceConfig`.

use super::convert::{as_v6, call, diagnostics_of, dv6, rpc_failed, value_of};
use super::harness::Harness;
use crate::diag::{Diagnostic, Diagnostics};
use crate::server::proto::tfplugin5::provider_server::Provider as _;
use crate::server::proto::tfplugin6 as pb6;
use crate::server::proto::tfplugin6::provider_server::Provider as _;
use crate::server::raw::RawProvider;
use crate::types::Type;
use crate::value::Value;

/// What a `list` block sets besides its `config` block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListOptions {
    /// `limit`: how many results Terraform reads (100 unless set).
    pub limit: i64,
    /// `include_resource` (or `-generate-config-out`): whether each
    /// result should carry the object's state.
    pub include_resource: bool,
}

impl Default for ListOptions {
    /// Terraform's defaults: 100 results, no states.
    fn default() -> Self {
        ListOptions {
            limit: 100,
            include_resource: false,
        }
    }
}

/// One result of a list, as Terraform reads it.
#[derive(Debug, Clone)]
pub struct ListEvent {
    /// The object's identity.
    pub identity: Value,
    /// The name Terraform shows beside it.
    pub display_name: String,
    /// The object's state, when one was sent.
    pub resource_object: Option<Value>,
    /// Warnings sent with this result.
    pub diagnostics: Diagnostics,
}

/// The result of [`Harness::list_resource`].
#[derive(Debug, Clone)]
pub struct ListResult {
    /// The results Terraform would show, in order: at most `limit`, none
    /// after an error.
    pub events: Vec<ListEvent>,
    /// Every diagnostic of the stream, in order (those of results too),
    /// and Terraform's own error for a result without identity.
    pub diagnostics: Diagnostics,
}

/// The result of [`Harness::generate_resource_config`].
#[derive(Debug, Clone)]
pub struct GeneratedConfig {
    /// The configuration (null when none was returned): attributes to
    /// leave out of the written file are null.
    pub config: Value,
    /// Errors and warnings, including a failed gRPC call.
    pub diagnostics: Diagnostics,
}

impl<P: RawProvider> Harness<P> {
    /// The type of a list resource's `config` block (an empty object if
    /// unknown).
    pub fn list_resource_type(&self, type_name: &str) -> Type {
        self.schema()
            .list_resources
            .get(type_name)
            .map(|s| s.block.implied_type())
            .unwrap_or_else(|| Type::object(Vec::<(String, Type)>::new()))
    }

    /// `ValidateListResourceConfig`, with only the `config` block, as
    /// Terraform 1.15 sends it.
    pub async fn validate_list_resource(&self, type_name: &str, config: &Value) -> Diagnostics {
        let request = pb6::validate_list_resource_config::Request {
            type_name: type_name.into(),
            config: dv6(config, &self.list_resource_type(type_name)),
            include_resource_object: None,
            limit: None,
        };
        let response: Result<pb6::validate_list_resource_config::Response, _> = call!(
            self,
            validate_list_resource_config,
            validate_list_resource_config,
            request
        );
        response.map_or_else(|s| rpc_failed(&s), |r| diagnostics_of(r.diagnostics))
    }

    /// `ListResource`: reads the stream as Terraform 1.15 does. It stops
    /// after `limit` results, or at the first error (an error of a result,
    /// or of the list's end); a result without identity is an error
    /// (`missing identity data in ListResource event for <type>`) unless
    /// it carries only warnings, which are kept.
    pub async fn list_resource(
        &self,
        type_name: &str,
        config: &Value,
        options: ListOptions,
    ) -> ListResult {
        use tokio_stream::StreamExt;
        let request = pb6::list_resource::Request {
            type_name: type_name.into(),
            config: dv6(config, &self.list_resource_type(type_name)),
            include_resource_object: options.include_resource,
            limit: options.limit,
        };
        let mut result = ListResult {
            events: Vec::new(),
            diagnostics: Diagnostics::new(),
        };
        let stream = if self.protocol == 5 {
            let stream = self
                .grpc
                .v5()
                .list_resource(tonic::Request::new(as_v6(&request)))
                .await;
            stream.map(|r| {
                let events = r.into_inner().map(|e| e.map(|e| as_v6(&e)));
                Box::pin(events) as EventStream
            })
        } else {
            let stream = self
                .grpc
                .v6()
                .list_resource(tonic::Request::new(request))
                .await;
            stream.map(|r| Box::pin(r.into_inner()) as EventStream)
        };
        let mut stream = match stream {
            Ok(stream) => stream,
            Err(s) => {
                result.diagnostics = rpc_failed(&s);
                return result;
            }
        };
        let identity_ty = self.identity_type(type_name);
        let resource_ty = self.resource_type(type_name);
        let limit = usize::try_from(options.limit).unwrap_or(0);
        while result.events.len() < limit {
            let event = match stream.next().await {
                None => break,
                Some(Ok(event)) => event,
                Some(Err(s)) => {
                    result.diagnostics.extend(rpc_failed(&s));
                    break;
                }
            };
            let mut diagnostics = diagnostics_of(event.diagnostic);
            result.diagnostics.extend(diagnostics.clone());
            if diagnostics.has_errors() {
                break;
            }
            let identity = event.identity.and_then(|i| i.identity_data);
            let (Some(identity), Some(identity_ty)) = (identity, &identity_ty) else {
                if diagnostics.is_empty() {
                    result.diagnostics.push(Diagnostic::error(
                        "Harness: missing identity",
                        format!("missing identity data in ListResource event for {type_name}"),
                    ));
                    break;
                }
                continue;
            };
            let identity = value_of(Some(identity), identity_ty, &mut diagnostics);
            // As sent, though Terraform reads it only when it asked for it.
            let resource_object = (event.resource_object)
                .map(|state| value_of(Some(state), &resource_ty, &mut diagnostics));
            result.events.push(ListEvent {
                identity,
                display_name: event.display_name,
                resource_object,
                diagnostics,
            });
        }
        result
    }

    /// `GenerateResourceConfig` for an object with this state.
    pub async fn generate_resource_config(
        &self,
        type_name: &str,
        state: &Value,
    ) -> GeneratedConfig {
        let ty = self.resource_type(type_name);
        let request = pb6::generate_resource_config::Request {
            type_name: type_name.into(),
            state: dv6(state, &ty),
        };
        let response: Result<pb6::generate_resource_config::Response, _> = call!(
            self,
            generate_resource_config,
            generate_resource_config,
            request
        );
        match response {
            Ok(r) => {
                let mut diagnostics = diagnostics_of(r.diagnostics);
                let config = value_of(r.config, &ty, &mut diagnostics);
                GeneratedConfig {
                    config,
                    diagnostics,
                }
            }
            Err(s) => GeneratedConfig {
                config: Value::Null(ty),
                diagnostics: rpc_failed(&s),
            },
        }
    }
}

/// A list's events, either protocol's, as protocol 6 messages.
type EventStream = std::pin::Pin<
    Box<dyn tokio_stream::Stream<Item = Result<pb6::list_resource::Event, tonic::Status>> + Send>,
>;
