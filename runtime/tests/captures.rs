//! Real Terraform traffic against tfschema's protocol definitions.
//!
//! `data/terraform/grpc_captures.jsonl` holds every complete gRPC call that
//! Terraform 1.0.3 and 1.15.5 made to HashiCorp's null provider (protocol 5).
//! Each request and response must decode with our message type for its method
//! and re-encode to the same bytes: prost keeps no unknown fields, so equal
//! bytes mean every field on the wire has the number and type we declared.
//! Every DynamicValue is then decoded with the type taken from the same
//! provider process's GetSchema response, re-encoded byte for byte, and
//! compared with the capture's independently decoded `summary`.
#![cfg(feature = "server")]

use std::collections::BTreeMap;
use std::fmt::Write as _;

use prost::Message;
use serde_json::{json, Value as Json};
use tfschema::server::proto::tfplugin5 as v5;
use tfschema::{Type, Value};

const CAPTURES: &str = include_str!("data/terraform/grpc_captures.jsonl");

/// Which schema a DynamicValue is typed by.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Provider,
    Resource,
    DataSource,
}

/// The DynamicValues of one message: (field path as in the capture summary,
/// msgpack bytes).
type Dynamics = Vec<(String, Vec<u8>)>;

/// What one decoded call yields for the DynamicValue checks.
#[derive(Default)]
struct Decoded {
    typed_by: Option<(Kind, String)>,
    dynamics: Dynamics,
    /// `UpgradeResourceState`: the stored state JSON.
    raw_state_json: Option<Vec<u8>>,
}

#[derive(Default)]
struct Counts {
    requests: usize,
    requests_identical: usize,
    responses: usize,
    responses_identical: usize,
    no_response: usize,
    dynamic_values: usize,
}

/// Decodes `bytes` as `M` and re-encodes it; a difference is recorded.
fn roundtrip<M: Message + Default>(
    bytes: &[u8],
    what: &str,
    identical: &mut usize,
    failures: &mut Vec<String>,
) -> Option<M> {
    match M::decode(bytes) {
        Ok(message) => {
            let again = message.encode_to_vec();
            if again == bytes {
                *identical += 1;
            } else {
                failures.push(format!(
                    "{what}: re-encoded {} bytes differ from the {} captured",
                    again.len(),
                    bytes.len()
                ));
            }
            Some(message)
        }
        Err(e) => {
            failures.push(format!("{what}: does not decode: {e}"));
            None
        }
    }
}

fn msgpack(dv: Option<&v5::DynamicValue>, path: &str, out: &mut Dynamics) {
    if let Some(dv) = dv {
        if !dv.msgpack.is_empty() {
            out.push((format!("{path}.msgpack"), dv.msgpack.clone()));
        }
    }
}

fn hex_bytes(text: &str, what: &str) -> Vec<u8> {
    hex::decode(text).expect(what)
}

/// Decodes one capture's request and response by method name.
fn decode_call(
    method: &str,
    request: &[u8],
    response: Option<&[u8]>,
    id: &str,
    counts: &mut Counts,
    failures: &mut Vec<String>,
) -> Decoded {
    let mut decoded = Decoded::default();
    let req_what = format!("{id} {method} request");
    let resp_what = format!("{id} {method} response");
    counts.requests += 1;
    if response.is_some() {
        counts.responses += 1;
    } else {
        counts.no_response += 1;
    }
    macro_rules! call {
        ($req:ty, $resp:ty) => {{
            let req =
                roundtrip::<$req>(request, &req_what, &mut counts.requests_identical, failures);
            let resp = response.and_then(|bytes| {
                roundtrip::<$resp>(bytes, &resp_what, &mut counts.responses_identical, failures)
            });
            (req, resp)
        }};
    }
    let d = &mut decoded.dynamics;
    match method {
        "/plugin.GRPCStdio/StreamStdio" => {
            use tfschema::server::proto::plugin::StdioData;
            call!((), StdioData);
        }
        "/tfplugin5.Provider/GetSchema" => {
            call!(
                v5::get_provider_schema::Request,
                v5::get_provider_schema::Response
            );
        }
        "/tfplugin5.Provider/GetResourceIdentitySchemas" => {
            call!(
                v5::get_resource_identity_schemas::Request,
                v5::get_resource_identity_schemas::Response
            );
        }
        "/tfplugin5.Provider/PrepareProviderConfig" => {
            let (req, resp) = call!(
                v5::prepare_provider_config::Request,
                v5::prepare_provider_config::Response
            );
            decoded.typed_by = Some((Kind::Provider, String::new()));
            msgpack(
                req.as_ref().and_then(|r| r.config.as_ref()),
                "request.config",
                d,
            );
            msgpack(
                resp.as_ref().and_then(|r| r.prepared_config.as_ref()),
                "response.prepared_config",
                d,
            );
        }
        "/tfplugin5.Provider/Configure" => {
            let (req, _) = call!(v5::configure::Request, v5::configure::Response);
            decoded.typed_by = Some((Kind::Provider, String::new()));
            msgpack(
                req.as_ref().and_then(|r| r.config.as_ref()),
                "request.config",
                d,
            );
        }
        "/tfplugin5.Provider/ValidateResourceTypeConfig" => {
            let (req, _) = call!(
                v5::validate_resource_type_config::Request,
                v5::validate_resource_type_config::Response
            );
            if let Some(req) = req {
                decoded.typed_by = Some((Kind::Resource, req.type_name.clone()));
                msgpack(req.config.as_ref(), "request.config", d);
            }
        }
        "/tfplugin5.Provider/ValidateDataSourceConfig" => {
            let (req, _) = call!(
                v5::validate_data_source_config::Request,
                v5::validate_data_source_config::Response
            );
            if let Some(req) = req {
                decoded.typed_by = Some((Kind::DataSource, req.type_name.clone()));
                msgpack(req.config.as_ref(), "request.config", d);
            }
        }
        "/tfplugin5.Provider/UpgradeResourceState" => {
            let (req, resp) = call!(
                v5::upgrade_resource_state::Request,
                v5::upgrade_resource_state::Response
            );
            if let Some(req) = req {
                decoded.typed_by = Some((Kind::Resource, req.type_name.clone()));
                decoded.raw_state_json = req.raw_state.map(|raw| raw.json);
            }
            msgpack(
                resp.as_ref().and_then(|r| r.upgraded_state.as_ref()),
                "response.upgraded_state",
                d,
            );
        }
        "/tfplugin5.Provider/ReadResource" => {
            let (req, resp) = call!(v5::read_resource::Request, v5::read_resource::Response);
            if let Some(req) = req {
                decoded.typed_by = Some((Kind::Resource, req.type_name.clone()));
                msgpack(req.current_state.as_ref(), "request.current_state", d);
            }
            msgpack(
                resp.as_ref().and_then(|r| r.new_state.as_ref()),
                "response.new_state",
                d,
            );
        }
        "/tfplugin5.Provider/PlanResourceChange" => {
            let (req, resp) = call!(
                v5::plan_resource_change::Request,
                v5::plan_resource_change::Response
            );
            if let Some(req) = req {
                decoded.typed_by = Some((Kind::Resource, req.type_name.clone()));
                msgpack(req.prior_state.as_ref(), "request.prior_state", d);
                msgpack(
                    req.proposed_new_state.as_ref(),
                    "request.proposed_new_state",
                    d,
                );
                msgpack(req.config.as_ref(), "request.config", d);
            }
            msgpack(
                resp.as_ref().and_then(|r| r.planned_state.as_ref()),
                "response.planned_state",
                d,
            );
        }
        "/tfplugin5.Provider/ApplyResourceChange" => {
            let (req, resp) = call!(
                v5::apply_resource_change::Request,
                v5::apply_resource_change::Response
            );
            if let Some(req) = req {
                decoded.typed_by = Some((Kind::Resource, req.type_name.clone()));
                msgpack(req.prior_state.as_ref(), "request.prior_state", d);
                msgpack(req.planned_state.as_ref(), "request.planned_state", d);
                msgpack(req.config.as_ref(), "request.config", d);
            }
            msgpack(
                resp.as_ref().and_then(|r| r.new_state.as_ref()),
                "response.new_state",
                d,
            );
        }
        "/tfplugin5.Provider/ImportResourceState" => {
            let (_, resp) = call!(
                v5::import_resource_state::Request,
                v5::import_resource_state::Response
            );
            for (i, imported) in resp
                .iter()
                .flat_map(|r| r.imported_resources.iter())
                .enumerate()
            {
                decoded.typed_by = Some((Kind::Resource, imported.type_name.clone()));
                msgpack(
                    imported.state.as_ref(),
                    &format!("response.imported_resources[{i}].state"),
                    d,
                );
            }
        }
        "/tfplugin5.Provider/ReadDataSource" => {
            let (req, resp) = call!(
                v5::read_data_source::Request,
                v5::read_data_source::Response
            );
            if let Some(req) = req {
                decoded.typed_by = Some((Kind::DataSource, req.type_name.clone()));
                msgpack(req.config.as_ref(), "request.config", d);
            }
            msgpack(
                resp.as_ref().and_then(|r| r.state.as_ref()),
                "response.state",
                d,
            );
        }
        "/tfplugin5.Provider/Stop" => {
            call!(v5::stop::Request, v5::stop::Response);
        }
        other => failures.push(format!("{id}: no message types known for {other}")),
    }
    decoded
}

/// A schema block's value type, as Terraform derives it.
fn block_type(block: &v5::schema::Block) -> Type {
    use v5::schema::nested_block::NestingMode;
    let mut attrs: Vec<(String, Type)> = Vec::new();
    for attr in &block.attributes {
        let ty = Type::from_json(&attr.r#type).expect("attribute type is type constraint JSON");
        attrs.push((attr.name.clone(), ty));
    }
    for nested in &block.block_types {
        let inner = block_type(nested.block.as_ref().expect("nested block has a block"));
        let ty = match nested.nesting() {
            NestingMode::Single | NestingMode::Group => Some(inner),
            NestingMode::List => Some(Type::list(inner)),
            NestingMode::Set => Some(Type::set(inner)),
            NestingMode::Map => Some(Type::map(inner)),
            NestingMode::Invalid => None,
        };
        let ty = ty.expect("nested block has a valid nesting mode");
        attrs.push((nested.type_name.clone(), ty));
    }
    Type::object(attrs)
}

fn schema_type(schema: Option<&v5::Schema>) -> Type {
    block_type(
        schema
            .and_then(|s| s.block.as_ref())
            .expect("schema has a block"),
    )
}

/// The types GetSchema declared in one provider process.
struct Schemas {
    provider: Type,
    resources: BTreeMap<String, Type>,
    data_sources: BTreeMap<String, Type>,
}

impl Schemas {
    fn from_response(resp: &v5::get_provider_schema::Response) -> Schemas {
        Schemas {
            provider: schema_type(resp.provider.as_ref()),
            resources: resp
                .resource_schemas
                .iter()
                .map(|(name, s)| (name.clone(), schema_type(Some(s))))
                .collect(),
            data_sources: resp
                .data_source_schemas
                .iter()
                .map(|(name, s)| (name.clone(), schema_type(Some(s))))
                .collect(),
        }
    }

    fn lookup(&self, kind: Kind, name: &str) -> Option<&Type> {
        match kind {
            Kind::Provider => Some(&self.provider),
            Kind::Resource => self.resources.get(name),
            Kind::DataSource => self.data_sources.get(name),
        }
    }
}

/// Renders a value the way the capture's `summary` shows decoded msgpack.
fn summary_json(value: &Value) -> Json {
    match value {
        Value::Null(_) => Json::Null,
        Value::Unknown(_, refinements) => {
            let mut out = json!({"$unknown": true});
            if !refinements.is_empty() {
                let mut named = serde_json::Map::new();
                if refinements.not_null {
                    named.insert("is_null".into(), Json::Bool(false));
                }
                if !refinements.string_prefix.is_empty() {
                    named.insert(
                        "string_prefix".into(),
                        Json::String(refinements.string_prefix.clone()),
                    );
                }
                // No capture refines numbers or lengths; render them so a
                // mismatch shows rather than passing silently.
                if refinements.number_lower.is_some()
                    || refinements.number_upper.is_some()
                    || refinements.length_min != 0
                    || refinements.length_max.is_some()
                {
                    named.insert("unexpected".into(), Json::String(refinements.to_string()));
                }
                out["$refinements"] = Json::Object(named);
            }
            out
        }
        Value::Bool(b) => Json::Bool(*b),
        Value::Number(n) => match n.to_i64() {
            Some(i) => json!(i),
            None => json!(n.to_f64()),
        },
        Value::String(s) => Json::String(s.clone()),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            Json::Array(items.iter().map(summary_json).collect())
        }
        Value::Map(_, items) | Value::Object(items) => Json::Object(
            items
                .iter()
                .map(|(k, v)| (k.clone(), summary_json(v)))
                .collect(),
        ),
    }
}

/// The process a call belongs to: its id without the stream number.
fn process_of(id: &str) -> &str {
    id.rsplit_once('/').map_or(id, |(process, _)| process)
}

/// The response messages: `None` when the call ended without one (e.g.
/// UNIMPLEMENTED), a list for server-streaming calls.
fn response_bytes(record: &Json, id: &str) -> Option<Vec<Vec<u8>>> {
    match &record["response_hex"] {
        Json::String(text) => Some(vec![hex_bytes(text, id)]),
        Json::Array(items) => Some(
            items
                .iter()
                .map(|item| hex_bytes(item.as_str().expect("hex string"), id))
                .collect(),
        ),
        other => {
            assert!(other.is_null(), "{id}: unexpected response_hex {other}");
            None
        }
    }
}

#[test]
fn every_captured_call_decodes_and_reencodes_byte_for_byte() {
    let records: Vec<Json> = CAPTURES
        .lines()
        .map(|line| serde_json::from_str(line).expect("capture line is JSON"))
        .collect();
    assert_eq!(records.len(), 494, "captures file changed");

    let mut failures = Vec::new();
    let mut counts: BTreeMap<String, Counts> = BTreeMap::new();
    let mut schemas: BTreeMap<String, Schemas> = BTreeMap::new();
    let mut raw_states_checked = 0;
    let mut refined_unknowns = 0;

    for record in &records {
        let id = record["id"].as_str().expect("id");
        let method = record["method"].as_str().expect("method");
        let request = hex_bytes(record["request_hex"].as_str().expect("unary request"), id);
        let responses = response_bytes(record, id);
        let entry = counts.entry(method.to_owned()).or_default();

        // Server-streaming calls carry a list of responses (StreamStdio: none).
        let single = match responses.as_deref() {
            Some([one]) => Some(one.as_slice()),
            Some([]) | None => None,
            Some(_) => {
                failures.push(format!("{id}: several responses"));
                None
            }
        };
        let decoded = decode_call(method, &request, single, id, entry, &mut failures);

        if method == "/tfplugin5.Provider/GetSchema" {
            if let Some(resp) =
                single.and_then(|b| v5::get_provider_schema::Response::decode(b).ok())
            {
                schemas.insert(process_of(id).to_owned(), Schemas::from_response(&resp));
            }
            continue;
        }
        let Some((kind, type_name)) = decoded.typed_by else {
            continue;
        };
        let Some(ty) = schemas
            .get(process_of(id))
            .and_then(|s| s.lookup(kind, &type_name))
        else {
            failures.push(format!("{id}: no schema for {kind:?} {type_name:?}"));
            continue;
        };

        let summary: BTreeMap<&str, &Json> = record["summary"]["dynamic_values"]
            .as_array()
            .expect("dynamic_values")
            .iter()
            .map(|dv| (dv["field"].as_str().expect("field"), dv))
            .collect();
        if summary.len() != decoded.dynamics.len() {
            failures.push(format!(
                "{id}: {} DynamicValues found, the summary lists {}",
                decoded.dynamics.len(),
                summary.len()
            ));
        }
        let mut upgraded = None;
        for (field, bytes) in &decoded.dynamics {
            let what = format!("{id} {field}");
            let Some(expected) = summary.get(field.as_str()) else {
                failures.push(format!("{what}: not in the summary"));
                continue;
            };
            if expected["msgpack_hex"].as_str() != Some(hex::encode(bytes).as_str()) {
                failures.push(format!("{what}: bytes differ from the summary's"));
            }
            let value = match tfschema::msgpack::value_from_slice(bytes, ty) {
                Ok(value) => value,
                Err(e) => {
                    failures.push(format!("{what}: does not decode as {ty}: {e}"));
                    continue;
                }
            };
            entry.dynamic_values += 1;
            refined_unknowns += expected["unknowns"]
                .as_array()
                .map_or(0, |u| u.iter().filter(|u| u["ext_type"] == 12).count());
            if summary_json(&value) != expected["value"] {
                failures.push(format!(
                    "{what}: decoded {} but the summary has {}",
                    summary_json(&value),
                    expected["value"]
                ));
            }
            match tfschema::msgpack::value_to_vec(&value, ty) {
                Ok(again) if &again == bytes => {}
                Ok(again) => failures.push(format!(
                    "{what}: re-encoded as {} instead of {}",
                    hex::encode(again),
                    hex::encode(bytes)
                )),
                Err(e) => failures.push(format!("{what}: does not re-encode: {e}")),
            }
            if field == "response.upgraded_state.msgpack" {
                upgraded = Some(value);
            }
        }

        // The stored state JSON Terraform hands to UpgradeResourceState reads
        // (with the current schema, same version) as the provider's answer.
        if let Some(json_bytes) = decoded.raw_state_json.filter(|j| !j.is_empty()) {
            match tfschema::json::value_from_slice(&json_bytes, ty) {
                Ok(from_json) => {
                    raw_states_checked += 1;
                    if upgraded.as_ref() != Some(&from_json) {
                        failures.push(format!(
                            "{id}: raw_state.json reads as {from_json:?}, upgraded_state is {upgraded:?}"
                        ));
                    }
                }
                Err(e) => failures.push(format!("{id}: raw_state.json does not decode: {e}")),
            }
        }
    }

    let mut table = String::new();
    let mut totals = Counts::default();
    for (method, c) in &counts {
        let _ = writeln!(
            table,
            "{method:<50} requests {:>3} ({:>3} identical)  responses {:>3} ({:>3} identical, {:>2} without)  dynamic values {:>3}",
            c.requests, c.requests_identical, c.responses, c.responses_identical, c.no_response, c.dynamic_values
        );
        totals.requests += c.requests;
        totals.requests_identical += c.requests_identical;
        totals.responses += c.responses;
        totals.responses_identical += c.responses_identical;
        totals.dynamic_values += c.dynamic_values;
    }
    let _ = writeln!(
        table,
        "total: {} requests ({} identical), {} responses ({} identical), {} dynamic values \
         ({} refined unknowns among them), {} raw states",
        totals.requests,
        totals.requests_identical,
        totals.responses,
        totals.responses_identical,
        totals.dynamic_values,
        refined_unknowns,
        raw_states_checked
    );
    println!("{table}");

    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert_eq!(totals.requests, records.len());
    assert_eq!(totals.requests_identical, totals.requests);
    assert_eq!(totals.responses_identical, totals.responses);
    // Every DynamicValue the capture tooling found was checked.
    let listed: usize = records
        .iter()
        .map(|r| {
            r["summary"]["dynamic_values"]
                .as_array()
                .map_or(0, Vec::len)
        })
        .sum();
    assert_eq!(totals.dynamic_values, listed);
    assert!(raw_states_checked > 0);
    // Terraform 1.15.5's refined unknowns (msgpack extension 12) were among them.
    assert!(refined_unknowns > 0);
}
