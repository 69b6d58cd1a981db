//! List resources (`terraform query`, protocol 5.10/6.10) and generated
//! configuration (`GenerateResourceConfig`).
//!
//! A `list` block in a `.tfquery.hcl` file asks a provider for the objects
//! of a resource type that match its `config`. The provider sends them one
//! event at a time through a [`ListSink`]; Terraform stops reading after
//! `limit` events. Every event needs the object's identity.

use tokio::sync::mpsc;

use super::DynamicValue;
use crate::diag::Diagnostics;

/// `ValidateListResourceConfig`. Terraform 1.15 sends only the
/// configuration: `include_resource_object` and `limit` stay unset.
#[derive(Clone)]
pub struct ValidateListResourceConfigRequest {
    /// The list resource type (a managed resource type of the provider).
    pub type_name: String,
    /// The `config` block (may hold unknowns).
    pub config: DynamicValue,
    /// The `include_resource` setting, when sent (a `bool` value).
    pub include_resource_object: Option<DynamicValue>,
    /// The `limit` setting, when sent (a `number` value).
    pub limit: Option<DynamicValue>,
}

/// `ListResource`.
#[derive(Clone)]
pub struct ListResourceRequest {
    /// The list resource type.
    pub type_name: String,
    /// The `config` block.
    pub config: DynamicValue,
    /// Whether each event should carry the whole object (`include_resource`
    /// or `-generate-config-out`).
    pub include_resource_object: bool,
    /// How many events Terraform reads (100 unless the block says).
    pub limit: i64,
}

/// One object found by a list.
#[derive(Clone, Default)]
pub struct ListResourceEvent {
    /// The object's identity (required by Terraform).
    pub identity: Option<DynamicValue>,
    /// A human-readable name shown beside the identity.
    pub display_name: String,
    /// The object's state, when the request asked for it.
    pub resource_object: Option<DynamicValue>,
    /// Errors (which end the list) and warnings about this object.
    pub diagnostics: Diagnostics,
}

/// Where a list's events go. Sending waits while Terraform is behind, and
/// fails once Terraform has stopped reading (the limit was reached or the
/// run was cancelled): the list should end then.
#[derive(Debug)]
pub struct ListSink {
    tx: mpsc::Sender<ListResourceEvent>,
}

impl ListSink {
    /// A sink and the receiving end (what the protocol layer streams to
    /// Terraform, and what tests read).
    pub fn channel(buffer: usize) -> (ListSink, mpsc::Receiver<ListResourceEvent>) {
        let (tx, rx) = mpsc::channel(buffer.max(1));
        (ListSink { tx }, rx)
    }

    /// Sends one event; `false` when nobody reads any more.
    pub async fn send(&mut self, event: ListResourceEvent) -> bool {
        self.tx.send(event).await.is_ok()
    }

    /// Whether nobody reads any more.
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }
}

/// `GenerateResourceConfig`: the configuration to write for an object
/// (`terraform query` or `plan` with `-generate-config-out`).
#[derive(Clone)]
pub struct GenerateResourceConfigRequest {
    /// The resource type.
    pub type_name: String,
    /// The object's state.
    pub state: DynamicValue,
}

/// The configuration, in the resource's schema type: attributes to leave
/// out of the written configuration are null.
#[derive(Clone, Default)]
pub struct GenerateResourceConfigResponse {
    /// The configuration.
    pub config: Option<DynamicValue>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
}

redacted_debug!(ValidateListResourceConfigRequest { type_name } hides { config, include_resource_object, limit });
redacted_debug!(ListResourceRequest { type_name, include_resource_object, limit } hides { config });
redacted_debug!(ListResourceEvent { display_name, diagnostics } hides { identity, resource_object });
redacted_debug!(GenerateResourceConfigRequest { type_name } hides { state });
redacted_debug!(GenerateResourceConfigResponse { diagnostics } hides { config });
