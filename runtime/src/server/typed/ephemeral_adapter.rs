//! An [`EphemeralResource`] behind dynamic values: the configuration read
//! into its model, the opened value checked, and the private data wrapped
//! with an instance id, so that the instances this process closed are
//! known.
//!
//! The private data Terraform holds is `[1, id (16 bytes), private]`: a
//! format byte, the instance's id (a per-process random half and a
//! counter), and the resource's [`Private`](EphemeralResource::Private) in
//! its msgpack form. Renew answers with the same id; Close gets Open's
//! bytes.

use std::collections::HashSet;
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use super::ephemeral_result::check_result;
use super::future::BoxFuture;
use super::read::{typed, unset_computed_unknown, validate_model};
use super::{Ctx, EphemeralResource, Opened};
use crate::diag::Diagnostics;
use crate::model::{TfSchema, TfType};
use crate::schema::{Block, Schema};
use crate::server::raw::{self, DynamicValue};

/// An ephemeral resource behind dynamic values.
pub(super) trait ErasedEphemeral<C>: Send + Sync {
    fn schema(&self) -> Schema;
    fn validate(&self, config: &DynamicValue) -> Diagnostics;
    fn open<'a>(
        &'a self,
        ctx: Ctx<C>,
        config: DynamicValue,
    ) -> BoxFuture<'a, raw::OpenEphemeralResourceResponse>;
    fn renew<'a>(
        &'a self,
        ctx: Ctx<C>,
        private: Option<Vec<u8>>,
    ) -> BoxFuture<'a, raw::RenewEphemeralResourceResponse>;
    fn close<'a>(&'a self, ctx: Ctx<C>, private: Option<Vec<u8>>) -> BoxFuture<'a, Diagnostics>;
}

/// An ephemeral resource with its schema block (built once) and its
/// instances.
pub(super) struct EphemeralAdapter<E> {
    resource: E,
    block: Block,
    instances: Instances,
}

impl<E: EphemeralResource> EphemeralAdapter<E> {
    pub(super) fn new(resource: E) -> Self {
        EphemeralAdapter {
            resource,
            block: E::Model::block(),
            instances: Instances::new(),
        }
    }
}

impl<E: EphemeralResource> ErasedEphemeral<E::Client> for EphemeralAdapter<E> {
    fn schema(&self) -> Schema {
        E::Model::schema()
    }

    fn validate(&self, config: &DynamicValue) -> Diagnostics {
        validate_model::<E::Model>(config, self.resource.config_validators(), |view| {
            self.resource.validate(view)
        })
    }

    fn open<'a>(
        &'a self,
        mut ctx: Ctx<E::Client>,
        config: DynamicValue,
    ) -> BoxFuture<'a, raw::OpenEphemeralResourceResponse> {
        Box::pin(async move {
            let mut response = raw::OpenEphemeralResourceResponse::default();
            let diagnostics = &mut response.diagnostics;
            let config = match config.read_value() {
                Ok(config) => config,
                Err(d) => {
                    diagnostics.extend(d);
                    return response;
                }
            };
            if !config.is_wholly_known() {
                diagnostics.error(
                    &[],
                    "Configuration unknown",
                    "An ephemeral resource is opened once its configuration is known; \
                     Terraform does not open one whose configuration holds unknown values.",
                );
                return response;
            }
            let unset_unknown = unset_computed_unknown(&self.block, config.clone());
            let Some(model) = typed::<E::Model>(&unset_unknown, diagnostics) else {
                return response;
            };
            let result = self.resource.open(&mut ctx, model).await;
            diagnostics.extend(std::mem::take(&mut ctx.diagnostics));
            let opened = match result {
                Ok(opened) => opened,
                Err(d) => {
                    diagnostics.extend(d);
                    return response;
                }
            };
            match self.answer(&opened, &config, diagnostics) {
                Some((result, private)) => {
                    response.result = Some(result);
                    response.private = Some(private);
                    response.renew_at = opened.renew_at;
                }
                // Terraform neither uses nor closes an instance whose Open
                // failed: close it here, or it would stay open.
                None => {
                    let closed = self.resource.close(&mut ctx, opened.private).await;
                    diagnostics.extend(std::mem::take(&mut ctx.diagnostics));
                    diagnostics.extend(closed.err().into_iter().flatten());
                }
            }
            response
        })
    }

    fn renew<'a>(
        &'a self,
        mut ctx: Ctx<E::Client>,
        private: Option<Vec<u8>>,
    ) -> BoxFuture<'a, raw::RenewEphemeralResourceResponse> {
        Box::pin(async move {
            let mut response = raw::RenewEphemeralResourceResponse::default();
            let (id, mut private) = match self.unwrap(private.as_deref()) {
                Ok(found) => found,
                Err(d) => {
                    response.diagnostics = d;
                    return response;
                }
            };
            if self.instances.is_closed(id) {
                response.diagnostics.error(
                    &[],
                    "Ephemeral resource closed",
                    "Terraform asked to renew an ephemeral resource instance that was already \
                     closed; a closed instance cannot be renewed. Open a new one.",
                );
                return response;
            }
            let result = self.resource.renew(&mut ctx, &mut private).await;
            response
                .diagnostics
                .extend(std::mem::take(&mut ctx.diagnostics));
            match result {
                Ok(renew_at) => match wrap(id, &private) {
                    Ok(bytes) => {
                        response.private = Some(bytes);
                        response.renew_at = renew_at;
                    }
                    Err(d) => response.diagnostics.extend(d),
                },
                Err(d) => response.diagnostics.extend(d),
            }
            response
        })
    }

    fn close<'a>(
        &'a self,
        mut ctx: Ctx<E::Client>,
        private: Option<Vec<u8>>,
    ) -> BoxFuture<'a, Diagnostics> {
        Box::pin(async move {
            let (id, private) = match self.unwrap(private.as_deref()) {
                Ok(found) => found,
                Err(d) => return d,
            };
            // Marked first, so that a renew racing with the close is refused.
            if !self.instances.close(id) {
                return Diagnostics::new();
            }
            let result = self.resource.close(&mut ctx, private).await;
            let mut diagnostics = std::mem::take(&mut ctx.diagnostics);
            diagnostics.extend(result.err().into_iter().flatten());
            diagnostics
        })
    }
}

impl<E: EphemeralResource> EphemeralAdapter<E> {
    /// The result and the private data of an opened instance, checked; `None`
    /// (with the reasons in `diagnostics`) when they cannot be sent.
    fn answer(
        &self,
        opened: &Opened<E::Model, E::Private>,
        config: &crate::value::Value,
        diagnostics: &mut Diagnostics,
    ) -> Option<(DynamicValue, Vec<u8>)> {
        let ty = E::Model::tf_type();
        let bytes = match crate::msgpack::to_vec(&opened.result) {
            Ok(bytes) => bytes,
            Err(err) => {
                let mut d = crate::diag::Diagnostic::from(err);
                d.summary = "Provider returned an invalid value".into();
                diagnostics.push(d);
                return None;
            }
        };
        // Read back with the dynamic codec for the checks: the value is
        // small, and Terraform refuses a result that fails them anyway.
        match crate::msgpack::value_from_slice(&bytes, &ty) {
            Ok(result) => check_result(&self.block, result, config, diagnostics),
            Err(err) => diagnostics.push(err.into()),
        }
        let private = wrap(self.instances.open(), &opened.private);
        if diagnostics.has_errors() {
            return None;
        }
        match private {
            Ok(private) => Some((DynamicValue::msgpack(bytes, ty), private)),
            Err(d) => {
                diagnostics.extend(d);
                None
            }
        }
    }

    /// The instance id and the resource's private data, from what Terraform
    /// sent back.
    fn unwrap(&self, bytes: Option<&[u8]>) -> Result<(u128, E::Private), Diagnostics> {
        let invalid = |detail: String| Diagnostics::with_error("Invalid private data", detail);
        let bytes = bytes.filter(|b| !b.is_empty()).ok_or_else(|| {
            invalid(
                "Terraform sent no private data for this ephemeral resource instance, \
                 though the provider's Open returned some."
                    .into(),
            )
        })?;
        let (id, private) = match bytes.split_first() {
            Some((&FORMAT, rest)) if rest.len() >= 16 => rest.split_at(16),
            _ => {
                return Err(invalid(
                    "The private data Terraform sent is not what this provider's Open returns."
                        .into(),
                ))
            }
        };
        let mut id_bytes = [0; 16];
        id_bytes.copy_from_slice(id);
        let private = crate::msgpack::from_slice(private)
            .map_err(|err| invalid(format!("The private data does not decode: {err}")))?;
        Ok((u128::from_be_bytes(id_bytes), private))
    }
}

/// The first byte of the private data: its format.
const FORMAT: u8 = 1;

/// The private data for Terraform: the format, the instance id, the
/// resource's private data.
fn wrap<P: crate::model::TfEncode>(id: u128, private: &P) -> Result<Vec<u8>, Diagnostics> {
    let inner = crate::msgpack::to_vec(private).map_err(|err| {
        let mut d = crate::diag::Diagnostic::from(err);
        d.summary = "Provider returned invalid private data".into();
        let mut diagnostics = Diagnostics::new();
        diagnostics.push(d);
        diagnostics
    })?;
    let mut bytes = Vec::with_capacity(17 + inner.len());
    bytes.push(FORMAT);
    bytes.extend_from_slice(&id.to_be_bytes());
    bytes.extend_from_slice(&inner);
    Ok(bytes)
}

/// The instances of one ephemeral resource type this process opened and
/// closed: ids for new ones, and the closed ones.
struct Instances {
    /// Random per process, so ids from another process do not collide.
    nonce: u64,
    next: AtomicU64,
    closed: Mutex<HashSet<u128>>,
}

impl Instances {
    fn new() -> Self {
        Instances {
            nonce: RandomState::new().hash_one(std::process::id()),
            next: AtomicU64::new(0),
            closed: Mutex::new(HashSet::new()),
        }
    }

    /// A new instance's id.
    fn open(&self) -> u128 {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        (u128::from(self.nonce) << 64) | u128::from(n)
    }

    fn is_closed(&self, id: u128) -> bool {
        self.closed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .contains(&id)
    }

    /// Marks the instance closed; `false` when it already was.
    fn close(&self, id: u128) -> bool {
        self.closed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(id)
    }
}
