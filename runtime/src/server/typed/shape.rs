//! [`Shape`]: a model's schema block and value type, built once when its
//! type is registered and shared by every call.

use std::sync::Arc;

use crate::model::TfSchema;
use crate::schema::Block;
use crate::server::walk::Object;
use crate::types::Type;

/// A model's schema block and the type of its values (the block's implied
/// type), built once per registered type: a call never rebuilds them.
#[derive(Debug)]
pub(super) struct Shape {
    pub(super) block: Block,
    /// Shared with every value read or written with it.
    pub(super) ty: Arc<Type>,
    /// Whether the default plan of a proposal that is the prior state
    /// itself is that proposal: no attribute, at any depth, is write-only
    /// (nulled in every plan) or has a default (filled when unset), the
    /// only values the planner changes in an unchanged object.
    pub(super) plans_unchanged_as_is: bool,
}

impl Shape {
    /// The shape of `M`'s values.
    pub(super) fn of<M: TfSchema>() -> Shape {
        let block = M::block();
        let plans_unchanged_as_is =
            !Object::from(&block).holds(&|a| a.write_only || a.plan.default.is_some());
        Shape {
            ty: Arc::new(block.implied_type()),
            plans_unchanged_as_is,
            block,
        }
    }

    /// A null of the type.
    pub(super) fn null(&self) -> crate::server::raw::DynamicValue {
        crate::server::raw::DynamicValue::null(Type::clone(&self.ty))
    }
}
