//! `MoveResourceState` in the typed layer: the target resource's
//! [`Resource::move_state`] hook asked for the target state, and the answer
//! it gives (the target state, or why it declines).

use super::identity::Identities;
use super::move_source::MoveSource;
use super::shape::Shape;
use super::state::state_of;
use super::Resource;
use crate::diag::Diagnostics;
use crate::server::raw;

/// `MoveResourceState` to `resource` (whose schema block is `block`): its
/// hook's model as the target state, with the target's identity.
pub(super) fn move_into<R: Resource, I: Identities<R>>(
    resource: &R,
    shape: &Shape,
    identity: &I,
    request: &raw::MoveResourceStateRequest,
) -> raw::MoveResourceStateResponse {
    let source = MoveSource {
        provider_address: &request.source_provider_address,
        type_name: &request.source_type_name,
        schema_version: request.source_schema_version,
        json: &request.source_state_json,
        identity_json: request.source_identity_json.as_deref(),
    };
    let mut response = raw::MoveResourceStateResponse::default();
    let model = match resource.move_state(source) {
        None => {
            response.diagnostics = declined(&request.target_type_name, &source);
            return response;
        }
        Some(Err(d)) => {
            response.diagnostics = d;
            return response;
        }
        Some(Ok(model)) => model,
    };
    // Checked as an applied state is: wholly known, write-only attributes
    // null. The private state is the target's own: none yet.
    let d = &mut response.diagnostics;
    let state = state_of(shape, &model, None, None, d);
    if !d.has_errors() {
        response.target_identity = identity.of(resource, &model, d);
        response.target_state = Some(state);
    }
    response
}

/// The answer when the target resource declines the source.
pub(super) fn declined(target: &str, source: &MoveSource<'_>) -> Diagnostics {
    Diagnostics::with_error(
        "Unable to Move Resource State",
        format!(
            "The resource type {target:?} does not accept state moved from {:?} of {} (schema version {}): \
             the provider has no conversion from it, so this `moved` block cannot change the resource type. \
             Remove the `moved` block; `terraform state rm` and an import can take the object over instead.",
            source.type_name, source.provider_address, source.schema_version
        ),
    )
}
