//! [`Harness`]: a provider's gRPC handlers driven in process, with the
//! calls Terraform makes of a provider and its resources and data sources
//! (the calls of identities, ephemeral resources and list resources are
//! in their own files).

use super::convert::{as_v6, call, diagnostics_of, dv6, path_of, rpc_failed};
use super::deferral::deferred_of;
use super::results::{state_result, ActionResult, PlanResult, StateResult};
use crate::diag::Diagnostics;
use crate::schema::Schema;
use crate::server::plan::proposed_new;
use crate::server::proto::tfplugin5::provider_server::Provider as _;
use crate::server::proto::tfplugin6 as pb6;
use crate::server::proto::tfplugin6::provider_server::Provider as _;
use crate::server::proto::GrpcProvider;
use crate::server::raw::{FunctionError, ProviderSchema, RawProvider};
use crate::types::Type;
use crate::value::Value;

/// Drives a provider's gRPC handlers in process (see the module docs).
///
/// Values are dynamic [`Value`]s of the schema's type, as Terraform sends
/// them: a configuration holds every attribute of the resource, null where
/// the configuration sets nothing (computed attributes included), and a
/// state is what an earlier call returned. Calls are async: run them in a
/// `#[tokio::test]`.
///
/// ```
/// # use tfschema::diag::Diagnostics;
/// # use tfschema::server::typed::{Ctx, PlanView, Provider, Resource, TypedProvider};
/// # use tfschema::{TfSchema, TfValue, Unknown};
/// # #[derive(TfSchema, TfValue)]
/// # struct Config { prefix: String }
/// # struct Example;
/// # impl Provider for Example {
/// #     type Config = Config;
/// #     type Client = String;
/// #     async fn configure(&self, config: PlanView<Config>, _: &mut Diagnostics) -> Result<String, Diagnostics> {
/// #         Ok(config.prefix.into_known().unwrap_or_default())
/// #     }
/// # }
/// # #[derive(TfSchema, TfValue)]
/// # struct Thing {
/// #     #[tf(computed, use_state_for_unknown)]
/// #     id: Unknown<String>,
/// #     name: String,
/// # }
/// # struct Things;
/// # impl Resource for Things {
/// #     type Client = String;
/// #     type Model = Thing;
/// #     async fn create(&self, ctx: &mut Ctx<String>, mut planned: Thing) -> Result<Thing, Diagnostics> {
/// #         planned.id = Unknown::Known(format!("{}{}", ctx.client()?, planned.name));
/// #         Ok(planned)
/// #     }
/// #     async fn read(&self, _: &mut Ctx<String>, current: Thing) -> Result<Option<Thing>, Diagnostics> { Ok(Some(current)) }
/// #     async fn update(&self, _: &mut Ctx<String>, _: Thing, planned: Thing) -> Result<Thing, Diagnostics> { Ok(planned) }
/// #     async fn delete(&self, _: &mut Ctx<String>, _: Thing) -> Result<(), Diagnostics> { Ok(()) }
/// #     async fn read_by_id(&self, ctx: &mut Ctx<String>, id: &str) -> Result<Option<Thing>, Diagnostics> {
/// #         let name = id.strip_prefix(ctx.client()?.as_str()).unwrap_or(id).to_owned();
/// #         Ok(Some(Thing { id: Unknown::Known(id.to_owned()), name }))
/// #     }
/// # }
/// use tfschema::server::testing::Harness;
/// use tfschema::{Type, Value};
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() {
/// let h = Harness::new(TypedProvider::new(Example).resource("x_thing", Things));
/// // provider "x" { prefix = "t-" }
/// let diagnostics = h.configure(Value::object([("prefix", Value::from("t-"))])).await;
/// assert!(diagnostics.is_empty(), "{diagnostics:?}");
///
/// // resource "x_thing" "a" { name = "a" }
/// let config = Value::object([("id", Value::Null(Type::String)), ("name", Value::from("a"))]);
/// let nothing = Value::Null(h.resource_type("x_thing"));
/// let plan = h.plan("x_thing", &nothing, &config).await;
/// let Value::Object(planned) = &plan.planned_state else { unreachable!() };
/// assert!(!planned["id"].is_known()); // (known after apply)
/// let created = h.apply("x_thing", &nothing, &plan, &config).await;
/// assert!(created.diagnostics.is_empty(), "{:?}", created.diagnostics);
/// let state = created.state;
///
/// // Refresh, then plan again: nothing to change.
/// let refreshed = h.read("x_thing", &state, created.private).await;
/// assert_eq!(refreshed.state, state);
/// assert_eq!(h.plan("x_thing", &state, &config).await.planned_state, state);
///
/// // terraform import x_thing.b t-b
/// let imported = h.import("x_thing", "t-b").await;
/// let expected = Value::object([("id", Value::from("t-b")), ("name", Value::from("b"))]);
/// assert_eq!(imported.state, expected);
///
/// // Destroy: a null configuration plans a null state.
/// let (plan, destroyed) = h.plan_and_apply("x_thing", &state, &nothing).await;
/// assert!(plan.planned_state.is_null() && destroyed.state.is_null());
/// # }
/// ```
#[derive(Debug)]
pub struct Harness<P> {
    pub(super) grpc: GrpcProvider<P>,
    pub(super) protocol: u32,
    write_only_allowed: bool,
    deferral_allowed: bool,
    computed_blocks_allowed: bool,
    store_planned_private: bool,
}

impl<P: RawProvider> Harness<P> {
    /// A harness speaking protocol 6, as Terraform 1.11+ (write-only
    /// attributes allowed).
    pub fn new(provider: P) -> Self {
        Harness {
            grpc: GrpcProvider::new(provider),
            protocol: 6,
            write_only_allowed: true,
            deferral_allowed: false,
            computed_blocks_allowed: false,
            store_planned_private: false,
        }
    }

    /// Speaks protocol 5 instead.
    pub fn protocol_5(mut self) -> Self {
        self.protocol = 5;
        self
    }

    /// Whether Terraform allows deferrals: `client_capabilities.
    /// deferral_allowed` in every request that carries client
    /// capabilities, `ConfigureProvider` included. `false` by default, as
    /// in release builds of Terraform, which refuse `-allow-deferral`;
    /// `true` is what an experimental build sends with it. The deferral an
    /// answer carries is in [`PlanResult::deferred`] and
    /// [`StateResult::deferred`].
    pub fn allow_deferral(mut self, allowed: bool) -> Self {
        self.deferral_allowed = allowed;
        self
    }

    /// Whether Terraform claims write-only support (false: as before 1.11).
    pub fn write_only_allowed(mut self, allowed: bool) -> Self {
        self.write_only_allowed = allowed;
        self
    }

    /// Whether Terraform honours computed nested blocks (protocol 6.11's
    /// `computed_blocks_allowed`; false by default, as Terraform 1.15).
    pub fn computed_blocks_allowed(mut self, allowed: bool) -> Self {
        self.computed_blocks_allowed = allowed;
        self
    }

    /// Whether Terraform keeps a plan's private data and sends it back when
    /// it plans again (protocol 6.11's `store_planned_private`; false by
    /// default, as Terraform 1.15): see [`replan`](Self::replan).
    pub fn store_planned_private(mut self, store: bool) -> Self {
        self.store_planned_private = store;
        self
    }

    /// The gRPC provider under test (for calls the harness does not wrap,
    /// e.g. replaying captured requests).
    pub fn grpc(&self) -> &GrpcProvider<P> {
        &self.grpc
    }

    /// The provider's schemas.
    pub fn schema(&self) -> &ProviderSchema {
        self.grpc.schema()
    }

    fn resource_schema(&self, type_name: &str) -> Schema {
        self.schema()
            .resources
            .get(type_name)
            .cloned()
            .unwrap_or_default()
    }

    /// The value type of a resource type (an empty object if unknown).
    pub fn resource_type(&self, type_name: &str) -> Type {
        self.resource_schema(type_name).block.implied_type()
    }

    /// The value type of a data source (an empty object if unknown).
    pub fn data_source_type(&self, type_name: &str) -> Type {
        self.schema()
            .data_sources
            .get(type_name)
            .map(|s| s.block.implied_type())
            .unwrap_or_else(|| Type::object(Vec::<(String, Type)>::new()))
    }

    pub(super) fn capabilities(&self) -> pb6::ClientCapabilities {
        pb6::ClientCapabilities {
            deferral_allowed: self.deferral_allowed,
            write_only_attributes_allowed: self.write_only_allowed,
            store_planned_private: self.store_planned_private,
            computed_blocks_allowed: self.computed_blocks_allowed,
        }
    }

    /// `ValidateProviderConfig` then `ConfigureProvider` with the `provider`
    /// block's value, as Terraform does before anything else; stops after
    /// validation errors. The diagnostics of both calls, in order.
    pub async fn configure(&self, config: Value) -> Diagnostics {
        let ty = self.schema().provider.block.implied_type();
        let mut diagnostics = self.validate_provider(config.clone()).await;
        if diagnostics.has_errors() {
            return diagnostics;
        }
        let request = pb6::configure_provider::Request {
            terraform_version: "1.15.5".into(),
            config: dv6(&config, &ty),
            client_capabilities: Some(self.capabilities()),
        };
        let response: Result<pb6::configure_provider::Response, _> =
            call!(self, configure, configure_provider, request);
        diagnostics
            .extend(response.map_or_else(|s| rpc_failed(&s), |r| diagnostics_of(r.diagnostics)));
        diagnostics
    }

    /// `ValidateProviderConfig`.
    pub async fn validate_provider(&self, config: Value) -> Diagnostics {
        let ty = self.schema().provider.block.implied_type();
        let request = pb6::validate_provider_config::Request {
            config: dv6(&config, &ty),
        };
        let response: Result<pb6::validate_provider_config::Response, _> = call!(
            self,
            prepare_provider_config,
            validate_provider_config,
            request
        );
        response.map_or_else(|s| rpc_failed(&s), |r| diagnostics_of(r.diagnostics))
    }

    /// `ValidateResourceConfig`.
    pub async fn validate_resource(&self, type_name: &str, config: &Value) -> Diagnostics {
        let request = pb6::validate_resource_config::Request {
            type_name: type_name.into(),
            config: dv6(config, &self.resource_type(type_name)),
            client_capabilities: Some(self.capabilities()),
        };
        let response: Result<pb6::validate_resource_config::Response, _> = call!(
            self,
            validate_resource_type_config,
            validate_resource_config,
            request
        );
        response.map_or_else(|s| rpc_failed(&s), |r| diagnostics_of(r.diagnostics))
    }

    /// `ValidateDataResourceConfig`.
    pub async fn validate_data_source(&self, type_name: &str, config: &Value) -> Diagnostics {
        let request = pb6::validate_data_resource_config::Request {
            type_name: type_name.into(),
            config: dv6(config, &self.data_source_type(type_name)),
        };
        let response: Result<pb6::validate_data_resource_config::Response, _> = call!(
            self,
            validate_data_source_config,
            validate_data_resource_config,
            request
        );
        response.map_or_else(|s| rpc_failed(&s), |r| diagnostics_of(r.diagnostics))
    }

    /// `PlanResourceChange` with Terraform's proposal from `prior` and
    /// `config` (a null `prior` plans a create, a null `config` a destroy).
    pub async fn plan(&self, type_name: &str, prior: &Value, config: &Value) -> PlanResult {
        self.plan_with_private(type_name, prior, config, Vec::new())
            .await
    }

    /// [`plan`](Self::plan) with the prior private state.
    pub async fn plan_with_private(
        &self,
        type_name: &str,
        prior: &Value,
        config: &Value,
        prior_private: Vec<u8>,
    ) -> PlanResult {
        self.plan_request(type_name, prior, None, config, (prior_private, Vec::new()))
            .await
    }

    /// The plan Terraform makes again at apply time, after `first` (the plan
    /// of the same `prior` and `config`, e.g. one saved with `-out`): with
    /// [`store_planned_private`](Self::store_planned_private) the request
    /// carries `first`'s private data as `planned_private`, as Terraform
    /// releases with protocol 6.11 do.
    pub async fn replan(
        &self,
        type_name: &str,
        prior: &Value,
        config: &Value,
        prior_private: Vec<u8>,
        first: &PlanResult,
    ) -> PlanResult {
        let planned_private = if self.store_planned_private {
            first.planned_private.clone()
        } else {
            Vec::new()
        };
        let privates = (prior_private, planned_private);
        self.plan_request(type_name, prior, None, config, privates)
            .await
    }

    pub(super) async fn plan_request(
        &self,
        type_name: &str,
        prior: &Value,
        prior_identity: Option<&Value>,
        config: &Value,
        (prior_private, planned_private): (Vec<u8>, Vec<u8>),
    ) -> PlanResult {
        let schema = self.resource_schema(type_name);
        let ty = schema.block.implied_type();
        let config_dv = dv6(config, &ty);
        // On create Terraform proposes the configuration itself (computed
        // attributes it leaves null have no prior value to take).
        let proposed = if prior.is_null() {
            config_dv.clone()
        } else {
            dv6(&proposed_new(&schema.block, prior, config), &ty)
        };
        let request = pb6::plan_resource_change::Request {
            type_name: type_name.into(),
            prior_state: dv6(prior, &ty),
            proposed_new_state: proposed,
            config: config_dv,
            prior_private,
            client_capabilities: Some(self.capabilities()),
            prior_identity: self.identity_data(type_name, prior_identity),
            planned_private,
            ..Default::default()
        };
        let response: Result<pb6::plan_resource_change::Response, _> =
            call!(self, plan_resource_change, plan_resource_change, request);
        let (requires_replace, identity, deferred, response) = match response {
            Ok(mut r) => (
                std::mem::take(&mut r.requires_replace)
                    .into_iter()
                    .map(path_of)
                    .collect(),
                r.planned_identity.take(),
                r.deferred.take(),
                Ok((r.planned_state, r.planned_private, r.diagnostics)),
            ),
            Err(s) => (Vec::new(), None, None, Err(s)),
        };
        let mut state = state_result(response, ty);
        let planned_identity = self.identity_value(type_name, identity, &mut state.diagnostics);
        let deferred = deferred_of(deferred, &mut state.diagnostics);
        PlanResult {
            planned_state: state.state,
            requires_replace,
            planned_private: state.private,
            planned_identity,
            diagnostics: state.diagnostics,
            deferred,
        }
    }

    /// `ApplyResourceChange` of a plan: `prior` and `config` as given to
    /// [`plan`](Self::plan), which made `plan`.
    pub async fn apply(
        &self,
        type_name: &str,
        prior: &Value,
        plan: &PlanResult,
        config: &Value,
    ) -> StateResult {
        let ty = self.resource_type(type_name);
        let request = pb6::apply_resource_change::Request {
            type_name: type_name.into(),
            prior_state: dv6(prior, &ty),
            planned_state: dv6(&plan.planned_state, &ty),
            config: dv6(config, &ty),
            planned_private: plan.planned_private.clone(),
            planned_identity: self.identity_data(type_name, plan.planned_identity.as_ref()),
            ..Default::default()
        };
        let response: Result<pb6::apply_resource_change::Response, _> =
            call!(self, apply_resource_change, apply_resource_change, request);
        let mut identity = None;
        let response = response.map(|mut r| {
            identity = r.new_identity.take();
            (r.new_state, r.private, r.diagnostics)
        });
        let mut result = state_result(response, ty);
        result.identity = self.identity_value(type_name, identity, &mut result.diagnostics);
        result
    }

    /// Plan then apply, as `terraform apply` does for one resource; the
    /// plan's diagnostics come first. Stops after planning errors.
    pub async fn plan_and_apply(
        &self,
        type_name: &str,
        prior: &Value,
        config: &Value,
    ) -> (PlanResult, StateResult) {
        let plan = self.plan(type_name, prior, config).await;
        if plan.diagnostics.has_errors() {
            let state = StateResult {
                state: prior.clone(),
                private: Vec::new(),
                identity: None,
                diagnostics: plan.diagnostics.clone(),
                deferred: None,
            };
            return (plan, state);
        }
        let state = self.apply(type_name, prior, &plan, config).await;
        (plan, state)
    }

    /// `ReadResource`.
    pub async fn read(&self, type_name: &str, current: &Value, private: Vec<u8>) -> StateResult {
        self.read_request(type_name, current, None, private).await
    }

    pub(super) async fn read_request(
        &self,
        type_name: &str,
        current: &Value,
        current_identity: Option<&Value>,
        private: Vec<u8>,
    ) -> StateResult {
        let ty = self.resource_type(type_name);
        let request = pb6::read_resource::Request {
            type_name: type_name.into(),
            current_state: dv6(current, &ty),
            private,
            client_capabilities: Some(self.capabilities()),
            current_identity: self.identity_data(type_name, current_identity),
            ..Default::default()
        };
        let response: Result<pb6::read_resource::Response, _> =
            call!(self, read_resource, read_resource, request);
        let (mut identity, mut deferred) = (None, None);
        let response = response.map(|mut r| {
            identity = r.new_identity.take();
            deferred = r.deferred.take();
            (r.new_state, r.private, r.diagnostics)
        });
        let mut result = state_result(response, ty);
        result.identity = self.identity_value(type_name, identity, &mut result.diagnostics);
        result.deferred = deferred_of(deferred, &mut result.diagnostics);
        result
    }

    /// `ImportResourceState`: the first imported object. (Terraform then
    /// reads it: call [`read`](Self::read) on the state to do the same.)
    pub async fn import(&self, type_name: &str, id: &str) -> StateResult {
        self.import_request(type_name, id, None).await
    }

    pub(super) async fn import_request(
        &self,
        type_name: &str,
        id: &str,
        identity: Option<&Value>,
    ) -> StateResult {
        let ty = self.resource_type(type_name);
        let request = pb6::import_resource_state::Request {
            type_name: type_name.into(),
            id: id.into(),
            client_capabilities: Some(self.capabilities()),
            identity: self.identity_data(type_name, identity),
        };
        let response: Result<pb6::import_resource_state::Response, _> =
            call!(self, import_resource_state, import_resource_state, request);
        let (mut identity, mut deferred) = (None, None);
        let response = response.map(|r| {
            deferred = r.deferred;
            let first = r.imported_resources.into_iter().next();
            let private = first
                .as_ref()
                .map(|i| i.private.clone())
                .unwrap_or_default();
            identity = first.as_ref().and_then(|i| i.identity.clone());
            (first.and_then(|i| i.state), private, r.diagnostics)
        });
        let mut result = state_result(response, ty);
        result.identity = self.identity_value(type_name, identity, &mut result.diagnostics);
        result.deferred = deferred_of(deferred, &mut result.diagnostics);
        result
    }

    /// `UpgradeResourceState` of a JSON state written by `version`.
    pub async fn upgrade(&self, type_name: &str, version: i64, json: &str) -> StateResult {
        let ty = self.resource_type(type_name);
        let request = pb6::upgrade_resource_state::Request {
            type_name: type_name.into(),
            version,
            raw_state: Some(pb6::RawState {
                json: json.as_bytes().to_vec(),
                ..Default::default()
            }),
        };
        let response: Result<pb6::upgrade_resource_state::Response, _> = call!(
            self,
            upgrade_resource_state,
            upgrade_resource_state,
            request
        );
        state_result(
            response.map(|r| (r.upgraded_state, Vec::new(), r.diagnostics)),
            ty,
        )
    }

    /// `ReadDataSource`.
    pub async fn read_data_source(&self, type_name: &str, config: &Value) -> StateResult {
        let ty = self.data_source_type(type_name);
        let request = pb6::read_data_source::Request {
            type_name: type_name.into(),
            config: dv6(config, &ty),
            client_capabilities: Some(self.capabilities()),
            ..Default::default()
        };
        let response: Result<pb6::read_data_source::Response, _> =
            call!(self, read_data_source, read_data_source, request);
        let mut deferred = None;
        let response = response.map(|r| {
            deferred = r.deferred;
            (r.state, Vec::new(), r.diagnostics)
        });
        let mut result = state_result(response, ty);
        result.deferred = deferred_of(deferred, &mut result.diagnostics);
        result
    }

    /// The type of an action's `config` block (an empty object if unknown).
    pub fn action_type(&self, type_name: &str) -> Type {
        self.schema()
            .actions
            .get(type_name)
            .map(|s| s.block.implied_type())
            .unwrap_or_else(|| Type::object(Vec::<(String, Type)>::new()))
    }

    /// `ValidateActionConfig`.
    pub async fn validate_action(&self, type_name: &str, config: &Value) -> Diagnostics {
        let request = pb6::validate_action_config::Request {
            type_name: type_name.into(),
            config: dv6(config, &self.action_type(type_name)),
        };
        let response: Result<pb6::validate_action_config::Response, _> = call!(
            self,
            validate_action_config,
            validate_action_config,
            request
        );
        match response {
            Ok(r) => diagnostics_of(r.diagnostics),
            Err(s) => rpc_failed(&s),
        }
    }

    /// `PlanAction`: what Terraform asks while planning (the
    /// configuration may hold unknowns).
    pub async fn plan_action(&self, type_name: &str, config: &Value) -> Diagnostics {
        let request = pb6::plan_action::Request {
            action_type: type_name.into(),
            config: dv6(config, &self.action_type(type_name)),
            client_capabilities: Some(self.capabilities()),
        };
        let response: Result<pb6::plan_action::Response, _> =
            call!(self, plan_action, plan_action, request);
        match response {
            Ok(r) => diagnostics_of(r.diagnostics),
            Err(s) => rpc_failed(&s),
        }
    }

    /// `InvokeAction`: runs the action and reads its stream to the end.
    pub async fn invoke_action(&self, type_name: &str, config: &Value) -> ActionResult {
        use pb6::invoke_action::event::Type as Event;
        use tokio_stream::StreamExt;
        let request = pb6::invoke_action::Request {
            action_type: type_name.into(),
            config: dv6(config, &self.action_type(type_name)),
            client_capabilities: Some(self.capabilities()),
        };
        let events: Result<Vec<pb6::invoke_action::Event>, tonic::Status> = if self.protocol == 5 {
            match self
                .grpc
                .v5()
                .invoke_action(tonic::Request::new(as_v6(&request)))
                .await
            {
                Ok(r) => {
                    let events = r.into_inner().map(|e| e.map(|e| as_v6(&e)));
                    events.collect::<Result<_, _>>().await
                }
                Err(s) => Err(s),
            }
        } else {
            match self
                .grpc
                .v6()
                .invoke_action(tonic::Request::new(request))
                .await
            {
                Ok(r) => r.into_inner().collect::<Result<_, _>>().await,
                Err(s) => Err(s),
            }
        };
        let mut result = ActionResult {
            progress: Vec::new(),
            diagnostics: Diagnostics::new(),
        };
        match events {
            Ok(events) => {
                for event in events {
                    match event.r#type {
                        Some(Event::Progress(p)) => result.progress.push(p.message),
                        Some(Event::Completed(c)) => {
                            result.diagnostics.extend(diagnostics_of(c.diagnostics))
                        }
                        None => {}
                    }
                }
            }
            Err(s) => result.diagnostics = rpc_failed(&s),
        }
        result
    }

    /// `StopProvider`: cancels the calls in flight.
    pub async fn stop(&self) {
        self.grpc.stop();
    }

    /// `CallFunction`, as Terraform sends it: each argument written as
    /// msgpack of its parameter's type (arguments past the positional
    /// parameters as the variadic one's); the result read with the return
    /// type.
    ///
    /// # Errors
    /// The function's error, with the argument it names; an argument that
    /// is not of its parameter's type (or one too many), as an error of
    /// that argument, without calling the provider; a failed gRPC call.
    pub async fn call_function(&self, name: &str, args: &[Value]) -> Result<Value, FunctionError> {
        let signature = self.schema().functions.get(name);
        let mut arguments = Vec::with_capacity(args.len());
        for (i, arg) in args.iter().enumerate() {
            let ty = signature.and_then(|s| s.argument_type(i));
            let bytes = ty
                .ok_or_else(|| FunctionError::argument(i, "Harness: no parameter takes it"))
                .and_then(|ty| {
                    crate::msgpack::value_to_vec(arg, ty)
                        .map_err(|e| FunctionError::argument(i, format!("Harness: {e}")))
                })?;
            arguments.push(bytes);
        }
        self.call_function_msgpack(name, arguments).await
    }

    /// `CallFunction` with the arguments' msgpack bytes as given, for what
    /// Terraform would not send: a value of another type, bytes that are
    /// not msgpack, an empty value (OpenTofu's null).
    ///
    /// # Errors
    /// As [`call_function`](Self::call_function).
    pub async fn call_function_msgpack(
        &self,
        name: &str,
        arguments: Vec<Vec<u8>>,
    ) -> Result<Value, FunctionError> {
        let return_type = self
            .schema()
            .functions
            .get(name)
            .map_or(Type::Dynamic, |s| s.return_type.clone());
        let request = pb6::call_function::Request {
            name: name.into(),
            arguments: arguments
                .into_iter()
                .map(|msgpack| pb6::DynamicValue {
                    msgpack,
                    json: Vec::new(),
                })
                .collect(),
        };
        let response: Result<pb6::call_function::Response, _> =
            call!(self, call_function, call_function, request);
        let response =
            response.map_err(|s| FunctionError::new(format!("gRPC call failed: {s}")))?;
        if let Some(e) = response.error {
            return Err(FunctionError {
                text: e.text,
                argument: e
                    .function_argument
                    .map(|i| usize::try_from(i).unwrap_or(usize::MAX)),
            });
        }
        let Some(result) = response.result else {
            return Err(FunctionError::new("Harness: no result and no error"));
        };
        crate::msgpack::value_from_slice(&result.msgpack, &return_type)
            .map_err(|e| FunctionError::new(format!("Harness: undecodable result: {e}")))
    }
}
