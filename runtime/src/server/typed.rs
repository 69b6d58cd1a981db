//! The typed provider layer: a provider written as a [`Provider`] with
//! [`Resource`]s and [`DataSource`]s over derived model structs.
//!
//! The model struct (`#[derive(TfSchema, TfValue)]`) is the *apply view*:
//! what create, read, update, delete and import see, where only computed
//! attributes (declared `Unknown<T>` or `Refined<T>`) can still be unknown.
//! Its companion `<Name>Plan` struct is the *plan view*, where every
//! attribute may be unknown: validation, planning and provider
//! configuration see that one, because Terraform can send unknowns for any
//! attribute there.
//!
//! Planning is done for you on Terraform's proposed new state
//! ([`super::plan`]): computed attributes, defaults, write-only attributes
//! and replacement follow the schema's plan policy; a resource can adjust
//! the result in [`Resource::modify_plan`]. After apply, the new state is
//! checked against the plan: no unknowns left, planned refinements kept.
//!
//! ```no_run
//! # use tfschema::{TfSchema, TfValue, Unknown};
//! # use tfschema::server::typed::{Ctx, Provider, Resource, TypedProvider, PlanView};
//! # use tfschema::diag::Diagnostics;
//! #[derive(TfSchema, TfValue)]
//! struct Config { endpoint: Option<String> }
//!
//! #[derive(TfSchema, TfValue)]
//! struct Thing {
//!     #[tf(computed, use_state_for_unknown)]
//!     id: Unknown<String>,
//!     name: String,
//! }
//!
//! struct MyProvider;
//! impl Provider for MyProvider {
//!     type Config = Config;
//!     type Client = String;
//!     async fn configure(&self, config: PlanView<Config>, _d: &mut Diagnostics) -> Result<String, Diagnostics> {
//!         Ok(config.endpoint.known().cloned().flatten().unwrap_or_default())
//!     }
//! }
//!
//! struct Things;
//! impl Resource for Things {
//!     type Client = String;
//!     type Model = Thing;
//!     async fn create(&self, _ctx: &mut Ctx<String>, mut planned: Thing) -> Result<Thing, Diagnostics> {
//!         planned.id = Unknown::Known(format!("thing-{}", planned.name));
//!         Ok(planned)
//!     }
//!     async fn read(&self, _ctx: &mut Ctx<String>, current: Thing) -> Result<Option<Thing>, Diagnostics> {
//!         Ok(Some(current))
//!     }
//!     async fn update(&self, _ctx: &mut Ctx<String>, _prior: Thing, planned: Thing) -> Result<Thing, Diagnostics> {
//!         Ok(planned)
//!     }
//!     async fn delete(&self, _ctx: &mut Ctx<String>, _prior: Thing) -> Result<(), Diagnostics> {
//!         Ok(())
//!     }
//! }
//!
//! fn main() -> std::process::ExitCode {
//!     TypedProvider::new(MyProvider).resource("example_thing", Things).run()
//! }
//! ```

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::process::ExitCode;
use std::sync::{Arc, RwLock};

use super::plan::{check_applied, plan, PlanOptions};
use super::raw::{self, DynamicValue, ProviderSchema, RawProvider, RawResponse, StopSignal};
use super::walk::{walk, Flow, Node, Path, Visitor};
use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::json::JsonOptions;
use crate::model::{FromValue, TfDecode, TfEncode, TfPlan, TfSchema, TfType};
use crate::schema::{Block, Schema};
use crate::value::Value;

/// A derived model struct the typed layer can use: schema, codecs and a
/// plan view that converts both ways.
pub trait Model:
    TfSchema
    + TfEncode
    + for<'de> TfDecode<'de>
    + FromValue
    + TfPlan<PlanInner: FromValue + TfEncode + Send>
    + Send
    + 'static
{
}

impl<T> Model for T where
    T: TfSchema
        + TfEncode
        + for<'de> TfDecode<'de>
        + FromValue
        + TfPlan<PlanInner: FromValue + TfEncode + Send>
        + Send
        + 'static
{
}

/// The plan view of a model struct (`<Name>Plan`): every attribute may be
/// unknown.
pub type PlanView<M> = <M as TfPlan>::PlanInner;

/// A provider: its configuration model and the client it builds from it.
pub trait Provider: Send + Sync + 'static {
    /// The `provider "..." {}` block.
    type Config: Model;
    /// What [`configure`](Self::configure) builds and every resource and data
    /// source receives (an API client, a database handle).
    type Client: Send + Sync + 'static;

    /// Extra checks of the configuration, after the derived validators
    /// (`#[tf(validate(...))]`, cross-attribute rules, deprecations).
    fn validate(&self, config: &PlanView<Self::Config>) -> Diagnostics {
        let _ = config;
        Diagnostics::new()
    }

    /// Builds the client. The configuration may still hold unknowns (it can
    /// depend on resources not yet created). Warnings go to `diagnostics`.
    fn configure(
        &self,
        config: PlanView<Self::Config>,
        diagnostics: &mut Diagnostics,
    ) -> impl Future<Output = Result<Self::Client, Diagnostics>> + Send;
}

/// What a resource or data source call receives besides its values: the
/// configured client, a place for warnings, the Stop signal and the
/// resource's private state.
pub struct Ctx<C> {
    client: Option<Arc<C>>,
    stop: StopSignal,
    diagnostics: Diagnostics,
    private: Vec<u8>,
    partial: Option<Value>,
}

impl<C> std::fmt::Debug for Ctx<C> {
    /// The private and partial states are left out (they may hold secrets).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ctx")
            .field("configured", &self.client.is_some())
            .field("stopped", &self.stop.is_stopped())
            .field("diagnostics", &self.diagnostics)
            .finish_non_exhaustive()
    }
}

impl<C> Ctx<C> {
    fn new(client: Option<Arc<C>>, stop: StopSignal, private: Vec<u8>) -> Self {
        Ctx {
            client,
            stop,
            diagnostics: Diagnostics::new(),
            private,
            partial: None,
        }
    }

    /// The client [`Provider::configure`] built.
    ///
    /// # Errors
    /// The provider was not configured (or its configuration failed).
    pub fn client(&self) -> Result<&C, Diagnostics> {
        self.client.as_deref().ok_or_else(|| {
            let mut d = Diagnostics::new();
            d.error(
                &[],
                "Provider not configured",
                "This operation needs the provider's client, but the provider has not been configured.",
            );
            d
        })
    }

    /// Adds a warning (shown even when the operation succeeds).
    pub fn warning(
        &mut self,
        path: &[PathStep],
        summary: impl Into<String>,
        detail: impl Into<String>,
    ) {
        self.diagnostics.warning(path, summary, detail);
    }

    /// The diagnostics gathered so far.
    pub fn diagnostics_mut(&mut self) -> &mut Diagnostics {
        &mut self.diagnostics
    }

    /// The Stop signal: cancellation drops the operation's future at its
    /// next await; long operations can also check it.
    pub fn stop_signal(&self) -> &StopSignal {
        &self.stop
    }

    /// The resource's private state (opaque bytes kept by Terraform).
    pub fn private(&self) -> &[u8] {
        &self.private
    }

    /// Replaces the private state handed back to Terraform.
    pub fn set_private(&mut self, private: Vec<u8>) {
        self.private = private;
    }

    /// Records what exists so far, for an apply that fails half-way:
    /// Terraform stores it (the object is tainted) together with the error.
    pub fn set_partial_state<M: TfEncode>(&mut self, state: &M) {
        self.partial = Some(state.to_value());
    }
}

/// The state of an older schema version, handed to
/// [`Resource::upgrade_state`].
#[derive(Debug, Clone, Copy)]
pub struct StateUpgrade<'a> {
    /// The schema version that wrote the state.
    pub version: i64,
    /// The state as Terraform stored it (JSON).
    pub json: &'a [u8],
}

impl StateUpgrade<'_> {
    /// Decodes the state with an older model struct; attributes that model
    /// no longer has are ignored.
    ///
    /// # Errors
    /// JSON that does not fit `Old`, as an error diagnostic with its path.
    pub fn decode<Old: FromValue>(&self) -> Result<Old, Diagnostics> {
        let value = crate::json::decode_value(
            self.json,
            &Old::tf_type(),
            &JsonOptions::ignoring_unknown_attributes(),
        )?;
        Ok(Old::from_value(value)?)
    }
}

/// The plan of one resource instance, as [`Resource::modify_plan`] sees it
/// after default planning.
pub struct ResourcePlan<M: Model> {
    /// The prior state; `None` on create.
    pub prior: Option<M>,
    /// The configuration (plan view: may hold unknowns).
    pub config: PlanView<M>,
    /// The planned new state; change it to adjust the plan.
    pub planned: PlanView<M>,
    /// Attribute paths whose change forces replacement.
    pub requires_replace: Vec<Vec<PathStep>>,
}

impl<M: Model> std::fmt::Debug for ResourcePlan<M> {
    /// The values are left out: they may hold sensitive attributes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ResourcePlan")
            .field("create", &self.prior.is_none())
            .field("requires_replace", &self.requires_replace)
            .finish_non_exhaustive()
    }
}

impl<M: Model> ResourcePlan<M> {
    /// Marks the attribute at `path` as forcing replacement.
    pub fn require_replace(&mut self, path: Vec<PathStep>) {
        if !self.requires_replace.contains(&path) {
            self.requires_replace.push(path);
        }
    }
}

/// A managed resource type.
pub trait Resource: Send + Sync + 'static {
    /// The provider's client type.
    type Client: Send + Sync + 'static;
    /// The model struct (apply view); its plan view is [`PlanView`].
    type Model: Model;

    /// Extra configuration checks, after the derived validators.
    fn validate(&self, config: &PlanView<Self::Model>) -> Diagnostics {
        let _ = config;
        Diagnostics::new()
    }

    /// Adjusts the default plan (not called on destroy).
    fn modify_plan(
        &self,
        ctx: &mut Ctx<Self::Client>,
        plan: &mut ResourcePlan<Self::Model>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, plan);
        async { Ok(()) }
    }

    /// Creates the object; `planned` holds unknowns only in computed
    /// attributes, which the result must fill.
    fn create(
        &self,
        ctx: &mut Ctx<Self::Client>,
        planned: Self::Model,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send;

    /// Refreshes the object; `None` when it no longer exists.
    fn read(
        &self,
        ctx: &mut Ctx<Self::Client>,
        current: Self::Model,
    ) -> impl Future<Output = Result<Option<Self::Model>, Diagnostics>> + Send;

    /// Updates the object in place.
    fn update(
        &self,
        ctx: &mut Ctx<Self::Client>,
        prior: Self::Model,
        planned: Self::Model,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send;

    /// Deletes the object.
    fn delete(
        &self,
        ctx: &mut Ctx<Self::Client>,
        prior: Self::Model,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send;

    /// Looks an object up by the id `terraform import` was given: the
    /// import-by-id helper. Implement it and [`import`](Self::import) works.
    fn read_by_id(
        &self,
        ctx: &mut Ctx<Self::Client>,
        id: &str,
    ) -> impl Future<Output = Result<Option<Self::Model>, Diagnostics>> + Send {
        let _ = (ctx, id);
        async {
            Err(Diagnostics::with_error(
                "Import not supported",
                "This resource type cannot be imported.",
            ))
        }
    }

    /// `terraform import`: by default [`read_by_id`](Self::read_by_id), with
    /// an error when nothing has that id.
    fn import(
        &self,
        ctx: &mut Ctx<Self::Client>,
        id: &str,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send {
        async move {
            match self.read_by_id(ctx, id).await? {
                Some(model) => Ok(model),
                None => Err(Diagnostics::with_error(
                    "Cannot import non-existent remote object",
                    format!("No object with id {id:?} exists."),
                )),
            }
        }
    }

    /// Brings state written by an older schema version to the current
    /// model ([`TfSchema::VERSION`]). State of the current version never
    /// comes here (it is read as is, ignoring attributes the schema no
    /// longer has).
    fn upgrade_state(&self, state: StateUpgrade<'_>) -> Result<Self::Model, Diagnostics> {
        Err(Diagnostics::with_error(
            "Unsupported state version",
            format!(
                "The state was written by schema version {}; this resource cannot upgrade it to version {}.",
                state.version,
                Self::Model::VERSION
            ),
        ))
    }
}

/// A data source type.
pub trait DataSource: Send + Sync + 'static {
    /// The provider's client type.
    type Client: Send + Sync + 'static;
    /// The model struct: configured attributes in, computed ones filled.
    type Model: Model;

    /// Extra configuration checks, after the derived validators.
    fn validate(&self, config: &PlanView<Self::Model>) -> Diagnostics {
        let _ = config;
        Diagnostics::new()
    }

    /// Reads the data.
    fn read(
        &self,
        ctx: &mut Ctx<Self::Client>,
        config: Self::Model,
    ) -> impl Future<Output = Result<Self::Model, Diagnostics>> + Send;
}

type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A resource behind dynamic values.
trait ErasedResource<C>: Send + Sync {
    fn schema(&self) -> Schema;
    fn validate(&self, config: &DynamicValue) -> Diagnostics;
    fn upgrade(&self, version: i64, json: &[u8]) -> Result<DynamicValue, Diagnostics>;
    fn read<'a>(
        &'a self,
        ctx: Ctx<C>,
        current: DynamicValue,
    ) -> BoxFuture<'a, raw::ReadResourceResponse>;
    fn plan<'a>(
        &'a self,
        ctx: Ctx<C>,
        request: raw::PlanResourceChangeRequest,
    ) -> BoxFuture<'a, raw::PlanResourceChangeResponse>;
    fn apply<'a>(
        &'a self,
        ctx: Ctx<C>,
        request: raw::ApplyResourceChangeRequest,
    ) -> BoxFuture<'a, raw::ApplyResourceChangeResponse>;
    fn import<'a>(
        &'a self,
        ctx: Ctx<C>,
        type_name: String,
        id: String,
    ) -> BoxFuture<'a, raw::ImportResourceStateResponse>;
}

/// A data source behind dynamic values.
trait ErasedDataSource<C>: Send + Sync {
    fn schema(&self) -> Schema;
    fn validate(&self, config: &DynamicValue) -> Diagnostics;
    fn read<'a>(
        &'a self,
        ctx: Ctx<C>,
        config: DynamicValue,
    ) -> BoxFuture<'a, raw::ReadDataSourceResponse>;
}

/// Decodes a value into a typed view, an error diagnostic on failure.
fn typed<T: FromValue>(value: Value, diagnostics: &mut Diagnostics) -> Option<T> {
    match T::from_value(value) {
        Ok(t) => Some(t),
        Err(err) => {
            diagnostics.push(err.into());
            None
        }
    }
}

/// Derived validators plus the type's own hook, on a configuration that may
/// hold unknowns.
fn validate_model<M: Model>(
    block: &Block,
    config: &DynamicValue,
    hook: impl FnOnce(&PlanView<M>) -> Diagnostics,
) -> Diagnostics {
    let config = match config.read_value() {
        Ok(config) => config,
        Err(d) => return d,
    };
    let config = &config;
    let mut diagnostics = M::validate_value(config);
    if let Some(view) = typed::<PlanView<M>>(config_view(block, config.clone()), &mut diagnostics) {
        diagnostics.extend(hook(&view));
    }
    diagnostics
}

/// Reads a request value into a model, or answers with the diagnostics.
macro_rules! read_or_answer {
    ($value:expr, $response:ident) => {
        match $value.read() {
            Ok(model) => model,
            Err(d) => {
                $response.diagnostics.extend(d);
                return $response;
            }
        }
    };
}

/// A model as the state to send: written straight to msgpack, unless it
/// has write-only attributes to null (then through a [`Value`]). Checked
/// against `planned` as [`check_applied`] does: no unknown may remain, and
/// planned refinements must hold. The checks read the bytes; a [`Value`]
/// is built only when an unknown remains or the plan held refinements.
fn state_of<M: Model>(
    block: &Block,
    model: &M,
    planned: Option<&DynamicValue>,
    diagnostics: &mut Diagnostics,
) -> DynamicValue {
    let planned_unknowns = planned.map_or_else(Default::default, DynamicValue::unknowns);
    if !M::HAS_WRITE_ONLY && !planned_unknowns.refined {
        match DynamicValue::from_model(model) {
            Ok(state) if !state.unknowns().any => return state,
            Ok(_) => {}
            Err(err) => {
                let mut d = crate::diag::Diagnostic::from(err);
                d.summary = "Provider returned an invalid value".into();
                diagnostics.push(d);
                return DynamicValue::null(M::tf_type());
            }
        }
    }
    let mut state = model.to_value();
    strip_write_only(block, &mut state);
    let planned = match planned.map(DynamicValue::to_value) {
        Some(Ok(v)) => v,
        _ => Value::Null(state.ty()),
    };
    check_applied(&planned, &state, diagnostics);
    DynamicValue::from(state)
}

/// A resource with its schema block, built once.
struct ResourceAdapter<R> {
    resource: R,
    block: Block,
}

impl<R: Resource> ErasedResource<R::Client> for ResourceAdapter<R> {
    fn schema(&self) -> Schema {
        R::Model::schema()
    }

    fn validate(&self, config: &DynamicValue) -> Diagnostics {
        validate_model::<R::Model>(&self.block, config, |view| self.resource.validate(view))
    }

    fn upgrade(&self, version: i64, json: &[u8]) -> Result<DynamicValue, Diagnostics> {
        let ty = R::Model::tf_type();
        if version == R::Model::VERSION {
            return Ok(DynamicValue::from(crate::json::decode_value(
                json,
                &ty,
                &JsonOptions::ignoring_unknown_attributes(),
            )?));
        }
        if version > R::Model::VERSION {
            return Err(Diagnostics::with_error(
                "State from a newer provider",
                format!(
                    "The state was written by schema version {version}, newer than this provider's {}; \
                     use the provider version that wrote it.",
                    R::Model::VERSION
                ),
            ));
        }
        let model = self
            .resource
            .upgrade_state(StateUpgrade { version, json })?;
        let mut diagnostics = Diagnostics::new();
        let state = state_of(&self.block, &model, None, &mut diagnostics);
        if diagnostics.has_errors() {
            return Err(diagnostics);
        }
        Ok(state)
    }

    fn read<'a>(
        &'a self,
        mut ctx: Ctx<R::Client>,
        current: DynamicValue,
    ) -> BoxFuture<'a, raw::ReadResourceResponse> {
        Box::pin(async move {
            let mut response = raw::ReadResourceResponse::default();
            let model: R::Model = read_or_answer!(current, response);
            let result = self.resource.read(&mut ctx, model).await;
            response
                .diagnostics
                .extend(std::mem::take(&mut ctx.diagnostics));
            response.private = ctx.private;
            response.new_state = Some(match result {
                Ok(Some(model)) => state_of(&self.block, &model, None, &mut response.diagnostics),
                Ok(None) => DynamicValue::null(self.block.implied_type()),
                Err(d) => {
                    response.diagnostics.extend(d);
                    return response;
                }
            });
            response
        })
    }

    fn plan<'a>(
        &'a self,
        mut ctx: Ctx<R::Client>,
        request: raw::PlanResourceChangeRequest,
    ) -> BoxFuture<'a, raw::PlanResourceChangeResponse> {
        Box::pin(async move {
            let block = &self.block;
            // Terraform proposes the configured write-only values, but the
            // prior state never holds them: compared as they are, every
            // plan of a resource with a write-only value set would count as
            // a change (and mark computed attributes unknown). They are
            // null in the plan anyway.
            let mut response = raw::PlanResourceChangeResponse::default();
            let (Ok(prior_state), Ok(mut proposed), Ok(config)) = (
                request.prior_state.read_value(),
                request.proposed_new_state.read_value(),
                request.config.read_value(),
            ) else {
                for value in [
                    &request.prior_state,
                    &request.proposed_new_state,
                    &request.config,
                ] {
                    if let Err(d) = value.read_value() {
                        response.diagnostics.extend(d);
                    }
                }
                return response;
            };
            strip_write_only(block, &mut proposed);
            let planned = plan(
                block,
                &prior_state,
                &proposed,
                &config,
                PlanOptions {
                    write_only_allowed: request.client_capabilities.write_only_attributes_allowed,
                },
            );
            let planned_value = planned.planned_state;
            response.requires_replace = planned.requires_replace;
            response.planned_private = request.prior_private;
            response.diagnostics = planned.diagnostics;
            if planned_value.is_null() || response.diagnostics.has_errors() {
                response.planned_state = Some(DynamicValue::from(planned_value));
                return response;
            }
            response.planned_state = Some(DynamicValue::from(planned_value.clone()));
            let d = &mut response.diagnostics;
            let prior = if prior_state.is_null() {
                Some(None)
            } else {
                typed::<R::Model>(prior_state, d).map(Some)
            };
            let (Some(prior), Some(config), Some(planned_view)) = (
                prior,
                typed::<PlanView<R::Model>>(config_view(block, config), d),
                typed::<PlanView<R::Model>>(planned_value, d),
            ) else {
                return response;
            };
            // The default plan as the typed view reads it (refinements of
            // `Unknown<T>` fields dropped), to tell whether the hook changed it.
            let baseline = planned_view.to_value();
            let mut plan = ResourcePlan {
                prior,
                config,
                planned: planned_view,
                requires_replace: std::mem::take(&mut response.requires_replace),
            };
            ctx.private = std::mem::take(&mut response.planned_private);
            let result = self.resource.modify_plan(&mut ctx, &mut plan).await;
            response
                .diagnostics
                .extend(std::mem::take(&mut ctx.diagnostics));
            response.planned_private = ctx.private;
            response.requires_replace = plan.requires_replace;
            if let Err(d) = result {
                response.diagnostics.extend(d);
                return response;
            }
            // Keep the default plan's value (with any refinements Terraform
            // sent) unless the hook changed something.
            let adjusted = plan.planned.to_value();
            if adjusted != baseline {
                response.planned_state = Some(DynamicValue::from(adjusted));
            }
            response
        })
    }

    fn apply<'a>(
        &'a self,
        mut ctx: Ctx<R::Client>,
        request: raw::ApplyResourceChangeRequest,
    ) -> BoxFuture<'a, raw::ApplyResourceChangeResponse> {
        Box::pin(async move {
            let block = &self.block;
            let mut response = raw::ApplyResourceChangeResponse::default();
            let prior: Option<R::Model> = if request.prior_state.is_null() {
                None
            } else {
                Some(read_or_answer!(request.prior_state, response))
            };
            let result: Result<Option<R::Model>, Diagnostics> = if request.planned_state.is_null() {
                match prior {
                    Some(prior) => self.resource.delete(&mut ctx, prior).await.map(|()| None),
                    None => Ok(None),
                }
            } else {
                let planned: R::Model = if R::Model::HAS_WRITE_ONLY {
                    // Write-only values are not in the plan; the model gets
                    // them from the configuration.
                    let (mut planned, config) = match (
                        request.planned_state.read_value(),
                        request.config.read_value(),
                    ) {
                        (Ok(p), Ok(c)) => (p, c),
                        (p, c) => {
                            response.diagnostics.extend(p.err().into_iter().flatten());
                            response.diagnostics.extend(c.err().into_iter().flatten());
                            return response;
                        }
                    };
                    merge_write_only(block, &mut planned, &config);
                    match typed::<R::Model>(planned, &mut response.diagnostics) {
                        Some(model) => model,
                        None => return response,
                    }
                } else {
                    read_or_answer!(request.planned_state, response)
                };
                match prior {
                    None => self.resource.create(&mut ctx, planned).await.map(Some),
                    Some(prior) => self
                        .resource
                        .update(&mut ctx, prior, planned)
                        .await
                        .map(Some),
                }
            };
            response
                .diagnostics
                .extend(std::mem::take(&mut ctx.diagnostics));
            response.private = ctx.private;
            let new_state = match result {
                Ok(Some(model)) => state_of(
                    block,
                    &model,
                    Some(&request.planned_state),
                    &mut response.diagnostics,
                ),
                Ok(None) => DynamicValue::null(block.implied_type()),
                Err(d) => {
                    response.diagnostics.extend(d);
                    match ctx.partial {
                        Some(mut partial) => {
                            strip_write_only(block, &mut partial);
                            DynamicValue::from(partial)
                        }
                        // Nothing changed: the prior state stands (null on create).
                        None => request.prior_state,
                    }
                }
            };
            response.new_state = Some(new_state);
            response
        })
    }

    fn import<'a>(
        &'a self,
        mut ctx: Ctx<R::Client>,
        type_name: String,
        id: String,
    ) -> BoxFuture<'a, raw::ImportResourceStateResponse> {
        Box::pin(async move {
            let result = self.resource.import(&mut ctx, &id).await;
            let mut response = raw::ImportResourceStateResponse {
                diagnostics: std::mem::take(&mut ctx.diagnostics),
                ..Default::default()
            };
            match result {
                Ok(model) => {
                    let state = state_of(&self.block, &model, None, &mut response.diagnostics);
                    response.imported_resources.push(raw::ImportedResource {
                        type_name,
                        state,
                        private: ctx.private,
                    });
                }
                Err(d) => response.diagnostics.extend(d),
            }
            response
        })
    }
}

/// A data source with its schema block, built once.
struct DataSourceAdapter<D> {
    data_source: D,
    block: Block,
}

impl<D: DataSource> ErasedDataSource<D::Client> for DataSourceAdapter<D> {
    fn schema(&self) -> Schema {
        D::Model::schema()
    }

    fn validate(&self, config: &DynamicValue) -> Diagnostics {
        validate_model::<D::Model>(&self.block, config, |view| self.data_source.validate(view))
    }

    fn read<'a>(
        &'a self,
        mut ctx: Ctx<D::Client>,
        config: DynamicValue,
    ) -> BoxFuture<'a, raw::ReadDataSourceResponse> {
        Box::pin(async move {
            let mut response = raw::ReadDataSourceResponse::default();
            let config = match config.read_value() {
                Ok(config) => config_view(&self.block, config),
                Err(d) => {
                    response.diagnostics.extend(d);
                    return response;
                }
            };
            let Some(model) = typed::<D::Model>(config, &mut response.diagnostics) else {
                return response;
            };
            let result = self.data_source.read(&mut ctx, model).await;
            response
                .diagnostics
                .extend(std::mem::take(&mut ctx.diagnostics));
            match result {
                Ok(model) => {
                    let state = state_of(&self.block, &model, None, &mut response.diagnostics);
                    response.state = Some(state);
                }
                Err(d) => response.diagnostics.extend(d),
            }
            response
        })
    }
}

/// A [`Provider`] with its resources and data sources: a [`RawProvider`]
/// ready to serve.
pub struct TypedProvider<P: Provider> {
    provider: P,
    resources: BTreeMap<String, Box<dyn ErasedResource<P::Client>>>,
    data_sources: BTreeMap<String, Box<dyn ErasedDataSource<P::Client>>>,
    client: RwLock<Option<Arc<P::Client>>>,
    /// The provider configuration's block, built once.
    config_block: Block,
}

impl<P: Provider> std::fmt::Debug for TypedProvider<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TypedProvider")
            .field("resources", &self.resources.keys().collect::<Vec<_>>())
            .field(
                "data_sources",
                &self.data_sources.keys().collect::<Vec<_>>(),
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
            client: RwLock::new(None),
            config_block: P::Config::block(),
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

    /// The plugin process: serves this provider to Terraform on protocol 6,
    /// and on protocol 5 too when no schema uses nested attributes.
    pub fn run(self) -> ExitCode {
        super::serve::run(super::ProviderServices::from_raw(self))
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
        }
    }

    async fn validate_provider_config(
        &self,
        request: raw::ValidateProviderConfigRequest,
        _stop: StopSignal,
    ) -> Diagnostics {
        validate_model::<P::Config>(&self.config_block, &request.config, |view| {
            self.provider.validate(view)
        })
    }

    async fn configure_provider(
        &self,
        request: raw::ConfigureProviderRequest,
        _stop: StopSignal,
    ) -> Diagnostics {
        let mut diagnostics = Diagnostics::new();
        let config = match request.config.read_value() {
            Ok(config) => config_view(&self.config_block, config),
            Err(d) => return d,
        };
        let Some(config) = typed::<PlanView<P::Config>>(config, &mut diagnostics) else {
            return diagnostics;
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
}

/// A configuration as the typed views read it: a computed attribute the
/// configuration leaves unset is decided by the provider, so it reads as
/// unknown rather than null (its field is `Unknown<T>`, not `Option<T>`).
/// Applies in nested blocks and nested attributes too.
pub fn config_view(block: &Block, mut config: Value) -> Value {
    walk(block, &mut config, (), &mut UnsetComputedUnknown);
    config
}

/// Unknown for computed attributes the configuration leaves null.
struct UnsetComputedUnknown;

impl Visitor<()> for UnsetComputedUnknown {
    fn enter(&mut self, node: Node<'_>, value: &mut Value, (): (), _: Path<'_>) -> Flow {
        match node {
            Node::Attribute(a) if a.computed && value.is_null() => {
                *value = Value::unknown(a.ty.implied_type());
                Flow::Skip
            }
            _ => Flow::Descend,
        }
    }
}

/// Calls its function on every write-only attribute, with the counterpart
/// if any. Sets are not looked into: they cannot hold write-only
/// attributes (the derive refuses them).
struct EachWriteOnly<F>(F);

impl<F: FnMut(&mut Value, Option<&Value>)> Visitor<Option<&Value>> for EachWriteOnly<F> {
    fn enter(
        &mut self,
        node: Node<'_>,
        value: &mut Value,
        other: Option<&Value>,
        _: Path<'_>,
    ) -> Flow {
        match node {
            Node::Attribute(a) if a.write_only => {
                (self.0)(value, other);
                Flow::Skip
            }
            _ if node.holds_set() => Flow::Skip,
            _ => Flow::Descend,
        }
    }
}

/// Nulls the write-only attributes of a state.
fn strip_write_only(block: &Block, state: &mut Value) {
    let mut visitor = EachWriteOnly(|v: &mut Value, _: Option<&Value>| *v = Value::Null(v.ty()));
    walk(block, state, None, &mut visitor);
}

/// Copies the configured write-only values into the planned state.
fn merge_write_only(block: &Block, planned: &mut Value, config: &Value) {
    let mut visitor = EachWriteOnly(|v: &mut Value, c: Option<&Value>| {
        if let Some(c) = c {
            *v = c.clone();
        }
    });
    walk(block, planned, Some(config), &mut visitor);
}
