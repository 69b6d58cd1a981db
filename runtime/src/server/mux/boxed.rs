//! [`Boxed`]: any `tfplugin6.Provider` implementation as a [`DynProvider`].

use tonic::{Request, Response, Status};

use crate::server::proto::tfplugin6 as v6;
use crate::server::translate::forward::forwarding_impl;
use crate::server::translate::BoxStream;

/// A `tfplugin6.Provider` implementation as the mux holds it: any
/// implementation, its answer streams boxed ([`MuxBuilder::protocol_6`](super::MuxBuilder::protocol_6)
/// boxes them).
pub type DynProvider = dyn v6::provider_server::Provider<
    ListResourceStream = BoxStream<v6::list_resource::Event>,
    InvokeActionStream = BoxStream<v6::invoke_action::Event>,
>;

/// A `tfplugin6.Provider` implementation with its answer streams boxed,
/// which makes it a [`DynProvider`].
#[derive(Debug)]
pub(super) struct Boxed<P>(pub(super) P);

type Reply<T> = Result<Response<T>, Status>;

forwarding_impl! {
    impl<P: v6::provider_server::Provider> Boxed<P>: v6::provider_server::Provider {
        via std::convert::identity;
        get_metadata(v6::get_metadata::Request) -> v6::get_metadata::Response => get_metadata;
        get_provider_schema(v6::get_provider_schema::Request)
            -> v6::get_provider_schema::Response => get_provider_schema;
        get_resource_identity_schemas(v6::get_resource_identity_schemas::Request)
            -> v6::get_resource_identity_schemas::Response => get_resource_identity_schemas;
        validate_provider_config(v6::validate_provider_config::Request)
            -> v6::validate_provider_config::Response => validate_provider_config;
        validate_resource_config(v6::validate_resource_config::Request)
            -> v6::validate_resource_config::Response => validate_resource_config;
        validate_data_resource_config(v6::validate_data_resource_config::Request)
            -> v6::validate_data_resource_config::Response => validate_data_resource_config;
        upgrade_resource_state(v6::upgrade_resource_state::Request)
            -> v6::upgrade_resource_state::Response => upgrade_resource_state;
        upgrade_resource_identity(v6::upgrade_resource_identity::Request)
            -> v6::upgrade_resource_identity::Response => upgrade_resource_identity;
        configure_provider(v6::configure_provider::Request)
            -> v6::configure_provider::Response => configure_provider;
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
        stop_provider(v6::stop_provider::Request)
            -> v6::stop_provider::Response => stop_provider;
    }

    type ListResourceStream = BoxStream<v6::list_resource::Event>;

    async fn list_resource(
        &self,
        request: Request<v6::list_resource::Request>,
    ) -> Reply<Self::ListResourceStream> {
        let answer = self.0.list_resource(request).await?;
        Ok(answer.map(|stream| Box::pin(stream) as BoxStream<_>))
    }

    type InvokeActionStream = BoxStream<v6::invoke_action::Event>;

    async fn invoke_action(
        &self,
        request: Request<v6::invoke_action::Request>,
    ) -> Reply<Self::InvokeActionStream> {
        let answer = self.0.invoke_action(request).await?;
        Ok(answer.map(|stream| Box::pin(stream) as BoxStream<_>))
    }
}
