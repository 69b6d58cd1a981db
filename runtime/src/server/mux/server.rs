//! The mux's `tfplugin6.Provider`: the merged RPCs ([`super::merge`]), the
//! ones sent to every server, and every per-type RPC routed to the server
//! owning the type (`tf6muxserver/mux_server_*.go`).

use tonic::{Request, Response, Status};

use super::combined::{copy_request, Mux};
use super::diagnostics::{has_error, Kind};
use super::join::join_all;
use super::routes::Route;
use crate::server::proto::tfplugin6 as v6;
use crate::server::translate::BoxStream;

type Reply<T> = Result<Response<T>, Status>;

/// Writes the mux's impl: each listed per-type RPC goes to the server
/// owning the request's `$field` of kind `$kind`, or is answered with the
/// diagnostics that say why there is none; the items after the list are
/// written into the impl as they are.
macro_rules! mux_impl {
    (
        $($method:ident($rpc:ident) by $kind:ident in $field:ident;)*
        ;
        $($rest:tt)*
    ) => {
        #[tonic::async_trait]
        impl v6::provider_server::Provider for Mux {
            $(
                #[allow(clippy::needless_update)]
                async fn $method(
                    &self,
                    request: Request<v6::$rpc::Request>,
                ) -> Reply<v6::$rpc::Response> {
                    match self.inner.route(Kind::$kind, &request.get_ref().$field).await? {
                        Route::To(server) => {
                            self.inner.servers[server].provider.$method(request).await
                        }
                        Route::Refused(diagnostics) => Ok(Response::new(v6::$rpc::Response {
                            diagnostics,
                            ..Default::default()
                        })),
                    }
                }
            )*
            $($rest)*
        }
    };
}

mux_impl! {
    validate_resource_config(validate_resource_config) by Resource in type_name;
    validate_data_resource_config(validate_data_resource_config) by DataSource in type_name;
    upgrade_resource_state(upgrade_resource_state) by Resource in type_name;
    upgrade_resource_identity(upgrade_resource_identity) by Resource in type_name;
    read_resource(read_resource) by Resource in type_name;
    apply_resource_change(apply_resource_change) by Resource in type_name;
    import_resource_state(import_resource_state) by Resource in type_name;
    move_resource_state(move_resource_state) by Resource in target_type_name;
    read_data_source(read_data_source) by DataSource in type_name;
    generate_resource_config(generate_resource_config) by Resource in type_name;
    validate_ephemeral_resource_config(validate_ephemeral_resource_config)
        by EphemeralResource in type_name;
    open_ephemeral_resource(open_ephemeral_resource) by EphemeralResource in type_name;
    renew_ephemeral_resource(renew_ephemeral_resource) by EphemeralResource in type_name;
    close_ephemeral_resource(close_ephemeral_resource) by EphemeralResource in type_name;
    validate_list_resource_config(validate_list_resource_config) by ListResource in type_name;
    validate_action_config(validate_action_config) by Action in type_name;
    plan_action(plan_action) by Action in action_type;
    ;

    async fn get_metadata(
        &self,
        _: Request<v6::get_metadata::Request>,
    ) -> Reply<v6::get_metadata::Response> {
        Ok(Response::new(self.merged_metadata().await?))
    }

    async fn get_provider_schema(
        &self,
        _: Request<v6::get_provider_schema::Request>,
    ) -> Reply<v6::get_provider_schema::Response> {
        Ok(Response::new(self.merged_schema().await?))
    }

    async fn get_resource_identity_schemas(
        &self,
        _: Request<v6::get_resource_identity_schemas::Request>,
    ) -> Reply<v6::get_resource_identity_schemas::Response> {
        Ok(Response::new(self.merged_identity_schemas().await?))
    }

    async fn get_functions(
        &self,
        _: Request<v6::get_functions::Request>,
    ) -> Reply<v6::get_functions::Response> {
        Ok(Response::new(self.merged_functions().await?))
    }

    /// Every server at once, their diagnostics joined in order
    /// (`mux_server_ValidateProviderConfig.go` asks them in turn).
    async fn validate_provider_config(
        &self,
        request: Request<v6::validate_provider_config::Request>,
    ) -> Reply<v6::validate_provider_config::Response> {
        let servers = &self.inner.servers;
        let answers = join_all(
            servers.iter().map(|s| s.provider.validate_provider_config(copy_request(&request))),
        )
        .await;
        let mut diagnostics = Vec::new();
        for (answer, server) in answers.into_iter().zip(servers) {
            let answer = answer.map_err(|e| server.failed("error from", " validating provider config", e))?;
            diagnostics.extend(answer.into_inner().diagnostics);
        }
        Ok(Response::new(v6::validate_provider_config::Response { diagnostics }))
    }

    /// Each server in turn, stopping at the first whose diagnostics have an
    /// error (`mux_server_ConfigureProvider.go`): a server is not configured
    /// after another refused the configuration.
    async fn configure_provider(
        &self,
        request: Request<v6::configure_provider::Request>,
    ) -> Reply<v6::configure_provider::Response> {
        let mut diagnostics = Vec::new();
        for server in &self.inner.servers {
            let answer = server.provider.configure_provider(copy_request(&request)).await;
            let answer = answer.map_err(|e| server.failed("error configuring", "", e))?;
            diagnostics.extend(answer.into_inner().diagnostics);
            if has_error(&diagnostics) {
                break;
            }
        }
        Ok(Response::new(v6::configure_provider::Response { diagnostics }))
    }

    /// Every server at once (mux stops them in turn), their errors joined
    /// with newlines.
    async fn stop_provider(
        &self,
        request: Request<v6::stop_provider::Request>,
    ) -> Reply<v6::stop_provider::Response> {
        let servers = &self.inner.servers;
        let answers =
            join_all(servers.iter().map(|s| s.provider.stop_provider(copy_request(&request))))
                .await;
        let mut errors = Vec::new();
        for (answer, server) in answers.into_iter().zip(servers) {
            let answer = answer.map_err(|e| server.failed("error stopping", "", e))?.into_inner();
            if !answer.error.is_empty() {
                errors.push(answer.error);
            }
        }
        Ok(Response::new(v6::stop_provider::Response { error: errors.join("\n") }))
    }

    async fn plan_resource_change(
        &self,
        request: Request<v6::plan_resource_change::Request>,
    ) -> Reply<v6::plan_resource_change::Response> {
        let type_name = &request.get_ref().type_name;
        let server = match self.inner.route(Kind::Resource, type_name).await? {
            Route::To(server) => server,
            Route::Refused(diagnostics) => {
                return Ok(Response::new(v6::plan_resource_change::Response {
                    diagnostics,
                    ..Default::default()
                }))
            }
        };
        let plans_destroy = self.inner.resource_capabilities(type_name).is_some_and(|c| c.plan_destroy);
        if !plans_destroy {
            if let Some(answer) = destroy_plan(request.get_ref())? {
                tracing::trace!("mux: the server does not plan destroys; answered without it");
                return Ok(Response::new(answer));
            }
        }
        self.inner.servers[server].provider.plan_resource_change(request).await
    }

    async fn call_function(
        &self,
        request: Request<v6::call_function::Request>,
    ) -> Reply<v6::call_function::Response> {
        match self.inner.route(Kind::Function, &request.get_ref().name).await? {
            Route::To(server) => self.inner.servers[server].provider.call_function(request).await,
            Route::Refused(diagnostics) => {
                // `mux_server_CallFunction.go`: "summary: detail" of each error.
                let error = v6::diagnostic::Severity::Error as i32;
                let text: Vec<String> = diagnostics
                    .iter()
                    .filter(|d| d.severity == error)
                    .map(|d| format!("{}: {}", d.summary, d.detail))
                    .collect();
                Ok(Response::new(v6::call_function::Response {
                    result: None,
                    error: Some(v6::FunctionError {
                        text: text.join("\n"),
                        function_argument: None,
                    }),
                }))
            }
        }
    }

    type ListResourceStream = BoxStream<v6::list_resource::Event>;

    async fn list_resource(
        &self,
        request: Request<v6::list_resource::Request>,
    ) -> Reply<Self::ListResourceStream> {
        match self.inner.route(Kind::ListResource, &request.get_ref().type_name).await? {
            Route::To(server) => self.inner.servers[server].provider.list_resource(request).await,
            Route::Refused(diagnostic) => {
                // One event with the diagnostics, as `mux_server_ListResource.go`.
                let event = v6::list_resource::Event { diagnostic, ..Default::default() };
                Ok(Response::new(Box::pin(tokio_stream::once(Ok(event)))))
            }
        }
    }

    type InvokeActionStream = BoxStream<v6::invoke_action::Event>;

    async fn invoke_action(
        &self,
        request: Request<v6::invoke_action::Request>,
    ) -> Reply<Self::InvokeActionStream> {
        match self.inner.route(Kind::Action, &request.get_ref().action_type).await? {
            Route::To(server) => self.inner.servers[server].provider.invoke_action(request).await,
            Route::Refused(diagnostics) => {
                use v6::invoke_action::event::{Completed, Type};
                let completed = Type::Completed(Completed { diagnostics });
                let event = v6::invoke_action::Event { r#type: Some(completed) };
                Ok(Response::new(Box::pin(tokio_stream::once(Ok(event)))))
            }
        }
    }
}

/// The mux's own answer to a destroy plan for a server without the
/// `plan_destroy` capability (`mux_server_PlanResourceChange.go`): the
/// prior private data kept, the null proposed state planned. `None` when
/// the request is not a destroy plan.
fn destroy_plan(
    request: &v6::plan_resource_change::Request,
) -> Result<Option<v6::plan_resource_change::Response>, Status> {
    let answer = |planned_state| v6::plan_resource_change::Response {
        planned_state,
        planned_private: request.prior_private.clone(),
        ..Default::default()
    };
    let Some(proposed) = &request.proposed_new_state else {
        return Ok(Some(answer(None)));
    };
    let null = if !proposed.msgpack.is_empty() {
        proposed.msgpack == [0xc0]
    } else if !proposed.json.is_empty() {
        proposed.json.trim_ascii() == b"null"
    } else {
        return Err(Status::unknown(
            "unable to determine if request is destroy plan: the proposed new state has neither \
             MessagePack nor JSON",
        ));
    };
    Ok(null.then(|| answer(Some(proposed.clone()))))
}
