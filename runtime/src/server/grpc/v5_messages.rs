//! Protocol 5's messages moved into their protocol 6 twins (requests) and
//! back (answers), field for field.
//!
//! The two protocols' messages have the same fields under the same names,
//! but they are distinct prost types and Rust cannot move fields between
//! types generically: [`convert!`] writes that move from a list of field
//! names, each field going through [`Convert`]. Only the fields the handlers
//! read (requests) or write (answers) are listed; the others keep their
//! defaults.

use std::collections::BTreeMap;

use crate::server::proto::{tfplugin5 as v5, tfplugin6 as v6};

/// A value of one protocol's message (or of a field of one) as the other
/// protocol's.
pub(super) trait Convert<T> {
    fn convert(self) -> T;
}

/// `impl Convert<$to> for $from`, moving the listed fields.
macro_rules! convert {
    ($from:path => $to:path { $($field:ident),* $(,)? }) => {
        impl Convert<$to> for $from {
            #[allow(clippy::needless_update)]
            fn convert(self) -> $to {
                $to { $($field: self.$field.convert(),)* ..Default::default() }
            }
        }
    };
}

/// Scalar fields (enums are `i32` in both) are the same in both protocols.
macro_rules! same {
    ($($t:ty),*) => {$(
        impl Convert<$t> for $t {
            fn convert(self) -> $t {
                self
            }
        }
    )*};
}
same!(String, Vec<u8>, bool, i32, i64, prost_types::Timestamp);

impl<A: Convert<B>, B> Convert<Option<B>> for Option<A> {
    fn convert(self) -> Option<B> {
        self.map(Convert::convert)
    }
}

impl<A: Convert<B>, B> Convert<Vec<B>> for Vec<A> {
    fn convert(self) -> Vec<B> {
        self.into_iter().map(Convert::convert).collect()
    }
}

impl<A: Convert<B>, B> Convert<BTreeMap<String, B>> for BTreeMap<String, A> {
    fn convert(self) -> BTreeMap<String, B> {
        self.into_iter().map(|(k, v)| (k, v.convert())).collect()
    }
}

// Requests, protocol 5 to 6.
convert!(v5::DynamicValue => v6::DynamicValue { msgpack, json });
convert!(v5::ClientCapabilities => v6::ClientCapabilities {
    deferral_allowed,
    write_only_attributes_allowed,
});
convert!(v5::RawState => v6::RawState { json });
convert!(v5::prepare_provider_config::Request => v6::validate_provider_config::Request { config });
convert!(v5::validate_resource_type_config::Request => v6::validate_resource_config::Request {
    type_name,
    config,
    client_capabilities,
});
convert!(v5::validate_data_source_config::Request => v6::validate_data_resource_config::Request {
    type_name,
    config,
});
convert!(v5::upgrade_resource_state::Request => v6::upgrade_resource_state::Request {
    type_name,
    version,
    raw_state,
});
convert!(v5::configure::Request => v6::configure_provider::Request {
    terraform_version,
    config,
    client_capabilities,
});
convert!(v5::ResourceIdentityData => v6::ResourceIdentityData { identity_data });
convert!(v5::read_resource::Request => v6::read_resource::Request {
    type_name,
    current_state,
    private,
    provider_meta,
    client_capabilities,
    current_identity,
});
convert!(v5::plan_resource_change::Request => v6::plan_resource_change::Request {
    type_name,
    prior_state,
    proposed_new_state,
    config,
    prior_private,
    provider_meta,
    client_capabilities,
    prior_identity,
});
convert!(v5::apply_resource_change::Request => v6::apply_resource_change::Request {
    type_name,
    prior_state,
    planned_state,
    config,
    planned_private,
    provider_meta,
    planned_identity,
});
convert!(v5::import_resource_state::Request => v6::import_resource_state::Request {
    type_name,
    id,
    client_capabilities,
    identity,
});
convert!(v5::read_data_source::Request => v6::read_data_source::Request {
    type_name,
    config,
    provider_meta,
    client_capabilities,
});

convert!(v5::upgrade_resource_identity::Request => v6::upgrade_resource_identity::Request {
    type_name,
    version,
    raw_identity,
});
convert!(v5::move_resource_state::Request => v6::move_resource_state::Request {
    source_provider_address,
    source_type_name,
    source_schema_version,
    source_state,
    target_type_name,
    source_private,
    source_identity,
    source_identity_schema_version,
});
convert!(v5::generate_resource_config::Request => v6::generate_resource_config::Request {
    type_name,
    state,
});
convert!(v5::validate_ephemeral_resource_config::Request => v6::validate_ephemeral_resource_config::Request {
    type_name,
    config,
});
convert!(v5::open_ephemeral_resource::Request => v6::open_ephemeral_resource::Request {
    type_name,
    config,
    client_capabilities,
});
convert!(v5::renew_ephemeral_resource::Request => v6::renew_ephemeral_resource::Request {
    type_name,
    private,
});
convert!(v5::close_ephemeral_resource::Request => v6::close_ephemeral_resource::Request {
    type_name,
    private,
});
convert!(v5::list_resource::Request => v6::list_resource::Request {
    type_name,
    config,
    include_resource_object,
    limit,
});
convert!(v5::validate_list_resource_config::Request => v6::validate_list_resource_config::Request {
    type_name,
    config,
    include_resource_object,
    limit,
});
convert!(v5::call_function::Request => v6::call_function::Request { name, arguments });
convert!(v5::validate_action_config::Request => v6::validate_action_config::Request {
    type_name,
    config,
});
convert!(v5::plan_action::Request => v6::plan_action::Request {
    action_type,
    config,
    client_capabilities,
});
convert!(v5::invoke_action::Request => v6::invoke_action::Request {
    action_type,
    config,
    client_capabilities,
});

// Answers, protocol 6 to 5.
convert!(v6::DynamicValue => v5::DynamicValue { msgpack, json });
convert!(v6::Diagnostic => v5::Diagnostic { severity, summary, detail, attribute });
convert!(v6::AttributePath => v5::AttributePath { steps });
convert!(v6::attribute_path::Step => v5::attribute_path::Step { selector });
convert!(v6::ResourceIdentityData => v5::ResourceIdentityData { identity_data });
convert!(v6::Deferred => v5::Deferred { reason });
convert!(v6::FunctionError => v5::FunctionError { text, function_argument });
convert!(v6::Function => v5::Function {
    parameters,
    variadic_parameter,
    r#return,
    summary,
    description,
    description_kind,
    deprecation_message,
});
convert!(v6::function::Parameter => v5::function::Parameter {
    name,
    r#type,
    allow_null_value,
    allow_unknown_values,
    description,
    description_kind,
});
convert!(v6::function::Return => v5::function::Return { r#type });
convert!(v6::ResourceIdentitySchema => v5::ResourceIdentitySchema {
    version,
    identity_attributes,
});
convert!(v6::resource_identity_schema::IdentityAttribute => v5::resource_identity_schema::IdentityAttribute {
    name,
    r#type,
    required_for_import,
    optional_for_import,
    description,
});
convert!(v6::ActionSchema => v5::ActionSchema { schema });
convert!(v6::ServerCapabilities => v5::ServerCapabilities {
    plan_destroy,
    get_provider_schema_optional,
    move_resource_state,
    generate_resource_config,
});
convert!(v6::Schema => v5::Schema { version, block });
convert!(v6::schema::Block => v5::schema::Block {
    version,
    attributes,
    block_types,
    description,
    description_kind,
    deprecated,
    deprecation_message,
});
// `nested_type` has no twin: protocol 5 schemas describe nested attributes
// by their implied type.
convert!(v6::schema::Attribute => v5::schema::Attribute {
    name,
    r#type,
    description,
    required,
    optional,
    computed,
    sensitive,
    description_kind,
    deprecated,
    write_only,
    deprecation_message,
});
convert!(v6::schema::NestedBlock => v5::schema::NestedBlock {
    type_name,
    block,
    nesting,
    min_items,
    max_items,
});
convert!(v6::get_metadata::ResourceMetadata => v5::get_metadata::ResourceMetadata { type_name });
convert!(v6::get_metadata::DataSourceMetadata => v5::get_metadata::DataSourceMetadata {
    type_name,
});
convert!(v6::get_metadata::FunctionMetadata => v5::get_metadata::FunctionMetadata { name });
convert!(v6::get_metadata::EphemeralMetadata => v5::get_metadata::EphemeralMetadata {
    type_name,
});
convert!(v6::get_metadata::ListResourceMetadata => v5::get_metadata::ListResourceMetadata {
    type_name,
});
convert!(v6::get_metadata::ActionMetadata => v5::get_metadata::ActionMetadata { type_name });
convert!(v6::get_metadata::Response => v5::get_metadata::Response {
    server_capabilities,
    diagnostics,
    resources,
    data_sources,
    functions,
    ephemeral_resources,
    list_resources,
    actions,
});
convert!(v6::get_provider_schema::Response => v5::get_provider_schema::Response {
    provider,
    provider_meta,
    resource_schemas,
    data_source_schemas,
    diagnostics,
    server_capabilities,
    functions,
    ephemeral_resource_schemas,
    list_resource_schemas,
    action_schemas,
});
convert!(v6::get_resource_identity_schemas::Response => v5::get_resource_identity_schemas::Response {
    identity_schemas,
    diagnostics,
});
convert!(v6::get_functions::Response => v5::get_functions::Response { functions, diagnostics });
convert!(v6::validate_resource_config::Response => v5::validate_resource_type_config::Response {
    diagnostics,
});
convert!(v6::validate_data_resource_config::Response => v5::validate_data_source_config::Response {
    diagnostics,
});
convert!(v6::configure_provider::Response => v5::configure::Response { diagnostics });
convert!(v6::upgrade_resource_state::Response => v5::upgrade_resource_state::Response {
    upgraded_state,
    diagnostics,
});
convert!(v6::read_resource::Response => v5::read_resource::Response {
    new_state,
    private,
    diagnostics,
    deferred,
    new_identity,
});
convert!(v6::plan_resource_change::Response => v5::plan_resource_change::Response {
    planned_state,
    requires_replace,
    planned_private,
    diagnostics,
    deferred,
    planned_identity,
});
convert!(v6::apply_resource_change::Response => v5::apply_resource_change::Response {
    new_state,
    private,
    diagnostics,
    new_identity,
});
convert!(v6::import_resource_state::ImportedResource => v5::import_resource_state::ImportedResource {
    type_name,
    state,
    private,
    identity,
});
convert!(v6::import_resource_state::Response => v5::import_resource_state::Response {
    imported_resources,
    diagnostics,
    deferred,
});
convert!(v6::read_data_source::Response => v5::read_data_source::Response {
    state,
    diagnostics,
    deferred,
});
convert!(v6::upgrade_resource_identity::Response => v5::upgrade_resource_identity::Response {
    upgraded_identity,
    diagnostics,
});
convert!(v6::move_resource_state::Response => v5::move_resource_state::Response {
    target_state,
    diagnostics,
    target_private,
    target_identity,
});
convert!(v6::generate_resource_config::Response => v5::generate_resource_config::Response {
    config,
    diagnostics,
});
convert!(v6::validate_ephemeral_resource_config::Response => v5::validate_ephemeral_resource_config::Response {
    diagnostics,
});
convert!(v6::open_ephemeral_resource::Response => v5::open_ephemeral_resource::Response {
    diagnostics,
    renew_at,
    result,
    private,
    deferred,
});
convert!(v6::renew_ephemeral_resource::Response => v5::renew_ephemeral_resource::Response {
    diagnostics,
    renew_at,
    private,
});
convert!(v6::close_ephemeral_resource::Response => v5::close_ephemeral_resource::Response {
    diagnostics,
});
convert!(v6::list_resource::Event => v5::list_resource::Event {
    identity,
    display_name,
    resource_object,
    diagnostic,
});
convert!(v6::validate_list_resource_config::Response => v5::validate_list_resource_config::Response {
    diagnostics,
});
convert!(v6::call_function::Response => v5::call_function::Response { result, error });
convert!(v6::validate_action_config::Response => v5::validate_action_config::Response {
    diagnostics,
});
convert!(v6::plan_action::Response => v5::plan_action::Response { diagnostics, deferred });
convert!(v6::invoke_action::Event => v5::invoke_action::Event { r#type });
convert!(v6::invoke_action::event::Progress => v5::invoke_action::event::Progress { message });
convert!(v6::invoke_action::event::Completed => v5::invoke_action::event::Completed {
    diagnostics,
});

/// A `oneof` is an enum, not a message: its variants are moved by hand.
impl Convert<v5::attribute_path::step::Selector> for v6::attribute_path::step::Selector {
    fn convert(self) -> v5::attribute_path::step::Selector {
        use v5::attribute_path::step::Selector as S5;
        use v6::attribute_path::step::Selector as S6;
        match self {
            S6::AttributeName(name) => S5::AttributeName(name),
            S6::ElementKeyString(key) => S5::ElementKeyString(key),
            S6::ElementKeyInt(index) => S5::ElementKeyInt(index),
        }
    }
}

impl Convert<v5::invoke_action::event::Type> for v6::invoke_action::event::Type {
    fn convert(self) -> v5::invoke_action::event::Type {
        use v5::invoke_action::event::Type as T5;
        use v6::invoke_action::event::Type as T6;
        match self {
            T6::Progress(p) => T5::Progress(p.convert()),
            T6::Completed(c) => T5::Completed(c.convert()),
        }
    }
}
