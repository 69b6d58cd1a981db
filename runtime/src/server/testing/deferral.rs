//! Deferred actions in the harness: requests that allow them, as an
//! experimental build of Terraform run with `-allow-deferral` sends (a
//! release build never does), and the deferral an answer carries.

use super::{pb6, Harness};
use crate::diag::{Diagnostic, Diagnostics};
use crate::server::raw::{Deferred, RawProvider};

impl<P: RawProvider> Harness<P> {
    /// Whether Terraform allows deferrals: `client_capabilities.
    /// deferral_allowed` in every request that carries client
    /// capabilities, `ConfigureProvider` included. `false` by default, as
    /// in release builds of Terraform, which refuse `-allow-deferral`;
    /// `true` is what an experimental build sends with it. The deferral an
    /// answer carries is in [`PlanResult::deferred`](super::PlanResult::deferred)
    /// and [`StateResult::deferred`](super::StateResult::deferred).
    pub fn allow_deferral(mut self, allowed: bool) -> Self {
        self.deferral_allowed = allowed;
        self
    }
}

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
