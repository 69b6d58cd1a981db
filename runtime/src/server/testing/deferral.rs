//! The deferral an answer carries, as the harness reports it (requests
//! allow deferrals with [`Harness::allow_deferral`](super::Harness::allow_deferral)).

use crate::diag::{Diagnostic, Diagnostics};
use crate::server::proto::tfplugin6 as pb6;
use crate::server::raw::Deferred;

/// The deferral of an answer; a reason the protocol leaves unset
/// (`UNKNOWN`) or does not define is an error diagnostic (and no
/// deferral).
pub(super) fn deferred_of(
    deferred: Option<pb6::Deferred>,
    diagnostics: &mut Diagnostics,
) -> Option<Deferred> {
    use pb6::deferred::Reason;
    let reason = deferred?.reason;
    match Reason::try_from(reason) {
        Ok(Reason::ResourceConfigUnknown) => Some(Deferred::ResourceConfigUnknown),
        Ok(Reason::ProviderConfigUnknown) => Some(Deferred::ProviderConfigUnknown),
        Ok(Reason::AbsentPrereq) => Some(Deferred::AbsentPrerequisite),
        Ok(Reason::Unknown) | Err(_) => {
            diagnostics.push(Diagnostic::error(
                "Harness: deferred without a reason",
                format!(
                    "The answer is deferred with reason {reason}, which is not a known reason."
                ),
            ));
            None
        }
    }
}
