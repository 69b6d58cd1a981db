//! What a provider author implements: the [`Provider`], its [`Resource`]s
//! and [`DataSource`]s, with the values their hooks receive
//! ([`ResourcePlan`], [`StateUpgrade`]).

use std::future::Future;

use super::{Ctx, Model, PlanView};
use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::json::read::Reader;
use crate::model::{TfDecode, TfSchema};
use crate::value::Value;

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
    pub fn decode<Old: for<'de> TfDecode<'de>>(&self) -> Result<Old, Diagnostics> {
        let mut reader = Reader::new(self.json)?.ignoring_unknown_attributes();
        let old = Old::decode(&mut reader)?;
        reader.finish()?;
        Ok(old)
    }
}

/// The plan of one resource instance, as [`Resource::modify_plan`] sees it
/// after default planning.
///
/// Three views of the resource, which tell apart what Terraform tells
/// apart:
///
/// | field | holds | an unset optional+computed attribute reads |
/// |---|---|---|
/// | [`prior`](Self::prior) | the state before the change (`None` on create) | its stored value |
/// | [`config`](Self::config) | the configuration as written | null (`Unknown::Known(None)`) |
/// | [`planned`](Self::planned) | the default plan, for the hook to adjust | unknown, its default, or the prior value (`use_state_for_unknown`) |
///
/// In the configuration an attribute is unknown only where the
/// configuration really holds an unknown (it refers to a value not known
/// until apply). The views are plan views ([`PlanView`]): every attribute
/// may be unknown, and a computed attribute may be null
/// (`Unknown<Option<T>>`, whatever the model's own field type).
///
/// ```
/// # use tfschema::{TfSchema, TfValue, Unknown};
/// # use tfschema::diag::Diagnostics;
/// # use tfschema::server::typed::{Ctx, ResourcePlan};
/// #[derive(TfSchema, TfValue)]
/// struct Password {
///     length: i64,
///     /// Digits in the password; `true` unless configured.
///     #[tf(optional, computed)]
///     numeric: Unknown<Option<bool>>,
///     #[tf(computed)]
///     result: Unknown<String>,
/// }
///
/// fn plan_numeric(plan: &mut ResourcePlan<Password>) {
///     // `config` says whether the attribute was set: null when it was not.
///     if plan.config.numeric == Unknown::Known(None) {
///         plan.planned.numeric = Unknown::Known(Some(true));
///     }
///     // The prior state is a model: no unknowns there.
///     let was = plan.prior.as_ref().and_then(|p| p.numeric.known().copied().flatten());
///     // Replacement follows the final plan: a `requires_replace` attribute
///     // the hook changes still replaces the resource.
///     let _ = was;
/// }
/// # let _ = plan_numeric;
/// ```
pub struct ResourcePlan<M: Model> {
    /// The prior state; `None` on create.
    pub prior: Option<M>,
    /// The configuration, as written: null where it sets nothing, unknown
    /// only where it holds an unknown.
    pub config: PlanView<M>,
    /// The planned new state; change it to adjust the plan. Computed
    /// attributes the configuration leaves unset are unknown here, unless
    /// a default or `use_state_for_unknown` decided them.
    pub planned: PlanView<M>,
    /// Attribute paths whose change forces replacement in the default
    /// plan. Replacement is decided again on the final plan after the
    /// hook, so changing [`planned`](Self::planned) is enough; add a path
    /// ([`require_replace`](Self::require_replace)) to force replacement
    /// besides.
    pub requires_replace: Vec<Vec<PathStep>>,
    /// The configuration as a dynamic [`Value`]: an escape hatch for what
    /// the typed view cannot say.
    pub raw_config: Value,
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
