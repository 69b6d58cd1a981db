//! [`TfSchema`]: a model struct's schema block, version and validators.

use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::rules::ConfigValidator;
use crate::schema::{Block, Schema};
use crate::value::Value;

/// A model struct: its schema block. Implemented by `#[derive(TfSchema)]`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no Terraform schema",
    label = "not a schema model",
    note = "add `#[derive(tfschema::TfSchema, tfschema::TfValue)]` to the struct"
)]
pub trait TfSchema {
    /// The schema version (`#[tf(version = N)]`), for state upgrades.
    const VERSION: i64 = 0;

    /// Whether a `write_only` attribute appears in the block or below it
    /// (Terraform forbids them in set blocks; the derive checks that at
    /// compile time).
    const HAS_WRITE_ONLY: bool = false;

    /// Whether an attribute or block in the block or below it has a plan
    /// policy (`requires_replace`, `requires_replace_if`,
    /// `use_state_for_unknown`, `default`, `semantic_equal`): the derive
    /// refuses them under an ephemeral resource, which is never planned.
    const HAS_PLAN_POLICY: bool = false;

    /// The block this struct describes.
    fn block() -> Block;

    /// The versioned schema.
    fn schema() -> Schema {
        Schema {
            version: Self::VERSION,
            block: Self::block(),
        }
    }

    /// Whether the schema uses nested attributes, which only protocol 6 can
    /// describe.
    fn requires_protocol_6() -> bool {
        Self::block().requires_protocol_6()
    }

    /// Runs the `#[tf(validate(...))]` validators, the cross-attribute rules
    /// and the deprecation warnings on `value` (an object of this block,
    /// usually from the plan view), adding diagnostics at `path` and below.
    /// Unknown and null values are skipped. `root` is the whole
    /// configuration `value` is part of (at `path`), which the rules' path
    /// expressions may reach.
    fn validate(value: &Value, root: &Value, path: &mut Vec<PathStep>, diags: &mut Diagnostics) {
        let _ = (value, root, path, diags);
    }

    /// The configuration validators of a configuration of this block
    /// (`#[tf(config_validators(...))]`, Go's `ConfigValidators()`), which
    /// [`validate_value`](Self::validate_value) runs on the whole value.
    fn config_validators() -> Vec<ConfigValidator> {
        Vec::new()
    }

    /// [`validate`](Self::validate) from the top of the block, then the
    /// [`config_validators`](Self::config_validators).
    fn validate_value(value: &Value) -> Diagnostics {
        let mut diags = Diagnostics::new();
        Self::validate(value, value, &mut Vec::new(), &mut diags);
        for validator in Self::config_validators() {
            diags.extend(validator.validate(value));
        }
        diags
    }

    /// [`validate_value`](Self::validate_value) as `ValidateResourceConfig`
    /// asks for it: `write_only_allowed` is Terraform's client capability
    /// `write_only_attributes_allowed` (1.11+), which the
    /// `prefer_write_only_attribute` warnings wait for, as Go's do.
    /// (`validate_value` reads it as false; the typed server calls this.)
    fn validate_config(value: &Value, write_only_allowed: bool) -> Diagnostics {
        crate::validate::write_only::with_write_only_allowed(write_only_allowed, || {
            Self::validate_value(value)
        })
    }
}
