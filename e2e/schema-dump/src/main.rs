//! Prints `{"provider":…,"resource_schemas":{…},"data_source_schemas":{…}}`
//! (and `"ephemeral_resource_schemas":{…}` when there are any, as Terraform
//! leaves an empty section out) for the inventory provider as this build
//! assembles it (the cargo
//! feature `schema-v0` and the env INVENTORY_PROTOCOL5_ONLY apply, as in
//! the plugin binary), each schema from `tfschema::schema::Schema::to_json`,
//! i.e. derived from the model structs without going through the plugin
//! protocol.

use std::collections::BTreeMap;

use terraform_provider_inventory::{provider, Options};
use tfschema::schema::Schema;
use tfschema::server::raw::RawProvider;

fn map(schemas: &BTreeMap<String, Schema>) -> String {
    let entries: Vec<String> = schemas
        .iter()
        .map(|(name, s)| format!("{}:{}", json_string(name), s.to_json()))
        .collect();
    format!("{{{}}}", entries.join(","))
}

fn json_string(s: &str) -> String {
    // Type names are plain identifiers; escape the JSON specials anyway.
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn main() {
    let schema = provider(Options::from_env()).schema();
    let ephemeral = if schema.ephemeral_resources.is_empty() {
        String::new()
    } else {
        format!(
            ",\"ephemeral_resource_schemas\":{}",
            map(&schema.ephemeral_resources)
        )
    };
    println!(
        "{{\"provider\":{},\"resource_schemas\":{},\"data_source_schemas\":{}{ephemeral}}}",
        schema.provider.to_json(),
        map(&schema.resources),
        map(&schema.data_sources)
    );
}
