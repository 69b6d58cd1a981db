//! The failures of a set of checks, reported together.

/// Every failure of a set of checks, one per line (Go's `errors.Join`), or
/// `Ok` when there is none.
pub(crate) fn joined(errors: Vec<String>) -> Result<(), String> {
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n"))
    }
}
