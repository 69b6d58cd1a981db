//! The Provider Code Specification JSON (v0.1): reading it into the model
//! and writing the model back, byte-identical to tfplugingen-openapi's
//! output.

mod go_validator;
mod read;
mod write;

pub use go_validator::parse_go;
pub use write::SPEC_VERSION;

use crate::error::{Error, Warning};
use crate::model::Spec;

/// Renders the spec as the Go tool's JSON (tab-indented, no trailing newline).
pub fn to_json(spec: &Spec) -> String {
    write::to_json(spec)
}

impl Spec {
    /// Reads a Provider Code Specification (v0.1 JSON).
    ///
    /// Validators other than the framework validators tfplugingen-openapi
    /// writes, plan modifiers, custom types and other settings this
    /// generator cannot express are skipped with a warning naming the
    /// attribute.
    ///
    /// # Errors
    /// Not JSON, or not shaped like a code spec.
    pub fn from_codespec_json(text: &str) -> Result<(Spec, Vec<Warning>), Error> {
        read::from_json(text)
    }

    /// Writes the spec as code spec JSON in the Go tool's layout (tab
    /// indents, its key order); for specs the Go tool wrote, the input bytes.
    ///
    /// What only Terraform's own schemas carry (see [`crate::model`]) has no
    /// code spec spelling: group and map blocks and tuple and dynamic
    /// element types are written under keys that name them
    /// (`group_nested`, `map_nested`, `tuple`, `dynamic`), which the code
    /// spec's JSON Schema rejects rather than reads as something else;
    /// versions, identities, write-only flags, description kinds and the
    /// types other than resources and data sources are left out.
    pub fn to_codespec_json(&self) -> String {
        write::to_json(self)
    }
}
