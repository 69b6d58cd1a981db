//! `ApplyResourceChange` in the typed layer: the prior and planned models,
//! the resource's create, update or delete raced against its time limit
//! and Stop, and the state it answers with, checked against the plan, with
//! the object's identity.

use std::sync::Arc;

use super::ctx::Ctx;
use super::deadline::Race;
use super::identity::{unchanged, Identities};
use super::read::typed;
use super::resource_adapter::ResourceAdapter;
use super::state::{partial_state, state_of, PlannedState};
use super::write_only::merge_write_only;
use super::{Model, Resource};
use crate::diag::Diagnostics;
use crate::model::TfSchema;
use crate::server::raw;
use crate::timeouts::Operation;

impl<R: Resource, I: Identities<R>> ResourceAdapter<R, I> {
    /// Applies a planned change: a null plan deletes the object, a null
    /// prior state creates it, both update it.
    pub(super) async fn apply_change(
        &self,
        mut ctx: Ctx<R::Client>,
        request: raw::ApplyResourceChangeRequest,
    ) -> raw::ApplyResourceChangeResponse {
        let mut response = raw::ApplyResourceChangeResponse::default();
        let prior: Option<R::Model> = if request.prior_state.is_null() {
            None
        } else {
            match request.prior_state.read() {
                Ok(prior) => Some(prior),
                Err(d) => {
                    response.diagnostics = d;
                    return response;
                }
            }
        };
        let (result, refined) = if request.planned_state.is_null() {
            let deleted = self.delete(&mut ctx, &request.type_name, prior).await;
            (deleted.map(|()| None), true)
        } else {
            let Some((planned, refined)) = self.planned_model(&request, &mut response.diagnostics)
            else {
                return response;
            };
            let type_name = &request.type_name;
            let applied = self.create_or_update(&mut ctx, type_name, prior, planned);
            (applied.await.map(Some), refined)
        };
        self.answer(ctx, request, Applied { result, refined }, response)
    }

    /// Deletes the prior object, within its time limit (nothing to delete
    /// without one).
    async fn delete(
        &self,
        ctx: &mut Ctx<R::Client>,
        type_name: &str,
        prior: Option<R::Model>,
    ) -> Result<(), Diagnostics> {
        let Some(prior) = prior else { return Ok(()) };
        let limit = self.resource.timeout(Operation::Delete, &prior)?;
        let resource = Arc::clone(&self.resource);
        Race::start(ctx, Operation::Delete, type_name, limit)
            .run(ctx, move |ctx| {
                Box::pin(async move { resource.delete(ctx, prior).await })
            })
            .await
    }

    /// The planned model, and whether the plan holds refined unknowns,
    /// which the new state must then satisfy. Write-only values are not in
    /// the plan: a model with some gets them from the configuration (and
    /// is checked through a `Value` anyway). `None` after an error
    /// diagnostic.
    fn planned_model(
        &self,
        request: &raw::ApplyResourceChangeRequest,
        diagnostics: &mut Diagnostics,
    ) -> Option<(R::Model, bool)> {
        if !R::Model::HAS_WRITE_ONLY {
            return match request.planned_state.read_noting_refined() {
                Ok(read) => Some(read),
                Err(d) => {
                    diagnostics.extend(d);
                    None
                }
            };
        }
        let planned = request.planned_state.read_value();
        let config = request.config.read_value();
        let (mut planned, config) = match (planned, config) {
            (Ok(p), Ok(c)) => (p, c),
            (p, c) => {
                diagnostics.extend(p.err().into_iter().flatten());
                diagnostics.extend(c.err().into_iter().flatten());
                return None;
            }
        };
        merge_write_only(&self.shape.block, &mut planned, &config);
        typed::<R::Model>(&planned, diagnostics).map(|model| (model, true))
    }

    /// Creates the planned object (no prior one) or updates the prior one,
    /// within the time limit the resource gives for the planned model.
    async fn create_or_update(
        &self,
        ctx: &mut Ctx<R::Client>,
        type_name: &str,
        prior: Option<R::Model>,
        planned: R::Model,
    ) -> Result<R::Model, Diagnostics> {
        let operation = match prior {
            None => Operation::Create,
            Some(_) => Operation::Update,
        };
        let limit = self.resource.timeout(operation, &planned)?;
        let race = Race::start(ctx, operation, type_name, limit);
        let resource = Arc::clone(&self.resource);
        match prior {
            None => {
                race.run(ctx, move |ctx| {
                    Box::pin(async move { resource.create(ctx, planned).await })
                })
                .await
            }
            Some(prior) => {
                race.run(ctx, move |ctx| {
                    Box::pin(async move { resource.update(ctx, prior, planned).await })
                })
                .await
            }
        }
    }

    /// The answer: the new state (checked against the plan) with its
    /// identity; after a failure, the partial state the resource recorded
    /// or the prior state, which then stands. The identity of an update's
    /// object stays the stored one (sent as the planned identity), whatever
    /// happens.
    fn answer(
        &self,
        mut ctx: Ctx<R::Client>,
        request: raw::ApplyResourceChangeRequest,
        applied: Applied<R::Model>,
        mut response: raw::ApplyResourceChangeResponse,
    ) -> raw::ApplyResourceChangeResponse {
        response
            .diagnostics
            .extend(std::mem::take(&mut ctx.diagnostics));
        response.private = ctx.private;
        let planned_identity = request.planned_identity;
        let new_state = match applied.result {
            Ok(Some(model)) => {
                let d = &mut response.diagnostics;
                let planned = PlannedState {
                    value: &request.planned_state,
                    refined: applied.refined,
                };
                let before = Some(&request.planned_state);
                let state = state_of(&self.shape, &model, Some(planned), before, d);
                response.new_identity = if d.has_errors() {
                    planned_identity
                } else {
                    let kept = planned_identity.as_ref();
                    match self.identity.of(&*self.resource, &model, d) {
                        Some(new) if !unchanged("update", kept, &new, d) => planned_identity,
                        new => new,
                    }
                };
                state
            }
            Ok(None) => self.shape.null(),
            Err(d) => {
                response.diagnostics.extend(d);
                response.new_identity = planned_identity;
                match ctx.partial {
                    Some(partial) => {
                        partial_state(&self.shape.block, partial, &mut response.diagnostics)
                    }
                    // Nothing changed: the prior state stands (null on create).
                    None => request.prior_state,
                }
            }
        };
        response.new_state = Some(new_state);
        response
    }
}

/// What the resource's create, update or delete gave (`None`: deleted),
/// and whether the plan held refined unknowns.
struct Applied<M: Model> {
    result: Result<Option<M>, Diagnostics>,
    refined: bool,
}
