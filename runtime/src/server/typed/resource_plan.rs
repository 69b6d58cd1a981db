//! [`ResourcePlan`]: a resource's plan as its plan hook sees it.

use std::sync::OnceLock;

use super::{Model, PlanView};
use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::server::raw::DynamicValue;
use crate::value::Value;

/// The plan of one resource instance, as [`Resource::modify_plan`](super::Resource::modify_plan) sees it
/// after default planning.
///
/// Three views of the resource, which tell apart what Terraform tells
/// apart (`prior` is the model itself, `config` and `planned` its plan
/// view [`PlanView<M>`], the derived `<Name>Plan` struct):
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
/// use tfschema::server::typed::ResourcePlan;
/// use tfschema::{PathStep, TfSchema, TfValue, Unknown};
///
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
/// fn plan_password(plan: &mut ResourcePlan<Password>) {
///     // `config` says whether the attribute was set: null when it was not.
///     // (`planned` cannot: there Terraform's proposal already holds the
///     // prior value, or unknown.)
///     if plan.config.numeric == Unknown::Known(None) {
///         plan.planned.numeric = Unknown::Known(Some(true));
///     }
///     // The prior state is the model: only its computed attributes are
///     // `Unknown<..>`, and in a state they are always known.
///     let Some(prior) = &plan.prior else { return };
///     // A shorter password is a new password, whatever the schema says.
///     if let Unknown::Known(length) = plan.planned.length {
///         if length < prior.length {
///             plan.require_replace(vec![PathStep::Attr("length".into())]);
///         }
///     }
/// }
/// # let _ = plan_password;
/// ```
pub struct ResourcePlan<M: Model> {
    /// The prior state, as the model (wholly known); `None` on create.
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
    /// besides. Taking a path out does not cancel a replacement the
    /// schema asks for.
    pub requires_replace: Vec<Vec<PathStep>>,
    /// The configuration, also as a dynamic [`Value`] when asked for
    /// ([`raw_config`](Self::raw_config)).
    pub(super) raw_config: RawConfig,
    /// The private data this change's first plan returned, when Terraform
    /// plans it again at apply time and keeps plan private data (protocol
    /// 6.11's `store_planned_private`; Terraform 1.15 does not): `None` on a first plan, from a Terraform that does not keep
    /// it, and when that plan returned none. The private state the hook
    /// reads and sets is still [`Ctx::private`](super::Ctx::private) (the
    /// prior state's); this is what the plan being repeated handed to
    /// apply, e.g. to keep a value the first plan chose.
    pub planned_private: Option<Vec<u8>>,
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
    /// The configuration as a dynamic [`Value`]: an escape hatch for what
    /// the typed view cannot say (refinements of an unknown, say). It is
    /// read from the request when first asked for (a plan that needs no
    /// `Value` of it reads none); changing it changes nothing.
    ///
    /// # Errors
    /// The configuration's bytes do not read as a value of the resource's
    /// type: an error diagnostic ("Invalid configuration") at the path. The
    /// typed views were read from the same bytes, so a hook sees this only
    /// for a value no view could read either.
    pub fn raw_config(&self) -> Result<&Value, Diagnostics> {
        self.raw_config.value()
    }

    /// Forces replacement: Terraform will delete the object and create a
    /// new one, and shows the attribute at `path` as the reason (a path
    /// into the model: `vec![PathStep::Attr("name".into())]`). Asking
    /// twice for one path is asking once. Only an update can be a
    /// replacement: on create this changes nothing.
    pub fn require_replace(&mut self, path: Vec<PathStep>) {
        if !self.requires_replace.contains(&path) {
            self.requires_replace.push(path);
        }
    }
}

impl<M: Model> ResourcePlan<M> {
    /// What the server keeps of the plan after the hook: the planned view,
    /// the replacement paths and the configuration `Value` (the prior and
    /// configuration models go back here).
    pub(super) fn into_outcome(self) -> (PlanView<M>, Vec<Vec<PathStep>>, RawConfig) {
        (self.planned, self.requires_replace, self.raw_config)
    }
}

/// The configuration of a plan request: its bytes, and its [`Value`] once
/// read (by the default planner, or when the hook or the replacement
/// check after it asks).
pub(super) struct RawConfig {
    bytes: DynamicValue,
    value: OnceLock<Result<Value, Diagnostics>>,
}

impl RawConfig {
    /// A configuration whose `Value` is already read.
    pub(super) fn read(bytes: DynamicValue, value: Value) -> RawConfig {
        RawConfig {
            bytes,
            value: OnceLock::from(Ok(value)),
        }
    }

    /// A configuration not read yet.
    pub(super) fn unread(bytes: DynamicValue) -> RawConfig {
        RawConfig {
            bytes,
            value: OnceLock::new(),
        }
    }

    /// The request's value, as Terraform sent it.
    pub(super) fn bytes(&self) -> &DynamicValue {
        &self.bytes
    }

    /// The `Value`, read now if it was not before.
    pub(super) fn value(&self) -> Result<&Value, Diagnostics> {
        match self.value.get_or_init(|| self.bytes.read_value()) {
            Ok(value) => Ok(value),
            Err(d) => Err(d.clone()),
        }
    }
}
