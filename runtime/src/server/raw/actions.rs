//! Actions (protocol 5.10/6.10): operations a configuration can invoke
//! (`terraform apply -invoke=action.x.y`, or `action_trigger` in a
//! resource's `lifecycle`), with progress reported while they run.

use tokio::sync::mpsc;

use super::{ClientCapabilities, Deferred, DynamicValue};
use crate::diag::Diagnostics;

/// `ValidateActionConfig`.
#[derive(Clone)]
pub struct ValidateActionConfigRequest {
    /// The action type.
    pub type_name: String,
    /// The `config` block (may hold unknowns).
    pub config: DynamicValue,
}

/// `PlanAction`: during plan, once per action the run will invoke (the
/// configuration may hold unknowns).
#[derive(Clone)]
pub struct PlanActionRequest {
    /// The action type.
    pub type_name: String,
    /// The `config` block.
    pub config: DynamicValue,
    /// What Terraform can do.
    pub client_capabilities: ClientCapabilities,
}

/// What planning an action found.
#[derive(Debug, Clone, Default)]
pub struct PlanActionResponse {
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
    /// Not yet: Terraform 1.15 ignores it, so it is never sent; one set
    /// here becomes an error diagnostic. Leave it unset.
    pub deferred: Option<Deferred>,
}

/// `InvokeAction`: during apply; the configuration is known.
#[derive(Clone)]
pub struct InvokeActionRequest {
    /// The action type.
    pub type_name: String,
    /// The `config` block.
    pub config: DynamicValue,
    /// What Terraform can do.
    pub client_capabilities: ClientCapabilities,
}

/// Where an action's progress messages go; Terraform shows each as
/// `Action action.x.y (triggered by ...): <message>`.
#[derive(Debug, Clone)]
pub struct ProgressSink {
    tx: mpsc::Sender<String>,
}

impl ProgressSink {
    /// A sink and the receiving end (what the protocol layer streams, and
    /// what tests read).
    pub fn channel(buffer: usize) -> (ProgressSink, mpsc::Receiver<String>) {
        let (tx, rx) = mpsc::channel(buffer.max(1));
        (ProgressSink { tx }, rx)
    }

    /// Sends a progress message; `false` when nobody reads any more.
    pub async fn send(&self, message: impl Into<String>) -> bool {
        self.tx.send(message.into()).await.is_ok()
    }
}

redacted_debug!(ValidateActionConfigRequest { type_name } hides { config });
redacted_debug!(PlanActionRequest { type_name, client_capabilities } hides { config });
redacted_debug!(InvokeActionRequest { type_name, client_capabilities } hides { config });
