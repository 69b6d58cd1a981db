//! Between the harness's dynamic values and the protocol's messages:
//! values, diagnostics and paths, protocol 5 messages read as their
//! protocol 6 twins, and the call of a method on either protocol.

use prost::Message;

use crate::diag::{Diagnostic, Diagnostics, Severity};
use crate::error::PathStep;
use crate::server::proto::tfplugin6 as pb6;
use crate::types::Type;
use crate::value::Value;

pub(super) fn dv6(value: &Value, ty: &Type) -> Option<pb6::DynamicValue> {
    let msgpack = crate::msgpack::value_to_vec(value, ty).ok()?;
    Some(pb6::DynamicValue {
        msgpack,
        json: Vec::new(),
    })
}

pub(super) fn value_of(
    dv: Option<pb6::DynamicValue>,
    ty: &Type,
    diagnostics: &mut Diagnostics,
) -> Value {
    let Some(dv) = dv else {
        return Value::Null(ty.clone());
    };
    match crate::msgpack::value_from_slice(&dv.msgpack, ty) {
        Ok(v) => v,
        Err(e) => {
            diagnostics.push(Diagnostic::error(
                "Harness: undecodable response value",
                e.to_string(),
            ));
            Value::Null(ty.clone())
        }
    }
}

/// Terraform's view of the response diagnostics.
pub(super) fn diagnostics_of(diags: Vec<pb6::Diagnostic>) -> Diagnostics {
    let mut out = Diagnostics::new();
    for d in diags {
        let severity = if d.severity == pb6::diagnostic::Severity::Warning as i32 {
            Severity::Warning
        } else {
            Severity::Error
        };
        out.push(Diagnostic {
            severity,
            summary: d.summary,
            detail: d.detail,
            path: d.attribute.map(path_of).unwrap_or_default(),
        });
    }
    out
}

pub(super) fn path_of(path: pb6::AttributePath) -> Vec<PathStep> {
    use pb6::attribute_path::step::Selector;
    path.steps
        .into_iter()
        .filter_map(|s| match s.selector? {
            Selector::AttributeName(n) => Some(PathStep::Attr(n)),
            Selector::ElementKeyString(k) => Some(PathStep::Key(k)),
            Selector::ElementKeyInt(i) => Some(PathStep::Index(u64::try_from(i).unwrap_or(0))),
        })
        .collect()
}

/// Re-reads a protocol 5 message as its protocol 6 twin (same field
/// numbers), so the harness has one set of conversions.
pub(super) fn as_v6<A: Message, B: Message + Default>(message: &A) -> B {
    B::decode(message.encode_to_vec().as_slice()).unwrap_or_default()
}

pub(super) fn rpc_failed(status: &tonic::Status) -> Diagnostics {
    Diagnostics::with_error("gRPC call failed", status.to_string())
}

/// Calls the protocol 6 method, or its protocol 5 twin (`$v5`) with the
/// request and response re-read across the two protocols' messages.
macro_rules! call {
    ($h:expr, $v5:ident, $v6:ident, $request:expr) => {{
        let request = $request;
        if $h.protocol == 5 {
            $h.grpc
                .v5()
                .$v5(::tonic::Request::new(
                    $crate::server::testing::convert::as_v6(&request),
                ))
                .await
                .map(|r| $crate::server::testing::convert::as_v6(&r.into_inner()))
        } else {
            $h.grpc
                .v6()
                .$v6(::tonic::Request::new(request))
                .await
                .map(|r| r.into_inner())
        }
    }};
}
pub(super) use call;
