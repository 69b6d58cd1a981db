//! The JSON lines the layer writes, checked against what terraform-plugin-go
//! and terraform-plugin-log write for the same calls (key names from
//! terraform-plugin-go `internal/logging/keys.go`, `@module` names from
//! `tfsdklog.NewRootProviderLogger` / `tflog.NewSubsystem`, `***` from
//! terraform-plugin-log `internal/logging/filtering.go`).

use std::sync::{Arc, Mutex};
use std::time::{Duration, UNIX_EPOCH};

use regex::Regex;
use tracing::level_filters::LevelFilter;
use tracing::Instrument as _;

use super::layer::timestamp;
use super::level::level_from_tf_log;
use super::rpc::Logged;
use super::*;
use crate::server::raw::{ProviderSchema, RawProvider, ReadResourceRequest, StopSignal};

#[test]
fn timestamps() {
    assert_eq!(timestamp(UNIX_EPOCH), "1970-01-01T00:00:00.000000Z");
    // 2026-11-22T00:33:18.123456Z
    let t = UNIX_EPOCH + Duration::new(1_795_307_598, 123_456_000);
    assert_eq!(timestamp(t), "2026-11-22T00:33:18.123456Z");
    // A leap day.
    let t = UNIX_EPOCH + Duration::from_secs(951_782_400);
    assert_eq!(timestamp(t), "2000-02-29T00:00:00.000000Z");
}

#[test]
fn levels() {
    assert_eq!(level_from_tf_log(None), LevelFilter::WARN);
    assert_eq!(level_from_tf_log(Some("debug")), LevelFilter::DEBUG);
    assert_eq!(level_from_tf_log(Some("JSON")), LevelFilter::TRACE);
    assert_eq!(level_from_tf_log(Some("off")), LevelFilter::OFF);
}

/// The lines `layer` writes while `f` runs, parsed.
fn lines_of(mut layer: HclogLayer, f: impl FnOnce()) -> Vec<serde_json::Value> {
    use tracing_subscriber::layer::SubscriberExt as _;
    let lines = Arc::new(Mutex::new(Vec::new()));
    layer.capture = Some(lines.clone());
    let subscriber = tracing_subscriber::registry().with(layer);
    tracing::subscriber::with_default(subscriber, f);
    let lines = lines.lock().expect("lock");
    lines
        .iter()
        .map(|l| {
            serde_json::from_str(l)
                .map_err(|e| format!("{e}: {l}"))
                .expect("a JSON line")
        })
        .collect()
}

#[test]
fn json_lines() {
    let lines = lines_of(HclogLayer::new(LevelFilter::TRACE, "provider"), || {
        tracing::info!(
            protocol = 6,
            tls = true,
            addr = "x\"y",
            "serving \"plugin\""
        );
    });
    assert_eq!(lines.len(), 1);
    let v = &lines[0];
    assert_eq!(v["@level"], "info");
    assert_eq!(v["@message"], "serving \"plugin\"");
    assert_eq!(v["@module"], "provider");
    assert_eq!(v["@timestamp"], "1970-01-01T00:00:00.000000Z");
    assert_eq!(v["protocol"], 6);
    assert_eq!(v["tls"], true);
    assert_eq!(v["addr"], "x\"y");
    assert!(v["@caller"]
        .as_str()
        .is_some_and(|c| c.contains("tests.rs")));
}

#[test]
fn transport_noise_is_left_out() {
    let lines = lines_of(HclogLayer::new(LevelFilter::TRACE, "provider"), || {
        tracing::trace!(target: "h2::codec::framed_write", "frame");
        tracing::warn!(target: "h2::codec", "bad frame");
        tracing::trace!(target: "tfschema::server::serve", "ours");
    });
    let messages: Vec<&str> = lines
        .iter()
        .filter_map(|l| l["@message"].as_str())
        .collect();
    assert_eq!(messages, ["bad frame", "ours"]);
    let lines = lines_of(HclogLayer::new(LevelFilter::INFO, "provider"), || {
        tracing::debug!("below the level");
    });
    assert!(lines.is_empty());
}

#[test]
fn span_fields_are_written_and_the_event_wins() {
    let lines = lines_of(HclogLayer::new(LevelFilter::TRACE, "provider"), || {
        let outer = tracing::info_span!("outer", region = "eu", n = 1);
        let _o = outer.enter();
        let inner = tracing::info_span!("inner", n = 2, later = tracing::field::Empty);
        inner.record("later", "set");
        let _i = inner.enter();
        tracing::info!(region = "us", "in both");
    });
    let v = &lines[0];
    assert_eq!(v["region"], "us");
    assert_eq!(v["n"], 2);
    assert_eq!(v["later"], "set");
}

/// A provider answering `ReadResource` with a line of its own.
struct Reads;

impl RawProvider for Reads {
    fn schema(&self) -> ProviderSchema {
        ProviderSchema::default()
    }

    async fn read_resource(
        &self,
        _request: ReadResourceRequest,
        _stop: StopSignal,
    ) -> crate::server::raw::ReadResourceResponse {
        tracing::info!(id = "abc", "reading");
        crate::server::raw::ReadResourceResponse::default()
    }
}

fn read_request(type_name: &str) -> ReadResourceRequest {
    ReadResourceRequest {
        type_name: type_name.to_owned(),
        current_state: crate::server::raw::DynamicValue::null(crate::types::Type::String),
        private: Vec::new(),
        provider_meta: None,
        client_capabilities: crate::server::raw::ClientCapabilities::default(),
        current_identity: None,
    }
}

/// Runs `f`'s future to completion on the current thread.
fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("runtime")
        .block_on(f)
}

#[test]
fn a_call_carries_terraform_plugin_go_fields() {
    let layer = HclogLayer::new(LevelFilter::TRACE, "null")
        .provider_address("registry.terraform.io/hashicorp/null");
    let lines = lines_of(layer, || {
        let provider = Logged(Reads);
        block_on(provider.read_resource(read_request("null_resource"), StopSignal::never()));
        block_on(provider.read_resource(read_request("null_resource"), StopSignal::never()));
    });
    let messages: Vec<&str> = lines
        .iter()
        .filter_map(|l| l["@message"].as_str())
        .collect();
    assert_eq!(
        messages,
        [
            "Received request",
            "reading",
            "Served request",
            "Received request",
            "reading",
            "Served request"
        ]
    );
    let reading = &lines[1];
    assert_eq!(reading["@module"], "null");
    assert_eq!(reading["tf_rpc"], "ReadResource");
    assert_eq!(reading["tf_resource_type"], "null_resource");
    assert_eq!(
        reading["tf_provider_addr"],
        "registry.terraform.io/hashicorp/null"
    );
    assert_eq!(reading["id"], "abc");
    assert!(reading.get("tf_data_source_type").is_none(), "{reading}");
    let id = reading["tf_req_id"].as_str().expect("tf_req_id");
    // Go's protocol lines: module sdk.proto, the same request ID.
    assert_eq!(lines[0]["@module"], "sdk.proto");
    assert_eq!(lines[0]["@level"], "trace");
    assert_eq!(lines[0]["tf_req_id"], id);
    assert_eq!(lines[2]["tf_req_id"], id);
    // Another call, another ID.
    assert_ne!(lines[4]["tf_req_id"], id);
}

#[test]
fn subsystems_have_their_module_and_level() {
    let layer =
        HclogLayer::new(LevelFilter::INFO, "example").subsystem("client", LevelFilter::TRACE);
    let lines = lines_of(layer, || {
        tracing::debug!("root debug: below the root level");
        let span = subsystem("client");
        span.in_scope(|| tracing::trace!(url = "/x", "client trace"));
        subsystem("quiet").in_scope(|| tracing::debug!("quiet debug: at the root level"));
        subsystem("quiet").in_scope(|| tracing::info!("quiet info"));
        block_on(async { tracing::trace!("in a future") }.instrument(subsystem("client")));
    });
    let got: Vec<(&str, &str)> = lines
        .iter()
        .map(|l| {
            (
                l["@module"].as_str().unwrap_or(""),
                l["@message"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("example.client", "client trace"),
            ("example.quiet", "quiet info"),
            ("example.client", "in a future"),
        ]
    );
    assert!(lines[0].get("tf_subsystem").is_none());
    assert_eq!(lines[0]["url"], "/x");
}

#[test]
fn a_subsystem_can_be_quieter_than_the_root() {
    let layer = HclogLayer::new(LevelFilter::TRACE, "p").subsystem("noisy", LevelFilter::WARN);
    let lines = lines_of(layer, || {
        subsystem("noisy").in_scope(|| {
            tracing::info!("dropped");
            tracing::warn!("kept");
        });
    });
    let messages: Vec<&str> = lines
        .iter()
        .filter_map(|l| l["@message"].as_str())
        .collect();
    assert_eq!(messages, ["kept"]);
}

#[test]
fn masks_on_the_layer() {
    let masks = Masks::new()
        .field_values_with_field_keys(["token"])
        .all_field_values_regexes([Regex::new(r"\d{3}-\d{4}").expect("regex")])
        .message_strings(["hunter2"]);
    let layer = HclogLayer::new(LevelFilter::TRACE, "p").masks(masks);
    let lines = lines_of(layer, || {
        let span = tracing::info_span!("call", token = "in-a-span");
        let _s = span.enter();
        tracing::info!(
            token = 42,
            phone = "call 555-1234 now",
            count = 5551234,
            "password hunter2"
        );
    });
    let v = &lines[0];
    assert_eq!(v["token"], "***");
    assert_eq!(v["phone"], "call *** now");
    assert_eq!(v["count"], 5_551_234);
    assert_eq!(v["@message"], "password ***");
}

#[test]
fn process_masks_apply_to_every_layer() {
    // A string no other test logs, so adding it for the process is harmless.
    mask(Masks::new().all_field_values_strings(["process-wide-sentinel-7f3a"]));
    let lines = lines_of(HclogLayer::new(LevelFilter::TRACE, "p"), || {
        tracing::info!(v = "a process-wide-sentinel-7f3a b", "m");
    });
    assert_eq!(lines[0]["v"], "a *** b");
}

#[test]
fn from_env_without_address_keeps_module_provider() {
    let layer = HclogLayer::from_env_for(None);
    let lines = lines_of(layer, || tracing::error!("e"));
    assert_eq!(lines[0]["@module"], "provider");
    let layer = HclogLayer::from_env_for(Some("registry.terraform.io/acme/google-beta"));
    let lines = lines_of(layer, || tracing::error!("e"));
    assert_eq!(lines[0]["@module"], "google_beta");
}
