//! [`MoveSource`]: the resource a `moved` block moves from (`moved { from
//! = a_x.n  to = b_y.n }` across types or providers, Terraform 1.8+), as
//! a target resource's [`Resource::move_state`](super::Resource::move_state)
//! receives it.

use super::state_upgrade::decode_stored;
use crate::diag::Diagnostics;
use crate::model::TfDecode;

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
