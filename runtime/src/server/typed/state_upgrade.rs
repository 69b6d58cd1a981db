//! [`StateUpgrade`]: a stored state of an older schema version, and
//! reading JSON as Terraform stores it.

use crate::diag::Diagnostics;
use crate::json::read::Reader;
use crate::model::TfDecode;

/// The state of an older schema version, handed to
/// [`Resource::upgrade_state`](crate::server::typed::Resource::upgrade_state): the JSON Terraform stored, to be read with
/// the model struct of that version ([`decode`](Self::decode)).
#[derive(Debug, Clone, Copy)]
pub struct StateUpgrade<'a> {
    /// The schema version that wrote the state.
    pub version: i64,
    /// The state as Terraform stored it (JSON).
    pub json: &'a [u8],
}

impl StateUpgrade<'_> {
    /// Decodes the state with an older model struct, leniently:
    ///
    /// - attributes the state has and `Old` does not are skipped, at any
    ///   depth (in nested blocks too), so `Old` needs only the attributes
    ///   the upgrade uses;
    /// - attributes `Old` has and the state lacks read as null: `None` for
    ///   an `Option` field, an error for a field that cannot be null.
    ///
    /// Values must still have `Old`'s types (a number where `Old` has a
    /// string is an error).
    ///
    /// ```
    /// use tfschema::server::typed::StateUpgrade;
    /// use tfschema::{TfSchema, TfValue};
    ///
    /// /// Schema version 0 of a resource, as far as the upgrade needs it.
    /// #[derive(TfSchema, TfValue, Debug, PartialEq)]
    /// struct ItemV0 {
    ///     name: String,
    ///     stock: i64,
    ///     tags: Option<String>,
    /// }
    ///
    /// let state = StateUpgrade {
    ///     version: 0,
    ///     json: br#"{"name":"bolt","stock":40,"created_at":"2024-01-01"}"#,
    /// };
    /// // `created_at` is skipped; `tags` is missing, so `None`.
    /// assert_eq!(
    ///     state.decode::<ItemV0>()?,
    ///     ItemV0 { name: "bolt".into(), stock: 40, tags: None }
    /// );
    ///
    /// // `stock` cannot be null.
    /// let state = StateUpgrade { version: 0, json: br#"{"name":"bolt"}"# };
    /// assert!(state.decode::<ItemV0>().is_err());
    /// # Ok::<(), tfschema::diag::Diagnostics>(())
    /// ```
    ///
    /// # Errors
    /// JSON that does not fit `Old`, as an error diagnostic with its path.
    pub fn decode<Old: for<'de> TfDecode<'de>>(&self) -> Result<Old, Diagnostics> {
        decode_stored(self.json)
    }
}

/// JSON as Terraform stores it (a state, an identity), read into `T`;
/// attributes `T` does not have are ignored.
pub(super) fn decode_stored<T: for<'de> TfDecode<'de>>(json: &[u8]) -> Result<T, Diagnostics> {
    let mut reader = Reader::new(json)?.ignoring_unknown_attributes();
    let value = T::decode(&mut reader)?;
    reader.finish()?;
    Ok(value)
}
