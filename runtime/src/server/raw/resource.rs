//! Managed resources: validating, upgrading, reading, planning, applying
//! and importing them.

use super::{ClientCapabilities, Deferred, DynamicValue};
use crate::diag::Diagnostics;
use crate::error::PathStep;

/// `ValidateResourceConfig` (protocol 5: `ValidateResourceTypeConfig`).
#[derive(Clone)]
pub struct ValidateResourceConfigRequest {
    /// The resource type, e.g. `example_thing`.
    pub type_name: String,
    /// The `resource` block as written; may hold unknowns.
    pub config: DynamicValue,
    /// What this Terraform can do.
    pub client_capabilities: ClientCapabilities,
}

/// `UpgradeResourceState`: the stored state as JSON, written by schema
/// `version` (possibly older than the current one).
#[derive(Debug, Clone)]
pub struct UpgradeResourceStateRequest {
    /// The resource type.
    pub type_name: String,
    /// The schema version that wrote the state.
    pub version: i64,
    /// The state's JSON; `None` when Terraform sent only the pre-0.12
    /// flatmap form, which tfschema does not read.
    pub raw_state_json: Option<Vec<u8>>,
}

/// The state in the current schema's type.
#[derive(Clone, Default)]
pub struct UpgradeResourceStateResponse {
    /// The state as the current schema describes it.
    pub upgraded_state: Option<DynamicValue>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
}

/// `ReadResource`: refresh.
#[derive(Clone)]
pub struct ReadResourceRequest {
    /// The resource type.
    pub type_name: String,
    /// The state Terraform holds (upgraded to the current schema).
    pub current_state: DynamicValue,
    /// The private state the last apply or read returned.
    pub private: Vec<u8>,
    /// The module's `provider_meta` block, when the schema has one.
    pub provider_meta: Option<DynamicValue>,
    /// What this Terraform can do.
    pub client_capabilities: ClientCapabilities,
    /// The stored identity, when the resource type has one and Terraform
    /// stored one.
    pub current_identity: Option<DynamicValue>,
}

/// The refreshed state: a null `new_state` means the object is gone.
#[derive(Clone, Default)]
pub struct ReadResourceResponse {
    /// The refreshed state; null when the object is gone.
    pub new_state: Option<DynamicValue>,
    /// The private state to keep.
    pub private: Vec<u8>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
    /// The object's identity.
    pub new_identity: Option<DynamicValue>,
    /// Not yet: read again in a later run. Sent only when the request allowed it
    /// ([`ClientCapabilities::deferral_allowed`]); otherwise the answer
    /// gets an error diagnostic instead.
    pub deferred: Option<Deferred>,
}

/// `PlanResourceChange`. `prior_state` is null on create;
/// `proposed_new_state` is null on destroy.
#[derive(Clone)]
pub struct PlanResourceChangeRequest {
    /// The resource type.
    pub type_name: String,
    /// The state before the change (null on create).
    pub prior_state: DynamicValue,
    /// Terraform's proposal: the configuration, with computed attributes
    /// it leaves unset taken from the prior state (null on destroy).
    pub proposed_new_state: DynamicValue,
    /// The configuration as written (null on destroy).
    pub config: DynamicValue,
    /// The private state kept with the prior state.
    pub prior_private: Vec<u8>,
    /// The module's `provider_meta` block, when the schema has one.
    pub provider_meta: Option<DynamicValue>,
    /// What this Terraform can do.
    pub client_capabilities: ClientCapabilities,
    /// The stored identity (on update).
    pub prior_identity: Option<DynamicValue>,
    /// The private data this change's earlier plan returned, when Terraform
    /// plans it again (at apply) and keeps it (protocol 6.11,
    /// [`ClientCapabilities::store_planned_private`]); empty otherwise.
    pub planned_private: Vec<u8>,
}

/// The plan: the planned state, the attributes whose change forces
/// replacement, and private data handed to apply.
#[derive(Clone, Default)]
pub struct PlanResourceChangeResponse {
    /// The planned new state: unknown where apply will decide.
    pub planned_state: Option<DynamicValue>,
    /// Attribute paths whose planned change forces replacement.
    pub requires_replace: Vec<Vec<PathStep>>,
    /// Private state handed to apply.
    pub planned_private: Vec<u8>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
    /// The identity after the change; leave it unset on create (Terraform
    /// 1.15 cannot show an unknown one).
    pub planned_identity: Option<DynamicValue>,
    /// Not yet: plan again in a later run. Sent only when the request allowed it
    /// ([`ClientCapabilities::deferral_allowed`]); otherwise the answer
    /// gets an error diagnostic instead.
    pub deferred: Option<Deferred>,
}

/// `ApplyResourceChange`. `planned_state` is null on destroy.
#[derive(Clone)]
pub struct ApplyResourceChangeRequest {
    /// The resource type.
    pub type_name: String,
    /// The state before the change (null on create).
    pub prior_state: DynamicValue,
    /// The plan being applied (null on destroy).
    pub planned_state: DynamicValue,
    /// The configuration, with values that were unknown at plan time now
    /// known (it is the only place write-only values arrive).
    pub config: DynamicValue,
    /// The private state the plan returned.
    pub planned_private: Vec<u8>,
    /// The module's `provider_meta` block, when the schema has one.
    pub provider_meta: Option<DynamicValue>,
    /// The planned identity.
    pub planned_identity: Option<DynamicValue>,
}

/// The new state. With an error diagnostic, a non-null `new_state` is the
/// partial result Terraform records (the object exists but is incomplete).
#[derive(Clone, Default)]
pub struct ApplyResourceChangeResponse {
    /// The state after the change: wholly known, and consistent with the
    /// plan (null after a destroy).
    pub new_state: Option<DynamicValue>,
    /// The private state to keep.
    pub private: Vec<u8>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
    /// The object's identity (wholly known).
    pub new_identity: Option<DynamicValue>,
}

/// `ImportResourceState`: `terraform import` with an id.
#[derive(Debug, Clone)]
pub struct ImportResourceStateRequest {
    /// The resource type.
    pub type_name: String,
    /// The id given to `terraform import` (or an `import` block), as
    /// written.
    pub id: String,
    /// What this Terraform can do.
    pub client_capabilities: ClientCapabilities,
    /// The identity an `import` block named the object by (then `id` is
    /// empty).
    pub identity: Option<DynamicValue>,
}

/// One imported object; Terraform reads it next (`ReadResource`).
#[derive(Clone)]
pub struct ImportedResource {
    /// The object's resource type (usually the requested one).
    pub type_name: String,
    /// What is known of the object; Terraform's next read fills the rest.
    pub state: DynamicValue,
    /// Its private state.
    pub private: Vec<u8>,
    /// The object's identity.
    pub identity: Option<DynamicValue>,
}

/// The imported objects.
#[derive(Debug, Clone, Default)]
pub struct ImportResourceStateResponse {
    /// The objects found (usually one).
    pub imported_resources: Vec<ImportedResource>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
    /// Not yet: import in a later run. Sent only when the request allowed it
    /// ([`ClientCapabilities::deferral_allowed`]); otherwise the answer
    /// gets an error diagnostic instead.
    pub deferred: Option<Deferred>,
}

redacted_debug!(ValidateResourceConfigRequest { type_name, client_capabilities } hides { config });
redacted_debug!(UpgradeResourceStateResponse { diagnostics } hides { upgraded_state });
redacted_debug!(ReadResourceRequest { type_name, client_capabilities } hides { current_state, provider_meta, private, current_identity });
redacted_debug!(ReadResourceResponse { diagnostics, deferred } hides { new_state, private, new_identity });
redacted_debug!(PlanResourceChangeRequest { type_name, client_capabilities } hides { prior_state, proposed_new_state, config, provider_meta, prior_private, prior_identity, planned_private });
redacted_debug!(PlanResourceChangeResponse { requires_replace, diagnostics, deferred } hides { planned_state, planned_private, planned_identity });
redacted_debug!(ApplyResourceChangeRequest { type_name } hides { prior_state, planned_state, config, provider_meta, planned_private, planned_identity });
redacted_debug!(ApplyResourceChangeResponse { diagnostics } hides { new_state, private, new_identity });
redacted_debug!(ImportedResource { type_name } hides { state, private, identity });

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_leaves_values_and_private_state_out() {
        let secret = crate::Value::object([("password", crate::Value::from("hunter2"))]);
        let request = PlanResourceChangeRequest {
            type_name: "x_user".into(),
            prior_state: DynamicValue::from(secret.clone()),
            proposed_new_state: DynamicValue::from(secret.clone()),
            config: DynamicValue::from(secret),
            prior_private: b"token=hunter2".to_vec(),
            provider_meta: None,
            client_capabilities: ClientCapabilities::default(),
            prior_identity: None,
            planned_private: b"token=hunter3".to_vec(),
        };
        let text = format!("{request:?}");
        assert!(
            !text.contains("hunter2") && !text.contains("hunter3"),
            "{text}"
        );
        assert!(
            text.contains("x_user") && text.contains("config: <value>"),
            "{text}"
        );
    }
}
