//! The protocol 6 face: `tfplugin6.Provider`, served by the handlers as
//! they are.

use tokio_stream::wrappers::ReceiverStream;
use tonic::{Request, Status};

use super::reply::{reply, Reply};
use super::schema::NestedAttributes;
use super::GrpcProvider;
use crate::server::proto::tfplugin6 as pb;
use crate::server::raw::RawProvider;

/// The protocol 6 face of a [`GrpcProvider`].
#[derive(Debug)]
pub struct Grpc6<P>(pub(crate) GrpcProvider<P>);

impl<P: RawProvider> GrpcProvider<P> {
    /// The protocol 6 face.
    pub fn v6(&self) -> Grpc6<P> {
        Grpc6(self.clone())
    }
}

impl<P> Clone for Grpc6<P> {
    fn clone(&self) -> Self {
        Grpc6(self.0.clone())
    }
}

#[tonic::async_trait]
impl<P: RawProvider> pb::provider_server::Provider for Grpc6<P> {
    async fn get_metadata(
        &self,
        _: Request<pb::get_metadata::Request>,
    ) -> Reply<pb::get_metadata::Response> {
        reply(self.0.get_metadata())
    }

    async fn get_provider_schema(
        &self,
        _: Request<pb::get_provider_schema::Request>,
    ) -> Reply<pb::get_provider_schema::Response> {
        reply(self.0.get_provider_schema(NestedAttributes::Nested))
    }

    async fn get_resource_identity_schemas(
        &self,
        _: Request<pb::get_resource_identity_schemas::Request>,
    ) -> Reply<pb::get_resource_identity_schemas::Response> {
        reply(self.0.get_resource_identity_schemas())
    }

    async fn validate_provider_config(
        &self,
        request: Request<pb::validate_provider_config::Request>,
    ) -> Reply<pb::validate_provider_config::Response> {
        reply(self.0.validate_provider_config(request.into_inner()).await)
    }

    async fn validate_resource_config(
        &self,
        request: Request<pb::validate_resource_config::Request>,
    ) -> Reply<pb::validate_resource_config::Response> {
        reply(self.0.validate_resource_config(request.into_inner()).await)
    }

    async fn validate_data_resource_config(
        &self,
        request: Request<pb::validate_data_resource_config::Request>,
    ) -> Reply<pb::validate_data_resource_config::Response> {
        reply(
            self.0
                .validate_data_resource_config(request.into_inner())
                .await,
        )
    }

    async fn upgrade_resource_state(
        &self,
        request: Request<pb::upgrade_resource_state::Request>,
    ) -> Reply<pb::upgrade_resource_state::Response> {
        reply(self.0.upgrade_resource_state(request.into_inner()).await)
    }

    async fn upgrade_resource_identity(
        &self,
        request: Request<pb::upgrade_resource_identity::Request>,
    ) -> Reply<pb::upgrade_resource_identity::Response> {
        reply(self.0.upgrade_resource_identity(request.into_inner()).await)
    }

    async fn configure_provider(
        &self,
        request: Request<pb::configure_provider::Request>,
    ) -> Reply<pb::configure_provider::Response> {
        reply(self.0.configure_provider(request.into_inner()).await)
    }

    async fn read_resource(
        &self,
        request: Request<pb::read_resource::Request>,
    ) -> Reply<pb::read_resource::Response> {
        reply(self.0.read_resource(request.into_inner()).await)
    }

    async fn plan_resource_change(
        &self,
        request: Request<pb::plan_resource_change::Request>,
    ) -> Reply<pb::plan_resource_change::Response> {
        reply(self.0.plan_resource_change(request.into_inner()).await)
    }

    async fn apply_resource_change(
        &self,
        request: Request<pb::apply_resource_change::Request>,
    ) -> Reply<pb::apply_resource_change::Response> {
        reply(self.0.apply_resource_change(request.into_inner()).await)
    }

    async fn import_resource_state(
        &self,
        request: Request<pb::import_resource_state::Request>,
    ) -> Reply<pb::import_resource_state::Response> {
        reply(self.0.import_resource_state(request.into_inner()).await)
    }

    async fn move_resource_state(
        &self,
        request: Request<pb::move_resource_state::Request>,
    ) -> Reply<pb::move_resource_state::Response> {
        reply(self.0.move_resource_state(request.into_inner()).await)
    }

    async fn read_data_source(
        &self,
        request: Request<pb::read_data_source::Request>,
    ) -> Reply<pb::read_data_source::Response> {
        reply(self.0.read_data_source(request.into_inner()).await)
    }

    async fn generate_resource_config(
        &self,
        request: Request<pb::generate_resource_config::Request>,
    ) -> Reply<pb::generate_resource_config::Response> {
        reply(self.0.generate_resource_config(request.into_inner()).await)
    }

    async fn validate_ephemeral_resource_config(
        &self,
        request: Request<pb::validate_ephemeral_resource_config::Request>,
    ) -> Reply<pb::validate_ephemeral_resource_config::Response> {
        reply(
            self.0
                .validate_ephemeral_resource_config(request.into_inner())
                .await,
        )
    }

    async fn open_ephemeral_resource(
        &self,
        request: Request<pb::open_ephemeral_resource::Request>,
    ) -> Reply<pb::open_ephemeral_resource::Response> {
        reply(self.0.open_ephemeral_resource(request.into_inner()).await)
    }

    async fn renew_ephemeral_resource(
        &self,
        request: Request<pb::renew_ephemeral_resource::Request>,
    ) -> Reply<pb::renew_ephemeral_resource::Response> {
        reply(self.0.renew_ephemeral_resource(request.into_inner()).await)
    }

    async fn close_ephemeral_resource(
        &self,
        request: Request<pb::close_ephemeral_resource::Request>,
    ) -> Reply<pb::close_ephemeral_resource::Response> {
        reply(self.0.close_ephemeral_resource(request.into_inner()).await)
    }

    type ListResourceStream = ReceiverStream<Result<pb::list_resource::Event, Status>>;

    async fn list_resource(
        &self,
        request: Request<pb::list_resource::Request>,
    ) -> Reply<Self::ListResourceStream> {
        reply(self.0.list_resource(request.into_inner(), |e| e))
    }

    async fn validate_list_resource_config(
        &self,
        request: Request<pb::validate_list_resource_config::Request>,
    ) -> Reply<pb::validate_list_resource_config::Response> {
        reply(
            self.0
                .validate_list_resource_config(request.into_inner())
                .await,
        )
    }

    async fn get_functions(
        &self,
        _: Request<pb::get_functions::Request>,
    ) -> Reply<pb::get_functions::Response> {
        reply(self.0.get_functions())
    }

    async fn call_function(
        &self,
        request: Request<pb::call_function::Request>,
    ) -> Reply<pb::call_function::Response> {
        reply(self.0.call_function(request.into_inner()).await)
    }

    async fn validate_action_config(
        &self,
        request: Request<pb::validate_action_config::Request>,
    ) -> Reply<pb::validate_action_config::Response> {
        reply(self.0.validate_action_config(request.into_inner()).await)
    }

    async fn plan_action(
        &self,
        request: Request<pb::plan_action::Request>,
    ) -> Reply<pb::plan_action::Response> {
        reply(self.0.plan_action(request.into_inner()).await)
    }

    type InvokeActionStream = ReceiverStream<Result<pb::invoke_action::Event, Status>>;

    async fn invoke_action(
        &self,
        request: Request<pb::invoke_action::Request>,
    ) -> Reply<Self::InvokeActionStream> {
        reply(self.0.invoke_action(request.into_inner(), |e| e))
    }

    async fn stop_provider(
        &self,
        _: Request<pb::stop_provider::Request>,
    ) -> Reply<pb::stop_provider::Response> {
        self.0.stop();
        reply(Default::default())
    }
}
