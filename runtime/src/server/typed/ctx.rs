//! [`Ctx`]: what a resource or data source call receives besides its
//! values.

use std::sync::Arc;

use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::model::TfEncode;
use crate::server::raw::{DynamicValue, StopSignal};

/// What a resource or data source call receives besides its values: the
/// configured client, a place for warnings, the Stop signal and the
/// resource's private state.
pub struct Ctx<C> {
    client: Option<Arc<C>>,
    stop: StopSignal,
    pub(super) diagnostics: Diagnostics,
    pub(super) private: Vec<u8>,
    pub(super) partial: Option<DynamicValue>,
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
    pub(super) fn new(client: Option<Arc<C>>, stop: StopSignal, private: Vec<u8>) -> Self {
        Ctx {
            client,
            stop,
            diagnostics: Diagnostics::new(),
            private,
            partial: None,
        }
    }

    /// The client [`Provider::configure`](super::Provider::configure) built.
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
    ///
    /// A state with no wire form (a NaN) is not recorded; an error
    /// diagnostic says so.
    pub fn set_partial_state<M: TfEncode>(&mut self, state: &M) {
        match DynamicValue::from_model(state) {
            Ok(state) => self.partial = Some(state),
            Err(err) => {
                let mut d = crate::diag::Diagnostic::from(err);
                d.summary = "Invalid partial state".into();
                self.diagnostics.push(d);
            }
        }
    }
}
