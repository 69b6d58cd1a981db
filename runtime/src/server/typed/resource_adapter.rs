//! A [`Resource`] behind dynamic values: decoding requests into its model,
//! default planning around [`Resource::modify_plan`], and the checked state
//! it answers with, with its identity when it has one
//! ([`super::identity`]), and the configuration generated from a state
//! ([`super::generate_config`]).

use std::any::TypeId;
use std::sync::Arc;

use super::deadline::Race;
use super::future::BoxFuture;
use super::generate_config::generate;
use super::identity::{import_matches, unchanged, Identities};
use super::move_state::move_into;
use super::planning::plan_change;
use super::read::validate_model_with;
use super::shape::Shape;
use super::state::state_of;
use super::{Ctx, Resource, StateUpgrade};
use crate::diag::Diagnostics;
use crate::json::JsonOptions;
use crate::model::TfSchema;
use crate::schema::Schema;
use crate::server::raw::{self, DynamicValue};
use crate::timeouts::Operation;
use crate::types::Type;

/// A resource behind dynamic values.
pub(super) trait ErasedResource<C>: Send + Sync {
    fn schema(&self) -> Schema;
    fn identity_schema(&self) -> Option<raw::IdentitySchema>;
    fn validate(&self, config: &DynamicValue, capabilities: raw::ClientCapabilities)
        -> Diagnostics;
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

/// A resource with its schema block and value type, built once, and its
/// identity ([`super::identity::NoIdentity`] or
/// [`super::identity::Identified`]).
pub(super) struct ResourceAdapter<R, I> {
    /// Shared with the hooks that run on a thread of their own
    /// ([`Race`]).
    pub(super) resource: Arc<R>,
    pub(super) shape: Shape,
    pub(super) identity: I,
}

impl<R: Resource, I: Identities<R>> ResourceAdapter<R, I> {
    pub(super) fn new(resource: R, identity: I) -> Self {
        ResourceAdapter {
            resource: Arc::new(resource),
            shape: Shape::of::<R::Model>(),
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
        self.identity.upgrade(&*self.resource, version, json)
    }

    fn move_state(
        &self,
        request: &raw::MoveResourceStateRequest,
    ) -> raw::MoveResourceStateResponse {
        move_into(&*self.resource, &self.shape, &self.identity, request)
    }

    fn generate_config(&self, state: &DynamicValue) -> raw::GenerateResourceConfigResponse {
        generate(&*self.resource, &self.shape.block, state)
    }

    fn resource_type(&self) -> TypeId {
        TypeId::of::<R>()
    }

    fn validate(
        &self,
        config: &DynamicValue,
        capabilities: raw::ClientCapabilities,
    ) -> Diagnostics {
        validate_model_with::<R::Model>(
            config,
            capabilities.write_only_attributes_allowed,
            self.resource.config_validators(),
            |view| self.resource.validate(view),
        )
    }

    fn upgrade(&self, version: i64, json: &[u8]) -> Result<DynamicValue, Diagnostics> {
        if version == R::Model::VERSION {
            return Ok(DynamicValue::from(crate::json::decode_value(
                json,
                &self.shape.ty,
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
        let state = state_of(&self.shape, &model, None, None, &mut diagnostics);
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
                    let resource = Arc::clone(&self.resource);
                    Race::start(&mut ctx, Operation::Read, &request.type_name, limit)
                        .run(&mut ctx, move |ctx| {
                            Box::pin(async move { resource.read(ctx, model).await })
                        })
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
                    let before = Some(&request.current_state);
                    let state = state_of(&self.shape, &model, None, before, d);
                    if !d.has_errors() {
                        let current = request.current_identity.as_ref();
                        response.new_identity = match self.identity.of(&*self.resource, &model, d) {
                            Some(new) if !unchanged("read", current, &new, d) => current.cloned(),
                            new => new,
                        };
                    }
                    state
                }
                Ok(None) => self.shape.null(),
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
        ctx: Ctx<R::Client>,
        request: raw::PlanResourceChangeRequest,
    ) -> BoxFuture<'a, raw::PlanResourceChangeResponse> {
        Box::pin(plan_change(&*self.resource, &self.shape, ctx, request))
    }

    fn apply<'a>(
        &'a self,
        ctx: Ctx<R::Client>,
        request: raw::ApplyResourceChangeRequest,
    ) -> BoxFuture<'a, raw::ApplyResourceChangeResponse> {
        Box::pin(self.apply_change(ctx, request))
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
                        .import(&*self.resource, &mut ctx, identity)
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
                    let state = state_of(&self.shape, &model, None, None, d);
                    let identity = if d.has_errors() {
                        None
                    } else {
                        self.identity.of(&*self.resource, &model, d)
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
        let unknown = crate::Value::unknown(Type::clone(&self.shape.ty));
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
