//! The provider client against a real Go provider: hashicorp/null 2.1.2
//! (terraform-plugin-sdk v1, go-plugin, protocol 5 only), which
//! `e2e/install-terraform.sh` fetches. Runs only with
//! `TFSCHEMA_GO_NULL=<path to terraform-provider-null_v2.1.2_x4>` (the e2e
//! stage sets it); without it every test passes at once, saying so.

#![cfg(feature = "client")]
#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]

use std::path::PathBuf;
use std::time::{Duration, Instant};

use tfschema::server::client::{LaunchOptions, PluginClient, Proxy5};
use tfschema::server::proto::tfplugin5;
use tfschema::server::proto::tfplugin5::provider_server::Provider as _;
use tonic::Request;

/// The Go binary, when the environment names one.
fn go_null() -> Option<PathBuf> {
    match std::env::var_os("TFSCHEMA_GO_NULL") {
        Some(path) => {
            let path = PathBuf::from(path);
            assert!(
                path.is_file(),
                "TFSCHEMA_GO_NULL={} is not a file",
                path.display()
            );
            Some(path)
        }
        None => {
            println!("skipped: TFSCHEMA_GO_NULL is not set (e2e sets it)");
            None
        }
    }
}

/// Whether a process is gone (or a zombie nobody has reaped yet).
fn gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

async fn schema(proxy: &Proxy5) -> tfplugin5::get_provider_schema::Response {
    proxy
        .get_schema(Request::new(tfplugin5::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn go_null_schema_through_proxy5_then_shutdown() {
    let Some(binary) = go_null() else { return };
    let plugin = PluginClient::launch(LaunchOptions::new(&binary))
        .await
        .unwrap();
    // SDK v1 serves protocol 5 only.
    assert_eq!(plugin.protocol(), 5);
    assert_eq!(plugin.name(), "terraform-provider-null_v2.1.2_x4");
    let proxy = Proxy5::new(plugin.clone()).unwrap();
    let answer = schema(&proxy).await;
    assert!(answer.diagnostics.is_empty(), "{:?}", answer.diagnostics);
    let mut resources: Vec<&str> = answer.resource_schemas.keys().map(String::as_str).collect();
    resources.sort_unstable();
    assert_eq!(resources, ["null_resource"]);
    assert!(answer.data_source_schemas.contains_key("null_data_source"));
    let pid = plugin.pid().unwrap();
    let started = Instant::now();
    let status = plugin.shutdown().await.unwrap();
    println!("shut down in {:?}: {status}", started.elapsed());
    // go-plugin's server exits by itself after GRPCController/Shutdown,
    // within the grace period: a child killed after it would not exit 0.
    assert!(status.success(), "{status}");
    assert!(gone(pid));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn go_null_offered_only_6_falls_back_to_its_legacy_version() {
    let Some(binary) = go_null() else { return };
    // go-plugin's fallback: offered none of its versions, a plugin
    // answers with its handshake config's ProtocolVersion, which SDK v1
    // sets to 4 (Terraform 0.11's protocol); the client refuses it as
    // Terraform does, naming the file.
    let err = PluginClient::launch(LaunchOptions::new(&binary).protocol_versions("6"))
        .await
        .unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with(&format!(
            "provider {}: it chose plugin protocol \"4\"; Terraform offered 6\n",
            binary.display()
        )),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn go_null_killed_answers_with_a_diagnostic_naming_it() {
    let Some(binary) = go_null() else { return };
    let plugin = PluginClient::launch(LaunchOptions::new(&binary))
        .await
        .unwrap();
    let proxy = Proxy5::new(plugin.clone()).unwrap();
    assert!(schema(&proxy).await.diagnostics.is_empty());
    let pid = plugin.pid().unwrap();
    let status = std::process::Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let started = Instant::now();
    let answer = schema(&proxy).await;
    let took = started.elapsed();
    println!("answered {took:?} after the kill");
    assert!(took < Duration::from_secs(3), "{took:?}");
    assert_eq!(answer.diagnostics.len(), 1, "{:?}", answer.diagnostics);
    let d = &answer.diagnostics[0];
    assert_eq!(d.severity, tfplugin5::diagnostic::Severity::Error as i32);
    assert_eq!(
        d.summary,
        "provider terraform-provider-null_v2.1.2_x4 exited (signal: 9 (SIGKILL))"
    );
    assert!(
        d.detail.contains(&binary.display().to_string()),
        "{}",
        d.detail
    );
    let stop = proxy
        .stop(Request::new(tfplugin5::stop::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert!(stop.error.starts_with(&d.summary), "{}", stop.error);
    assert!(plugin.shutdown().await.is_some());
    assert!(gone(pid));
}
