//! [`RawProvider`]: the trait a provider implements at the protocol level.

use std::future::Future;

use super::{
    Answer, ApplyResourceChangeRequest, ApplyResourceChangeResponse, CallFunctionRequest,
    CallFunctionResponse, CloseEphemeralResourceRequest, ConfigureProviderRequest, FunctionError,
    GenerateResourceConfigRequest, GenerateResourceConfigResponse, ImportResourceStateRequest,
    ImportResourceStateResponse, InvokeActionRequest, ListResourceRequest, ListSink,
    MoveResourceStateRequest, MoveResourceStateResponse, OpenEphemeralResourceRequest,
    OpenEphemeralResourceResponse, PlanActionRequest, PlanActionResponse,
    PlanResourceChangeRequest, PlanResourceChangeResponse, ProgressSink, ProviderSchema,
    ReadDataSourceRequest, ReadDataSourceResponse, ReadResourceRequest, ReadResourceResponse,
    RenewEphemeralResourceRequest, RenewEphemeralResourceResponse, StopSignal, TypeKind,
    UpgradeResourceIdentityRequest, UpgradeResourceIdentityResponse, UpgradeResourceStateRequest,
    UpgradeResourceStateResponse, ValidateActionConfigRequest, ValidateDataSourceConfigRequest,
    ValidateEphemeralResourceConfigRequest, ValidateListResourceConfigRequest,
    ValidateProviderConfigRequest, ValidateResourceConfigRequest,
};
use crate::diag::Diagnostics;

/// A provider at the protocol level.
///
/// Calls run concurrently (Terraform plans and applies resources in
/// parallel), so implementations share state through `&self`. Every call
/// runs on a thread of its own and gets a [`StopSignal`]; when Stop
/// arrives, a call that has not answered 80 ms later is answered for and
/// abandoned, even one that blocks its thread ([module docs](super)). The
/// defaults accept any configuration and answer every other
/// call with an error saying the provider has no type of that name
/// ("Resource Type Not Found", as terraform-plugin-framework says it).
///
/// A [`TypedProvider`](crate::server::typed::TypedProvider) is one; a raw provider
/// can wrap it to handle a few calls itself and hand it the rest (the
/// `TypedProvider` documentation shows how).
pub trait RawProvider: Send + Sync + 'static {
    /// The schemas; asked once when serving starts.
    fn schema(&self) -> ProviderSchema;

    /// Checks the provider configuration (may contain unknowns).
    fn validate_provider_config(
        &self,
        request: ValidateProviderConfigRequest,
        stop: StopSignal,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (request, stop);
        async { Diagnostics::new() }
    }

    /// Configures the provider (the configuration may contain unknowns).
    fn configure_provider(
        &self,
        request: ConfigureProviderRequest,
        stop: StopSignal,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (request, stop);
        async { Diagnostics::new() }
    }

    /// Checks a resource's configuration (may contain unknowns).
    fn validate_resource_config(
        &self,
        request: ValidateResourceConfigRequest,
        stop: StopSignal,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (request, stop);
        async { Diagnostics::new() }
    }

    /// Checks a data source's configuration (may contain unknowns).
    fn validate_data_source_config(
        &self,
        request: ValidateDataSourceConfigRequest,
        stop: StopSignal,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (request, stop);
        async { Diagnostics::new() }
    }

    /// Brings stored state to the current schema version.
    fn upgrade_resource_state(
        &self,
        request: UpgradeResourceStateRequest,
        stop: StopSignal,
    ) -> impl Future<Output = UpgradeResourceStateResponse> + Send {
        let _ = stop;
        async move { Answer::unknown_type(TypeKind::Resource, &request.type_name) }
    }

    /// Refreshes a resource.
    fn read_resource(
        &self,
        request: ReadResourceRequest,
        stop: StopSignal,
    ) -> impl Future<Output = ReadResourceResponse> + Send {
        let _ = stop;
        async move { Answer::unknown_type(TypeKind::Resource, &request.type_name) }
    }

    /// Plans a change.
    fn plan_resource_change(
        &self,
        request: PlanResourceChangeRequest,
        stop: StopSignal,
    ) -> impl Future<Output = PlanResourceChangeResponse> + Send {
        let _ = stop;
        async move { Answer::unknown_type(TypeKind::Resource, &request.type_name) }
    }

    /// Applies a planned change.
    fn apply_resource_change(
        &self,
        request: ApplyResourceChangeRequest,
        stop: StopSignal,
    ) -> impl Future<Output = ApplyResourceChangeResponse> + Send {
        let _ = stop;
        async move { Answer::unknown_type(TypeKind::Resource, &request.type_name) }
    }

    /// Imports an existing object by id.
    fn import_resource_state(
        &self,
        request: ImportResourceStateRequest,
        stop: StopSignal,
    ) -> impl Future<Output = ImportResourceStateResponse> + Send {
        let _ = stop;
        async move { Answer::unknown_type(TypeKind::Resource, &request.type_name) }
    }

    /// Reads a data source.
    fn read_data_source(
        &self,
        request: ReadDataSourceRequest,
        stop: StopSignal,
    ) -> impl Future<Output = ReadDataSourceResponse> + Send {
        let _ = stop;
        async move { Answer::unknown_type(TypeKind::DataSource, &request.type_name) }
    }

    /// Brings a stored identity to the current identity version.
    fn upgrade_resource_identity(
        &self,
        request: UpgradeResourceIdentityRequest,
        stop: StopSignal,
    ) -> impl Future<Output = UpgradeResourceIdentityResponse> + Send {
        let _ = stop;
        async move { Answer::unknown_type(TypeKind::Resource, &request.type_name) }
    }

    /// Moves the state of another resource type (or provider) into one of
    /// this provider's types (set
    /// [`ProviderSchema::move_resource_state`] when implemented).
    fn move_resource_state(
        &self,
        request: MoveResourceStateRequest,
        stop: StopSignal,
    ) -> impl Future<Output = MoveResourceStateResponse> + Send {
        let _ = stop;
        async move { Answer::unknown_type(TypeKind::Resource, &request.target_type_name) }
    }

    /// Calls a provider-defined function. Functions run without the
    /// provider's configuration: Terraform calls them on a provider it has
    /// not configured (OpenTofu on a configured one).
    fn call_function(
        &self,
        request: CallFunctionRequest,
        stop: StopSignal,
    ) -> impl Future<Output = CallFunctionResponse> + Send {
        let _ = stop;
        async move {
            CallFunctionResponse::from_error(FunctionError::new(format!(
                "This provider has no function named {:?}.",
                request.name
            )))
        }
    }

    /// Checks an ephemeral resource's configuration (may hold unknowns).
    fn validate_ephemeral_resource_config(
        &self,
        request: ValidateEphemeralResourceConfigRequest,
        stop: StopSignal,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (request, stop);
        async { Diagnostics::new() }
    }

    /// Opens an ephemeral resource.
    fn open_ephemeral_resource(
        &self,
        request: OpenEphemeralResourceRequest,
        stop: StopSignal,
    ) -> impl Future<Output = OpenEphemeralResourceResponse> + Send {
        let _ = stop;
        async move { Answer::unknown_type(TypeKind::EphemeralResource, &request.type_name) }
    }

    /// Renews an ephemeral resource at the time its last Open or Renew
    /// asked for.
    fn renew_ephemeral_resource(
        &self,
        request: RenewEphemeralResourceRequest,
        stop: StopSignal,
    ) -> impl Future<Output = RenewEphemeralResourceResponse> + Send {
        let _ = stop;
        async move { Answer::unknown_type(TypeKind::EphemeralResource, &request.type_name) }
    }

    /// Closes an ephemeral resource.
    fn close_ephemeral_resource(
        &self,
        request: CloseEphemeralResourceRequest,
        stop: StopSignal,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = stop;
        async move { Answer::unknown_type(TypeKind::EphemeralResource, &request.type_name) }
    }

    /// Checks a list resource's `config` block (may hold unknowns).
    fn validate_list_resource_config(
        &self,
        request: ValidateListResourceConfigRequest,
        stop: StopSignal,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (request, stop);
        async { Diagnostics::new() }
    }

    /// Lists the objects matching a `list` block, one event each into
    /// `results`, stopping when it reports that nobody reads any more.
    /// What it returns (a failure of the whole list) follows the events.
    fn list_resource(
        &self,
        request: ListResourceRequest,
        stop: StopSignal,
        results: ListSink,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (stop, results);
        async move { Answer::unknown_type(TypeKind::ListResource, &request.type_name) }
    }

    /// The configuration to write for an object (set
    /// [`ProviderSchema::generate_resource_config`] when implemented).
    fn generate_resource_config(
        &self,
        request: GenerateResourceConfigRequest,
        stop: StopSignal,
    ) -> impl Future<Output = GenerateResourceConfigResponse> + Send {
        let _ = stop;
        async move { Answer::unknown_type(TypeKind::Resource, &request.type_name) }
    }

    /// Checks an action's `config` block (may hold unknowns).
    fn validate_action_config(
        &self,
        request: ValidateActionConfigRequest,
        stop: StopSignal,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (request, stop);
        async { Diagnostics::new() }
    }

    /// Plans an action (during plan; the configuration may hold unknowns).
    fn plan_action(
        &self,
        request: PlanActionRequest,
        stop: StopSignal,
    ) -> impl Future<Output = PlanActionResponse> + Send {
        let _ = stop;
        async move { Answer::unknown_type(TypeKind::Action, &request.type_name) }
    }

    /// Invokes an action, sending progress messages to `progress`; the
    /// diagnostics it returns end the invocation.
    fn invoke_action(
        &self,
        request: InvokeActionRequest,
        stop: StopSignal,
        progress: ProgressSink,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (stop, progress);
        async move { Answer::unknown_type(TypeKind::Action, &request.type_name) }
    }
}
