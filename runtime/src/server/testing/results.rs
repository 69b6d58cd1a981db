//! What the harness's calls return.

use super::convert::{diagnostics_of, rpc_failed, value_of};
use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::server::proto::tfplugin6 as pb6;
use crate::server::raw::Deferred;
use crate::types::Type;
use crate::value::Value;

/// The result of [`Harness::plan`](crate::server::testing::Harness::plan).
#[derive(Debug, Clone)]
pub struct PlanResult {
    /// The planned state (null when planning failed or on destroy).
    pub planned_state: Value,
    /// Paths whose change forces replacement.
    pub requires_replace: Vec<Vec<PathStep>>,
    /// Private data for apply.
    pub planned_private: Vec<u8>,
    /// The planned identity, when the provider returned one (sent on to
    /// [`Harness::apply`](crate::server::testing::Harness::apply)).
    pub planned_identity: Option<Value>,
    /// Errors and warnings, including a failed gRPC call.
    pub diagnostics: Diagnostics,
    /// The deferral the plan carries, if any (only when
    /// [`Harness::allow_deferral`](crate::server::testing::Harness::allow_deferral)).
    pub deferred: Option<Deferred>,
}

/// The result of a call that returns a state.
#[derive(Debug, Clone)]
pub struct StateResult {
    /// The state returned (null when none was).
    pub state: Value,
    /// Private data returned.
    pub private: Vec<u8>,
    /// The identity returned, when there was one.
    pub identity: Option<Value>,
    /// Errors and warnings, including a failed gRPC call or an answer the
    /// harness could not decode.
    pub diagnostics: Diagnostics,
    /// The deferral a read, an import or a data source read carries, if
    /// any (only when [`Harness::allow_deferral`](crate::server::testing::Harness::allow_deferral)).
    pub deferred: Option<Deferred>,
}

/// The result of [`Harness::invoke_action`](crate::server::testing::Harness::invoke_action).
#[derive(Debug, Clone)]
pub struct ActionResult {
    /// The progress messages, in order.
    pub progress: Vec<String>,
    /// The completion's errors and warnings, including a failed gRPC call.
    pub diagnostics: Diagnostics,
}

/// The parts of an answer that carries a state: the state, private data,
/// diagnostics.
pub(super) type StateParts = (Option<pb6::DynamicValue>, Vec<u8>, Vec<pb6::Diagnostic>);

/// A call's answer as a [`StateResult`], or the gRPC failure as one.
pub(super) fn state_result(response: Result<StateParts, tonic::Status>, ty: Type) -> StateResult {
    match response {
        Ok((state, private, diagnostics)) => {
            let mut diagnostics = diagnostics_of(diagnostics);
            let state = value_of(state, &ty, &mut diagnostics);
            StateResult {
                state,
                private,
                identity: None,
                diagnostics,
                deferred: None,
            }
        }
        Err(s) => StateResult {
            state: Value::Null(ty),
            private: Vec::new(),
            identity: None,
            diagnostics: rpc_failed(&s),
            deferred: None,
        },
    }
}
