//! Moving state between resource types (`moved { from = a_x.n  to = b_y.n }`
//! across types or providers, Terraform 1.8+): the source a target
//! resource's [`Resource::move_state`] receives, and the answer it gives
//! (the target state, or why it declines).

use super::identity::Identities;
use super::traits::decode_stored;
use super::views::state_of;
use super::Resource;
use crate::diag::Diagnostics;
use crate::model::TfDecode;
use crate::schema::Block;
use crate::server::raw;

/// The resource a `moved` block moves from, as Terraform stored it.
#[derive(Debug, Clone, Copy)]
pub struct MoveSource<'a> {
    /// The source's provider, e.g. `registry.terraform.io/tfschema/inventory`.
    pub provider_address: &'a str,
    /// The source's resource type, e.g. `inventory_tag`.
    pub type_name: &'a str,
    /// The schema version that wrote the source state.
    pub schema_version: i64,
    /// The source state, as the state file has it (JSON).
    pub json: &'a [u8],
    /// The source's identity (JSON), when it has one.
    pub identity_json: Option<&'a [u8]>,
}

impl MoveSource<'_> {
    /// Decodes the source state with the source's model struct (or any
    /// struct with the attributes wanted); attributes it does not have are
    /// ignored.
    ///
    /// # Errors
    /// JSON that does not fit `Source`, as an error diagnostic with its path.
    pub fn decode<Source: for<'de> TfDecode<'de>>(&self) -> Result<Source, Diagnostics> {
        decode_stored(self.json)
    }

    /// The provider's type: the last part of
    /// [`provider_address`](Self::provider_address) (`inventory` for
    /// `registry.terraform.io/tfschema/inventory`).
    pub fn provider_type(&self) -> &str {
        self.provider_address
            .rsplit('/')
            .next()
            .unwrap_or(self.provider_address)
    }
}

/// `MoveResourceState` to `resource` (whose schema block is `block`): its
/// hook's model as the target state, with the target's identity.
pub(super) fn move_into<R: Resource, I: Identities<R>>(
    resource: &R,
    block: &Block,
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
    let state = state_of(block, &model, None, d);
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
