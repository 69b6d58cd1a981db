//! `PlanResourceChange` in the typed layer, as a row of stages, each
//! taking what the one before made.
//!
//! An object whose configuration did not change ([`unchanged`]: the
//! proposal is the prior state, byte for byte, and the schema plans such a
//! value as it is) skips stages 1 and 2: the proposal's bytes are the
//! default plan, and the views are read straight from the request's bytes
//! ([`Built::read_unchanged`]). Every other plan goes through all five
//! ([`Built::plan`] runs the first three):
//!
//! 1. [`Inputs::read`]: the prior state, the proposal and the
//!    configuration, each decoded once into a [`Value`] (a create's
//!    proposal that is its configuration is read once for both);
//! 2. [`default_plan`]: the proposal planned by the schema's plan policy
//!    ([`crate::server::plan`]);
//! 3. [`Built::read`]: the default plan written to msgpack (the bytes
//!    Terraform gets unless the hook changes the plan), and the hook's
//!    typed views: the prior state's `Value` becomes the prior model, the
//!    configuration and the plan are read into plan views;
//! 4. [`Resource::modify_plan`], the hook;
//! 5. [`settle`]: the final plan, the default one's bytes unless the hook
//!    changed it, in which case replacement is decided again.
//!
//! Every stage consumes its inputs: a value's memory goes back as soon as
//! its next form exists (the planned `Value` once it is msgpack, the prior
//! state's once it is the model, the prior and configuration models once
//! the hook has run; the configuration's `Value`, when read, is kept for
//! the replacement check after the hook), which bounds what a large plan
//! holds at once (`examples/terraform-provider-inventory/tests/request_memory.rs`).

use std::sync::Arc;

use super::ctx::Ctx;
use super::read::read_or_note;
use super::resource_plan::RawConfig;
use super::shape::Shape;
use super::write_only::strip_write_only;
use super::{Model, PlanView, Resource, ResourcePlan};
use crate::diag::{Diagnostic, Diagnostics};
use crate::error::{Error, PathStep};
use crate::schema::Block;
use crate::server::plan::{
    plan, plan_create_as_configured, push_path, requires_replace, DefaultPlan, PlanOptions,
    Replacement,
};
use crate::server::raw::{self, DynamicValue};
use crate::types::Type;
use crate::value::Value;

/// Plans a change of an object of `resource` (of `shape`).
pub(super) async fn plan_change<R: Resource>(
    resource: &R,
    shape: &Shape,
    mut ctx: Ctx<R::Client>,
    request: raw::PlanResourceChangeRequest,
) -> raw::PlanResourceChangeResponse {
    let raw::PlanResourceChangeRequest {
        prior_state,
        proposed_new_state,
        config,
        prior_private,
        client_capabilities,
        prior_identity,
        planned_private,
        ..
    } = request;
    let mut response = raw::PlanResourceChangeResponse {
        // An update keeps the stored identity (it must not change); a
        // create leaves it unset (Terraform 1.15 cannot show an unknown
        // one), as does a destroy.
        planned_identity: prior_identity
            .filter(|_| !prior_state.is_null() && !proposed_new_state.is_null()),
        planned_private: prior_private,
        ..Default::default()
    };
    let options = PlanOptions {
        write_only_allowed: client_capabilities.write_only_attributes_allowed,
    };
    let (block, ty) = (&shape.block, &shape.ty);
    // The provider's configuration was deferred: the default plan, without
    // the hook (which would need the client).
    response.deferred = ctx.deferred();
    let deferred = response.deferred.is_some();
    let built = Built::<R::Model>::plan(
        shape,
        deferred,
        &prior_state,
        proposed_new_state,
        config,
        options,
        &mut response.diagnostics,
    );
    let Views {
        default: bytes,
        mut hooked,
    } = match built {
        Ok(built) => built.views(),
        Err(Unhooked {
            planned,
            requires_replace,
        }) => {
            // A request that could not be read failed; it is not deferred.
            if planned.is_none() {
                response.deferred = None;
            }
            response.requires_replace = requires_replace;
            response.planned_state = planned;
            return response;
        }
    };
    hooked.plan.planned_private = (client_capabilities.store_planned_private
        && !planned_private.is_empty())
    .then_some(planned_private);
    ctx.private = std::mem::take(&mut response.planned_private);
    let result = resource.modify_plan(&mut ctx, &mut hooked.plan).await;
    response
        .diagnostics
        .extend(std::mem::take(&mut ctx.diagnostics));
    response.deferred = ctx.deferred();
    response.planned_private = ctx.private;
    let (planned_state, requires_replace) = match result {
        Ok(()) => settle(
            block,
            ty,
            hooked,
            bytes,
            &prior_state,
            &mut response.diagnostics,
        ),
        // Terraform stops at the error; the answer carries the default
        // plan, without replacement paths.
        Err(d) => {
            response.diagnostics.extend(d);
            response
                .diagnostics
                .extend(hooked.default_replace.diagnostics);
            (bytes, Vec::new())
        }
    };
    response.planned_state = Some(planned_state);
    response.requires_replace = requires_replace;
    response
}

/// Whether the proposal is the prior state itself, byte for byte, of a
/// schema whose default plan of an unchanged value is that value
/// ([`Shape::plans_unchanged_as_is`]): [`plan`] would find no change, keep
/// every computed value and force no replacement, so the proposal's bytes
/// are the default plan, and no request value is read into a [`Value`].
/// (Terraform proposes the prior state itself on every plan of an object
/// whose configuration did not change.)
fn unchanged(shape: &Shape, prior: &DynamicValue, proposed: &DynamicValue) -> bool {
    shape.plans_unchanged_as_is && !prior.is_null() && same_bytes(prior, proposed)
}

/// Stage 1: the request's values, each decoded once.
struct Inputs {
    prior: Value,
    proposed: Value,
    /// `None` when the proposal is the configuration itself, on create
    /// ([`Inputs::read`]).
    config: Option<Value>,
}

impl Inputs {
    /// Reads the three values; the proposal's bytes are not needed after
    /// this (it becomes the plan), the others' are read again only as
    /// typed views. Every value that cannot be read is reported, in the
    /// request's order.
    ///
    /// Terraform proposes the prior state itself when nothing changes,
    /// and the configuration itself on create: the same bytes make the
    /// same `Value`, which is not read again. On create, when
    /// `own_config` (the block has no write-only attribute), the
    /// configuration's `Value` becomes the proposal and answers for the
    /// configuration ([`plan_create_as_configured`]).
    fn read(
        prior: &DynamicValue,
        proposed: DynamicValue,
        config: &DynamicValue,
        own_config: bool,
    ) -> Result<Inputs, Diagnostics> {
        let (as_prior, as_config) = (same_bytes(prior, &proposed), same_bytes(config, &proposed));
        let own_config = own_config && as_config && prior.is_null();
        let prior = prior.read_value();
        let (proposed, config) = if own_config {
            (config.read_value(), Ok(None))
        } else {
            let config = config.read_value();
            let proposed = match (&prior, &config) {
                (Ok(prior), _) if as_prior => Ok(prior.clone()),
                (_, Ok(config)) if as_config => Ok(config.clone()),
                _ => proposed.into_read_value(),
            };
            (proposed, config.map(Some))
        };
        match (prior, proposed, config) {
            (Ok(prior), Ok(proposed), Ok(config)) => Ok(Inputs {
                prior,
                proposed,
                config,
            }),
            (prior, proposed, config) => {
                let mut diagnostics = Diagnostics::new();
                diagnostics.extend(prior.err().into_iter().flatten());
                diagnostics.extend(proposed.err().into_iter().flatten());
                diagnostics.extend(config.err().into_iter().flatten());
                Err(diagnostics)
            }
        }
    }
}

/// Whether two request values are the same msgpack bytes (and not
/// empty): the same value, which is then read once.
fn same_bytes(a: &DynamicValue, b: &DynamicValue) -> bool {
    matches!((a.as_msgpack(), b.as_msgpack()), (Some(a), Some(b)) if !a.is_empty() && a == b)
}

/// Stage 2: the default plan, with the prior state and the configuration
/// it was made from.
///
/// Terraform proposes the configured write-only values, but the prior
/// state never holds them: compared as they are, every plan of a resource
/// with a write-only value set would count as a change (and mark computed
/// attributes unknown). They are null in the plan anyway.
fn default_plan(
    shape: &Shape,
    inputs: Inputs,
    options: PlanOptions,
) -> (DefaultPlan, Value, Option<Value>) {
    let Inputs {
        prior,
        mut proposed,
        config,
    } = inputs;
    let planned = match &config {
        Some(config) => {
            strip_write_only(&shape.block, &mut proposed);
            plan(&shape.block, &prior, proposed, config, options)
        }
        None => plan_create_as_configured(&shape.block, &prior, proposed, options),
    };
    (planned, prior, config)
}

/// The default plan as msgpack and the hook's views of it.
struct Views<M: Model> {
    /// The default plan's msgpack, as Terraform gets it unless the hook
    /// changes the plan (refinements included).
    default: DynamicValue,
    hooked: Hooked<M>,
}

/// What the hook sees, and the default plan's replacement paths with
/// what the `requires_replace_if` functions said.
struct Hooked<M: Model> {
    plan: ResourcePlan<M>,
    default_replace: Replacement,
}

/// Stage 3: the default plan as msgpack and the hook's views.
struct Built<M: Model> {
    default: DynamicValue,
    prior: Option<M>,
    config: PlanView<M>,
    planned: PlanView<M>,
    raw_config: RawConfig,
    default_replace: Replacement,
}

/// The answer to a plan the hook does not see (a value could not be
/// read, planning failed, or the provider's configuration was deferred):
/// the default plan as Terraform gets it, if there is one, with its
/// replacement paths.
struct Unhooked {
    planned: Option<DynamicValue>,
    requires_replace: Vec<Vec<PathStep>>,
}

impl Unhooked {
    fn plan(planned: impl Into<DynamicValue>, requires_replace: Vec<Vec<PathStep>>) -> Unhooked {
        Unhooked {
            planned: Some(planned.into()),
            requires_replace,
        }
    }
}

impl<M: Model> Built<M> {
    /// Stages 1 to 3: the default plan and the hook's views of it, or
    /// what Terraform gets without the hook. An unchanged object's plan
    /// ([`unchanged`]) is read straight from the request's bytes.
    fn plan(
        shape: &Shape,
        deferred: bool,
        prior_state: &DynamicValue,
        proposed: DynamicValue,
        config: DynamicValue,
        options: PlanOptions,
        diagnostics: &mut Diagnostics,
    ) -> Result<Built<M>, Unhooked> {
        if unchanged(shape, prior_state, &proposed) {
            tracing::debug!("the proposal is the prior state: planned from the request's bytes");
            if deferred {
                return Err(Unhooked::plan(proposed, Vec::new()));
            }
            return Built::read_unchanged(proposed, prior_state, config, diagnostics);
        }
        let inputs = match Inputs::read(prior_state, proposed, &config, !shape.write_only) {
            Ok(inputs) => inputs,
            Err(d) => {
                diagnostics.extend(d);
                return Err(Unhooked {
                    planned: None,
                    requires_replace: Vec::new(),
                });
            }
        };
        let (default, prior, raw_config) = default_plan(shape, inputs, options);
        diagnostics.extend(default.diagnostics);
        let planned = default.planned_state;
        let replace = Replacement {
            paths: default.requires_replace,
            diagnostics: default.replace_diagnostics,
        };
        // As in Go, an error of a plan modifier stops the plan before the
        // resource's hook.
        if planned.is_null()
            || diagnostics.has_errors()
            || replace.diagnostics.has_errors()
            || deferred
        {
            diagnostics.extend(replace.diagnostics);
            return Err(Unhooked::plan(planned, replace.paths));
        }
        let raw_config = match raw_config {
            Some(value) => RawConfig::read(config, value),
            None => RawConfig::unread(config),
        };
        // The prior model is read from the request's bytes (below); its
        // `Value` goes back now.
        let prior_state = (!prior.is_null()).then_some(prior_state);
        drop(prior);
        match Built::read(planned, &shape.ty, prior_state, raw_config, diagnostics) {
            Ok(built) => Ok(built.replacing(replace)),
            Err(planned) => {
                diagnostics.extend(replace.diagnostics);
                Err(Unhooked::plan(planned, replace.paths))
            }
        }
    }

    /// Writes the plan to msgpack (a plan with no wire form goes back as
    /// it is, for the gRPC layer to report), then builds the views: the
    /// prior model (none on create), the configuration and the plan, each
    /// read from its bytes by the model's one decode. The replacement
    /// paths are the caller's to add ([`replacing`](Self::replacing)).
    ///
    /// The prior model is read from the request's bytes (`prior_state`,
    /// `None` on create) rather than from the `Value` planned from: a
    /// second path from `Value` to the model would compile a second
    /// decode of every struct.
    fn read(
        planned: Value,
        ty: &Arc<Type>,
        prior_state: Option<&DynamicValue>,
        raw_config: RawConfig,
        diagnostics: &mut Diagnostics,
    ) -> Result<Built<M>, DynamicValue> {
        let default = written(planned, ty)?;
        let prior = match prior_state {
            None => Some(None),
            Some(prior_state) => read_or_note::<M>(prior_state, diagnostics).map(Some),
        };
        Built::assemble(default, prior, raw_config, diagnostics)
    }

    /// The views of an unchanged object's plan ([`unchanged`]): the
    /// proposal's bytes are the default plan, and the prior model and
    /// every view are read from bytes, with no [`Value`] on the way (the
    /// configuration's is read only if asked for).
    fn read_unchanged(
        proposed: DynamicValue,
        prior_state: &DynamicValue,
        config: DynamicValue,
        diagnostics: &mut Diagnostics,
    ) -> Result<Built<M>, Unhooked> {
        let prior = read_or_note::<M>(prior_state, diagnostics).map(Some);
        Built::assemble(proposed, prior, RawConfig::unread(config), diagnostics)
            .map_err(|planned| Unhooked::plan(planned, Vec::new()))
    }

    /// The views around the default plan's bytes, once the prior model is
    /// read (`None` when it could not be).
    fn assemble(
        default: DynamicValue,
        prior: Option<Option<M>>,
        raw_config: RawConfig,
        diagnostics: &mut Diagnostics,
    ) -> Result<Built<M>, DynamicValue> {
        let config = read_or_note::<PlanView<M>>(raw_config.bytes(), diagnostics);
        let planned = read_or_note::<PlanView<M>>(&default, diagnostics);
        match (prior, config, planned) {
            (Some(prior), Some(config), Some(planned)) => Ok(Built {
                default,
                prior,
                config,
                planned,
                raw_config,
                default_replace: Replacement::default(),
            }),
            _ => Err(default),
        }
    }

    /// With the default plan's replacement paths and diagnostics.
    fn replacing(self, default_replace: Replacement) -> Built<M> {
        Built {
            default_replace,
            ..self
        }
    }

    /// The hook's views, with the default plan's replacement paths.
    fn views(self) -> Views<M> {
        Views {
            default: self.default,
            hooked: Hooked {
                plan: ResourcePlan {
                    prior: self.prior,
                    config: self.config,
                    planned: self.planned,
                    requires_replace: self.default_replace.paths.clone(),
                    raw_config: self.raw_config,
                    planned_private: None,
                },
                default_replace: self.default_replace,
            },
        }
    }
}

/// The plan as msgpack (its `Value` goes back once written), or as it is
/// when it has no wire form.
fn written(planned: Value, ty: &Arc<Type>) -> Result<DynamicValue, DynamicValue> {
    match crate::msgpack::value_to_vec(&planned, ty) {
        Ok(bytes) => Ok(DynamicValue::msgpack(bytes, Arc::clone(ty))),
        Err(_) => Err(DynamicValue::from(planned)),
    }
}

/// Stage 5: the plan Terraform gets and what forces replacement. The
/// default plan's bytes (with any refinements Terraform sent) stay unless
/// the hook changed the plan; then replacement is decided again, on the
/// final plan, as terraform-plugin-framework decides it after plan
/// modification (and the `requires_replace_if` functions' diagnostics
/// are the final plan's). Paths the hook asked for beyond the default ones
/// are added either way.
fn settle<M: Model>(
    block: &Block,
    ty: &Arc<Type>,
    hooked: Hooked<M>,
    default: DynamicValue,
    prior_state: &DynamicValue,
    diagnostics: &mut Diagnostics,
) -> (DynamicValue, Vec<Vec<PathStep>>) {
    let Hooked {
        plan,
        default_replace,
    } = hooked;
    let (planned, asked, raw_config) = plan.into_outcome();
    let requested: Vec<_> = (asked.into_iter())
        .filter(|p| !default_replace.paths.contains(p))
        .collect();
    let (planned_state, replace) = match changed::<M>(&planned, &default) {
        Ok(None) => (default, default_replace),
        Ok(Some(adjusted)) => {
            match replan(block, ty, &adjusted, prior_state, &raw_config, diagnostics) {
                Some((planned, replace)) => (planned, replace),
                None => (default, default_replace),
            }
        }
        Err(err) => {
            diagnostics.push(invalid_plan(err));
            (default, default_replace)
        }
    };
    let Replacement {
        paths: mut replace,
        diagnostics: said,
    } = replace;
    diagnostics.extend(said);
    for path in requested {
        push_path(&mut replace, path);
    }
    (planned_state, replace)
}

/// The hook's plan view as msgpack when it differs from the default plan
/// (`None` when the hook changed nothing).
///
/// The view is compared with the default plan's bytes first; they differ
/// without a change when the view cannot hold what the plan does (the
/// refinements of an unknown), so only then is the default plan read into
/// a view again, as the hook first saw it, and compared with that.
fn changed<M: Model>(
    planned: &PlanView<M>,
    default: &DynamicValue,
) -> Result<Option<Vec<u8>>, Error> {
    let adjusted = crate::msgpack::to_vec(planned)?;
    if default.as_msgpack() == Some(adjusted.as_slice()) {
        return Ok(None);
    }
    let baseline = default
        .decode_owned::<PlanView<M>>()
        .and_then(|view| crate::msgpack::to_vec(&view));
    Ok(match baseline {
        Ok(baseline) if baseline == adjusted => None,
        _ => Some(adjusted),
    })
}

/// A plan the hook changed, with replacement decided on it: its write-only
/// attributes nulled, its paths that force replacement against the prior
/// state (read again: its `Value` became the prior model) and what the
/// `requires_replace_if` functions said of it. `None` after a diagnostic,
/// when the plan or the prior state cannot be read.
fn replan(
    block: &Block,
    ty: &Type,
    adjusted: &[u8],
    prior_state: &DynamicValue,
    config: &RawConfig,
    diagnostics: &mut Diagnostics,
) -> Option<(DynamicValue, Replacement)> {
    let mut adjusted = match crate::msgpack::value_from_slice(adjusted, ty) {
        Ok(value) => value,
        Err(err) => {
            diagnostics.push(invalid_plan(err));
            return None;
        }
    };
    strip_write_only(block, &mut adjusted);
    let prior = match prior_state.read_value() {
        Ok(prior) => prior,
        Err(d) => {
            diagnostics.extend(d);
            return None;
        }
    };
    let config = match config.value() {
        Ok(config) => config,
        Err(d) => {
            diagnostics.extend(d);
            return None;
        }
    };
    let replace = requires_replace(block, &prior, &adjusted, config);
    Some((DynamicValue::from(adjusted), replace))
}

/// A plan view the hook left with no wire form (a NaN).
fn invalid_plan(err: Error) -> Diagnostic {
    let mut d = Diagnostic::from(err);
    d.summary = "Provider planned an invalid value".into();
    d
}
