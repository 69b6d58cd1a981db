//! Actions over a derived configuration model: [`Action`], what a provider
//! author implements, and the adapter that serves it to the raw layer.
//!
//! An action is an operation a configuration declares
//! (`action "x_restock" "r" { config { ... } }`) and Terraform invokes
//! on request (`terraform apply -invoke=action.x_restock.r`) or when a
//! resource's `lifecycle { action_trigger { ... } }` fires. Terraform plans
//! it with the rest of the plan (the configuration may still hold unknowns
//! then), and invokes it during apply with the configuration known; the
//! invocation sends progress messages and ends with its diagnostics.

use std::future::Future;

use super::future::BoxFuture;
use super::read::validate_model;
use super::{Ctx, Model, PlanView};
use crate::diag::Diagnostics;
use crate::schema::Schema;
use crate::server::raw::{self, DynamicValue, ProgressSink};

/// An action type.
///
/// ```
/// use tfschema::diag::Diagnostics;
/// use tfschema::server::typed::{Action, Ctx, Progress};
/// use tfschema::{PathStep, TfSchema, TfValue};
///
/// /// Adds units to an item's stock.
/// #[derive(TfSchema, TfValue)]
/// struct Restock {
///     item_id: String,
///     units: i64,
/// }
///
/// struct RestockAction;
///
/// impl Action for RestockAction {
///     type Client = ();
///     type Config = Restock;
///
///     async fn invoke(
///         &self,
///         _ctx: &mut Ctx<()>,
///         config: Restock,
///         progress: &Progress,
///     ) -> Result<(), Diagnostics> {
///         if config.item_id.is_empty() {
///             let mut d = Diagnostics::new();
///             let at = [PathStep::Attr("item_id".into())];
///             d.error(&at, "No such item", "Name an existing item.");
///             return Err(d);
///         }
///         progress.send(format!("adding {} units", config.units)).await;
///         Ok(())
///     }
/// }
/// # let _ = RestockAction;
/// ```
pub trait Action: Send + Sync + 'static {
    /// The provider's client type.
    type Client: Send + Sync + 'static;
    /// The `config` block's model (its plan view is what
    /// [`validate`](Self::validate) and [`plan`](Self::plan) see).
    type Config: Model;

    /// Extra configuration checks, after the derived validators; the
    /// configuration may hold unknowns. As
    /// [`Resource::validate`](crate::server::typed::Resource::validate), it
    /// always runs, and a value a custom type refused is unknown in
    /// `config`.
    fn validate(&self, config: &PlanView<Self::Config>) -> Diagnostics {
        let _ = config;
        Diagnostics::new()
    }

    /// Checks, while Terraform plans, that the action can run (the
    /// configuration may still hold unknowns); errors stop the plan. By
    /// default nothing is checked.
    fn plan(
        &self,
        ctx: &mut Ctx<Self::Client>,
        config: PlanView<Self::Config>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send {
        let _ = (ctx, config);
        async { Ok(()) }
    }

    /// Runs the action with its known configuration, reporting progress;
    /// errors (with paths into the `config` block) fail it.
    fn invoke(
        &self,
        ctx: &mut Ctx<Self::Client>,
        config: Self::Config,
        progress: &Progress,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send;
}

/// Where an invocation's progress messages go: Terraform shows each as
/// `Action action.x.y (triggered by ...): <message>` while the action runs.
#[derive(Debug)]
pub struct Progress {
    sink: ProgressSink,
}

impl Progress {
    /// Sends a progress message; `false` when Terraform no longer listens
    /// (the run was cancelled): the action may stop early.
    pub async fn send(&self, message: impl Into<String>) -> bool {
        self.sink.send(message).await
    }
}

/// An action behind dynamic values.
pub(super) trait ErasedAction<C>: Send + Sync {
    fn schema(&self) -> Schema;
    fn validate(&self, config: &DynamicValue) -> Diagnostics;
    fn plan<'a>(&'a self, ctx: Ctx<C>, config: DynamicValue) -> BoxFuture<'a, Diagnostics>;
    fn invoke<'a>(
        &'a self,
        ctx: Ctx<C>,
        config: DynamicValue,
        progress: ProgressSink,
    ) -> BoxFuture<'a, Diagnostics>;
}

/// An [`Action`] behind dynamic values.
pub(super) struct ActionAdapter<A>(pub(super) A);

impl<A: Action> ErasedAction<A::Client> for ActionAdapter<A> {
    fn schema(&self) -> Schema {
        <A::Config as crate::model::TfSchema>::schema()
    }

    fn validate(&self, config: &DynamicValue) -> Diagnostics {
        validate_model::<A::Config>(config, Vec::new(), |view| self.0.validate(view))
    }

    fn plan<'a>(
        &'a self,
        mut ctx: Ctx<A::Client>,
        config: DynamicValue,
    ) -> BoxFuture<'a, Diagnostics> {
        Box::pin(async move {
            let config = match config.read::<PlanView<A::Config>>() {
                Ok(config) => config,
                Err(d) => return d,
            };
            let result = self.0.plan(&mut ctx, config).await;
            finish(ctx, result)
        })
    }

    fn invoke<'a>(
        &'a self,
        mut ctx: Ctx<A::Client>,
        config: DynamicValue,
        progress: ProgressSink,
    ) -> BoxFuture<'a, Diagnostics> {
        Box::pin(async move {
            let config = match config.read::<A::Config>() {
                Ok(config) => config,
                Err(d) => return d,
            };
            let progress = Progress { sink: progress };
            let result = self.0.invoke(&mut ctx, config, &progress).await;
            finish(ctx, result)
        })
    }
}

/// The warnings gathered in `ctx`, then the call's errors.
fn finish<C>(mut ctx: Ctx<C>, result: Result<(), Diagnostics>) -> Diagnostics {
    let mut diagnostics = std::mem::take(&mut ctx.diagnostics);
    if let Err(d) = result {
        diagnostics.extend(d);
    }
    diagnostics
}

/// The response of `PlanAction` with these diagnostics.
pub(super) fn plan_response(diagnostics: Diagnostics) -> raw::PlanActionResponse {
    raw::PlanActionResponse {
        diagnostics,
        deferred: None,
    }
}
