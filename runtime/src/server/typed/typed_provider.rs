//! [`TypedProvider`]: a [`Provider`] with its resources, data sources and
//! ephemeral resources, serving the raw protocol by handing each call to
//! the type it names.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::{Arc, RwLock};

use super::action::{plan_response, ActionAdapter, ErasedAction};
use super::data_source_adapter::{DataSourceAdapter, ErasedDataSource};
use super::ephemeral_adapter::{EphemeralAdapter, ErasedEphemeral};
use super::function::{Function, Functions};
use super::identity::{Identified, NoIdentity};
use super::list::{ErasedList, ListAdapter};
use super::read::validate_model;
use super::resource_adapter::{ErasedResource, ResourceAdapter};
use super::shape::Shape;
use super::{
    Action, Ctx, DataSource, EphemeralResource, ListResource, PlanView, Provider, Resource,
    ResourceIdentity,
};
use crate::diag::Diagnostics;
use crate::model::TfSchema;
use crate::server::raw::{
    self, Answer, ClientCapabilities, Deferred, ProviderSchema, RawProvider, StopSignal, TypeKind,
};

/// A [`Provider`] with its resources and data sources: a [`RawProvider`]
/// ready to serve.
///
/// Build it with [`new`](Self::new), [`resource`](Self::resource) and
/// [`data_source`](Self::data_source); serve it with [`run`](Self::run)
/// from `main`, or drive it in tests with
/// [`Harness`](crate::server::testing::Harness). Type names start with the
/// provider's name (`example_thing` for provider `example`): Terraform
/// picks the provider of a resource by that prefix.
///
/// # Wrapping it in a raw provider
///
/// `TypedProvider` implements [`RawProvider`], so a raw provider of your
/// own can hold one and hand it the calls it does not answer itself: to
/// serve a type the typed layer cannot describe (a schema known only at
/// run time), or to adjust an answer. `RawProvider`'s default methods
/// refuse the call ("Resource Type Not Found"), so the wrapper passes on every
/// call the typed provider answers (the calls below), not only the ones it
/// changes:
///
/// ```
/// # use tfschema::server::typed::{PlanView, Provider};
/// # #[derive(tfschema::TfSchema, tfschema::TfValue)]
/// # struct Config {}
/// # struct P;
/// # impl Provider for P {
/// #     type Config = Config;
/// #     type Client = ();
/// #     async fn configure(&self, _: PlanView<Config>, _: &mut Diagnostics) -> Result<(), Diagnostics> {
/// #         Ok(())
/// #     }
/// # }
/// use tfschema::diag::Diagnostics;
/// use tfschema::schema::{Attribute, Block, Schema};
/// use tfschema::server::raw::{self, DynamicValue, ProviderSchema, RawProvider, StopSignal};
/// use tfschema::server::typed::TypedProvider;
/// use tfschema::{Type, Value};
///
/// /// The typed provider, and `x_env`: a data source written against the
/// /// protocol, reading one environment variable.
/// struct WithEnv {
///     typed: TypedProvider<P>,
/// }
///
/// fn env_schema() -> Schema {
///     let mut name = Attribute::new("name", Type::String);
///     name.required = true;
///     let mut value = Attribute::new("value", Type::String);
///     value.computed = true;
///     Schema {
///         version: 0,
///         block: Block { attributes: vec![name, value], ..Block::default() },
///     }
/// }
///
/// impl RawProvider for WithEnv {
///     fn schema(&self) -> ProviderSchema {
///         let mut schema = self.typed.schema();
///         schema.data_sources.insert("x_env".into(), env_schema());
///         schema
///     }
///
///     async fn validate_data_source_config(
///         &self,
///         request: raw::ValidateDataSourceConfigRequest,
///         stop: StopSignal,
///     ) -> Diagnostics {
///         match request.type_name.as_str() {
///             "x_env" => Diagnostics::new(),
///             _ => self.typed.validate_data_source_config(request, stop).await,
///         }
///     }
///
///     async fn read_data_source(
///         &self,
///         request: raw::ReadDataSourceRequest,
///         stop: StopSignal,
///     ) -> raw::ReadDataSourceResponse {
///         if request.type_name != "x_env" {
///             return self.typed.read_data_source(request, stop).await;
///         }
///         let mut response = raw::ReadDataSourceResponse::default();
///         let mut attrs = match request.config.to_value() {
///             Ok(Value::Object(attrs)) => attrs,
///             Ok(_) => return response,
///             Err(err) => {
///                 response.diagnostics.push(err.into());
///                 return response;
///             }
///         };
///         let value = match &attrs["name"] {
///             Value::String(name) => std::env::var(name).unwrap_or_default(),
///             _ => String::new(),
///         };
///         attrs.insert("value".into(), Value::from(value));
///         response.state = Some(DynamicValue::from(Value::Object(attrs)));
///         response
///     }
///
///     // The rest is the typed provider's.
///     async fn validate_provider_config(
///         &self,
///         request: raw::ValidateProviderConfigRequest,
///         stop: StopSignal,
///     ) -> Diagnostics {
///         self.typed.validate_provider_config(request, stop).await
///     }
///
///     async fn configure_provider(
///         &self,
///         request: raw::ConfigureProviderRequest,
///         stop: StopSignal,
///     ) -> Diagnostics {
///         self.typed.configure_provider(request, stop).await
///     }
///
///     async fn validate_resource_config(
///         &self,
///         request: raw::ValidateResourceConfigRequest,
///         stop: StopSignal,
///     ) -> Diagnostics {
///         self.typed.validate_resource_config(request, stop).await
///     }
///
///     async fn upgrade_resource_state(
///         &self,
///         request: raw::UpgradeResourceStateRequest,
///         stop: StopSignal,
///     ) -> raw::UpgradeResourceStateResponse {
///         self.typed.upgrade_resource_state(request, stop).await
///     }
///
///     async fn read_resource(
///         &self,
///         request: raw::ReadResourceRequest,
///         stop: StopSignal,
///     ) -> raw::ReadResourceResponse {
///         self.typed.read_resource(request, stop).await
///     }
///
///     async fn plan_resource_change(
///         &self,
///         request: raw::PlanResourceChangeRequest,
///         stop: StopSignal,
///     ) -> raw::PlanResourceChangeResponse {
///         self.typed.plan_resource_change(request, stop).await
///     }
///
///     async fn apply_resource_change(
///         &self,
///         request: raw::ApplyResourceChangeRequest,
///         stop: StopSignal,
///     ) -> raw::ApplyResourceChangeResponse {
///         self.typed.apply_resource_change(request, stop).await
///     }
///
///     async fn import_resource_state(
///         &self,
///         request: raw::ImportResourceStateRequest,
///         stop: StopSignal,
///     ) -> raw::ImportResourceStateResponse {
///         self.typed.import_resource_state(request, stop).await
///     }
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// use tfschema::server::testing::Harness;
///
/// // In `main`: `tfschema::server::run(ProviderServices::from_raw(provider))`.
/// let provider = WithEnv { typed: TypedProvider::new(P) };
/// let h = Harness::new(provider);
/// # std::env::set_var("X_GREETING", "hello");
/// let config = Value::object([("name", Value::from("X_GREETING")), ("value", Value::Null(Type::String))]);
/// let read = h.read_data_source("x_env", &config).await;
/// let Value::Object(env) = &read.state else { unreachable!() };
/// assert_eq!(env["value"], Value::from("hello"));
/// # }
/// ```
pub struct TypedProvider<P: Provider> {
    provider: P,
    resources: BTreeMap<String, Box<dyn ErasedResource<P::Client>>>,
    data_sources: BTreeMap<String, Box<dyn ErasedDataSource<P::Client>>>,
    actions: BTreeMap<String, Box<dyn ErasedAction<P::Client>>>,
    functions: Functions,
    ephemeral_resources: BTreeMap<String, Box<dyn ErasedEphemeral<P::Client>>>,
    list_resources: BTreeMap<String, Box<dyn ErasedList<P::Client>>>,
    client: RwLock<Option<Arc<P::Client>>>,
    max_protocol: u32,
    defer_when_config_unknown: bool,
    /// How [`run`](Self::run) serves: debug mode and its options.
    run_options: crate::server::RunOptions,
    /// Set by `ConfigureProvider` when it deferred the configuration.
    deferred: RwLock<Option<Deferred>>,
    /// The `provider_meta` schema ([`provider_meta`](Self::provider_meta)).
    provider_meta: Option<crate::schema::Schema>,
}

impl<P: Provider> std::fmt::Debug for TypedProvider<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TypedProvider")
            .field("resources", &self.resources.keys().collect::<Vec<_>>())
            .field(
                "data_sources",
                &self.data_sources.keys().collect::<Vec<_>>(),
            )
            .field("functions", &self.functions)
            .field(
                "ephemeral_resources",
                &self.ephemeral_resources.keys().collect::<Vec<_>>(),
            )
            .field(
                "list_resources",
                &self.list_resources.keys().collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

#[cfg(feature = "derive")]
impl TypedProvider<super::NoConfig> {
    /// A provider without `provider` block settings and without a client
    /// ([`NoConfig`](super::NoConfig)): no [`Provider`] to implement. Its
    /// resources and data sources declare `type Client = ();`.
    ///
    /// ```no_run
    /// use tfschema::server::typed::TypedProvider;
    ///
    /// fn main() -> std::process::ExitCode {
    ///     TypedProvider::without_config()
    ///         // .resource("local_file", LocalFile) ...
    ///         .run()
    /// }
    /// ```
    pub fn without_config() -> Self {
        Self::new(super::NoConfig {})
    }
}

impl<P: Provider> TypedProvider<P> {
    /// A provider without resources or data sources yet.
    pub fn new(provider: P) -> Self {
        TypedProvider {
            provider,
            resources: BTreeMap::new(),
            data_sources: BTreeMap::new(),
            actions: BTreeMap::new(),
            functions: Functions::default(),
            ephemeral_resources: BTreeMap::new(),
            list_resources: BTreeMap::new(),
            client: RwLock::new(None),
            max_protocol: 6,
            defer_when_config_unknown: false,
            run_options: crate::server::RunOptions::new(),
            deferred: RwLock::new(None),
            provider_meta: None,
        }
    }

    /// Declares the `provider_meta` block that modules may write for this
    /// provider, with `M` as its model (Go's `ProviderWithMetaSchema`):
    ///
    /// ```hcl
    /// terraform {
    ///   provider_meta "example" {
    ///     module_name = "network"
    ///   }
    /// }
    /// ```
    ///
    /// Terraform checks the block against `M`'s schema and sends it with
    /// every read, plan and apply of the module's resources and every read
    /// of its data sources, where a hook reads it with
    /// [`Ctx::provider_meta`] (usually to tell the API which module made a
    /// call).
    ///
    /// ```
    /// use tfschema::server::typed::TypedProvider;
    /// use tfschema::{TfSchema, TfValue};
    ///
    /// /// What a module tells the provider about itself.
    /// #[derive(TfSchema, TfValue)]
    /// struct ModuleMeta {
    ///     /// The module's name, sent in the API's user agent.
    ///     module_name: Option<String>,
    /// }
    ///
    /// let provider = TypedProvider::without_config().provider_meta::<ModuleMeta>();
    /// # let _ = provider;
    /// ```
    pub fn provider_meta<M: TfSchema>(mut self) -> Self {
        self.provider_meta = Some(M::schema());
        self
    }

    /// Adds a resource type, named as in configurations
    /// (`resource "example_thing" "a" {}`); a later one with the same name
    /// replaces it.
    pub fn resource<R: Resource<Client = P::Client>>(
        mut self,
        type_name: impl Into<String>,
        resource: R,
    ) -> Self {
        let adapter = ResourceAdapter::new(resource, NoIdentity);
        self.resources.insert(type_name.into(), Box::new(adapter));
        self
    }

    /// Adds a resource type with an identity ([`ResourceIdentity`]): its
    /// identity schema is served, and every state it answers with carries
    /// the identity, checked not to change after create.
    pub fn resource_with_identity<R: ResourceIdentity<Client = P::Client>>(
        mut self,
        type_name: impl Into<String>,
        resource: R,
    ) -> Self {
        let adapter = ResourceAdapter::new(resource, Identified);
        self.resources.insert(type_name.into(), Box::new(adapter));
        self
    }

    /// Adds a data source type, named as in configurations
    /// (`data "example_things" "all" {}`); a later one with the same name
    /// replaces it.
    pub fn data_source<D: DataSource<Client = P::Client>>(
        mut self,
        type_name: impl Into<String>,
        data_source: D,
    ) -> Self {
        self.data_sources.insert(
            type_name.into(),
            Box::new(DataSourceAdapter {
                data_source: std::sync::Arc::new(data_source),
                shape: Shape::of::<D::Model>(),
            }),
        );
        self
    }

    /// Adds an action type (`action "<type_name>" "..." { config { ... } }`).
    pub fn action<A: Action<Client = P::Client>>(
        mut self,
        type_name: impl Into<String>,
        action: A,
    ) -> Self {
        self.actions
            .insert(type_name.into(), Box::new(ActionAdapter(action)));
        self
    }

    /// Adds a provider-defined function (one with the same name replaces
    /// it): the type `#[tfschema::function]` generates beside a `fn`, e.g.
    /// `.function(sku_normalize {})`, or a hand-written [`Function`].
    /// Functions run without the provider's configuration.
    pub fn function<F: Function>(mut self, function: F) -> Self {
        self.functions.add(function);
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

    /// Adds a list resource type (`list "<type_name>" "..." { config { ... } }`
    /// in a `.tfquery.hcl` file, Terraform 1.14+; older versions ignore
    /// it). `type_name` must be that of the resource type it lists,
    /// registered with
    /// [`resource_with_identity`](Self::resource_with_identity) (before or
    /// after this call): Terraform lists objects by their identity.
    /// Otherwise `GetProviderSchema` answers with an error naming the
    /// mismatch, and Terraform stops.
    pub fn list_resource<L: ListResource>(mut self, type_name: impl Into<String>, list: L) -> Self
    where
        L::Resource: Resource<Client = P::Client>,
    {
        self.list_resources
            .insert(type_name.into(), Box::new(ListAdapter::new(list)));
        self
    }

    /// Errors for list resources registered under the name of another
    /// Rust type's resource type ([`raw::lists_another_type`]; the
    /// name-only checks are [`ProviderSchema::problems`]'s).
    fn list_problems(&self) -> Diagnostics {
        let resources = &self.resources;
        raw::lists_another_type(self.list_resources.iter().filter_map(|(name, list)| {
            let resource = resources.get(name)?;
            (resource.resource_type() != list.resource_type())
                .then(|| (name.as_str(), list.resource_type_name()))
        }))
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

    /// Defers everything while the provider configuration holds unknowns
    /// (a `provider` block that refers to a resource not created yet), as
    /// terraform-plugin-framework's automatic deferral does, when Terraform
    /// allows deferrals.
    ///
    /// When `ConfigureProvider` brings unknowns and allows deferrals,
    /// [`Provider::configure`] is not called; from then on every plan,
    /// read and import of a resource and every read of a data source whose
    /// request allows deferrals answers "deferred: provider configuration
    /// unknown" without calling the resource or data source: a plan with
    /// the default plan (computed attributes unknown, no
    /// [`modify_plan`](Resource::modify_plan)), a read with the state
    /// Terraform holds, an import and a data source with an unknown object.
    /// Terraform plans again in a later run, once the configuration is
    /// known. A `ConfigureProvider` that does not allow deferrals (release
    /// builds of Terraform never do) calls `configure` as usual, unknowns
    /// and all; so does one with a known configuration.
    pub fn defer_when_config_unknown(mut self) -> Self {
        self.defer_when_config_unknown = true;
        self
    }

    /// Makes [`run`](Self::run) serve in debug mode even without `--debug`
    /// on the command line (terraform-plugin-framework's `ServeOpts.Debug`).
    pub fn debug(mut self, debug: bool) -> Self {
        self.run_options = self.run_options.debug(debug);
        self
    }

    /// How [`run`](Self::run) serves in debug mode: the provider's address
    /// (`ServeOpts.Address`; without it, guessed from the binary's name
    /// `terraform-provider-<name>` as `registry.terraform.io/hashicorp/<name>`),
    /// an env file to write the reattach line to, the protocol version.
    ///
    /// ```no_run
    /// # use tfschema::server::DebugOptions;
    /// # use tfschema::server::typed::TypedProvider;
    /// fn main() -> std::process::ExitCode {
    ///     TypedProvider::without_config()
    ///         // .resource(...)
    ///         .debug_options(DebugOptions::new().address("registry.terraform.io/example/things"))
    ///         .run()
    /// }
    /// ```
    pub fn debug_options(mut self, options: crate::server::DebugOptions) -> Self {
        self.run_options = self.run_options.debug_options(options);
        self
    }

    /// The plugin process: serves this provider to Terraform on protocol 6,
    /// and on protocol 5 too when no schema uses nested attributes (see
    /// [`max_protocol`](Self::max_protocol)), until Terraform shuts it
    /// down. The whole of `main`; the exit code says whether serving
    /// failed (the reason goes to stderr, which Terraform shows).
    ///
    /// With `--debug` on the command line (or [`debug`](Self::debug)), it
    /// serves in debug mode: it prints the `TF_REATTACH_PROVIDERS` value
    /// that attaches Terraform to it and serves run after run until Ctrl-C
    /// ([`run_with`](crate::server::run_with)).
    pub fn run(mut self) -> ExitCode {
        let options = std::mem::take(&mut self.run_options);
        crate::server::run_with(self.into_services(), options)
    }

    /// The gRPC services to serve, for [`serve`](fn@crate::server::serve)
    /// or [`DebugServer::start`](crate::server::DebugServer::start) (what
    /// [`run`](Self::run) serves).
    pub fn into_services(self) -> crate::server::ProviderServices {
        let max = self.max_protocol;
        crate::server::ProviderServices::from_raw(self).max_protocol(max)
    }

    fn ctx(&self, stop: StopSignal, private: Vec<u8>) -> Ctx<P::Client> {
        let client = self.client.read().ok().and_then(|c| c.clone());
        Ctx::new(client, stop, private)
    }

    /// The context of a call that can be deferred, already deferred when
    /// the provider's configuration was and the call allows it.
    fn deferrable_ctx(
        &self,
        stop: StopSignal,
        private: Vec<u8>,
        capabilities: ClientCapabilities,
    ) -> Ctx<P::Client> {
        let provider = self.deferred.read().ok().and_then(|d| *d);
        self.ctx(stop, private)
            .deferrable(capabilities.deferral_allowed, provider)
    }

    /// Records the client `ConfigureProvider` built (none when it failed
    /// or was deferred) and the deferral, replacing an earlier one's.
    fn configured(&self, client: Option<P::Client>, deferred: Option<Deferred>) {
        if let Ok(mut slot) = self.client.write() {
            *slot = client.map(Arc::new);
        }
        if let Ok(mut slot) = self.deferred.write() {
            *slot = deferred;
        }
    }
}

impl<P: Provider> RawProvider for TypedProvider<P> {
    fn schema(&self) -> ProviderSchema {
        ProviderSchema {
            provider: P::Config::schema(),
            provider_meta: self.provider_meta.clone(),
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
            actions: (self.actions.iter())
                .map(|(k, a)| (k.clone(), a.schema()))
                .collect(),
            identities: self
                .resources
                .iter()
                .filter_map(|(k, r)| Some((k.clone(), r.identity_schema()?)))
                .collect(),
            // Every resource answers MoveResourceState (declining sources
            // it has no conversion for, with the source named), as
            // terraform-plugin-framework providers do.
            move_resource_state: true,
            functions: self.functions.signatures(),
            ephemeral_resources: (self.ephemeral_resources.iter())
                .map(|(k, e)| (k.clone(), e.schema()))
                .collect(),
            list_resources: (self.list_resources.iter())
                .map(|(k, l)| (k.clone(), l.schema()))
                .collect(),
            // Every resource answers GenerateResourceConfig (from its state
            // and schema, adjusted by `Resource::generate_config`).
            generate_resource_config: true,
            errors: self.list_problems(),
        }
    }

    async fn validate_provider_config(
        &self,
        request: raw::ValidateProviderConfigRequest,
        _stop: StopSignal,
    ) -> Diagnostics {
        validate_model::<P::Config>(&request.config, self.provider.config_validators(), |view| {
            self.provider.validate(view)
        })
    }

    async fn configure_provider(
        &self,
        request: raw::ConfigureProviderRequest,
        _stop: StopSignal,
    ) -> Diagnostics {
        let mut diagnostics = Diagnostics::new();
        if self.defer_when_config_unknown
            && request.client_capabilities.deferral_allowed
            && request.config.unknowns().any
        {
            self.configured(None, Some(Deferred::ProviderConfigUnknown));
            return diagnostics;
        }
        let config = match request.config.read::<PlanView<P::Config>>() {
            Ok(config) => config,
            Err(d) => {
                self.configured(None, None);
                return d;
            }
        };
        match self.provider.configure(config, &mut diagnostics).await {
            Ok(client) => self.configured(Some(client), None),
            Err(d) => {
                self.configured(None, None);
                diagnostics.extend(d);
            }
        }
        diagnostics
    }

    async fn validate_resource_config(
        &self,
        request: raw::ValidateResourceConfigRequest,
        _stop: StopSignal,
    ) -> Diagnostics {
        match self.resources.get(&request.type_name) {
            Some(r) => r.validate(&request.config, request.client_capabilities),
            None => Answer::unknown_type(TypeKind::Resource, &request.type_name),
        }
    }

    async fn validate_data_source_config(
        &self,
        request: raw::ValidateDataSourceConfigRequest,
        _stop: StopSignal,
    ) -> Diagnostics {
        match self.data_sources.get(&request.type_name) {
            Some(d) => d.validate(&request.config),
            None => Answer::unknown_type(TypeKind::DataSource, &request.type_name),
        }
    }

    async fn upgrade_resource_state(
        &self,
        request: raw::UpgradeResourceStateRequest,
        _stop: StopSignal,
    ) -> raw::UpgradeResourceStateResponse {
        let Some(r) = self.resources.get(&request.type_name) else {
            return Answer::unknown_type(TypeKind::Resource, &request.type_name);
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
        mut request: raw::ReadResourceRequest,
        stop: StopSignal,
    ) -> raw::ReadResourceResponse {
        let Some(r) = self.resources.get(&request.type_name) else {
            return Answer::unknown_type(TypeKind::Resource, &request.type_name);
        };
        let private = std::mem::take(&mut request.private);
        let ctx = self.deferrable_ctx(stop, private, request.client_capabilities);
        r.read(
            ctx.with_provider_meta(request.provider_meta.take()),
            request,
        )
        .await
    }

    async fn plan_resource_change(
        &self,
        mut request: raw::PlanResourceChangeRequest,
        stop: StopSignal,
    ) -> raw::PlanResourceChangeResponse {
        let Some(r) = self.resources.get(&request.type_name) else {
            return Answer::unknown_type(TypeKind::Resource, &request.type_name);
        };
        let ctx = self.deferrable_ctx(stop, Vec::new(), request.client_capabilities);
        r.plan(
            ctx.with_provider_meta(request.provider_meta.take()),
            request,
        )
        .await
    }

    async fn apply_resource_change(
        &self,
        mut request: raw::ApplyResourceChangeRequest,
        stop: StopSignal,
    ) -> raw::ApplyResourceChangeResponse {
        let Some(r) = self.resources.get(&request.type_name) else {
            return Answer::unknown_type(TypeKind::Resource, &request.type_name);
        };
        let private = request.planned_private.clone();
        let ctx = self.ctx(stop, private);
        r.apply(
            ctx.with_provider_meta(request.provider_meta.take()),
            request,
        )
        .await
    }

    async fn import_resource_state(
        &self,
        request: raw::ImportResourceStateRequest,
        stop: StopSignal,
    ) -> raw::ImportResourceStateResponse {
        let Some(r) = self.resources.get(&request.type_name) else {
            return Answer::unknown_type(TypeKind::Resource, &request.type_name);
        };
        let ctx = self.deferrable_ctx(stop, Vec::new(), request.client_capabilities);
        r.import(ctx, request).await
    }

    async fn read_data_source(
        &self,
        request: raw::ReadDataSourceRequest,
        stop: StopSignal,
    ) -> raw::ReadDataSourceResponse {
        let Some(d) = self.data_sources.get(&request.type_name) else {
            return Answer::unknown_type(TypeKind::DataSource, &request.type_name);
        };
        let ctx = self.deferrable_ctx(stop, Vec::new(), request.client_capabilities);
        let ctx = ctx.with_provider_meta(request.provider_meta);
        d.read(ctx, &request.type_name, request.config).await
    }

    async fn validate_action_config(
        &self,
        request: raw::ValidateActionConfigRequest,
        _stop: StopSignal,
    ) -> Diagnostics {
        match self.actions.get(&request.type_name) {
            Some(a) => a.validate(&request.config),
            None => Answer::unknown_type(TypeKind::Action, &request.type_name),
        }
    }

    async fn validate_ephemeral_resource_config(
        &self,
        request: raw::ValidateEphemeralResourceConfigRequest,
        _stop: StopSignal,
    ) -> Diagnostics {
        match self.ephemeral_resources.get(&request.type_name) {
            Some(e) => e.validate(&request.config),
            None => Answer::unknown_type(TypeKind::EphemeralResource, &request.type_name),
        }
    }

    async fn plan_action(
        &self,
        request: raw::PlanActionRequest,
        stop: StopSignal,
    ) -> raw::PlanActionResponse {
        let Some(a) = self.actions.get(&request.type_name) else {
            return Answer::unknown_type(TypeKind::Action, &request.type_name);
        };
        plan_response(a.plan(self.ctx(stop, Vec::new()), request.config).await)
    }

    async fn invoke_action(
        &self,
        request: raw::InvokeActionRequest,
        stop: StopSignal,
        progress: raw::ProgressSink,
    ) -> Diagnostics {
        match self.actions.get(&request.type_name) {
            Some(a) => {
                a.invoke(self.ctx(stop, Vec::new()), request.config, progress)
                    .await
            }
            None => Answer::unknown_type(TypeKind::Action, &request.type_name),
        }
    }

    async fn upgrade_resource_identity(
        &self,
        request: raw::UpgradeResourceIdentityRequest,
        _stop: StopSignal,
    ) -> raw::UpgradeResourceIdentityResponse {
        let Some(r) = self.resources.get(&request.type_name) else {
            return Answer::unknown_type(TypeKind::Resource, &request.type_name);
        };
        match r.upgrade_identity(request.version, &request.raw_identity_json) {
            Ok(upgraded_identity) => raw::UpgradeResourceIdentityResponse {
                upgraded_identity,
                diagnostics: Diagnostics::new(),
            },
            Err(d) => raw::UpgradeResourceIdentityResponse::from_diagnostics(d),
        }
    }

    async fn move_resource_state(
        &self,
        request: raw::MoveResourceStateRequest,
        _stop: StopSignal,
    ) -> raw::MoveResourceStateResponse {
        let Some(r) = self.resources.get(&request.target_type_name) else {
            return Answer::unknown_type(TypeKind::Resource, &request.target_type_name);
        };
        r.move_state(&request)
    }

    async fn call_function(
        &self,
        request: raw::CallFunctionRequest,
        _stop: StopSignal,
    ) -> raw::CallFunctionResponse {
        self.functions.call(request)
    }

    async fn open_ephemeral_resource(
        &self,
        request: raw::OpenEphemeralResourceRequest,
        stop: StopSignal,
    ) -> raw::OpenEphemeralResourceResponse {
        let Some(e) = self.ephemeral_resources.get(&request.type_name) else {
            return Answer::unknown_type(TypeKind::EphemeralResource, &request.type_name);
        };
        e.open(self.ctx(stop, Vec::new()), request.config).await
    }

    async fn renew_ephemeral_resource(
        &self,
        request: raw::RenewEphemeralResourceRequest,
        stop: StopSignal,
    ) -> raw::RenewEphemeralResourceResponse {
        let Some(e) = self.ephemeral_resources.get(&request.type_name) else {
            return Answer::unknown_type(TypeKind::EphemeralResource, &request.type_name);
        };
        e.renew(self.ctx(stop, Vec::new()), request.private).await
    }

    async fn validate_list_resource_config(
        &self,
        request: raw::ValidateListResourceConfigRequest,
        _stop: StopSignal,
    ) -> Diagnostics {
        match self.list_resources.get(&request.type_name) {
            Some(l) => l.validate(&request.config),
            None => Answer::unknown_type(TypeKind::ListResource, &request.type_name),
        }
    }

    async fn list_resource(
        &self,
        request: raw::ListResourceRequest,
        stop: StopSignal,
        results: raw::ListSink,
    ) -> Diagnostics {
        match self.list_resources.get(&request.type_name) {
            Some(l) => l.list(self.ctx(stop, Vec::new()), request, results).await,
            None => Answer::unknown_type(TypeKind::ListResource, &request.type_name),
        }
    }

    async fn generate_resource_config(
        &self,
        request: raw::GenerateResourceConfigRequest,
        _stop: StopSignal,
    ) -> raw::GenerateResourceConfigResponse {
        match self.resources.get(&request.type_name) {
            Some(r) => r.generate_config(&request.state),
            None => Answer::unknown_type(TypeKind::Resource, &request.type_name),
        }
    }

    async fn close_ephemeral_resource(
        &self,
        request: raw::CloseEphemeralResourceRequest,
        stop: StopSignal,
    ) -> Diagnostics {
        let Some(e) = self.ephemeral_resources.get(&request.type_name) else {
            return Answer::unknown_type(TypeKind::EphemeralResource, &request.type_name);
        };
        e.close(self.ctx(stop, Vec::new()), request.private).await
    }
}
