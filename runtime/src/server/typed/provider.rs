//! [`TypedProvider`]: a [`Provider`] with its resources, data sources and
//! ephemeral resources, serving the raw protocol by handing each call to
//! the type it names.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::{Arc, RwLock};

use super::data_source_adapter::{DataSourceAdapter, ErasedDataSource};
use super::ephemeral_adapter::{EphemeralAdapter, ErasedEphemeral};
use super::resource_adapter::{ErasedResource, ResourceAdapter};
use super::views::validate_model;
use super::{Ctx, DataSource, EphemeralResource, PlanView, Provider, Resource};
use crate::diag::Diagnostics;
use crate::model::TfSchema;
use crate::server::raw::{self, ProviderSchema, RawProvider, RawResponse, StopSignal};

/// A [`Provider`] with its resources and data sources: a [`RawProvider`]
/// ready to serve.
pub struct TypedProvider<P: Provider> {
    provider: P,
    resources: BTreeMap<String, Box<dyn ErasedResource<P::Client>>>,
    data_sources: BTreeMap<String, Box<dyn ErasedDataSource<P::Client>>>,
    ephemeral_resources: BTreeMap<String, Box<dyn ErasedEphemeral<P::Client>>>,
    client: RwLock<Option<Arc<P::Client>>>,
    max_protocol: u32,
}

impl<P: Provider> std::fmt::Debug for TypedProvider<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TypedProvider")
            .field("resources", &self.resources.keys().collect::<Vec<_>>())
            .field(
                "data_sources",
                &self.data_sources.keys().collect::<Vec<_>>(),
            )
            .field(
                "ephemeral_resources",
                &self.ephemeral_resources.keys().collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

impl<P: Provider> TypedProvider<P> {
    /// A provider without resources yet.
    pub fn new(provider: P) -> Self {
        TypedProvider {
            provider,
            resources: BTreeMap::new(),
            data_sources: BTreeMap::new(),
            ephemeral_resources: BTreeMap::new(),
            client: RwLock::new(None),
            max_protocol: 6,
        }
    }

    /// Adds a resource type (a later one with the same name replaces it).
    pub fn resource<R: Resource<Client = P::Client>>(
        mut self,
        type_name: impl Into<String>,
        resource: R,
    ) -> Self {
        self.resources.insert(
            type_name.into(),
            Box::new(ResourceAdapter {
                resource,
                block: R::Model::block(),
            }),
        );
        self
    }

    /// Adds a data source type.
    pub fn data_source<D: DataSource<Client = P::Client>>(
        mut self,
        type_name: impl Into<String>,
        data_source: D,
    ) -> Self {
        self.data_sources.insert(
            type_name.into(),
            Box::new(DataSourceAdapter {
                data_source,
                block: D::Model::block(),
            }),
        );
        self
    }

    /// Adds an ephemeral resource type (Terraform 1.10+; older versions
    /// ignore it).
    pub fn ephemeral_resource<E: EphemeralResource<Client = P::Client>>(
        mut self,
        type_name: impl Into<String>,
        resource: E,
    ) -> Self {
        self.ephemeral_resources
            .insert(type_name.into(), Box::new(EphemeralAdapter::new(resource)));
        self
    }

    /// Serves no plugin protocol above `version`: `5` keeps Terraform on
    /// protocol 5 even where it offers 6 (protocol 6 needs Terraform 1.0;
    /// some tools and registries still expect 5). A schema with nested
    /// attributes needs protocol 6: with `max_protocol(5)` its handshake
    /// fails, saying so. The default is 6. (`TFSCHEMA_FORCE_PROTOCOL=5`
    /// forces protocol 5 for one run, for tests.)
    ///
    /// ```no_run
    /// # use tfschema::{TfSchema, TfValue};
    /// # use tfschema::diag::Diagnostics;
    /// # use tfschema::server::typed::{PlanView, Provider, TypedProvider};
    /// # #[derive(TfSchema, TfValue)]
    /// # struct Config {}
    /// # struct MyProvider;
    /// # impl Provider for MyProvider {
    /// #     type Config = Config;
    /// #     type Client = ();
    /// #     async fn configure(&self, _: PlanView<Config>, _: &mut Diagnostics) -> Result<(), Diagnostics> { Ok(()) }
    /// # }
    /// fn main() -> std::process::ExitCode {
    ///     TypedProvider::new(MyProvider).max_protocol(5).run()
    /// }
    /// ```
    pub fn max_protocol(mut self, version: u32) -> Self {
        self.max_protocol = version;
        self
    }

    /// The plugin process: serves this provider to Terraform on protocol 6,
    /// and on protocol 5 too when no schema uses nested attributes (see
    /// [`max_protocol`](Self::max_protocol)).
    pub fn run(self) -> ExitCode {
        crate::server::run(self.into_services())
    }

    /// The gRPC services to serve, for [`serve`](fn@crate::server::serve)
    /// (what [`run`](Self::run) serves).
    pub fn into_services(self) -> crate::server::ProviderServices {
        let max = self.max_protocol;
        crate::server::ProviderServices::from_raw(self).max_protocol(max)
    }

    fn ctx(&self, stop: StopSignal, private: Vec<u8>) -> Ctx<P::Client> {
        let client = self.client.read().ok().and_then(|c| c.clone());
        Ctx::new(client, stop, private)
    }
}

impl<P: Provider> RawProvider for TypedProvider<P> {
    fn schema(&self) -> ProviderSchema {
        ProviderSchema {
            provider: P::Config::schema(),
            provider_meta: None,
            resources: self
                .resources
                .iter()
                .map(|(k, r)| (k.clone(), r.schema()))
                .collect(),
            data_sources: self
                .data_sources
                .iter()
                .map(|(k, d)| (k.clone(), d.schema()))
                .collect(),
            ephemeral_resources: (self.ephemeral_resources.iter())
                .map(|(k, e)| (k.clone(), e.schema()))
                .collect(),
            ..ProviderSchema::default()
        }
    }

    async fn validate_provider_config(
        &self,
        request: raw::ValidateProviderConfigRequest,
        _stop: StopSignal,
    ) -> Diagnostics {
        validate_model::<P::Config>(&request.config, |view| self.provider.validate(view))
    }

    async fn configure_provider(
        &self,
        request: raw::ConfigureProviderRequest,
        _stop: StopSignal,
    ) -> Diagnostics {
        let mut diagnostics = Diagnostics::new();
        let config = match request.config.read::<PlanView<P::Config>>() {
            Ok(config) => config,
            Err(d) => return d,
        };
        match self.provider.configure(config, &mut diagnostics).await {
            Ok(client) => {
                if let Ok(mut slot) = self.client.write() {
                    *slot = Some(Arc::new(client));
                }
            }
            Err(d) => diagnostics.extend(d),
        }
        diagnostics
    }

    async fn validate_resource_config(
        &self,
        request: raw::ValidateResourceConfigRequest,
        _stop: StopSignal,
    ) -> Diagnostics {
        match self.resources.get(&request.type_name) {
            Some(r) => r.validate(&request.config),
            None => raw::unsupported(&request.type_name),
        }
    }

    async fn validate_data_source_config(
        &self,
        request: raw::ValidateDataSourceConfigRequest,
        _stop: StopSignal,
    ) -> Diagnostics {
        match self.data_sources.get(&request.type_name) {
            Some(d) => d.validate(&request.config),
            None => raw::unsupported(&request.type_name),
        }
    }

    async fn upgrade_resource_state(
        &self,
        request: raw::UpgradeResourceStateRequest,
        _stop: StopSignal,
    ) -> raw::UpgradeResourceStateResponse {
        let Some(r) = self.resources.get(&request.type_name) else {
            return raw::unsupported(&request.type_name);
        };
        let Some(json) = request.raw_state_json else {
            return raw::UpgradeResourceStateResponse::from_diagnostics(Diagnostics::with_error(
                "Unsupported state format",
                "The state is in the flatmap format of Terraform 0.11 and earlier, which tfschema providers cannot read.",
            ));
        };
        match r.upgrade(request.version, &json) {
            Ok(state) => raw::UpgradeResourceStateResponse {
                upgraded_state: Some(state),
                diagnostics: Diagnostics::new(),
            },
            Err(d) => raw::UpgradeResourceStateResponse::from_diagnostics(d),
        }
    }

    async fn read_resource(
        &self,
        request: raw::ReadResourceRequest,
        stop: StopSignal,
    ) -> raw::ReadResourceResponse {
        let Some(r) = self.resources.get(&request.type_name) else {
            return raw::unsupported(&request.type_name);
        };
        r.read(self.ctx(stop, request.private), request.current_state)
            .await
    }

    async fn plan_resource_change(
        &self,
        request: raw::PlanResourceChangeRequest,
        stop: StopSignal,
    ) -> raw::PlanResourceChangeResponse {
        let Some(r) = self.resources.get(&request.type_name) else {
            return raw::unsupported(&request.type_name);
        };
        r.plan(self.ctx(stop, Vec::new()), request).await
    }

    async fn apply_resource_change(
        &self,
        request: raw::ApplyResourceChangeRequest,
        stop: StopSignal,
    ) -> raw::ApplyResourceChangeResponse {
        let Some(r) = self.resources.get(&request.type_name) else {
            return raw::unsupported(&request.type_name);
        };
        let private = request.planned_private.clone();
        r.apply(self.ctx(stop, private), request).await
    }

    async fn import_resource_state(
        &self,
        request: raw::ImportResourceStateRequest,
        stop: StopSignal,
    ) -> raw::ImportResourceStateResponse {
        let Some(r) = self.resources.get(&request.type_name) else {
            return raw::unsupported(&request.type_name);
        };
        r.import(self.ctx(stop, Vec::new()), request.type_name, request.id)
            .await
    }

    async fn read_data_source(
        &self,
        request: raw::ReadDataSourceRequest,
        stop: StopSignal,
    ) -> raw::ReadDataSourceResponse {
        let Some(d) = self.data_sources.get(&request.type_name) else {
            return raw::unsupported(&request.type_name);
        };
        d.read(self.ctx(stop, Vec::new()), request.config).await
    }

    async fn validate_ephemeral_resource_config(
        &self,
        request: raw::ValidateEphemeralResourceConfigRequest,
        _stop: StopSignal,
    ) -> Diagnostics {
        match self.ephemeral_resources.get(&request.type_name) {
            Some(e) => e.validate(&request.config),
            None => raw::unsupported(&request.type_name),
        }
    }

    async fn open_ephemeral_resource(
        &self,
        request: raw::OpenEphemeralResourceRequest,
        stop: StopSignal,
    ) -> raw::OpenEphemeralResourceResponse {
        let Some(e) = self.ephemeral_resources.get(&request.type_name) else {
            return raw::unsupported(&request.type_name);
        };
        e.open(self.ctx(stop, Vec::new()), request.config).await
    }

    async fn renew_ephemeral_resource(
        &self,
        request: raw::RenewEphemeralResourceRequest,
        stop: StopSignal,
    ) -> raw::RenewEphemeralResourceResponse {
        let Some(e) = self.ephemeral_resources.get(&request.type_name) else {
            return raw::unsupported(&request.type_name);
        };
        e.renew(self.ctx(stop, Vec::new()), request.private).await
    }

    async fn close_ephemeral_resource(
        &self,
        request: raw::CloseEphemeralResourceRequest,
        stop: StopSignal,
    ) -> Diagnostics {
        let Some(e) = self.ephemeral_resources.get(&request.type_name) else {
            return raw::unsupported(&request.type_name);
        };
        e.close(self.ctx(stop, Vec::new()), request.private).await
    }
}
