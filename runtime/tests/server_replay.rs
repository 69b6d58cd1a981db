//! Replays the captured Terraform traffic (Terraform 1.0.3 and 1.15.5
//! talking to HashiCorp's null provider 2.1.2, protocol 5; see
//! `tests/data/terraform/README.md`) into a tfschema provider with the same
//! schema, written with the typed layer, and compares its answers with the
//! Go provider's: planned states byte for byte, applied and read states
//! (except the random ids), upgraded states, diagnostics present or not.
//!
//! The Go provider uses HashiCorp's legacy SDK, which also lists `id` among
//! the replacement paths of every plan (even on create): those entries are
//! the one documented difference.

#![cfg(feature = "server")]

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

use prost::Message;
use serde_json::Value as Json;
use tfschema::diag::Diagnostics;
use tfschema::server::proto::tfplugin5 as v5;
use tfschema::server::proto::tfplugin5::provider_server::Provider as _;
use tfschema::server::testing::Harness;
use tfschema::server::typed::{Ctx, DataSource, PlanView, Provider, Resource, TypedProvider};
use tfschema::{TfSchema, TfType, TfValue, Type, Unknown, Value};

#[derive(TfSchema, TfValue, Debug)]
struct NullConfig {}

#[derive(TfSchema, TfValue, Debug)]
struct NullResource {
    #[tf(optional, computed)]
    id: Unknown<Option<String>>,
    #[tf(requires_replace)]
    triggers: Option<BTreeMap<String, String>>,
}

#[derive(TfSchema, TfValue, Debug)]
struct NullDataSource {
    #[tf(optional, computed)]
    has_computed_default: Unknown<Option<String>>,
    #[tf(optional, computed)]
    id: Unknown<Option<String>>,
    inputs: Option<BTreeMap<String, String>>,
    #[tf(computed)]
    outputs: Unknown<Option<BTreeMap<String, String>>>,
    #[tf(computed)]
    random: Unknown<String>,
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

struct Null;

impl Provider for Null {
    type Config = NullConfig;
    type Client = ();
    async fn configure(
        &self,
        _config: PlanView<NullConfig>,
        _d: &mut Diagnostics,
    ) -> Result<(), Diagnostics> {
        Ok(())
    }
}

struct Resources;

impl Resource for Resources {
    type Client = ();
    type Model = NullResource;

    async fn create(
        &self,
        _ctx: &mut Ctx<()>,
        mut planned: NullResource,
    ) -> Result<NullResource, Diagnostics> {
        planned.id = Unknown::Known(Some(NEXT_ID.fetch_add(1, Ordering::SeqCst).to_string()));
        Ok(planned)
    }
    async fn read(
        &self,
        _ctx: &mut Ctx<()>,
        current: NullResource,
    ) -> Result<Option<NullResource>, Diagnostics> {
        Ok(Some(current))
    }
    async fn update(
        &self,
        _ctx: &mut Ctx<()>,
        _prior: NullResource,
        planned: NullResource,
    ) -> Result<NullResource, Diagnostics> {
        Ok(planned)
    }
    async fn delete(&self, _ctx: &mut Ctx<()>, _prior: NullResource) -> Result<(), Diagnostics> {
        Ok(())
    }
}

struct DataSources;

impl DataSource for DataSources {
    type Client = ();
    type Model = NullDataSource;

    async fn read(
        &self,
        _ctx: &mut Ctx<()>,
        mut config: NullDataSource,
    ) -> Result<NullDataSource, Diagnostics> {
        if !matches!(config.has_computed_default, Unknown::Known(Some(_))) {
            config.has_computed_default = Unknown::Known(Some("default".into()));
        }
        config.id = Unknown::Known(Some("static".into()));
        config.outputs = Unknown::Known(config.inputs.clone());
        config.random = Unknown::Known(NEXT_ID.fetch_add(1, Ordering::SeqCst).to_string());
        Ok(config)
    }
}

fn harness() -> Harness<TypedProvider<Null>> {
    Harness::new(
        TypedProvider::new(Null)
            .resource("null_resource", Resources)
            .data_source("null_data_source", DataSources),
    )
    .protocol_5()
}

fn hex_bytes(record: &Json, key: &str) -> Vec<u8> {
    let text = match &record[key] {
        Json::String(s) => s.clone(),
        Json::Array(items) => items
            .first()
            .and_then(Json::as_str)
            .unwrap_or("")
            .to_owned(),
        _ => String::new(),
    };
    hex::decode(text).expect("hex")
}

fn value(dv: Option<&v5::DynamicValue>, ty: &Type) -> Value {
    match dv {
        Some(dv) if !dv.msgpack.is_empty() => {
            tfschema::msgpack::value_from_slice(&dv.msgpack, ty).expect("decodes")
        }
        _ => Value::Null(ty.clone()),
    }
}

/// The value with the given attributes replaced by a marker (random parts).
fn masked(v: &Value, names: &[&str]) -> Value {
    match v {
        Value::Object(attrs) => Value::Object(
            attrs
                .iter()
                .map(|(k, x)| {
                    let x = if names.contains(&k.as_str()) && matches!(x, Value::String(_)) {
                        Value::from("<random>")
                    } else {
                        x.clone()
                    };
                    (k.clone(), x)
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

/// The two ways the legacy SDK's plans differ from tfschema's default
/// planning, both from its older type system:
/// - on a change that forces replacement it keeps the prior `id` (Terraform
///   plans the create separately), where tfschema marks computed attributes
///   unknown whenever something changed;
/// - it cannot plan a map holding an unknown element, so the whole map
///   becomes unknown, where tfschema keeps Terraform's proposal (the known
///   keys, the unknown element, and on 1.6+ its refinements).
fn legacy_equivalent(ours: &Value, theirs: &Value, replacing: bool) -> bool {
    let (Value::Object(o), Value::Object(t)) = (ours, theirs) else {
        return false;
    };
    o.keys().eq(t.keys())
        && o.iter().all(|(k, ov)| {
            let tv = &t[k];
            ov == tv
                || (k == "id" && replacing && !ov.is_known() && matches!(tv, Value::String(_)))
                || (matches!(ov, Value::Map(..)) && !ov.is_wholly_known() && !tv.is_known())
        })
}

fn has_errors(diags: &[v5::Diagnostic]) -> bool {
    diags
        .iter()
        .any(|d| d.severity == v5::diagnostic::Severity::Error as i32)
}

fn paths(paths: &[v5::AttributePath]) -> Vec<String> {
    paths.iter().map(|p| format!("{:?}", p.steps)).collect()
}

/// name, type JSON, required, optional, computed, sensitive of each attribute.
fn flags(block: Option<&v5::schema::Block>) -> Vec<(String, String, bool, bool, bool, bool)> {
    let mut out: Vec<_> = block
        .map(|b| b.attributes.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|a| {
            let ty = String::from_utf8_lossy(&a.r#type).into_owned();
            (
                a.name.clone(),
                ty,
                a.required,
                a.optional,
                a.computed,
                a.sensitive,
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn derived_schema_matches_the_null_providers() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let h = harness();
        let text = include_str!("data/terraform/grpc_captures.jsonl");
        let record: Json = text
            .lines()
            .map(|l| serde_json::from_str::<Json>(l).unwrap())
            .find(|r| r["method"] == "/tfplugin5.Provider/GetSchema")
            .unwrap();
        let theirs =
            v5::get_provider_schema::Response::decode(&hex_bytes(&record, "response_hex")[..])
                .unwrap();
        let ours = h
            .grpc()
            .v5()
            .get_schema(tonic::Request::new(v5::get_provider_schema::Request {}))
            .await
            .unwrap()
            .into_inner();
        for (kind, o, t) in [
            ("resource", &ours.resource_schemas, &theirs.resource_schemas),
            (
                "data source",
                &ours.data_source_schemas,
                &theirs.data_source_schemas,
            ),
        ] {
            assert_eq!(
                o.keys().collect::<Vec<_>>(),
                t.keys().collect::<Vec<_>>(),
                "{kind}s"
            );
            for (name, schema) in o {
                // `computed` alone (outputs, random) is computed only, as in
                // the Go provider; `optional, computed` is both (id).
                assert_eq!(
                    flags(schema.block.as_ref()),
                    flags(t[name].block.as_ref()),
                    "{kind} {name}"
                );
            }
        }
    });
}

#[test]
fn captured_calls_get_the_null_providers_answers() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let h = harness();
        let provider = h.grpc().v5();
        let resource_ty = NullResource::tf_type();
        let data_ty = NullDataSource::tf_type();
        let id_path = {
            let p = v5::AttributePath {
                steps: vec![v5::attribute_path::Step {
                    selector: Some(v5::attribute_path::step::Selector::AttributeName("id".into())),
                }],
            };
            format!("{:?}", p.steps)
        };
        let text = include_str!("data/terraform/grpc_captures.jsonl");
        let mut compared: BTreeMap<&str, usize> = BTreeMap::new();
        let mut failures = Vec::new();
        let (mut exact_plans, mut legacy_plans) = (0, 0);
        for line in text.lines() {
            let record: Json = serde_json::from_str(line).expect("jsonl");
            let id = record["id"].as_str().unwrap_or("?").to_owned();
            let method = record["method"].as_str().unwrap_or("").rsplit('/').next().unwrap_or("").to_owned();
            if record["grpc_status"].as_i64() != Some(0) {
                continue;
            }
            let req = hex_bytes(&record, "request_hex");
            let resp = hex_bytes(&record, "response_hex");
            let mut check = |ok: bool, what: String| {
                if !ok {
                    failures.push(format!("{id} {method}: {what}"));
                }
            };
            match method.as_str() {
                "PrepareProviderConfig" => {
                    let ours = provider
                        .prepare_provider_config(tonic::Request::new(v5::prepare_provider_config::Request::decode(&req[..]).unwrap()))
                        .await
                        .unwrap()
                        .into_inner();
                    let theirs = v5::prepare_provider_config::Response::decode(&resp[..]).unwrap();
                    check(has_errors(&ours.diagnostics) == has_errors(&theirs.diagnostics), format!("{:?}", ours.diagnostics));
                }
                "Configure" => {
                    let ours = provider
                        .configure(tonic::Request::new(v5::configure::Request::decode(&req[..]).unwrap()))
                        .await
                        .unwrap()
                        .into_inner();
                    let theirs = v5::configure::Response::decode(&resp[..]).unwrap();
                    check(has_errors(&ours.diagnostics) == has_errors(&theirs.diagnostics), format!("{:?}", ours.diagnostics));
                }
                "ValidateResourceTypeConfig" => {
                    let ours = provider
                        .validate_resource_type_config(tonic::Request::new(
                            v5::validate_resource_type_config::Request::decode(&req[..]).unwrap(),
                        ))
                        .await
                        .unwrap()
                        .into_inner();
                    let theirs = v5::validate_resource_type_config::Response::decode(&resp[..]).unwrap();
                    check(has_errors(&ours.diagnostics) == has_errors(&theirs.diagnostics), format!("{:?}", ours.diagnostics));
                }
                "ValidateDataSourceConfig" => {
                    let ours = provider
                        .validate_data_source_config(tonic::Request::new(
                            v5::validate_data_source_config::Request::decode(&req[..]).unwrap(),
                        ))
                        .await
                        .unwrap()
                        .into_inner();
                    let theirs = v5::validate_data_source_config::Response::decode(&resp[..]).unwrap();
                    check(has_errors(&ours.diagnostics) == has_errors(&theirs.diagnostics), format!("{:?}", ours.diagnostics));
                }
                "PlanResourceChange" => {
                    let request = v5::plan_resource_change::Request::decode(&req[..]).unwrap();
                    let create = value(request.prior_state.as_ref(), &resource_ty).is_null();
                    let ours = provider.plan_resource_change(tonic::Request::new(request)).await.unwrap().into_inner();
                    let theirs = v5::plan_resource_change::Response::decode(&resp[..]).unwrap();
                    let mut wanted = paths(&theirs.requires_replace);
                    wanted.retain(|p| *p != id_path);
                    if create {
                        wanted.clear();
                    }
                    let (o, t) = (value(ours.planned_state.as_ref(), &resource_ty), value(theirs.planned_state.as_ref(), &resource_ty));
                    let same_bytes = ours.planned_state.as_ref().map(|d| &d.msgpack) == theirs.planned_state.as_ref().map(|d| &d.msgpack);
                    if same_bytes {
                        exact_plans += 1;
                    } else if legacy_equivalent(&o, &t, !wanted.is_empty()) {
                        legacy_plans += 1;
                    } else {
                        check(false, format!("planned {o:?} vs {t:?}"));
                    }
                    check(paths(&ours.requires_replace) == wanted, format!("requires_replace {:?} vs {wanted:?}", paths(&ours.requires_replace)));
                }
                "ApplyResourceChange" => {
                    let request = v5::apply_resource_change::Request::decode(&req[..]).unwrap();
                    let ours = provider.apply_resource_change(tonic::Request::new(request)).await.unwrap().into_inner();
                    let theirs = v5::apply_resource_change::Response::decode(&resp[..]).unwrap();
                    let (o, t) = (value(ours.new_state.as_ref(), &resource_ty), value(theirs.new_state.as_ref(), &resource_ty));
                    check(masked(&o, &["id"]) == masked(&t, &["id"]), format!("new state {o:?} vs {t:?}"));
                    check(!has_errors(&ours.diagnostics), format!("{:?}", ours.diagnostics));
                }
                "ReadResource" => {
                    let request = v5::read_resource::Request::decode(&req[..]).unwrap();
                    let ours = provider.read_resource(tonic::Request::new(request)).await.unwrap().into_inner();
                    let theirs = v5::read_resource::Response::decode(&resp[..]).unwrap();
                    check(
                        ours.new_state.as_ref().map(|d| &d.msgpack) == theirs.new_state.as_ref().map(|d| &d.msgpack),
                        "new state differs".into(),
                    );
                }
                "UpgradeResourceState" => {
                    let request = v5::upgrade_resource_state::Request::decode(&req[..]).unwrap();
                    let ours = provider.upgrade_resource_state(tonic::Request::new(request)).await.unwrap().into_inner();
                    let theirs = v5::upgrade_resource_state::Response::decode(&resp[..]).unwrap();
                    check(
                        ours.upgraded_state.as_ref().map(|d| &d.msgpack) == theirs.upgraded_state.as_ref().map(|d| &d.msgpack),
                        format!("upgraded {:?}", value(ours.upgraded_state.as_ref(), &resource_ty)),
                    );
                }
                "ReadDataSource" => {
                    let request = v5::read_data_source::Request::decode(&req[..]).unwrap();
                    let ours = provider.read_data_source(tonic::Request::new(request)).await.unwrap().into_inner();
                    let theirs = v5::read_data_source::Response::decode(&resp[..]).unwrap();
                    let (o, t) = (value(ours.state.as_ref(), &data_ty), value(theirs.state.as_ref(), &data_ty));
                    check(masked(&o, &["random"]) == masked(&t, &["random"]), format!("state {o:?} vs {t:?}"));
                }
                "ImportResourceState" => {
                    let request = v5::import_resource_state::Request::decode(&req[..]).unwrap();
                    let ours = provider.import_resource_state(tonic::Request::new(request)).await.unwrap().into_inner();
                    let theirs = v5::import_resource_state::Response::decode(&resp[..]).unwrap();
                    check(has_errors(&ours.diagnostics) == has_errors(&theirs.diagnostics), format!("{:?}", ours.diagnostics));
                }
                _ => continue,
            }
            *compared.entry(match method.as_str() {
                "PrepareProviderConfig" => "PrepareProviderConfig",
                "Configure" => "Configure",
                "ValidateResourceTypeConfig" => "ValidateResourceTypeConfig",
                "ValidateDataSourceConfig" => "ValidateDataSourceConfig",
                "PlanResourceChange" => "PlanResourceChange",
                "ApplyResourceChange" => "ApplyResourceChange",
                "ReadResource" => "ReadResource",
                "UpgradeResourceState" => "UpgradeResourceState",
                "ReadDataSource" => "ReadDataSource",
                _ => "ImportResourceState",
            })
            .or_default() += 1;
        }
        println!("compared: {compared:?}; plans byte-identical: {exact_plans}, legacy-SDK differences: {legacy_plans}");
        assert_eq!((exact_plans, legacy_plans), (30, 8));
        assert!(failures.is_empty(), "{} differences:\n{}", failures.len(), failures.join("\n"));
        assert!(compared.get("PlanResourceChange").copied().unwrap_or(0) >= 30, "{compared:?}");
        assert!(compared.get("ApplyResourceChange").copied().unwrap_or(0) >= 10, "{compared:?}");
    });
}
