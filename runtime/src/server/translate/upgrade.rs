//! [`Upgrade`]: a protocol 5 server served as protocol 6.

use tonic::{Request, Response, Status};

use super::core::{translate_stream, BoxStream, Translate};
use super::forward::forwarding_impl;
use crate::server::proto::{tfplugin5 as v5, tfplugin6 as v6};

/// A `tfplugin5.Provider` implementation served as `tfplugin6.Provider`,
/// as terraform-plugin-mux's `tf5to6server.UpgradeServer`: each request is
/// moved into its protocol 5 twin and each answer back
/// ([`Translate`]). Protocol 6 can carry everything protocol 5 says, so
/// nothing is refused; `PrepareProviderConfig`'s `prepared_config` has no
/// place in `ValidateProviderConfig`'s answer and is dropped.
#[derive(Debug, Clone, Default)]
pub struct Upgrade<P>(P);

impl<P> Upgrade<P> {
    /// Serves `server` as protocol 6.
    pub fn new(server: P) -> Self {
        Upgrade(server)
    }

    /// The protocol 5 server.
    pub fn get_ref(&self) -> &P {
        &self.0
    }

    /// The protocol 5 server, unwrapped.
    pub fn into_inner(self) -> P {
        self.0
    }
}

type Reply<T> = Result<Response<T>, Status>;

forwarding_impl! {
    impl<P: v5::provider_server::Provider> Upgrade<P>: v6::provider_server::Provider {
        via Translate::translate;
        get_metadata(v6::get_metadata::Request) -> v6::get_metadata::Response => get_metadata;
        get_provider_schema(v6::get_provider_schema::Request)
            -> v6::get_provider_schema::Response => get_schema;
        get_resource_identity_schemas(v6::get_resource_identity_schemas::Request)
            -> v6::get_resource_identity_schemas::Response => get_resource_identity_schemas;
        validate_provider_config(v6::validate_provider_config::Request)
            -> v6::validate_provider_config::Response => prepare_provider_config;
        validate_resource_config(v6::validate_resource_config::Request)
            -> v6::validate_resource_config::Response => validate_resource_type_config;
        validate_data_resource_config(v6::validate_data_resource_config::Request)
            -> v6::validate_data_resource_config::Response => validate_data_source_config;
        upgrade_resource_state(v6::upgrade_resource_state::Request)
            -> v6::upgrade_resource_state::Response => upgrade_resource_state;
        upgrade_resource_identity(v6::upgrade_resource_identity::Request)
            -> v6::upgrade_resource_identity::Response => upgrade_resource_identity;
        configure_provider(v6::configure_provider::Request)
            -> v6::configure_provider::Response => configure;
        read_resource(v6::read_resource::Request) -> v6::read_resource::Response => read_resource;
        plan_resource_change(v6::plan_resource_change::Request)
            -> v6::plan_resource_change::Response => plan_resource_change;
        apply_resource_change(v6::apply_resource_change::Request)
            -> v6::apply_resource_change::Response => apply_resource_change;
        import_resource_state(v6::import_resource_state::Request)
            -> v6::import_resource_state::Response => import_resource_state;
        move_resource_state(v6::move_resource_state::Request)
            -> v6::move_resource_state::Response => move_resource_state;
        read_data_source(v6::read_data_source::Request)
            -> v6::read_data_source::Response => read_data_source;
        generate_resource_config(v6::generate_resource_config::Request)
            -> v6::generate_resource_config::Response => generate_resource_config;
        validate_ephemeral_resource_config(v6::validate_ephemeral_resource_config::Request)
            -> v6::validate_ephemeral_resource_config::Response => validate_ephemeral_resource_config;
        open_ephemeral_resource(v6::open_ephemeral_resource::Request)
            -> v6::open_ephemeral_resource::Response => open_ephemeral_resource;
        renew_ephemeral_resource(v6::renew_ephemeral_resource::Request)
            -> v6::renew_ephemeral_resource::Response => renew_ephemeral_resource;
        close_ephemeral_resource(v6::close_ephemeral_resource::Request)
            -> v6::close_ephemeral_resource::Response => close_ephemeral_resource;
        validate_list_resource_config(v6::validate_list_resource_config::Request)
            -> v6::validate_list_resource_config::Response => validate_list_resource_config;
        get_functions(v6::get_functions::Request) -> v6::get_functions::Response => get_functions;
        call_function(v6::call_function::Request) -> v6::call_function::Response => call_function;
        validate_action_config(v6::validate_action_config::Request)
            -> v6::validate_action_config::Response => validate_action_config;
        plan_action(v6::plan_action::Request) -> v6::plan_action::Response => plan_action;
        stop_provider(v6::stop_provider::Request) -> v6::stop_provider::Response => stop;
    }

    type ListResourceStream = BoxStream<v6::list_resource::Event>;

    async fn list_resource(
        &self,
        request: Request<v6::list_resource::Request>,
    ) -> Reply<Self::ListResourceStream> {
        let answer = self.0.list_resource(request.map(Translate::translate)).await?;
        Ok(answer.map(translate_stream))
    }

    type InvokeActionStream = BoxStream<v6::invoke_action::Event>;

    async fn invoke_action(
        &self,
        request: Request<v6::invoke_action::Request>,
    ) -> Reply<Self::InvokeActionStream> {
        let answer = self.0.invoke_action(request.map(Translate::translate)).await?;
        Ok(answer.map(translate_stream))
    }
}
