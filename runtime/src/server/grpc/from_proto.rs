//! From protocol messages to the raw layer's types: `DynamicValue`s kept
//! as sent, with the type of the schema they belong to (decoded when the
//! provider reads them), and client capabilities.

use std::sync::Arc;

use crate::server::proto::tfplugin6 as pb;
use crate::server::raw::{self, DynamicValue};
use crate::types::Type;

/// Wraps the `DynamicValue`s of a request with their types.
pub(super) struct Decoding<'a> {
    /// The type of `provider_meta`, when the provider has a schema for it.
    meta_type: Option<&'a Arc<Type>>,
}

impl<'a> Decoding<'a> {
    pub(super) fn new(meta_type: Option<&'a Arc<Type>>) -> Self {
        Decoding { meta_type }
    }

    /// The value `what` (named so in a diagnostic if it cannot be read) of
    /// type `ty` (shared, not copied): msgpack when Terraform sent it, else
    /// JSON, else null.
    pub(super) fn value(
        &self,
        what: &'static str,
        value: Option<pb::DynamicValue>,
        ty: &Arc<Type>,
    ) -> DynamicValue {
        let value = match value {
            Some(v) if !v.msgpack.is_empty() => DynamicValue::msgpack(v.msgpack, Arc::clone(ty)),
            Some(v) if !v.json.is_empty() => DynamicValue::json(v.json, Arc::clone(ty)),
            _ => DynamicValue::null(Type::clone(ty)),
        };
        value.named(what)
    }

    /// An identity Terraform sent, read with the resource type's identity
    /// type; `None` when it sent none or the type has no identity schema.
    pub(super) fn identity(
        &self,
        what: &'static str,
        identity: Option<pb::ResourceIdentityData>,
        ty: Option<&Arc<Type>>,
    ) -> Option<DynamicValue> {
        let data = identity?.identity_data?;
        Some(self.value(what, Some(data), ty?))
    }

    /// The `provider_meta` value, when the provider has a schema for it.
    pub(super) fn meta(&self, value: Option<pb::DynamicValue>) -> Option<DynamicValue> {
        self.meta_type
            .map(|ty| self.value("provider_meta", value, ty))
    }
}

/// What Terraform says it can do; nothing when it sent nothing.
pub(super) fn capabilities(c: Option<&pb::ClientCapabilities>) -> raw::ClientCapabilities {
    c.map_or_else(raw::ClientCapabilities::default, |c| {
        raw::ClientCapabilities {
            deferral_allowed: c.deferral_allowed,
            write_only_attributes_allowed: c.write_only_attributes_allowed,
            store_planned_private: c.store_planned_private,
            computed_blocks_allowed: c.computed_blocks_allowed,
        }
    })
}
