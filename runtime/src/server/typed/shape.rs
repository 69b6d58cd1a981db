//! [`Shape`]: a model's schema block and value type, built once when its
//! type is registered and shared by every call.

use std::sync::Arc;

use crate::model::TfSchema;
use crate::schema::Block;
use crate::server::plan::{holds_semantic_equal, holds_write_only, plans_unchanged_as_is};
use crate::types::Type;

/// A model's schema block and the type of its values (the block's implied
/// type), built once per registered type: a call never rebuilds them.
#[derive(Debug)]
pub(super) struct Shape {
    pub(super) block: Block,
    /// Shared with every value read or written with it.
    pub(super) ty: Arc<Type>,
    /// Whether the default plan of a proposal that is the prior state
    /// itself is that proposal ([`plans_unchanged_as_is`]).
    pub(super) plans_unchanged_as_is: bool,
    /// Whether the block has a write-only attribute, at any depth.
    pub(super) write_only: bool,
    /// Whether the block has an attribute with semantic equality, at any
    /// depth: the states a hook returns are then compared with the values
    /// before it.
    pub(super) semantic_equal: bool,
}

impl Shape {
    /// The shape of `M`'s values.
    pub(super) fn of<M: TfSchema>() -> Shape {
        let block = M::block();
        let plans_unchanged_as_is = plans_unchanged_as_is(&block);
        Shape {
            ty: Arc::new(block.implied_type()),
            plans_unchanged_as_is,
            write_only: holds_write_only(&block),
            semantic_equal: holds_semantic_equal(&block),
            block,
        }
    }

    /// A null of the type.
    pub(super) fn null(&self) -> crate::server::raw::DynamicValue {
        crate::server::raw::DynamicValue::null(Type::clone(&self.ty))
    }
}
