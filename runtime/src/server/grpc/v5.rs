//! The protocol 5 face: `tfplugin5.Provider`, served by the protocol 6
//! handlers: each request is moved into its protocol 6 twin and each answer
//! back ([`crate::server::translate`]).

use tokio_stream::wrappers::ReceiverStream;
use tonic::{Request, Status};

use super::reply::{reply, Reply};
use super::schema::NestedAttributes;
use super::GrpcProvider;
use crate::server::proto::tfplugin5 as pb;
use crate::server::raw::RawProvider;
use crate::server::translate::Translate;

/// The protocol 5 face of a [`GrpcProvider`].
#[derive(Debug)]
pub struct Grpc5<P>(pub(crate) GrpcProvider<P>);

impl<P: RawProvider> GrpcProvider<P> {
    /// The protocol 5 face.
    pub fn v5(&self) -> Grpc5<P> {
        Grpc5(self.clone())
    }
}

impl<P> Clone for Grpc5<P> {
    fn clone(&self) -> Self {
        Grpc5(self.0.clone())
    }
}

#[tonic::async_trait]
impl<P: RawProvider> pb::provider_server::Provider for Grpc5<P> {
    async fn get_metadata(
        &self,
        _: Request<pb::get_metadata::Request>,
    ) -> Reply<pb::get_metadata::Response> {
        reply(self.0.get_metadata().translate())
    }

    async fn get_schema(
        &self,
        _: Request<pb::get_provider_schema::Request>,
    ) -> Reply<pb::get_provider_schema::Response> {
        reply(
            self.0
                .get_provider_schema(NestedAttributes::Implied)
                .translate(),
        )
    }

    async fn get_resource_identity_schemas(
        &self,
        _: Request<pb::get_resource_identity_schemas::Request>,
    ) -> Reply<pb::get_resource_identity_schemas::Response> {
        reply(self.0.get_resource_identity_schemas().translate())
    }

    async fn prepare_provider_config(
        &self,
        request: Request<pb::prepare_provider_config::Request>,
    ) -> Reply<pb::prepare_provider_config::Response> {
        let request = request.into_inner().translate();
        let (prepared_config, diagnostics) = self.0.prepare_provider_config(request).await;
        reply(pb::prepare_provider_config::Response {
            prepared_config: prepared_config.translate(),
            diagnostics: diagnostics.translate(),
        })
    }

    async fn validate_resource_type_config(
        &self,
        request: Request<pb::validate_resource_type_config::Request>,
    ) -> Reply<pb::validate_resource_type_config::Response> {
        let request = request.into_inner().translate();
        reply(self.0.validate_resource_config(request).await.translate())
    }

    async fn validate_data_source_config(
        &self,
        request: Request<pb::validate_data_source_config::Request>,
    ) -> Reply<pb::validate_data_source_config::Response> {
        let request = request.into_inner().translate();
        reply(
            self.0
                .validate_data_resource_config(request)
                .await
                .translate(),
        )
    }

    async fn upgrade_resource_state(
        &self,
        request: Request<pb::upgrade_resource_state::Request>,
    ) -> Reply<pb::upgrade_resource_state::Response> {
        let request = request.into_inner().translate();
        reply(self.0.upgrade_resource_state(request).await.translate())
    }

    async fn upgrade_resource_identity(
        &self,
        request: Request<pb::upgrade_resource_identity::Request>,
    ) -> Reply<pb::upgrade_resource_identity::Response> {
        let request = request.into_inner().translate();
        reply(self.0.upgrade_resource_identity(request).await.translate())
    }

    async fn configure(
        &self,
        request: Request<pb::configure::Request>,
    ) -> Reply<pb::configure::Response> {
        let request = request.into_inner().translate();
        reply(self.0.configure_provider(request).await.translate())
    }

    async fn read_resource(
        &self,
        request: Request<pb::read_resource::Request>,
    ) -> Reply<pb::read_resource::Response> {
        let request = request.into_inner().translate();
        reply(self.0.read_resource(request).await.translate())
    }

    async fn plan_resource_change(
        &self,
        request: Request<pb::plan_resource_change::Request>,
    ) -> Reply<pb::plan_resource_change::Response> {
        let request = request.into_inner().translate();
        reply(self.0.plan_resource_change(request).await.translate())
    }

    async fn apply_resource_change(
        &self,
        request: Request<pb::apply_resource_change::Request>,
    ) -> Reply<pb::apply_resource_change::Response> {
        let request = request.into_inner().translate();
        reply(self.0.apply_resource_change(request).await.translate())
    }

    async fn import_resource_state(
        &self,
        request: Request<pb::import_resource_state::Request>,
    ) -> Reply<pb::import_resource_state::Response> {
        let request = request.into_inner().translate();
        reply(self.0.import_resource_state(request).await.translate())
    }

    async fn move_resource_state(
        &self,
        request: Request<pb::move_resource_state::Request>,
    ) -> Reply<pb::move_resource_state::Response> {
        let request = request.into_inner().translate();
        reply(self.0.move_resource_state(request).await.translate())
    }

    async fn read_data_source(
        &self,
        request: Request<pb::read_data_source::Request>,
    ) -> Reply<pb::read_data_source::Response> {
        let request = request.into_inner().translate();
        reply(self.0.read_data_source(request).await.translate())
    }

    async fn generate_resource_config(
        &self,
        request: Request<pb::generate_resource_config::Request>,
    ) -> Reply<pb::generate_resource_config::Response> {
        let request = request.into_inner().translate();
        reply(self.0.generate_resource_config(request).await.translate())
    }

    async fn validate_ephemeral_resource_config(
        &self,
        request: Request<pb::validate_ephemeral_resource_config::Request>,
    ) -> Reply<pb::validate_ephemeral_resource_config::Response> {
        let request = request.into_inner().translate();
        reply(
            self.0
                .validate_ephemeral_resource_config(request)
                .await
                .translate(),
        )
    }

    async fn open_ephemeral_resource(
        &self,
        request: Request<pb::open_ephemeral_resource::Request>,
    ) -> Reply<pb::open_ephemeral_resource::Response> {
        let request = request.into_inner().translate();
        reply(self.0.open_ephemeral_resource(request).await.translate())
    }

    async fn renew_ephemeral_resource(
        &self,
        request: Request<pb::renew_ephemeral_resource::Request>,
    ) -> Reply<pb::renew_ephemeral_resource::Response> {
        let request = request.into_inner().translate();
        reply(self.0.renew_ephemeral_resource(request).await.translate())
    }

    async fn close_ephemeral_resource(
        &self,
        request: Request<pb::close_ephemeral_resource::Request>,
    ) -> Reply<pb::close_ephemeral_resource::Response> {
        let request = request.into_inner().translate();
        reply(self.0.close_ephemeral_resource(request).await.translate())
    }

    type ListResourceStream = ReceiverStream<Result<pb::list_resource::Event, Status>>;

    async fn list_resource(
        &self,
        request: Request<pb::list_resource::Request>,
    ) -> Reply<Self::ListResourceStream> {
        let request = request.into_inner().translate();
        reply(self.0.list_resource(request, Translate::translate))
    }

    async fn validate_list_resource_config(
        &self,
        request: Request<pb::validate_list_resource_config::Request>,
    ) -> Reply<pb::validate_list_resource_config::Response> {
        let request = request.into_inner().translate();
        reply(
            self.0
                .validate_list_resource_config(request)
                .await
                .translate(),
        )
    }

    async fn get_functions(
        &self,
        _: Request<pb::get_functions::Request>,
    ) -> Reply<pb::get_functions::Response> {
        reply(self.0.get_functions().translate())
    }

    async fn call_function(
        &self,
        request: Request<pb::call_function::Request>,
    ) -> Reply<pb::call_function::Response> {
        let request = request.into_inner().translate();
        reply(self.0.call_function(request).await.translate())
    }

    async fn validate_action_config(
        &self,
        request: Request<pb::validate_action_config::Request>,
    ) -> Reply<pb::validate_action_config::Response> {
        let request = request.into_inner().translate();
        reply(self.0.validate_action_config(request).await.translate())
    }

    async fn plan_action(
        &self,
        request: Request<pb::plan_action::Request>,
    ) -> Reply<pb::plan_action::Response> {
        let request = request.into_inner().translate();
        reply(self.0.plan_action(request).await.translate())
    }

    type InvokeActionStream = ReceiverStream<Result<pb::invoke_action::Event, Status>>;

    async fn invoke_action(
        &self,
        request: Request<pb::invoke_action::Request>,
    ) -> Reply<Self::InvokeActionStream> {
        let request = request.into_inner().translate();
        reply(self.0.invoke_action(request, Translate::translate))
    }

    async fn stop(&self, _: Request<pb::stop::Request>) -> Reply<pb::stop::Response> {
        self.0.stop();
        reply(Default::default())
    }
}
