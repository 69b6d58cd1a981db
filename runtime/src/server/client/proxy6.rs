//! [`Proxy6`]: a provider binary speaking protocol 6, served in process
//! as a `tfplugin6.Provider` by forwarding every RPC to it.

use tonic::transport::Channel;

use super::error::ClientError;
use super::plugin::PluginClient;
use super::proxy::{failed_responses, proxy_service};
use crate::server::proto::tfplugin6;
use crate::server::proto::tfplugin6::provider_client::ProviderClient;
use crate::server::MAX_MESSAGE_SIZE;

/// Serves a launched (or attached) provider that speaks protocol 6 as a
/// `tfplugin6.Provider` service: every RPC, the streaming ones included,
/// is forwarded to the child and its answer returned. Once the child has
/// exited, every call (those in flight included) answers at once with an
/// error diagnostic naming the binary and its exit status, and the end of
/// its stderr; a broken connection to a live child answers likewise. The
/// child's own gRPC errors pass through unchanged.
///
/// Serve it with [`ProviderServices::protocol_6`]; messages up to
/// [`MAX_MESSAGE_SIZE`] pass both ways.
///
/// [`ProviderServices::protocol_6`]: crate::server::ProviderServices::protocol_6
#[derive(Debug, Clone)]
pub struct Proxy6 {
    plugin: PluginClient,
}

impl Proxy6 {
    /// A proxy to `plugin`.
    ///
    /// # Errors
    /// The plugin speaks another protocol than 6.
    pub fn new(plugin: PluginClient) -> Result<Proxy6, ClientError> {
        plugin.expect_protocol(6)?;
        Ok(Proxy6 { plugin })
    }

    /// The provider the calls go to.
    pub fn plugin(&self) -> &PluginClient {
        &self.plugin
    }

    fn grpc(&self) -> ProviderClient<Channel> {
        ProviderClient::new(self.plugin.channel())
            .max_decoding_message_size(MAX_MESSAGE_SIZE)
            .max_encoding_message_size(MAX_MESSAGE_SIZE)
    }
}

failed_responses!(
    tfplugin6,
    stop: stop_provider,
    get_metadata,
    get_provider_schema,
    get_resource_identity_schemas,
    validate_provider_config,
    validate_resource_config,
    validate_data_resource_config,
    upgrade_resource_state,
    upgrade_resource_identity,
    configure_provider,
    read_resource,
    plan_resource_change,
    apply_resource_change,
    import_resource_state,
    move_resource_state,
    read_data_source,
    generate_resource_config,
    validate_ephemeral_resource_config,
    open_ephemeral_resource,
    renew_ephemeral_resource,
    close_ephemeral_resource,
    validate_list_resource_config,
    get_functions,
    validate_action_config,
    plan_action,
);

proxy_service!(
    Proxy6, tfplugin6,
    unary {
        get_metadata(get_metadata) "GetMetadata",
        get_provider_schema(get_provider_schema) "GetProviderSchema",
        get_resource_identity_schemas(get_resource_identity_schemas) "GetResourceIdentitySchemas",
        validate_provider_config(validate_provider_config) "ValidateProviderConfig",
        validate_resource_config(validate_resource_config) "ValidateResourceConfig",
        validate_data_resource_config(validate_data_resource_config) "ValidateDataResourceConfig",
        upgrade_resource_state(upgrade_resource_state) "UpgradeResourceState",
        upgrade_resource_identity(upgrade_resource_identity) "UpgradeResourceIdentity",
        configure_provider(configure_provider) "ConfigureProvider",
        read_resource(read_resource) "ReadResource",
        plan_resource_change(plan_resource_change) "PlanResourceChange",
        apply_resource_change(apply_resource_change) "ApplyResourceChange",
        import_resource_state(import_resource_state) "ImportResourceState",
        move_resource_state(move_resource_state) "MoveResourceState",
        read_data_source(read_data_source) "ReadDataSource",
        generate_resource_config(generate_resource_config) "GenerateResourceConfig",
        validate_ephemeral_resource_config(validate_ephemeral_resource_config)
            "ValidateEphemeralResourceConfig",
        open_ephemeral_resource(open_ephemeral_resource) "OpenEphemeralResource",
        renew_ephemeral_resource(renew_ephemeral_resource) "RenewEphemeralResource",
        close_ephemeral_resource(close_ephemeral_resource) "CloseEphemeralResource",
        validate_list_resource_config(validate_list_resource_config) "ValidateListResourceConfig",
        get_functions(get_functions) "GetFunctions",
        call_function(call_function) "CallFunction",
        validate_action_config(validate_action_config) "ValidateActionConfig",
        plan_action(plan_action) "PlanAction",
        stop_provider(stop_provider) "StopProvider",
    }
    streaming {
        list_resource(list_resource, ListResourceStream) "ListResource",
        invoke_action(invoke_action, InvokeActionStream) "InvokeAction",
    }
);
