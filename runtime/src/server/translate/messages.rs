//! Every message of protocol 5 as its protocol 6 twin and back, field for
//! field.
//!
//! The two protocols' messages have the same fields under the same names
//! (the protocols differ in six RPC names, in `PrepareProviderConfig`'s
//! `prepared_config` and in what protocol 6 gained since: nested attributes,
//! computed blocks, the planned private data of 6.11), but they are distinct
//! prost types. [`twins!`] writes both moves of a pair from one list of the
//! shared fields, plus the fields only one side has with the value the other
//! side's message gets for them. Each move takes the source apart with a
//! struct pattern and builds the target with a struct expression, both
//! without `..`: a field missing from the list, on either side, is a compile
//! error, so a field a new `.proto` adds cannot be lost silently.

use std::collections::BTreeMap;

use super::core::Translate;
use crate::server::proto::{tfplugin5 as v5, tfplugin6 as v6};

/// `impl Translate` both ways for pairs of twin messages: the shared fields,
/// then `only_v5 { field: value_in_v5 }` / `only_v6 { field: value_in_v6 }`
/// for fields that one protocol lacks (dropped when leaving that protocol).
macro_rules! twins {
    ($(
        $v5:path = $v6:path { $($field:ident),* $(,)? }
        $(only_v5 { $($f5:ident: $d5:expr),* $(,)? })?
        $(only_v6 { $($f6:ident: $d6:expr),* $(,)? })?
    ;)*) => {$(
        impl Translate<$v6> for $v5 {
            fn translate(self) -> $v6 {
                let Self { $($field,)* $($($f5: _,)*)? } = self;
                $v6 { $($field: $field.translate(),)* $($($f6: $d6,)*)? }
            }
        }

        impl Translate<$v5> for $v6 {
            fn translate(self) -> $v5 {
                let Self { $($field,)* $($($f6: _,)*)? } = self;
                $v5 { $($field: $field.translate(),)* $($($f5: $d5,)*)? }
            }
        }
    )*};
}

/// Scalars (enums are `i32` in both protocols, with the same numbers) and
/// the well-known types are the same in both.
macro_rules! same {
    ($($t:ty),*) => {$(
        impl Translate<$t> for $t {
            fn translate(self) -> $t {
                self
            }
        }
    )*};
}
same!(String, Vec<u8>, bool, i32, i64, prost_types::Timestamp);

impl<A: Translate<B>, B> Translate<Option<B>> for Option<A> {
    fn translate(self) -> Option<B> {
        self.map(Translate::translate)
    }
}

impl<A: Translate<B>, B> Translate<Vec<B>> for Vec<A> {
    fn translate(self) -> Vec<B> {
        self.into_iter().map(Translate::translate).collect()
    }
}

impl<A: Translate<B>, B> Translate<BTreeMap<String, B>> for BTreeMap<String, A> {
    fn translate(self) -> BTreeMap<String, B> {
        self.into_iter().map(|(k, v)| (k, v.translate())).collect()
    }
}

// Protocol 6 only: `schema::Block::computed` (6.11), `schema::Attribute::
// nested_type` (protocol 5 describes nested attributes by their implied
// type: `Downgrade` refuses a schema with them, the protocol 5 face of
// `GrpcProvider` writes the implied type instead), the 6.11 client
// capabilities and `plan_resource_change::Request::planned_private`.
// Protocol 5 only: `prepare_provider_config::Response::prepared_config`,
// which Terraform ignores (tf5muxserver answers the request's config).
twins! {
    v5::DynamicValue = v6::DynamicValue { msgpack, json };
    v5::Diagnostic = v6::Diagnostic { severity, summary, detail, attribute };
    v5::FunctionError = v6::FunctionError { text, function_argument };
    v5::AttributePath = v6::AttributePath { steps };
    v5::attribute_path::Step = v6::attribute_path::Step { selector };
    v5::Stop = v6::StopProvider {};
    v5::stop::Request = v6::stop_provider::Request {};
    v5::stop::Response = v6::stop_provider::Response { error };
    v5::RawState = v6::RawState { json, flatmap };
    v5::ResourceIdentitySchema = v6::ResourceIdentitySchema { version, identity_attributes };
    v5::resource_identity_schema::IdentityAttribute = v6::resource_identity_schema::IdentityAttribute {
        name,
        r#type,
        required_for_import,
        optional_for_import,
        description,
    };
    v5::ResourceIdentityData = v6::ResourceIdentityData { identity_data };
    v5::ActionSchema = v6::ActionSchema { schema };
    v5::Schema = v6::Schema { version, block };
    v5::schema::Block = v6::schema::Block {
        version,
        attributes,
        block_types,
        description,
        description_kind,
        deprecated,
        deprecation_message,
    } only_v6 { computed: false };
    v5::schema::Attribute = v6::schema::Attribute {
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
    } only_v6 { nested_type: None };
    v5::schema::NestedBlock = v6::schema::NestedBlock {
        type_name,
        block,
        nesting,
        min_items,
        max_items,
    };
    v5::Function = v6::Function {
        parameters,
        variadic_parameter,
        r#return,
        summary,
        description,
        description_kind,
        deprecation_message,
    };
    v5::function::Parameter = v6::function::Parameter {
        name,
        r#type,
        allow_null_value,
        allow_unknown_values,
        description,
        description_kind,
    };
    v5::function::Return = v6::function::Return { r#type };
    v5::ServerCapabilities = v6::ServerCapabilities {
        plan_destroy,
        get_provider_schema_optional,
        move_resource_state,
        generate_resource_config,
    };
    v5::ClientCapabilities = v6::ClientCapabilities {
        deferral_allowed,
        write_only_attributes_allowed,
    } only_v6 { store_planned_private: false, computed_blocks_allowed: false };
    v5::Deferred = v6::Deferred { reason };
    v5::GetMetadata = v6::GetMetadata {};
    v5::get_metadata::Request = v6::get_metadata::Request {};
    v5::get_metadata::Response = v6::get_metadata::Response {
        server_capabilities,
        diagnostics,
        data_sources,
        resources,
        functions,
        ephemeral_resources,
        list_resources,
        actions,
    };
    v5::get_metadata::EphemeralMetadata = v6::get_metadata::EphemeralMetadata { type_name };
    v5::get_metadata::FunctionMetadata = v6::get_metadata::FunctionMetadata { name };
    v5::get_metadata::DataSourceMetadata = v6::get_metadata::DataSourceMetadata { type_name };
    v5::get_metadata::ResourceMetadata = v6::get_metadata::ResourceMetadata { type_name };
    v5::get_metadata::ListResourceMetadata = v6::get_metadata::ListResourceMetadata {
        type_name,
    };
    v5::get_metadata::ActionMetadata = v6::get_metadata::ActionMetadata { type_name };
    v5::GetProviderSchema = v6::GetProviderSchema {};
    v5::get_provider_schema::Request = v6::get_provider_schema::Request {};
    v5::get_provider_schema::Response = v6::get_provider_schema::Response {
        provider,
        resource_schemas,
        data_source_schemas,
        diagnostics,
        provider_meta,
        server_capabilities,
        functions,
        ephemeral_resource_schemas,
        list_resource_schemas,
        action_schemas,
    };
    v5::GetResourceIdentitySchemas = v6::GetResourceIdentitySchemas {};
    v5::get_resource_identity_schemas::Request = v6::get_resource_identity_schemas::Request {

    };
    v5::get_resource_identity_schemas::Response = v6::get_resource_identity_schemas::Response {
        identity_schemas,
        diagnostics,
    };
    v5::PrepareProviderConfig = v6::ValidateProviderConfig {};
    v5::prepare_provider_config::Request = v6::validate_provider_config::Request { config };
    v5::prepare_provider_config::Response = v6::validate_provider_config::Response {
        diagnostics,
    } only_v5 { prepared_config: None };
    v5::ValidateResourceTypeConfig = v6::ValidateResourceConfig {};
    v5::validate_resource_type_config::Request = v6::validate_resource_config::Request {
        type_name,
        config,
        client_capabilities,
    };
    v5::validate_resource_type_config::Response = v6::validate_resource_config::Response {
        diagnostics,
    };
    v5::ValidateDataSourceConfig = v6::ValidateDataResourceConfig {};
    v5::validate_data_source_config::Request = v6::validate_data_resource_config::Request {
        type_name,
        config,
    };
    v5::validate_data_source_config::Response = v6::validate_data_resource_config::Response {
        diagnostics,
    };
    v5::UpgradeResourceState = v6::UpgradeResourceState {};
    v5::upgrade_resource_state::Request = v6::upgrade_resource_state::Request {
        type_name,
        version,
        raw_state,
    };
    v5::upgrade_resource_state::Response = v6::upgrade_resource_state::Response {
        upgraded_state,
        diagnostics,
    };
    v5::UpgradeResourceIdentity = v6::UpgradeResourceIdentity {};
    v5::upgrade_resource_identity::Request = v6::upgrade_resource_identity::Request {
        type_name,
        version,
        raw_identity,
    };
    v5::upgrade_resource_identity::Response = v6::upgrade_resource_identity::Response {
        upgraded_identity,
        diagnostics,
    };
    v5::Configure = v6::ConfigureProvider {};
    v5::configure::Request = v6::configure_provider::Request {
        terraform_version,
        config,
        client_capabilities,
    };
    v5::configure::Response = v6::configure_provider::Response { diagnostics };
    v5::ReadResource = v6::ReadResource {};
    v5::read_resource::Request = v6::read_resource::Request {
        type_name,
        current_state,
        private,
        provider_meta,
        client_capabilities,
        current_identity,
    };
    v5::read_resource::Response = v6::read_resource::Response {
        new_state,
        diagnostics,
        private,
        deferred,
        new_identity,
    };
    v5::PlanResourceChange = v6::PlanResourceChange {};
    v5::plan_resource_change::Request = v6::plan_resource_change::Request {
        type_name,
        prior_state,
        proposed_new_state,
        config,
        prior_private,
        provider_meta,
        client_capabilities,
        prior_identity,
    } only_v6 { planned_private: Vec::new() };
    v5::plan_resource_change::Response = v6::plan_resource_change::Response {
        planned_state,
        requires_replace,
        planned_private,
        diagnostics,
        legacy_type_system,
        deferred,
        planned_identity,
    };
    v5::ApplyResourceChange = v6::ApplyResourceChange {};
    v5::apply_resource_change::Request = v6::apply_resource_change::Request {
        type_name,
        prior_state,
        planned_state,
        config,
        planned_private,
        provider_meta,
        planned_identity,
    };
    v5::apply_resource_change::Response = v6::apply_resource_change::Response {
        new_state,
        private,
        diagnostics,
        legacy_type_system,
        new_identity,
    };
    v5::ImportResourceState = v6::ImportResourceState {};
    v5::import_resource_state::Request = v6::import_resource_state::Request {
        type_name,
        id,
        client_capabilities,
        identity,
    };
    v5::import_resource_state::ImportedResource = v6::import_resource_state::ImportedResource {
        type_name,
        state,
        private,
        identity,
    };
    v5::import_resource_state::Response = v6::import_resource_state::Response {
        imported_resources,
        diagnostics,
        deferred,
    };
    v5::MoveResourceState = v6::MoveResourceState {};
    v5::move_resource_state::Request = v6::move_resource_state::Request {
        source_provider_address,
        source_type_name,
        source_schema_version,
        source_state,
        target_type_name,
        source_private,
        source_identity,
        source_identity_schema_version,
    };
    v5::move_resource_state::Response = v6::move_resource_state::Response {
        target_state,
        diagnostics,
        target_private,
        target_identity,
    };
    v5::ReadDataSource = v6::ReadDataSource {};
    v5::read_data_source::Request = v6::read_data_source::Request {
        type_name,
        config,
        provider_meta,
        client_capabilities,
    };
    v5::read_data_source::Response = v6::read_data_source::Response {
        state,
        diagnostics,
        deferred,
    };
    v5::GenerateResourceConfig = v6::GenerateResourceConfig {};
    v5::generate_resource_config::Request = v6::generate_resource_config::Request {
        type_name,
        state,
    };
    v5::generate_resource_config::Response = v6::generate_resource_config::Response {
        config,
        diagnostics,
    };
    v5::ValidateEphemeralResourceConfig = v6::ValidateEphemeralResourceConfig {};
    v5::validate_ephemeral_resource_config::Request = v6::validate_ephemeral_resource_config::Request {
        type_name,
        config,
    };
    v5::validate_ephemeral_resource_config::Response = v6::validate_ephemeral_resource_config::Response {
        diagnostics,
    };
    v5::OpenEphemeralResource = v6::OpenEphemeralResource {};
    v5::open_ephemeral_resource::Request = v6::open_ephemeral_resource::Request {
        type_name,
        config,
        client_capabilities,
    };
    v5::open_ephemeral_resource::Response = v6::open_ephemeral_resource::Response {
        diagnostics,
        renew_at,
        result,
        private,
        deferred,
    };
    v5::RenewEphemeralResource = v6::RenewEphemeralResource {};
    v5::renew_ephemeral_resource::Request = v6::renew_ephemeral_resource::Request {
        type_name,
        private,
    };
    v5::renew_ephemeral_resource::Response = v6::renew_ephemeral_resource::Response {
        diagnostics,
        renew_at,
        private,
    };
    v5::CloseEphemeralResource = v6::CloseEphemeralResource {};
    v5::close_ephemeral_resource::Request = v6::close_ephemeral_resource::Request {
        type_name,
        private,
    };
    v5::close_ephemeral_resource::Response = v6::close_ephemeral_resource::Response {
        diagnostics,
    };
    v5::ListResource = v6::ListResource {};
    v5::list_resource::Request = v6::list_resource::Request {
        type_name,
        config,
        include_resource_object,
        limit,
    };
    v5::list_resource::Event = v6::list_resource::Event {
        identity,
        display_name,
        resource_object,
        diagnostic,
    };
    v5::ValidateListResourceConfig = v6::ValidateListResourceConfig {};
    v5::validate_list_resource_config::Request = v6::validate_list_resource_config::Request {
        type_name,
        config,
        include_resource_object,
        limit,
    };
    v5::validate_list_resource_config::Response = v6::validate_list_resource_config::Response {
        diagnostics,
    };
    v5::GetFunctions = v6::GetFunctions {};
    v5::get_functions::Request = v6::get_functions::Request {};
    v5::get_functions::Response = v6::get_functions::Response { functions, diagnostics };
    v5::CallFunction = v6::CallFunction {};
    v5::call_function::Request = v6::call_function::Request { name, arguments };
    v5::call_function::Response = v6::call_function::Response { result, error };
    v5::ValidateActionConfig = v6::ValidateActionConfig {};
    v5::validate_action_config::Request = v6::validate_action_config::Request {
        type_name,
        config,
    };
    v5::validate_action_config::Response = v6::validate_action_config::Response {
        diagnostics,
    };
    v5::PlanAction = v6::PlanAction {};
    v5::plan_action::Request = v6::plan_action::Request {
        action_type,
        config,
        client_capabilities,
    };
    v5::plan_action::Response = v6::plan_action::Response { diagnostics, deferred };
    v5::InvokeAction = v6::InvokeAction {};
    v5::invoke_action::Request = v6::invoke_action::Request {
        action_type,
        config,
        client_capabilities,
    };
    v5::invoke_action::Event = v6::invoke_action::Event { r#type };
    v5::invoke_action::event::Progress = v6::invoke_action::event::Progress { message };
    v5::invoke_action::event::Completed = v6::invoke_action::event::Completed { diagnostics };
}

/// A `oneof` is an enum, not a message: its variants are moved by hand (the
/// `match` is exhaustive, so a new variant is a compile error too).
macro_rules! oneof {
    ($v5:path = $v6:path { $($variant:ident),* $(,)? }) => {
        impl Translate<$v6> for $v5 {
            fn translate(self) -> $v6 {
                type From = $v5;
                type To = $v6;
                match self {
                    $(From::$variant(x) => To::$variant(x.translate()),)*
                }
            }
        }

        impl Translate<$v5> for $v6 {
            fn translate(self) -> $v5 {
                type From = $v6;
                type To = $v5;
                match self {
                    $(From::$variant(x) => To::$variant(x.translate()),)*
                }
            }
        }
    };
}

oneof!(
    v5::attribute_path::step::Selector = v6::attribute_path::step::Selector {
        AttributeName,
        ElementKeyString,
        ElementKeyInt,
    }
);
oneof!(
    v5::invoke_action::event::Type = v6::invoke_action::event::Type {
        Progress,
        Completed
    }
);
