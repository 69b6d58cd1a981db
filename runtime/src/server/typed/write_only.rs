//! Write-only attributes in and out of values: nulled in every plan and
//! state, and taken from the configuration for apply.

use crate::schema::Block;
use crate::server::walk::{walk, At, Flow, Node, Visitor};
use crate::value::Value;

/// Calls its function on every write-only attribute, with the counterpart
/// if any. Sets are not looked into: they cannot hold write-only
/// attributes (the derive refuses them).
struct EachWriteOnly<F>(F);

impl<F: FnMut(&mut Value, Option<&Value>)> Visitor<Option<&Value>> for EachWriteOnly<F> {
    fn enter(&mut self, at: At<'_, Option<&Value>>, value: &mut Value) -> Flow {
        match at.node {
            Node::Attribute(a) if a.write_only => {
                (self.0)(value, at.other);
                Flow::Skip
            }
            _ if at.node.holds_set() => Flow::Skip,
            _ => Flow::Descend,
        }
    }
}

/// Nulls the write-only attributes of a state.
pub(super) fn strip_write_only(block: &Block, state: &mut Value) {
    let mut visitor = EachWriteOnly(|v: &mut Value, _: Option<&Value>| *v = Value::Null(v.ty()));
    walk(block, state, None, &mut visitor);
}

/// Copies the configured write-only values into the planned state.
pub(super) fn merge_write_only(block: &Block, planned: &mut Value, config: &Value) {
    let mut visitor = EachWriteOnly(|v: &mut Value, c: Option<&Value>| {
        if let Some(c) = c {
            *v = c.clone();
        }
    });
    walk(block, planned, Some(config), &mut visitor);
}
