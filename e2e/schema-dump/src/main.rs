//! Prints `{"provider":…,"resource_schemas":{…},"data_source_schemas":{…},
//! "resource_identity_schemas":{…},"functions":{…}}` (and
//! `"ephemeral_resource_schemas":{…}` and `"list_resource_schemas":{…}`
//! when there are any, as Terraform leaves an empty section out) for the inventory provider as this build
//! assembles it (the cargo feature `schema-v0` and the env
//! INVENTORY_PROTOCOL5_ONLY apply, as in the plugin binary), each schema
//! from `tfschema::schema::Schema::to_json`, each identity schema as
//! `terraform providers schema -json` words it and each function signature
//! from `FunctionSignature::to_json`, i.e. derived from the model structs
//! and the functions' Rust signatures without going through the plugin
//! protocol.

use std::collections::BTreeMap;

use terraform_provider_inventory::{provider, Options};
use tfschema::schema::Schema;
use tfschema::server::raw::{FunctionSignature, IdentitySchema, RawProvider};

fn map(schemas: &BTreeMap<String, Schema>) -> String {
    let entries: Vec<String> = schemas
        .iter()
        .map(|(name, s)| format!("{}:{}", json_string(name), s.to_json()))
        .collect();
    format!("{{{}}}", entries.join(","))
}

/// Identity schemas as Terraform 1.12+ prints them: `version`, and per
/// attribute its `type`, `description` and the import flags, each left
/// out when empty or false.
fn identities(schemas: &BTreeMap<String, IdentitySchema>) -> String {
    let entries: Vec<String> = schemas
        .iter()
        .map(|(name, s)| {
            let attributes: Vec<String> = s
                .attributes
                .iter()
                .map(|a| {
                    let mut fields = vec![format!("\"type\":{}", a.ty.to_json())];
                    if !a.description.is_empty() {
                        fields.push(format!("\"description\":{}", json_string(&a.description)));
                    }
                    if a.required_for_import {
                        fields.push("\"required_for_import\":true".into());
                    }
                    if a.optional_for_import {
                        fields.push("\"optional_for_import\":true".into());
                    }
                    format!("{}:{{{}}}", json_string(&a.name), fields.join(","))
                })
                .collect();
            format!(
                "{}:{{\"version\":{},\"attributes\":{{{}}}}}",
                json_string(name),
                s.version,
                attributes.join(",")
            )
        })
        .collect();
    format!("{{{}}}", entries.join(","))
}

/// Functions as Terraform prints them: left out when there are none.
fn functions(functions: &BTreeMap<String, FunctionSignature>) -> String {
    let entries: Vec<String> = functions
        .iter()
        .map(|(name, f)| format!("{}:{}", json_string(name), f.to_json()))
        .collect();
    if entries.is_empty() {
        String::new()
    } else {
        format!(",\"functions\":{{{}}}", entries.join(","))
    }
}

fn json_string(s: &str) -> String {
    tfschema::json::to_string(&s).expect("a string encodes as JSON")
}

fn main() {
    let schema = provider(Options::from_env()).schema();
    // Sections Terraform leaves out when empty.
    let section = |key: &str, schemas: &BTreeMap<String, Schema>| {
        if schemas.is_empty() {
            String::new()
        } else {
            format!(",\"{key}\":{}", map(schemas))
        }
    };
    let ephemeral = section("ephemeral_resource_schemas", &schema.ephemeral_resources);
    let lists = section("list_resource_schemas", &schema.list_resources);
    println!(
        "{{\"provider\":{},\"resource_schemas\":{},\"data_source_schemas\":{},\"resource_identity_schemas\":{}{}{ephemeral}{lists}}}",
        schema.provider.to_json(),
        map(&schema.resources),
        map(&schema.data_sources),
        identities(&schema.identities),
        functions(&schema.functions)
    );
}
