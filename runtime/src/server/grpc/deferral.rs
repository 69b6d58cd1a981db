//! The one rule of deferred actions every answer goes through: `deferred`
//! is sent only when Terraform allowed it for the call
//! (`client_capabilities.deferral_allowed`), and never from
//! `OpenEphemeralResource` or `PlanAction`, whose deferrals Terraform 1.15
//! does not honour. A provider that breaks the rule gets an error
//! diagnostic naming it rather than Terraform's "Provider deferred changes
//! when Terraform did not allow deferrals".

use crate::diag::Diagnostics;
use crate::server::proto::tfplugin6 as pb;
use crate::server::raw::{ClientCapabilities, Deferred};

/// The deferral to send from `PlanResourceChange`, `ReadResource`,
/// `ImportResourceState` or `ReadDataSource`: the provider's, when
/// Terraform allowed deferrals; otherwise none, and an error diagnostic.
pub(super) fn allowed(
    deferred: Option<Deferred>,
    capabilities: ClientCapabilities,
    diagnostics: &mut Diagnostics,
) -> Option<pb::Deferred> {
    let deferred = deferred?;
    if !capabilities.deferral_allowed {
        diagnostics.error(
            &[],
            "Deferral not allowed",
            format!(
                "The provider deferred this change ({}), but Terraform did not allow deferrals \
                 for this call (client_capabilities.deferral_allowed is false; release builds of \
                 Terraform never allow them). This is a bug in the provider: it may defer only \
                 when deferrals are allowed.",
                deferred
            ),
        );
        return None;
    }
    Some(message(deferred))
}

/// The deferral of an `OpenEphemeralResource` or `PlanAction` answer: never
/// sent (Terraform 1.15 does not honour it: an ephemeral resource is then
/// never registered, an action's is ignored); one the provider set is an
/// error diagnostic.
pub(super) fn never(
    deferred: Option<Deferred>,
    call: &str,
    diagnostics: &mut Diagnostics,
) -> Option<pb::Deferred> {
    let deferred = deferred?;
    diagnostics.error(
        &[],
        "Deferral not supported",
        format!(
            "The provider deferred {call} ({}), which Terraform does not honour; only planning, \
             reading and importing a resource and reading a data source can be deferred. This \
             is a bug in the provider.",
            deferred
        ),
    );
    None
}

/// A deferral as the protocol message.
fn message(deferred: Deferred) -> pb::Deferred {
    use pb::deferred::Reason;
    let reason = match deferred {
        Deferred::ResourceConfigUnknown => Reason::ResourceConfigUnknown,
        Deferred::ProviderConfigUnknown => Reason::ProviderConfigUnknown,
        Deferred::AbsentPrerequisite => Reason::AbsentPrereq,
    };
    pb::Deferred {
        reason: reason as i32,
    }
}
