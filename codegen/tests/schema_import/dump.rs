//! Copied into the crate `tests/schema_import.rs` builds: prints a typed
//! provider's schema in the JSON shape of one provider entry of
//! `terraform providers schema -json` (as e2e/schema-dump does), from the
//! runtime's own writers, in process. Uses only tfschema's public API.

use std::collections::BTreeMap;

use tfschema::schema::Schema;
use tfschema::server::raw::{IdentitySchema, RawProvider};

fn json_string(s: &str) -> String {
    tfschema::json::to_string(&s).expect("a string encodes as JSON")
}

/// `,"key":{...}` for a non-empty section (Terraform leaves empty ones out).
fn section<T>(key: &str, map: &BTreeMap<String, T>, write: impl Fn(&T) -> String) -> String {
    if map.is_empty() {
        return String::new();
    }
    let entries: Vec<String> = map
        .iter()
        .map(|(name, v)| format!("{}:{}", json_string(name), write(v)))
        .collect();
    format!(",\"{key}\":{{{}}}", entries.join(","))
}

fn identity(s: &IdentitySchema) -> String {
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
        "{{\"version\":{},\"attributes\":{{{}}}}}",
        s.version,
        attributes.join(",")
    )
}

/// One provider entry: `{"provider":…,"resource_schemas":{…},…}`.
pub fn provider_json<P: RawProvider>(provider: &P) -> String {
    let schema = provider.schema();
    let problems = schema.problems();
    assert!(problems.is_empty(), "schema problems: {problems:?}");
    format!(
        "{{\"provider\":{}{}{}{}{}{}{}{}}}",
        schema.provider.to_json(),
        section("resource_schemas", &schema.resources, Schema::to_json),
        section("data_source_schemas", &schema.data_sources, Schema::to_json),
        section(
            "ephemeral_resource_schemas",
            &schema.ephemeral_resources,
            Schema::to_json
        ),
        section("list_resource_schemas", &schema.list_resources, Schema::to_json),
        section("functions", &schema.functions, |f| f.to_json()),
        section("resource_identity_schemas", &schema.identities, identity),
        section("action_schemas", &schema.actions, |a: &Schema| {
            format!("{{\"block\":{}}}", a.block.to_json())
        }),
    )
}
