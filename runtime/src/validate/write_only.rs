//! `prefer_write_only_attribute`: a warning that a write-only twin of the
//! attribute exists, given only when Terraform can send write-only
//! attributes (Go's `PreferWriteOnlyAttribute`, in
//! internal/schemavalidator/prefer_write_only_attribute.go).
//!
//! Whether it can is the client capability `write_only_attributes_allowed`
//! of the `ValidateResourceConfig` request. The derive's validators have no
//! request to read it from, so the typed server states it for the duration
//! of the validation ([`with_write_only_allowed`], behind
//! `TfSchema::validate_config`); anywhere else it reads as false, as Go's
//! zero `ClientCapabilities` do.

use std::cell::Cell;

use super::Ctx;
use crate::error::PathStep;
use crate::value::Value;

thread_local! {
    static WRITE_ONLY_ALLOWED: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` with `write_only_attributes_allowed` as `allowed` on this
/// thread, then puts the previous state back (also when `f` panics).
pub(crate) fn with_write_only_allowed<R>(allowed: bool, f: impl FnOnce() -> R) -> R {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            WRITE_ONLY_ALLOWED.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(WRITE_ONLY_ALLOWED.with(|c| c.replace(allowed)));
    f()
}

/// Whether the validation running on this thread may warn about
/// write-only alternatives (`write_only_attributes_allowed`).
pub(crate) fn write_only_allowed() -> bool {
    WRITE_ONLY_ALLOWED.with(Cell::get)
}

/// Warns that the attribute `write_only` beside this one should be used
/// instead, when this one is set (not null; an unknown decides nothing) and
/// Terraform allows write-only attributes.
pub fn prefer_write_only_attribute(value: &Value, write_only: &str, ctx: &mut Ctx<'_>) {
    if value.is_null() || matches!(value, Value::Unknown(..)) || !WRITE_ONLY_ALLOWED.with(Cell::get)
    {
        return;
    }
    // The twin's path: this attribute's, with the last step renamed (Go
    // prints the path expression, which for `path.MatchRoot("x")` is `x`).
    let mut twin = ctx.path.clone();
    twin.pop();
    twin.push(PathStep::Attr(write_only.to_owned()));
    let shown: String = twin.iter().map(ToString::to_string).collect();
    let shown = shown.strip_prefix('.').unwrap_or(&shown);
    ctx.diags.warning(
        &ctx.path,
        "Available Write-Only Attribute Alternative",
        format!(
            "This attribute has a WriteOnly version {shown} available. \
             Use the WriteOnly version of the attribute when possible."
        ),
    );
}
