//! From the raw layer's types to protocol messages: values, diagnostics,
//! attribute paths and the server's capabilities. Schemas are in
//! [`super::schema`].

use crate::diag::{Diagnostic, Diagnostics, Severity};
use crate::error::PathStep;
use crate::server::proto::tfplugin6 as pb;
use std::sync::Arc;
use std::time::SystemTime;

use crate::server::raw::{DynamicValue, ProviderSchema};
use crate::types::Type;

/// A response value as msgpack; a value that cannot be encoded as `ty`
/// becomes an error diagnostic (and no value).
pub(super) fn dynamic(
    value: Option<DynamicValue>,
    ty: &Type,
    diagnostics: &mut Diagnostics,
) -> Option<pb::DynamicValue> {
    let value = value?;
    match value.into_msgpack(ty) {
        Ok(msgpack) => Some(pb::DynamicValue {
            msgpack,
            json: Vec::new(),
        }),
        Err(err) => {
            let mut diagnostic = Diagnostic::from(err);
            diagnostic.summary = "Provider returned an invalid value".into();
            diagnostics.push(diagnostic);
            None
        }
    }
}

/// An attribute path; an index too large for the protocol is clamped.
pub(super) fn path(steps: &[PathStep]) -> pb::AttributePath {
    use pb::attribute_path::step::Selector;
    let steps = steps
        .iter()
        .map(|s| pb::attribute_path::Step {
            selector: Some(match s {
                PathStep::Attr(n) => Selector::AttributeName(n.clone()),
                PathStep::Key(k) => Selector::ElementKeyString(k.clone()),
                PathStep::Index(i) => {
                    Selector::ElementKeyInt(i64::try_from(*i).unwrap_or(i64::MAX))
                }
            }),
        })
        .collect();
    pb::AttributePath { steps }
}

/// Diagnostics; one without a path applies to the whole call.
pub(super) fn diagnostics(diagnostics: Diagnostics) -> Vec<pb::Diagnostic> {
    diagnostics
        .into_iter()
        .map(|d| pb::Diagnostic {
            severity: match d.severity {
                Severity::Error => pb::diagnostic::Severity::Error,
                Severity::Warning => pb::diagnostic::Severity::Warning,
            } as i32,
            summary: d.summary,
            detail: d.detail,
            attribute: (!d.path.is_empty()).then(|| path(&d.path)),
        })
        .collect()
}

/// What the server can do: plan destroys, and move state and generate
/// configuration when the provider says so; Terraform must ask for the
/// schema before any other call.
pub(super) fn server_capabilities(schema: &ProviderSchema) -> pb::ServerCapabilities {
    pb::ServerCapabilities {
        plan_destroy: true,
        get_provider_schema_optional: false,
        move_resource_state: schema.move_resource_state,
        generate_resource_config: schema.generate_resource_config,
    }
}

/// An identity the provider returned, written with the resource type's
/// identity type. One for a type without an identity schema is an error
/// diagnostic (and nothing is sent).
pub(super) fn identity(
    identity: Option<DynamicValue>,
    ty: Option<&Arc<Type>>,
    diagnostics: &mut Diagnostics,
) -> Option<pb::ResourceIdentityData> {
    let identity = identity?;
    let Some(ty) = ty else {
        diagnostics.error(
            &[],
            "Provider returned an identity",
            "The provider returned an identity for a resource type that has no identity schema.",
        );
        return None;
    };
    let identity_data = dynamic(Some(identity), ty, diagnostics)?;
    Some(pb::ResourceIdentityData {
        identity_data: Some(identity_data),
    })
}

/// A point in time, as protobuf's `Timestamp`.
pub(super) fn timestamp(at: Option<SystemTime>) -> Option<prost_types::Timestamp> {
    at.map(prost_types::Timestamp::from)
}
