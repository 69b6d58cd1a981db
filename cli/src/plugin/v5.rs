//! Protocol 5's schema answers moved into their protocol 6 twins, field
//! for field, so one conversion ([`super::convert`]) serves both protocols
//! (as the runtime serves protocol 5 through its protocol 6 handlers).
//! Protocol 5 has no nested attributes; everything else it describes the
//! same way.

use std::collections::BTreeMap;

use tfschema::server::proto::{tfplugin5 as v5, tfplugin6 as v6};

/// `GetSchema`'s answer as `GetProviderSchema`'s.
pub(super) fn schema_response(
    r: v5::get_provider_schema::Response,
) -> v6::get_provider_schema::Response {
    v6::get_provider_schema::Response {
        provider: r.provider.map(schema),
        provider_meta: r.provider_meta.map(schema),
        resource_schemas: schemas(r.resource_schemas),
        data_source_schemas: schemas(r.data_source_schemas),
        ephemeral_resource_schemas: schemas(r.ephemeral_resource_schemas),
        list_resource_schemas: schemas(r.list_resource_schemas),
        functions: r
            .functions
            .into_iter()
            .map(|(k, f)| (k, function(f)))
            .collect(),
        action_schemas: r
            .action_schemas
            .into_iter()
            .map(|(k, a)| {
                (
                    k,
                    v6::ActionSchema {
                        schema: a.schema.map(schema),
                    },
                )
            })
            .collect(),
        diagnostics: diagnostics(r.diagnostics),
        ..Default::default()
    }
}

/// `GetResourceIdentitySchemas`' answer.
pub(super) fn identity_response(
    r: v5::get_resource_identity_schemas::Response,
) -> v6::get_resource_identity_schemas::Response {
    v6::get_resource_identity_schemas::Response {
        identity_schemas: r
            .identity_schemas
            .into_iter()
            .map(|(k, s)| {
                let attributes = s
                    .identity_attributes
                    .into_iter()
                    .map(|a| v6::resource_identity_schema::IdentityAttribute {
                        name: a.name,
                        r#type: a.r#type,
                        required_for_import: a.required_for_import,
                        optional_for_import: a.optional_for_import,
                        description: a.description,
                    })
                    .collect();
                (
                    k,
                    v6::ResourceIdentitySchema {
                        version: s.version,
                        identity_attributes: attributes,
                    },
                )
            })
            .collect(),
        diagnostics: diagnostics(r.diagnostics),
    }
}

fn schemas(m: BTreeMap<String, v5::Schema>) -> BTreeMap<String, v6::Schema> {
    m.into_iter().map(|(k, s)| (k, schema(s))).collect()
}

fn schema(s: v5::Schema) -> v6::Schema {
    v6::Schema {
        version: s.version,
        block: s.block.map(block),
    }
}

fn block(b: v5::schema::Block) -> v6::schema::Block {
    v6::schema::Block {
        version: b.version,
        attributes: b.attributes.into_iter().map(attribute).collect(),
        block_types: b
            .block_types
            .into_iter()
            .map(|n| v6::schema::NestedBlock {
                type_name: n.type_name,
                block: n.block.map(block),
                // The nesting mode numbers are the same in both protocols.
                nesting: n.nesting,
                min_items: n.min_items,
                max_items: n.max_items,
            })
            .collect(),
        description: b.description,
        description_kind: b.description_kind,
        deprecated: b.deprecated,
        deprecation_message: b.deprecation_message,
        // Protocol 5 has no computed blocks.
        computed: false,
    }
}

fn attribute(a: v5::schema::Attribute) -> v6::schema::Attribute {
    v6::schema::Attribute {
        name: a.name,
        r#type: a.r#type,
        nested_type: None,
        description: a.description,
        required: a.required,
        optional: a.optional,
        computed: a.computed,
        sensitive: a.sensitive,
        description_kind: a.description_kind,
        deprecated: a.deprecated,
        write_only: a.write_only,
        deprecation_message: a.deprecation_message,
    }
}

fn function(f: v5::Function) -> v6::Function {
    let parameter = |p: v5::function::Parameter| v6::function::Parameter {
        name: p.name,
        r#type: p.r#type,
        allow_null_value: p.allow_null_value,
        allow_unknown_values: p.allow_unknown_values,
        description: p.description,
        description_kind: p.description_kind,
    };
    v6::Function {
        parameters: f.parameters.into_iter().map(parameter).collect(),
        variadic_parameter: f.variadic_parameter.map(parameter),
        r#return: f
            .r#return
            .map(|r| v6::function::Return { r#type: r.r#type }),
        summary: f.summary,
        description: f.description,
        description_kind: f.description_kind,
        deprecation_message: f.deprecation_message,
    }
}

/// Diagnostics keep what an error message needs: severity (same numbers),
/// summary and detail.
fn diagnostics(d: Vec<v5::Diagnostic>) -> Vec<v6::Diagnostic> {
    d.into_iter()
        .map(|d| v6::Diagnostic {
            severity: d.severity,
            summary: d.summary,
            detail: d.detail,
            ..Default::default()
        })
        .collect()
}
