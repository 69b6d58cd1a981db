//! A [`Resource`] behind dynamic values: decoding requests into its model,
//! default planning around [`Resource::modify_plan`], and the checked state
//! it answers with, with its identity when it has one
//! ([`super::identity`]), and the configuration generated from a state
//! ([`super::generate_config`]).

use std::any::TypeId;

use super::deadline::Race;
use super::future::BoxFuture;
use super::generate_config::generate;
use super::identity::{import_matches, unchanged, Identities};
use super::move_state::move_into;
use super::read::{read_or_note, typed, validate_model};
use super::state::{partial_state, state_of, PlannedState};
use super::write_only::{merge_write_only, strip_write_only};
use super::{Ctx, PlanView, Resource, ResourcePlan, StateUpgrade};
use crate::diag::Diagnostics;
use crate::json::JsonOptions;
use crate::model::{TfSchema, TfType};
use crate::schema::{Block, Schema};
use crate::server::plan::{plan, push_path, requires_replace, PlanOptions};
use crate::server::raw::{self, DynamicValue};
use crate::timeouts::Operation;

/// A resource behind dynamic values.
pub(super) trait ErasedResource<C>: Send + Sync {
    fn schema(&self) -> Schema;
    fn identity_schema(&self) -> Option<raw::IdentitySchema>;
    fn validate(&self, config: &DynamicValue) -> Diagnostics;
    fn upgrade(&self, version: i64, json: &[u8]) -> Result<DynamicValue, Diagnostics>;
    fn upgrade_identity(
        &self,
        version: i64,
        json: &[u8],
    ) -> Result<Option<DynamicValue>, Diagnostics>;
    fn move_state(&self, request: &raw::MoveResourceStateRequest)
        -> raw::MoveResourceStateResponse;
    fn generate_config(&self, state: &DynamicValue) -> raw::GenerateResourceConfigResponse;
    /// The Rust type of the resource, to match list resources against.
    fn resource_type(&self) -> TypeId;
    fn read<'a>(
        &'a self,
        ctx: Ctx<C>,
        request: raw::ReadResourceRequest,
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
        request: raw::ImportResourceStateRequest,
    ) -> BoxFuture<'a, raw::ImportResourceStateResponse>;
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

/// A resource with its schema block, built once, and its identity
/// ([`super::identity::NoIdentity`] or [`super::identity::Identified`]).
pub(super) struct ResourceAdapter<R, I> {
    resource: R,
    block: Block,
    identity: I,
}

impl<R: Resource, I: Identities<R>> ResourceAdapter<R, I> {
    pub(super) fn new(resource: R, identity: I) -> Self {
        ResourceAdapter {
            resource,
            block: R::Model::block(),
            identity,
        }
    }
}

impl<R: Resource, I: Identities<R>> ErasedResource<R::Client> for ResourceAdapter<R, I> {
    fn schema(&self) -> Schema {
        R::Model::schema()
    }

    fn identity_schema(&self) -> Option<raw::IdentitySchema> {
        self.identity.schema()
    }

    fn upgrade_identity(
        &self,
        version: i64,
        json: &[u8],
    ) -> Result<Option<DynamicValue>, Diagnostics> {
        self.identity.upgrade(&self.resource, version, json)
    }

    fn move_state(
        &self,
        request: &raw::MoveResourceStateRequest,
    ) -> raw::MoveResourceStateResponse {
        move_into(&self.resource, &self.block, &self.identity, request)
    }

    fn generate_config(&self, state: &DynamicValue) -> raw::GenerateResourceConfigResponse {
        generate(&self.resource, &self.block, state)
    }

    fn resource_type(&self) -> TypeId {
        TypeId::of::<R>()
    }

    fn validate(&self, config: &DynamicValue) -> Diagnostics {
        validate_model::<R::Model>(config, |view| self.resource.validate(view))
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
        request: raw::ReadResourceRequest,
    ) -> BoxFuture<'a, raw::ReadResourceResponse> {
        Box::pin(async move {
            let mut response = raw::ReadResourceResponse::default();
            if ctx.deferred().is_some() {
                return deferred_read(ctx, request);
            }
            let model: R::Model = read_or_answer!(request.current_state, response);
            let result = match self.resource.timeout(Operation::Read, &model) {
                Ok(limit) => {
                    Race::start(&mut ctx, Operation::Read, &request.type_name, limit)
                        .run(self.resource.read(&mut ctx, model))
                        .await
                }
                Err(d) => Err(d),
            };
            if ctx.deferred().is_some() {
                let mut deferred = deferred_read(ctx, request);
                deferred
                    .diagnostics
                    .extend(result.err().into_iter().flatten());
                return deferred;
            }
            response
                .diagnostics
                .extend(std::mem::take(&mut ctx.diagnostics));
            response.private = ctx.private;
            response.new_state = Some(match result {
                Ok(Some(model)) => {
                    let d = &mut response.diagnostics;
                    let state = state_of(&self.block, &model, None, d);
                    if !d.has_errors() {
                        let current = request.current_identity.as_ref();
                        response.new_identity = match self.identity.of(&self.resource, &model, d) {
                            Some(new) if !unchanged("read", current, &new, d) => current.cloned(),
                            new => new,
                        };
                    }
                    state
                }
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
            // An update keeps the stored identity (it must not change); a
            // create leaves it unset (Terraform 1.15 cannot show an unknown
            // one), as does a destroy.
            if !request.prior_state.is_null() && !request.proposed_new_state.is_null() {
                response.planned_identity = request.prior_identity.clone();
            }
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
            // The proposed value becomes the plan; its bytes are not read
            // again.
            drop(request.proposed_new_state);
            let planned = plan(
                block,
                &prior_state,
                proposed,
                &config,
                PlanOptions {
                    write_only_allowed: request.client_capabilities.write_only_attributes_allowed,
                },
            );
            let planned_value = planned.planned_state;
            response.requires_replace = planned.requires_replace;
            response.planned_private = request.prior_private;
            response.diagnostics = planned.diagnostics;
            // The provider's configuration was deferred: the default plan,
            // without the hook (which would need the client).
            response.deferred = ctx.deferred();
            if planned_value.is_null()
                || response.diagnostics.has_errors()
                || response.deferred.is_some()
            {
                response.planned_state = Some(DynamicValue::from(planned_value));
                return response;
            }
            // From here the plan is held as msgpack, the bytes Terraform
            // gets unless the hook changes the plan, and the planned view is
            // read from them: the `Value`s of the plan and of the prior
            // state go back before the views are built (every element of a
            // large collection is one).
            let ty = R::Model::tf_type();
            let planned_state = match crate::msgpack::value_to_vec(&planned_value, &ty) {
                Ok(bytes) => DynamicValue::msgpack(bytes, ty),
                // The gRPC layer reports a value it cannot write.
                Err(_) => {
                    response.planned_state = Some(DynamicValue::from(planned_value));
                    return response;
                }
            };
            drop(planned_value);
            let create = prior_state.is_null();
            drop(prior_state);
            let d = &mut response.diagnostics;
            let prior = if create {
                Some(None)
            } else {
                read_or_note(&request.prior_state, d).map(Some)
            };
            let (Some(prior), Some(config_view), Some(planned_view)) = (
                prior,
                read_or_note::<PlanView<R::Model>>(&request.config, d),
                read_or_note::<PlanView<R::Model>>(&planned_state, d),
            ) else {
                response.planned_state = Some(planned_state);
                return response;
            };
            drop(request.config);
            // The default plan as the typed view writes it (refinements of
            // `Unknown<T>` fields dropped), to tell whether the hook changed it.
            let baseline = crate::msgpack::to_vec(&planned_view);
            let default_replace = std::mem::take(&mut response.requires_replace);
            let mut plan = ResourcePlan {
                prior,
                config: config_view,
                planned: planned_view,
                requires_replace: default_replace.clone(),
                raw_config: config,
            };
            ctx.private = std::mem::take(&mut response.planned_private);
            let result = self.resource.modify_plan(&mut ctx, &mut plan).await;
            response
                .diagnostics
                .extend(std::mem::take(&mut ctx.diagnostics));
            response.deferred = ctx.deferred();
            response.planned_private = ctx.private;
            if let Err(d) = result {
                response.diagnostics.extend(d);
                response.planned_state = Some(planned_state);
                return response;
            }
            // The prior state and configuration as models are not read
            // again; their memory goes back before the plan is encoded.
            drop(plan.prior);
            drop(plan.config);
            // Replacements the hook asked for, beyond the default plan's.
            let requested: Vec<_> = (plan.requires_replace.into_iter())
                .filter(|p| !default_replace.contains(p))
                .collect();
            // Keep the default plan's value (with any refinements Terraform
            // sent) unless the hook changed something; then replacement is
            // decided again, on the final plan.
            let (planned_state, mut replace) = match crate::msgpack::to_vec(&plan.planned) {
                Ok(adjusted) if baseline.as_ref().ok() != Some(&adjusted) => {
                    // Only a changed plan needs the type again.
                    let adjusted =
                        crate::msgpack::value_from_slice(&adjusted, &R::Model::tf_type());
                    // The prior state's `Value` went back before the
                    // hook; it read once, so it reads again.
                    let prior_state = request.prior_state.read_value();
                    match (adjusted, prior_state) {
                        (Ok(mut adjusted), Ok(prior_state)) => {
                            strip_write_only(block, &mut adjusted);
                            let replace =
                                requires_replace(block, &prior_state, &adjusted, &plan.raw_config);
                            (DynamicValue::from(adjusted), replace)
                        }
                        (Err(err), _) => {
                            response.diagnostics.push(invalid_plan(err));
                            (planned_state, default_replace)
                        }
                        (_, Err(d)) => {
                            response.diagnostics.extend(d);
                            (planned_state, default_replace)
                        }
                    }
                }
                Ok(_) => (planned_state, default_replace),
                Err(err) => {
                    response.diagnostics.push(invalid_plan(err));
                    (planned_state, default_replace)
                }
            };
            for path in requested {
                push_path(&mut replace, path);
            }
            response.requires_replace = replace;
            response.planned_state = Some(planned_state);
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
            // Whether the plan holds refined unknowns, which the new
            // state must then satisfy (write-only models are checked
            // through a `Value` anyway).
            let mut planned_refined = true;
            let result: Result<Option<R::Model>, Diagnostics> = if request.planned_state.is_null() {
                match prior {
                    Some(prior) => match self.resource.timeout(Operation::Delete, &prior) {
                        Ok(limit) => {
                            Race::start(&mut ctx, Operation::Delete, &request.type_name, limit)
                                .run(self.resource.delete(&mut ctx, prior))
                                .await
                                .map(|()| None)
                        }
                        Err(d) => Err(d),
                    },
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
                    match typed::<R::Model>(&planned, &mut response.diagnostics) {
                        Some(model) => model,
                        None => return response,
                    }
                } else {
                    match request.planned_state.read_noting_refined() {
                        Ok((model, refined)) => {
                            planned_refined = refined;
                            model
                        }
                        Err(d) => {
                            response.diagnostics.extend(d);
                            return response;
                        }
                    }
                };
                let operation = match prior {
                    None => Operation::Create,
                    Some(_) => Operation::Update,
                };
                match self.resource.timeout(operation, &planned) {
                    Ok(limit) => {
                        let race = Race::start(&mut ctx, operation, &request.type_name, limit);
                        match prior {
                            None => race.run(self.resource.create(&mut ctx, planned)).await,
                            Some(prior) => {
                                race.run(self.resource.update(&mut ctx, prior, planned))
                                    .await
                            }
                        }
                        .map(Some)
                    }
                    Err(d) => Err(d),
                }
            };
            response
                .diagnostics
                .extend(std::mem::take(&mut ctx.diagnostics));
            response.private = ctx.private;
            // The identity of an update's object stays the stored one (sent
            // as the planned identity), whatever happens.
            let planned_identity = request.planned_identity;
            let new_state = match result {
                Ok(Some(model)) => {
                    let d = &mut response.diagnostics;
                    let state = state_of(
                        block,
                        &model,
                        Some(PlannedState {
                            value: &request.planned_state,
                            refined: planned_refined,
                        }),
                        d,
                    );
                    let planned = planned_identity.as_ref();
                    response.new_identity = if d.has_errors() {
                        planned_identity
                    } else {
                        match self.identity.of(&self.resource, &model, d) {
                            Some(new) if !unchanged("update", planned, &new, d) => planned_identity,
                            new => new,
                        }
                    };
                    state
                }
                Ok(None) => DynamicValue::null(block.implied_type()),
                Err(d) => {
                    response.diagnostics.extend(d);
                    response.new_identity = planned_identity;
                    match ctx.partial {
                        Some(partial) => partial_state(block, partial, &mut response.diagnostics),
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
        request: raw::ImportResourceStateRequest,
    ) -> BoxFuture<'a, raw::ImportResourceStateResponse> {
        Box::pin(async move {
            if ctx.deferred().is_some() {
                return self.deferred_import(ctx, request, None);
            }
            // `import { identity = {...} }` sends the identity and no id.
            let by_identity = request.identity.as_ref().filter(|_| request.id.is_empty());
            let result = match by_identity {
                Some(identity) => {
                    self.identity
                        .import(&self.resource, &mut ctx, identity)
                        .await
                }
                None => self.resource.import(&mut ctx, &request.id).await,
            };
            if ctx.deferred().is_some() {
                return self.deferred_import(ctx, request, result.err());
            }
            let mut response = raw::ImportResourceStateResponse {
                diagnostics: std::mem::take(&mut ctx.diagnostics),
                ..Default::default()
            };
            match result {
                Ok(model) => {
                    let d = &mut response.diagnostics;
                    let state = state_of(&self.block, &model, None, d);
                    let identity = if d.has_errors() {
                        None
                    } else {
                        self.identity.of(&self.resource, &model, d)
                    };
                    if let (Some(given), Some(new)) = (by_identity, &identity) {
                        if !import_matches(given, new, d) {
                            return response;
                        }
                    }
                    response.imported_resources.push(raw::ImportedResource {
                        type_name: request.type_name,
                        state,
                        private: ctx.private,
                        identity,
                    });
                }
                Err(d) => response.diagnostics.extend(d),
            }
            response
        })
    }
}

impl<R: Resource, I> ResourceAdapter<R, I> {
    /// A deferred import: an unknown object (with the identity the `import`
    /// block gave, if any), and the call's diagnostics.
    fn deferred_import(
        &self,
        mut ctx: Ctx<R::Client>,
        request: raw::ImportResourceStateRequest,
        error: Option<Diagnostics>,
    ) -> raw::ImportResourceStateResponse {
        let mut diagnostics = std::mem::take(&mut ctx.diagnostics);
        diagnostics.extend(error.into_iter().flatten());
        let unknown = crate::Value::unknown(self.block.implied_type());
        raw::ImportResourceStateResponse {
            imported_resources: vec![raw::ImportedResource {
                type_name: request.type_name,
                state: DynamicValue::from(unknown),
                private: Vec::new(),
                identity: request.identity.filter(|_| request.id.is_empty()),
            }],
            diagnostics,
            deferred: ctx.deferred(),
        }
    }
}

/// A deferred read: the state (and identity) Terraform holds, unchanged,
/// with the private state and diagnostics of the call.
fn deferred_read<C>(
    mut ctx: Ctx<C>,
    request: raw::ReadResourceRequest,
) -> raw::ReadResourceResponse {
    raw::ReadResourceResponse {
        new_state: Some(request.current_state),
        diagnostics: std::mem::take(&mut ctx.diagnostics),
        deferred: ctx.deferred(),
        private: ctx.private,
        new_identity: request.current_identity,
    }
}

/// A plan view the hook left with no wire form (a NaN).
fn invalid_plan(err: crate::error::Error) -> crate::diag::Diagnostic {
    let mut d = crate::diag::Diagnostic::from(err);
    d.summary = "Provider planned an invalid value".into();
    d
}
