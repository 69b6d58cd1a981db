//! [`Only`]: a server restricted to some of its types, for a provider moving
//! from one implementation to another one type at a time (the types not yet
//! ported served by the old provider binary, the others by the new code).

use std::collections::BTreeSet;
use std::sync::Arc;

use tonic::{Request, Response, Status};

use crate::server::proto::tfplugin6 as v6;
use crate::server::translate::forward::forwarding_impl;

type Reply<T> = Result<Response<T>, Status>;

/// A `tfplugin6.Provider` that serves only the listed names of another: its
/// `GetMetadata`, `GetProviderSchema`, `GetResourceIdentitySchemas` and
/// `GetFunctions` answers keep only the resource, data source, ephemeral
/// resource, list resource and action types and the functions named, so a
/// [`Mux`](super::Mux) routes nothing else to it and another server may
/// serve the rest. Every other call is forwarded as it is.
///
/// [`MuxBuilder::protocol_5_only`](super::MuxBuilder::protocol_5_only) and
/// [`protocol_6_only`](super::MuxBuilder::protocol_6_only) add a server
/// so restricted.
#[derive(Debug)]
pub struct Only<P>(P, Arc<BTreeSet<String>>);

impl<P> Only<P> {
    /// `server`, serving only `names` (type names and function names).
    pub fn new<S: Into<String>>(server: P, names: impl IntoIterator<Item = S>) -> Self {
        Only(
            server,
            Arc::new(names.into_iter().map(Into::into).collect()),
        )
    }

    /// The names served.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.1.iter().map(String::as_str)
    }

    fn keeps(&self, name: &str) -> bool {
        self.1.contains(name)
    }
}

forwarding_impl! {
    impl<P: v6::provider_server::Provider> Only<P>: v6::provider_server::Provider {
        via std::convert::identity;
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
        call_function(v6::call_function::Request) -> v6::call_function::Response => call_function;
        validate_action_config(v6::validate_action_config::Request)
            -> v6::validate_action_config::Response => validate_action_config;
        plan_action(v6::plan_action::Request) -> v6::plan_action::Response => plan_action;
        stop_provider(v6::stop_provider::Request)
            -> v6::stop_provider::Response => stop_provider;
    }

    async fn get_metadata(
        &self,
        request: Request<v6::get_metadata::Request>,
    ) -> Reply<v6::get_metadata::Response> {
        let mut answer = self.0.get_metadata(request).await?;
        let m = answer.get_mut();
        m.resources.retain(|t| self.keeps(&t.type_name));
        m.data_sources.retain(|t| self.keeps(&t.type_name));
        m.ephemeral_resources.retain(|t| self.keeps(&t.type_name));
        m.list_resources.retain(|t| self.keeps(&t.type_name));
        m.actions.retain(|t| self.keeps(&t.type_name));
        m.functions.retain(|f| self.keeps(&f.name));
        Ok(answer)
    }

    async fn get_provider_schema(
        &self,
        request: Request<v6::get_provider_schema::Request>,
    ) -> Reply<v6::get_provider_schema::Response> {
        let mut answer = self.0.get_provider_schema(request).await?;
        let s = answer.get_mut();
        s.resource_schemas.retain(|name, _| self.keeps(name));
        s.data_source_schemas.retain(|name, _| self.keeps(name));
        s.ephemeral_resource_schemas.retain(|name, _| self.keeps(name));
        s.list_resource_schemas.retain(|name, _| self.keeps(name));
        s.action_schemas.retain(|name, _| self.keeps(name));
        s.functions.retain(|name, _| self.keeps(name));
        Ok(answer)
    }

    async fn get_resource_identity_schemas(
        &self,
        request: Request<v6::get_resource_identity_schemas::Request>,
    ) -> Reply<v6::get_resource_identity_schemas::Response> {
        let mut answer = self.0.get_resource_identity_schemas(request).await?;
        answer.get_mut().identity_schemas.retain(|name, _| self.keeps(name));
        Ok(answer)
    }

    async fn get_functions(
        &self,
        request: Request<v6::get_functions::Request>,
    ) -> Reply<v6::get_functions::Response> {
        let mut answer = self.0.get_functions(request).await?;
        answer.get_mut().functions.retain(|name, _| self.keeps(name));
        Ok(answer)
    }

    type ListResourceStream = P::ListResourceStream;

    async fn list_resource(
        &self,
        request: Request<v6::list_resource::Request>,
    ) -> Reply<Self::ListResourceStream> {
        self.0.list_resource(request).await
    }

    type InvokeActionStream = P::InvokeActionStream;

    async fn invoke_action(
        &self,
        request: Request<v6::invoke_action::Request>,
    ) -> Reply<Self::InvokeActionStream> {
        self.0.invoke_action(request).await
    }
}
