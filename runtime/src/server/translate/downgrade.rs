//! [`Downgrade`]: a protocol 6 server served as protocol 5, refusing
//! nested attributes.

use tonic::{Request, Response, Status};

use super::core::{translate_stream, BoxStream, Translate};
use super::forward::forwarding_impl;
use crate::server::proto::{tfplugin5 as v5, tfplugin6 as v6};

/// A `tfplugin6.Provider` implementation served as `tfplugin5.Provider`,
/// as terraform-plugin-mux's `tf6to5server.DowngradeServer`: each request
/// is moved into its protocol 6 twin and each answer back ([`Translate`]).
///
/// Protocol 5 has no nested attributes: a `GetSchema` whose protocol 6
/// schema has one is answered with an error diagnostic naming the type and
/// the attribute ([`nested_attribute_error`]) and no schemas, and Terraform
/// stops there. (`tf6to5server` fails the RPC with the same text; a
/// diagnostic reaches the user without Terraform's "plugin error" wrapping.)
/// `PrepareProviderConfig` answers the configuration it was sent as
/// `prepared_config`, as `tf5muxserver` does: protocol 6 has no such field
/// and Terraform ignores it.
#[derive(Debug, Clone, Default)]
pub struct Downgrade<P>(P);

impl<P> Downgrade<P> {
    /// Serves `server` as protocol 5.
    pub fn new(server: P) -> Self {
        Downgrade(server)
    }

    /// The protocol 6 server.
    pub fn get_ref(&self) -> &P {
        &self.0
    }

    /// The protocol 6 server, unwrapped.
    pub fn into_inner(self) -> P {
        self.0
    }
}

/// Why protocol 5 cannot carry `schema`, in terraform-plugin-mux's words
/// (`internal/tfprotov6tov5/tfprotov6tov5.go`), or `None` when it can: the
/// first attribute with nested attributes (`nested_type`), looked for in
/// the order `tf6to5server` converts (data sources, ephemeral resources,
/// list resources, the provider, provider_meta, resources, actions), for
/// instance `unable to convert resource "x_machine" schema: unable to
/// convert block "disk" schema: unable to convert attribute "size"
/// schema: SchemaAttribute NestedType is not implemented in protocol
/// version 5`.
pub fn nested_attribute_error(schema: &v6::get_provider_schema::Response) -> Option<String> {
    let kinds = [
        ("data source", &schema.data_source_schemas),
        ("ephemeral resource", &schema.ephemeral_resource_schemas),
        ("list resource", &schema.list_resource_schemas),
    ];
    for (kind, schemas) in kinds {
        if let Some(error) = first_in_map(kind, schemas) {
            return Some(error);
        }
    }
    if let Some(error) = schema.provider.as_ref().and_then(schema_error) {
        return Some(format!("unable to convert provider schema: {error}"));
    }
    if let Some(error) = schema.provider_meta.as_ref().and_then(schema_error) {
        return Some(format!("unable to convert provider meta schema: {error}"));
    }
    if let Some(error) = first_in_map("resource", &schema.resource_schemas) {
        return Some(error);
    }
    schema.action_schemas.iter().find_map(|(name, action)| {
        let error = action.schema.as_ref().and_then(schema_error)?;
        Some(format!("unable to convert action {name:?} schema: {error}"))
    })
}

fn first_in_map(
    kind: &str,
    schemas: &std::collections::BTreeMap<String, v6::Schema>,
) -> Option<String> {
    schemas.iter().find_map(|(name, schema)| {
        let error = schema_error(schema)?;
        Some(format!("unable to convert {kind} {name:?} schema: {error}"))
    })
}

fn schema_error(schema: &v6::Schema) -> Option<String> {
    schema.block.as_ref().and_then(block_error)
}

/// As Go's `SchemaBlock`: the attributes first, then the nested blocks,
/// each in order; an attribute's error is not wrapped by its block.
fn block_error(block: &v6::schema::Block) -> Option<String> {
    if let Some(attribute) = block.attributes.iter().find(|a| a.nested_type.is_some()) {
        return Some(format!(
            "unable to convert attribute {:?} schema: SchemaAttribute NestedType is not \
             implemented in protocol version 5",
            attribute.name
        ));
    }
    block.block_types.iter().find_map(|nested| {
        let error = nested.block.as_ref().and_then(block_error)?;
        Some(format!(
            "unable to convert block {:?} schema: {error}",
            nested.type_name
        ))
    })
}

/// The answer to a `GetSchema` whose schema protocol 5 cannot carry.
fn refused_schema(error: String) -> v5::get_provider_schema::Response {
    v5::get_provider_schema::Response {
        diagnostics: vec![v5::Diagnostic {
            severity: v5::diagnostic::Severity::Error as i32,
            summary: "Protocol version 5 cannot serve this provider".to_owned(),
            detail: format!(
                "{error}\n\nThe provider uses nested attributes, which only protocol version 6 \
                 (Terraform 1.0 and later) can carry."
            ),
            attribute: None,
        }],
        ..Default::default()
    }
}

type Reply<T> = Result<Response<T>, Status>;

forwarding_impl! {
    impl<P: v6::provider_server::Provider> Downgrade<P>: v5::provider_server::Provider {
        via Translate::translate;
        get_metadata(v5::get_metadata::Request) -> v5::get_metadata::Response => get_metadata;
        get_resource_identity_schemas(v5::get_resource_identity_schemas::Request)
            -> v5::get_resource_identity_schemas::Response => get_resource_identity_schemas;
        validate_resource_type_config(v5::validate_resource_type_config::Request)
            -> v5::validate_resource_type_config::Response => validate_resource_config;
        validate_data_source_config(v5::validate_data_source_config::Request)
            -> v5::validate_data_source_config::Response => validate_data_resource_config;
        upgrade_resource_state(v5::upgrade_resource_state::Request)
            -> v5::upgrade_resource_state::Response => upgrade_resource_state;
        upgrade_resource_identity(v5::upgrade_resource_identity::Request)
            -> v5::upgrade_resource_identity::Response => upgrade_resource_identity;
        configure(v5::configure::Request) -> v5::configure::Response => configure_provider;
        read_resource(v5::read_resource::Request) -> v5::read_resource::Response => read_resource;
        plan_resource_change(v5::plan_resource_change::Request)
            -> v5::plan_resource_change::Response => plan_resource_change;
        apply_resource_change(v5::apply_resource_change::Request)
            -> v5::apply_resource_change::Response => apply_resource_change;
        import_resource_state(v5::import_resource_state::Request)
            -> v5::import_resource_state::Response => import_resource_state;
        move_resource_state(v5::move_resource_state::Request)
            -> v5::move_resource_state::Response => move_resource_state;
        read_data_source(v5::read_data_source::Request)
            -> v5::read_data_source::Response => read_data_source;
        generate_resource_config(v5::generate_resource_config::Request)
            -> v5::generate_resource_config::Response => generate_resource_config;
        validate_ephemeral_resource_config(v5::validate_ephemeral_resource_config::Request)
            -> v5::validate_ephemeral_resource_config::Response => validate_ephemeral_resource_config;
        open_ephemeral_resource(v5::open_ephemeral_resource::Request)
            -> v5::open_ephemeral_resource::Response => open_ephemeral_resource;
        renew_ephemeral_resource(v5::renew_ephemeral_resource::Request)
            -> v5::renew_ephemeral_resource::Response => renew_ephemeral_resource;
        close_ephemeral_resource(v5::close_ephemeral_resource::Request)
            -> v5::close_ephemeral_resource::Response => close_ephemeral_resource;
        validate_list_resource_config(v5::validate_list_resource_config::Request)
            -> v5::validate_list_resource_config::Response => validate_list_resource_config;
        get_functions(v5::get_functions::Request) -> v5::get_functions::Response => get_functions;
        call_function(v5::call_function::Request) -> v5::call_function::Response => call_function;
        validate_action_config(v5::validate_action_config::Request)
            -> v5::validate_action_config::Response => validate_action_config;
        plan_action(v5::plan_action::Request) -> v5::plan_action::Response => plan_action;
        stop(v5::stop::Request) -> v5::stop::Response => stop_provider;
    }

    async fn get_schema(
        &self,
        request: Request<v5::get_provider_schema::Request>,
    ) -> Reply<v5::get_provider_schema::Response> {
        let answer = self.0.get_provider_schema(request.map(Translate::translate)).await?;
        Ok(answer.map(|schema| match nested_attribute_error(&schema) {
            Some(error) => refused_schema(error),
            None => schema.translate(),
        }))
    }

    async fn prepare_provider_config(
        &self,
        request: Request<v5::prepare_provider_config::Request>,
    ) -> Reply<v5::prepare_provider_config::Response> {
        let config = request.get_ref().config.clone();
        let answer = self.0.validate_provider_config(request.map(Translate::translate)).await?;
        Ok(answer.map(|answer| v5::prepare_provider_config::Response {
            prepared_config: config,
            diagnostics: answer.diagnostics.translate(),
        }))
    }

    type ListResourceStream = BoxStream<v5::list_resource::Event>;

    async fn list_resource(
        &self,
        request: Request<v5::list_resource::Request>,
    ) -> Reply<Self::ListResourceStream> {
        let answer = self.0.list_resource(request.map(Translate::translate)).await?;
        Ok(answer.map(translate_stream))
    }

    type InvokeActionStream = BoxStream<v5::invoke_action::Event>;

    async fn invoke_action(
        &self,
        request: Request<v5::invoke_action::Request>,
    ) -> Reply<Self::InvokeActionStream> {
        let answer = self.0.invoke_action(request.map(Translate::translate)).await?;
        Ok(answer.map(translate_stream))
    }
}
