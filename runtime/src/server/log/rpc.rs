//! The span of each call: [`Logged`] wraps a [`RawProvider`] so that every
//! line written while it serves a call carries terraform-plugin-go's fields
//! for it (`tf_req_id`, `tf_rpc`, `tf_resource_type`, ...; the key names of
//! its `internal/logging/keys.go`), and writes Go's "Received request" and
//! "Served request" trace lines (`@module` `sdk.proto`).

use std::future::Future;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use tracing::Instrument as _;

use crate::diag::Diagnostics;
use crate::server::raw::{
    ApplyResourceChangeRequest, ApplyResourceChangeResponse, CallFunctionRequest,
    CallFunctionResponse, CloseEphemeralResourceRequest, ConfigureProviderRequest,
    GenerateResourceConfigRequest, GenerateResourceConfigResponse, ImportResourceStateRequest,
    ImportResourceStateResponse, InvokeActionRequest, ListResourceRequest, ListSink,
    MoveResourceStateRequest, MoveResourceStateResponse, OpenEphemeralResourceRequest,
    OpenEphemeralResourceResponse, PlanActionRequest, PlanActionResponse,
    PlanResourceChangeRequest, PlanResourceChangeResponse, ProgressSink, ProviderSchema,
    RawProvider, ReadDataSourceRequest, ReadDataSourceResponse, ReadResourceRequest,
    ReadResourceResponse, RenewEphemeralResourceRequest, RenewEphemeralResourceResponse,
    StopSignal, UpgradeResourceIdentityRequest, UpgradeResourceIdentityResponse,
    UpgradeResourceStateRequest, UpgradeResourceStateResponse, ValidateActionConfigRequest,
    ValidateDataSourceConfigRequest, ValidateEphemeralResourceConfigRequest,
    ValidateListResourceConfigRequest, ValidateProviderConfigRequest,
    ValidateResourceConfigRequest,
};

/// The target of the runtime's call spans and protocol lines.
pub(super) const RPC_TARGET: &str = "tfschema::server::log::rpc";
/// The name of a call's span.
pub(super) const RPC_SPAN: &str = "tf_rpc";

/// A [`RawProvider`] whose every call runs in its span (see the module
/// docs); [`ProviderServices::from_raw`](crate::server::ProviderServices::from_raw)
/// serves providers through it.
#[derive(Debug)]
pub(crate) struct Logged<P>(pub(crate) P);

/// The key naming the type a call is about, by kind (Go's
/// `KeyResourceType`, `KeyDataSourceType`, ...).
#[derive(Clone, Copy)]
enum Kind {
    None,
    Resource,
    DataSource,
    Ephemeral,
    List,
    Action,
}

/// The span of one call. It is at ERROR level so that it exists whenever
/// any line is written: its fields are what every line inside it carries.
fn rpc_span(rpc: &'static str, kind: Kind, type_name: &str) -> tracing::Span {
    let id = request_id();
    let empty = tracing::field::Empty;
    let span = tracing::error_span!(
        target: RPC_TARGET,
        RPC_SPAN,
        tf_req_id = %id,
        tf_rpc = rpc,
        tf_resource_type = empty,
        tf_data_source_type = empty,
        tf_ephemeral_resource_type = empty,
        tf_list_resource_type = empty,
        tf_action_type = empty,
    );
    let key = match kind {
        Kind::None => None,
        Kind::Resource => Some("tf_resource_type"),
        Kind::DataSource => Some("tf_data_source_type"),
        Kind::Ephemeral => Some("tf_ephemeral_resource_type"),
        Kind::List => Some("tf_list_resource_type"),
        Kind::Action => Some("tf_action_type"),
    };
    if let Some(key) = key {
        span.record(key, type_name);
    }
    span
}

/// `future` in its call's span, between Go's two trace lines.
async fn in_span<T>(span: tracing::Span, future: impl Future<Output = T>) -> T {
    async move {
        tracing::trace!(target: RPC_TARGET, "Received request");
        let answer = future.await;
        tracing::trace!(target: RPC_TARGET, "Served request");
        answer
    }
    .instrument(span)
    .await
}

/// A request ID shaped as go-uuid's `GenerateUUID` (what terraform-plugin-go
/// uses): 16 random bytes as `8-4-4-4-12` lowercase hex digits. The bytes
/// come from the standard library's randomly keyed hasher over a counter:
/// unique within the process and unpredictable across processes, which is
/// all an ID to follow one call through a log needs.
fn request_id() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let word = |salt: u64| {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(n);
        h.write_u64(salt);
        h.finish()
    };
    let (a, b) = (word(0), word(1));
    let hex = format!("{a:016x}{b:016x}");
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

/// One forwarding method: the call in its span.
macro_rules! logged {
    ($method:ident($request:ty $(, $extra:ident: $extra_ty:ty)*) -> $answer:ty,
        $rpc:literal, $kind:ident $(, $field:ident)?) => {
        fn $method(
            &self,
            request: $request,
            stop: StopSignal,
            $($extra: $extra_ty,)*
        ) -> impl Future<Output = $answer> + Send {
            let span = rpc_span($rpc, Kind::$kind, logged!(@name request $(, $field)?));
            in_span(span, self.0.$method(request, stop $(, $extra)*))
        }
    };
    (@name $request:ident) => { "" };
    (@name $request:ident, $field:ident) => { &$request.$field };
}

impl<P: RawProvider> RawProvider for Logged<P> {
    fn schema(&self) -> ProviderSchema {
        self.0.schema()
    }

    logged!(validate_provider_config(ValidateProviderConfigRequest) -> Diagnostics,
        "ValidateProviderConfig", None);
    logged!(configure_provider(ConfigureProviderRequest) -> Diagnostics,
        "ConfigureProvider", None);
    logged!(validate_resource_config(ValidateResourceConfigRequest) -> Diagnostics,
        "ValidateResourceConfig", Resource, type_name);
    logged!(validate_data_source_config(ValidateDataSourceConfigRequest) -> Diagnostics,
        "ValidateDataResourceConfig", DataSource, type_name);
    logged!(upgrade_resource_state(UpgradeResourceStateRequest) -> UpgradeResourceStateResponse,
        "UpgradeResourceState", Resource, type_name);
    logged!(read_resource(ReadResourceRequest) -> ReadResourceResponse,
        "ReadResource", Resource, type_name);
    logged!(plan_resource_change(PlanResourceChangeRequest) -> PlanResourceChangeResponse,
        "PlanResourceChange", Resource, type_name);
    logged!(apply_resource_change(ApplyResourceChangeRequest) -> ApplyResourceChangeResponse,
        "ApplyResourceChange", Resource, type_name);
    logged!(import_resource_state(ImportResourceStateRequest) -> ImportResourceStateResponse,
        "ImportResourceState", Resource, type_name);
    logged!(read_data_source(ReadDataSourceRequest) -> ReadDataSourceResponse,
        "ReadDataSource", DataSource, type_name);
    logged!(upgrade_resource_identity(UpgradeResourceIdentityRequest)
        -> UpgradeResourceIdentityResponse, "UpgradeResourceIdentity", Resource, type_name);
    logged!(move_resource_state(MoveResourceStateRequest) -> MoveResourceStateResponse,
        "MoveResourceState", Resource, target_type_name);
    logged!(call_function(CallFunctionRequest) -> CallFunctionResponse, "CallFunction", None);
    logged!(validate_ephemeral_resource_config(ValidateEphemeralResourceConfigRequest)
        -> Diagnostics, "ValidateEphemeralResourceConfig", Ephemeral, type_name);
    logged!(open_ephemeral_resource(OpenEphemeralResourceRequest)
        -> OpenEphemeralResourceResponse, "OpenEphemeralResource", Ephemeral, type_name);
    logged!(renew_ephemeral_resource(RenewEphemeralResourceRequest)
        -> RenewEphemeralResourceResponse, "RenewEphemeralResource", Ephemeral, type_name);
    logged!(close_ephemeral_resource(CloseEphemeralResourceRequest) -> Diagnostics,
        "CloseEphemeralResource", Ephemeral, type_name);
    logged!(validate_list_resource_config(ValidateListResourceConfigRequest) -> Diagnostics,
        "ValidateListResourceConfig", List, type_name);
    logged!(list_resource(ListResourceRequest, results: ListSink) -> Diagnostics,
        "ListResource", List, type_name);
    logged!(generate_resource_config(GenerateResourceConfigRequest)
        -> GenerateResourceConfigResponse, "GenerateResourceConfig", Resource, type_name);
    logged!(validate_action_config(ValidateActionConfigRequest) -> Diagnostics,
        "ValidateActionConfig", Action, type_name);
    logged!(plan_action(PlanActionRequest) -> PlanActionResponse, "PlanAction", Action, type_name);
    logged!(invoke_action(InvokeActionRequest, progress: ProgressSink) -> Diagnostics,
        "InvokeAction", Action, type_name);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_ids_are_go_uuid_shaped_and_distinct() {
        let (a, b) = (request_id(), request_id());
        assert_ne!(a, b);
        let groups: Vec<usize> = a.split('-').map(str::len).collect();
        assert_eq!(groups, [8, 4, 4, 4, 12], "{a}");
        assert!(a
            .chars()
            .all(|c| c == '-' || c.is_ascii_digit() || ('a'..='f').contains(&c)));
    }
}
