//! From protocol messages to the raw layer's types: `DynamicValue`s decoded
//! with the type of the schema they belong to, and client capabilities.
//!
//! A value that cannot be decoded does not fail the call here: it becomes an
//! error diagnostic at the attribute's path, and the handler answers with
//! those diagnostics instead of calling the provider.

use crate::diag::{Diagnostic, Diagnostics};
use crate::error::Error;
use crate::server::proto::tfplugin6 as pb;
use crate::server::raw;
use crate::types::Type;
use crate::value::Value;

/// Decodes the `DynamicValue`s of a request, collecting failures as
/// diagnostics.
pub(super) struct Decoding<'a> {
    /// The type of `provider_meta`, when the provider has a schema for it.
    meta_type: Option<&'a Type>,
    pub(super) diagnostics: Diagnostics,
}

impl<'a> Decoding<'a> {
    pub(super) fn new(meta_type: Option<&'a Type>) -> Self {
        Decoding {
            meta_type,
            diagnostics: Diagnostics::new(),
        }
    }

    /// The value `what` (named so in a diagnostic) as a `ty`; msgpack when
    /// Terraform sent it, else JSON, else null.
    pub(super) fn value(
        &mut self,
        what: &str,
        value: Option<&pb::DynamicValue>,
        ty: &Type,
    ) -> Value {
        let (msgpack, json) = value.map_or((&[][..], &[][..]), |v| (&v.msgpack[..], &v.json[..]));
        let result = if !msgpack.is_empty() {
            crate::msgpack::value_from_slice(msgpack, ty)
        } else if !json.is_empty() {
            crate::json::value_from_slice(json, ty)
        } else {
            Ok(Value::Null(ty.clone()))
        };
        result.unwrap_or_else(|err| {
            self.fail(what, err);
            Value::Null(ty.clone())
        })
    }

    /// The `provider_meta` value, when the provider has a schema for it.
    pub(super) fn meta(&mut self, value: Option<&pb::DynamicValue>) -> Option<Value> {
        self.meta_type
            .map(|ty| self.value("provider_meta", value, ty))
    }

    fn fail(&mut self, what: &str, err: Error) {
        let mut diagnostic = Diagnostic::from(err);
        diagnostic.summary = format!("Invalid {what}");
        self.diagnostics.push(diagnostic);
    }
}

/// What Terraform says it can do; nothing when it sent nothing.
pub(super) fn capabilities(c: Option<&pb::ClientCapabilities>) -> raw::ClientCapabilities {
    c.map_or_else(raw::ClientCapabilities::default, |c| {
        raw::ClientCapabilities {
            deferral_allowed: c.deferral_allowed,
            write_only_attributes_allowed: c.write_only_attributes_allowed,
        }
    })
}
