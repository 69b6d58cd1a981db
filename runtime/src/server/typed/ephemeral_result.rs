//! The checks of an opened ephemeral resource's value against its
//! configuration, the rules Terraform applies to it ("Provider produced
//! invalid ephemeral resource instance"), caught in the provider so that
//! the error names the attribute and tests without Terraform see it too.

use crate::diag::Diagnostics;
use crate::schema::{AttributeType, Block};
use crate::server::walk::{walk, At, Flow, Node, Visitor};
use crate::value::Value;

/// Checks `result` against `config`, adding an error per attribute that
/// breaks a rule: every value is known, and a configured value (of an
/// attribute that is not computed, or that the configuration sets) is kept
/// as configured (go-cty's equality: `0.1` as configured and as an `f64`
/// are equal). Set elements cannot be paired with their configuration once
/// the provider fills computed attributes in them, so a set is only checked
/// for unknowns.
pub(super) fn check_result(
    block: &Block,
    mut result: Value,
    config: &Value,
    diagnostics: &mut Diagnostics,
) {
    walk(
        block,
        &mut result,
        Some(config),
        &mut ResultCheck { diagnostics },
    );
}

struct ResultCheck<'d> {
    diagnostics: &'d mut Diagnostics,
}

impl Visitor<Option<&Value>> for ResultCheck<'_> {
    fn enter(&mut self, at: At<'_, Option<&Value>>, value: &mut Value) -> Flow {
        let plain = matches!(at.node, Node::Attribute(a) if matches!(a.ty, AttributeType::Type(_)));
        if plain || at.node.holds_set() {
            if !value.is_wholly_known() {
                self.diagnostics.error(
                    &at.path.to_vec(),
                    "Provider returned an unknown value",
                    "An opened ephemeral resource must be wholly known: open must fill every \
                     computed attribute; this is a bug in the provider.",
                );
                return Flow::Skip;
            }
        }
        if let (Node::Attribute(a), Some(config)) = (at.node, at.other) {
            let configured = !a.computed || !config.is_null();
            if plain && configured && value != config && value.equals(config) != Some(true) {
                self.diagnostics.error(
                    &at.path.to_vec(),
                    "Provider changed a configured value",
                    "An opened ephemeral resource must keep the value the configuration gives \
                     this attribute (only the computed attributes it leaves unset are the \
                     provider's to fill); this is a bug in the provider.",
                );
            }
        }
        if plain || at.node.holds_set() {
            Flow::Skip
        } else {
            Flow::Descend
        }
    }
}
