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
same!(String, Vec<u8>, bool, i32, i64);

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
convert!(v5::read_resource::Request => v6::read_resource::Request {
    type_name,
    current_state,
    private,
    provider_meta,
    client_capabilities,
});
convert!(v5::plan_resource_change::Request => v6::plan_resource_change::Request {
    type_name,
    prior_state,
    proposed_new_state,
    config,
    prior_private,
    provider_meta,
    client_capabilities,
});
convert!(v5::apply_resource_change::Request => v6::apply_resource_change::Request {
    type_name,
    prior_state,
    planned_state,
    config,
    planned_private,
    provider_meta,
});
convert!(v5::import_resource_state::Request => v6::import_resource_state::Request {
    type_name,
    id,
    client_capabilities,
});
convert!(v5::read_data_source::Request => v6::read_data_source::Request {
    type_name,
    config,
    provider_meta,
    client_capabilities,
});

// Answers, protocol 6 to 5.
convert!(v6::DynamicValue => v5::DynamicValue { msgpack, json });
convert!(v6::Diagnostic => v5::Diagnostic { severity, summary, detail, attribute });
convert!(v6::AttributePath => v5::AttributePath { steps });
convert!(v6::attribute_path::Step => v5::attribute_path::Step { selector });
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
convert!(v6::get_metadata::Response => v5::get_metadata::Response {
    server_capabilities,
    diagnostics,
    resources,
    data_sources,
});
convert!(v6::get_provider_schema::Response => v5::get_provider_schema::Response {
    provider,
    provider_meta,
    resource_schemas,
    data_source_schemas,
    diagnostics,
    server_capabilities,
});
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
});
convert!(v6::plan_resource_change::Response => v5::plan_resource_change::Response {
    planned_state,
    requires_replace,
    planned_private,
    diagnostics,
});
convert!(v6::apply_resource_change::Response => v5::apply_resource_change::Response {
    new_state,
    private,
    diagnostics,
});
convert!(v6::import_resource_state::ImportedResource => v5::import_resource_state::ImportedResource {
    type_name,
    state,
    private,
});
convert!(v6::import_resource_state::Response => v5::import_resource_state::Response {
    imported_resources,
    diagnostics,
});
convert!(v6::read_data_source::Response => v5::read_data_source::Response { state, diagnostics });

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
