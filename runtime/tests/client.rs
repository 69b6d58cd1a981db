//! The provider client (`server::client`) against binaries the workspace
//! builds: this test binary is also the provider it launches
//! (`CLIENT_TEST_ROLE=provider`, a raw tfschema provider on protocols 5 and
//! 6) and the parent process of the parent-death test
//! (`CLIENT_TEST_ROLE=parent`). So it has its own main: libtest's banner
//! would come before the handshake line.
//!
//! Launch, the schema through the proxies, the child's stderr in our log,
//! shutdown with no process left; attach from a reattach configuration;
//! binaries that are not providers; the child SIGKILLed during a call and
//! before the next ones; the child killed by the kernel when its parent
//! is. Bounds are generous (the machines are shared); each case prints
//! what it measured.

#![allow(clippy::unwrap_used, clippy::panic, clippy::expect_used)]

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tfschema::diag::Diagnostics;
use tfschema::server::client::{ClientErrorKind, LaunchOptions, PluginClient, Proxy5, Proxy6};
use tfschema::server::proto::tfplugin5::provider_server::Provider as _;
use tfschema::server::proto::tfplugin6::provider_server::Provider as _;
use tfschema::server::proto::{tfplugin5, tfplugin6};
use tfschema::server::raw::{self, ProviderSchema, RawProvider};
use tfschema::server::{DebugOptions, DebugServer, ProviderServices, ReattachConfig};
use tfschema::{TfSchema, TfValue};
use tokio_stream::StreamExt as _;
use tonic::Request;
use tracing::field::{Field, Visit};
use tracing_subscriber::layer::{Context, SubscriberExt as _};
use tracing_subscriber::Layer;

const ROLE: &str = "CLIENT_TEST_ROLE";
/// The hclog line the provider writes to stderr before serving.
const HELLO: &str =
    r#"{"@level":"warn","@message":"hello from the child","@module":"clienttest","answer":42}"#;
/// Makes the provider's schema larger than tonic's default 4 MiB limit.
const BIG: &str = "CLIENT_TEST_BIG";
const BIG_BYTES: usize = 5 << 20;
/// How soon a call must answer once the child is gone.
const PROMPT: Duration = Duration::from_secs(3);

#[derive(TfSchema, TfValue)]
struct Thing {
    name: Option<String>,
}

/// The provider the tests launch: one data source; its resource
/// validation never answers (the call the kill test interrupts).
struct Child;

impl RawProvider for Child {
    fn schema(&self) -> ProviderSchema {
        let mut schema = ProviderSchema::default();
        schema
            .data_sources
            .insert("clienttest_thing".into(), Thing::schema());
        schema
            .resources
            .insert("clienttest_hang".into(), Thing::schema());
        if std::env::var_os(BIG).is_some() {
            let mut big = Thing::schema();
            big.block.description = "x".repeat(BIG_BYTES);
            schema.data_sources.insert("clienttest_big".into(), big);
        }
        schema
    }

    async fn validate_resource_config(
        &self,
        _: raw::ValidateResourceConfigRequest,
        _: raw::StopSignal,
    ) -> Diagnostics {
        std::future::pending().await
    }
}

fn main() -> ExitCode {
    match std::env::var(ROLE).as_deref() {
        Ok("provider") => {
            eprintln!("{HELLO}");
            eprintln!("[INFO] a plain line");
            return tfschema::server::run(ProviderServices::from_raw(Child));
        }
        Ok("parent") => return parent(),
        Ok("terraform") => return terraform_parent(),
        _ => {}
    }
    let log = Captured::install();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let cases = [
        "launch_protocol_6_through_proxy6",
        "launch_protocol_5_through_proxy5",
        "attach_from_reattach_config",
        "messages_over_4_mib_pass_both_ways",
        "not_a_provider_times_out",
        "not_a_provider_exits",
        "killed_child_answers_with_a_diagnostic",
        "child_dies_with_its_parent",
        "provider_stops_when_terraform_is_gone",
    ];
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let mut failed = 0;
    for name in cases {
        if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        let started = Instant::now();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            runtime.block_on(case(name, &log));
        }));
        let secs = started.elapsed().as_secs_f64();
        match outcome {
            Ok(()) => println!("test {name} ... ok ({secs:.2} s)"),
            Err(_) => {
                println!("test {name} ... FAILED ({secs:.2} s)");
                failed += 1;
            }
        }
    }
    if failed > 0 {
        println!("{failed} failed");
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

type Case = std::pin::Pin<Box<dyn std::future::Future<Output = ()>>>;

fn case(name: &str, log: &Captured) -> Case {
    match name {
        "launch_protocol_6_through_proxy6" => {
            Box::pin(launch_protocol_6_through_proxy6(log.clone()))
        }
        "launch_protocol_5_through_proxy5" => Box::pin(launch_protocol_5_through_proxy5()),
        "attach_from_reattach_config" => Box::pin(attach_from_reattach_config()),
        "messages_over_4_mib_pass_both_ways" => Box::pin(messages_over_4_mib_pass_both_ways()),
        "not_a_provider_times_out" => Box::pin(not_a_provider_times_out()),
        "not_a_provider_exits" => Box::pin(not_a_provider_exits()),
        "killed_child_answers_with_a_diagnostic" => {
            Box::pin(killed_child_answers_with_a_diagnostic())
        }
        "child_dies_with_its_parent" => Box::pin(child_dies_with_its_parent()),
        "provider_stops_when_terraform_is_gone" => {
            Box::pin(provider_stops_when_terraform_is_gone())
        }
        other => panic!("no case {other}"),
    }
}

/// This binary, launched as the provider.
fn provider(offered: &str) -> LaunchOptions {
    LaunchOptions::new(std::env::current_exe().unwrap())
        .env(ROLE, "provider")
        .protocol_versions(offered)
        .name("clienttest")
        .handshake_timeout(Duration::from_secs(30))
}

/// Whether a process is gone (or a zombie nobody has reaped yet).
fn gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        // The state follows the parenthesised command name.
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

/// Waits up to `within` for `pid` to be gone.
async fn wait_gone(pid: u32, within: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < within {
        if gone(pid) {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    gone(pid)
}

fn sigkill(pid: u32) {
    let status = std::process::Command::new("kill")
        .args(["-9", &pid.to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

async fn launch_protocol_6_through_proxy6(log: Captured) {
    let plugin = PluginClient::launch(provider("5,6")).await.unwrap();
    assert_eq!(plugin.protocol(), 6, "the highest version offered");
    assert_eq!(plugin.name(), "clienttest");
    assert!(Proxy5::new(plugin.clone())
        .unwrap_err()
        .to_string()
        .contains("speaks plugin protocol 6, not 5"));
    let proxy = Proxy6::new(plugin.clone()).unwrap();
    let schema = proxy
        .get_provider_schema(Request::new(tfplugin6::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert!(schema.diagnostics.is_empty(), "{:?}", schema.diagnostics);
    assert!(schema.data_source_schemas.contains_key("clienttest_thing"));
    let pid = plugin.pid().unwrap();
    let status = plugin.shutdown().await.expect("a launched child's status");
    // tfschema's server exits 0 after GRPCController/Shutdown.
    assert!(status.success(), "{status}");
    assert!(
        wait_gone(pid, Duration::from_secs(2)).await,
        "pid {pid} left behind"
    );
    // Its stderr reached our log with its level, name, module and fields.
    let events = log.events();
    let hello = events
        .iter()
        .find(|e| e.message == "hello from the child")
        .unwrap_or_else(|| panic!("no relayed event in {events:#?}"));
    assert_eq!(hello.level, tracing::Level::WARN);
    assert_eq!(
        hello.fields.get("plugin").map(String::as_str),
        Some("clienttest")
    );
    assert_eq!(
        hello.fields.get("module").map(String::as_str),
        Some("clienttest")
    );
    assert_eq!(
        hello.fields.get("fields").map(String::as_str),
        Some("answer=42")
    );
    let plain = events
        .iter()
        .find(|e| e.message == "[INFO] a plain line")
        .unwrap();
    assert_eq!(plain.level, tracing::Level::INFO);
}

async fn launch_protocol_5_through_proxy5() {
    let plugin = PluginClient::launch(provider("5")).await.unwrap();
    assert_eq!(plugin.protocol(), 5);
    assert!(Proxy6::new(plugin.clone()).is_err());
    let proxy = Proxy5::new(plugin.clone()).unwrap();
    let schema = proxy
        .get_schema(Request::new(tfplugin5::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert!(schema.data_source_schemas.contains_key("clienttest_thing"));
    let pid = plugin.pid().unwrap();
    assert!(plugin.shutdown().await.unwrap().success());
    assert!(wait_gone(pid, Duration::from_secs(2)).await);
}

async fn attach_from_reattach_config() {
    let server = DebugServer::start(
        ProviderServices::from_raw(Child),
        DebugOptions::new().address("registry.terraform.io/example/clienttest"),
    )
    .await
    .unwrap();
    let configs = ReattachConfig::parse_providers(&server.reattach_providers()).unwrap();
    assert_eq!(configs.len(), 1);
    let plugin = PluginClient::attach(&configs[0]).await.unwrap();
    assert_eq!(plugin.name(), "registry.terraform.io/example/clienttest");
    assert_eq!(plugin.protocol(), 6);
    assert_eq!(plugin.pid(), Some(std::process::id()));
    let proxy = Proxy6::new(plugin.clone()).unwrap();
    let schema = proxy
        .get_provider_schema(Request::new(tfplugin6::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert!(schema.data_source_schemas.contains_key("clienttest_thing"));
    // Not ours: shutdown leaves it serving.
    assert_eq!(plugin.shutdown().await, None);
    let again = proxy
        .get_provider_schema(Request::new(tfplugin6::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert!(again.diagnostics.is_empty(), "{:?}", again.diagnostics);
    server.shutdown().await;
}

async fn messages_over_4_mib_pass_both_ways() {
    let plugin = PluginClient::launch(provider("6").env(BIG, "1"))
        .await
        .unwrap();
    let proxy = Proxy6::new(plugin.clone()).unwrap();
    // An answer of 5 MiB (tonic's default limit is 4 MiB).
    let schema = proxy
        .get_provider_schema(Request::new(tfplugin6::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert!(schema.diagnostics.is_empty(), "{:?}", schema.diagnostics);
    let big = &schema.data_source_schemas["clienttest_big"];
    assert_eq!(big.block.as_ref().unwrap().description.len(), BIG_BYTES);
    // A request of 5 MiB reaches the child, which answers it (over a 4 MiB
    // limit, tonic resets the stream: a gRPC error, passed through).
    let request = tfplugin6::validate_data_resource_config::Request {
        type_name: "clienttest_thing".into(),
        config: Some(tfplugin6::DynamicValue {
            msgpack: vec![0xc1; BIG_BYTES],
            json: Vec::new(),
        }),
    };
    let answer = proxy
        .validate_data_resource_config(Request::new(request))
        .await
        .expect("a 5 MiB request passes")
        .into_inner();
    assert!(answer.diagnostics.is_empty(), "{:?}", answer.diagnostics);
    assert!(plugin.exit_status().is_none(), "the child is still there");
    assert!(plugin.shutdown().await.unwrap().success());
}

/// A script in a fresh directory.
fn script(name: &str, body: &str) -> (tempdir::Dir, PathBuf) {
    let dir = tempdir::Dir::new();
    let path = dir.0.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    (dir, path)
}

mod tempdir {
    /// A directory removed on drop.
    pub struct Dir(pub std::path::PathBuf);
    impl Dir {
        pub fn new() -> Dir {
            static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
            let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let path =
                std::env::temp_dir().join(format!("tfschema-client-{}-{n}", std::process::id()));
            std::fs::create_dir_all(&path).unwrap();
            Dir(path)
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

async fn not_a_provider_times_out() {
    let (_dir, path) = script(
        "terraform-provider-sleepy",
        "echo 'about to sleep' >&2\nexec sleep 60",
    );
    let started = Instant::now();
    let err =
        PluginClient::launch(LaunchOptions::new(&path).handshake_timeout(Duration::from_secs(1)))
            .await
            .unwrap_err();
    let took = started.elapsed();
    println!("  timed out after {took:?}: {err}");
    assert_eq!(err.kind(), ClientErrorKind::HandshakeTimeout);
    let text = err.to_string();
    assert!(
        text.starts_with(&format!(
            "provider {}: printed no handshake line within 1 s",
            path.display()
        )),
        "{text}"
    );
    assert!(
        text.contains("its stderr ended with:\nabout to sleep"),
        "{text}"
    );
    assert!(took < Duration::from_secs(6), "{took:?}");
}

async fn not_a_provider_exits() {
    let err = PluginClient::launch(LaunchOptions::new("/bin/true"))
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ClientErrorKind::Exited);
    assert_eq!(
        err.to_string(),
        "provider /bin/true: exited (exit status: 0) before printing a handshake line\n\
         (it wrote nothing to stderr)"
    );
    let (_dir, path) = script("terraform-provider-fails", "echo 'no luck' >&2\nexit 3");
    let err = PluginClient::launch(LaunchOptions::new(&path))
        .await
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("exited (exit status: 3) before printing a handshake line"),
        "{err}"
    );
    assert!(
        err.to_string().ends_with("its stderr ended with:\nno luck"),
        "{err}"
    );
    let err = PluginClient::launch(LaunchOptions::new("/nonexistent/terraform-provider-x"))
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ClientErrorKind::Spawn);
    assert!(
        err.to_string()
            .starts_with("provider /nonexistent/terraform-provider-x: cannot start it: "),
        "{err}"
    );
    let (_dir, path) = script("terraform-provider-chatty", "echo 'Hello, world'\nsleep 5");
    let err = PluginClient::launch(LaunchOptions::new(&path))
        .await
        .unwrap_err();
    assert_eq!(err.kind(), ClientErrorKind::Handshake);
    assert!(
        err.to_string()
            .contains("is not a go-plugin handshake line: \"Hello, world\""),
        "{err}"
    );
}

/// The diagnostic every call gets once the child is gone.
fn assert_gone(diagnostics: &[tfplugin6::Diagnostic], rpc: &str, want: &str) {
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let d = &diagnostics[0];
    assert_eq!(d.severity, tfplugin6::diagnostic::Severity::Error as i32);
    assert_eq!(d.summary, want);
    assert!(
        d.detail
            .contains(&format!("did not answer the {rpc} call: {want}.")),
        "{}",
        d.detail
    );
    assert!(d.detail.contains("its stderr ended with:"), "{}", d.detail);
}

async fn killed_child_answers_with_a_diagnostic() {
    let plugin = PluginClient::launch(provider("6")).await.unwrap();
    let proxy = Arc::new(Proxy6::new(plugin.clone()).unwrap());
    let pid = plugin.pid().unwrap();
    let in_flight = {
        let proxy = Arc::clone(&proxy);
        tokio::spawn(async move {
            let request = tfplugin6::validate_resource_config::Request {
                type_name: "clienttest_hang".into(),
                ..Default::default()
            };
            proxy.validate_resource_config(Request::new(request)).await
        })
    };
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!in_flight.is_finished(), "the hanging call answered");
    sigkill(pid);
    let killed = Instant::now();
    let answer = tokio::time::timeout(PROMPT, in_flight)
        .await
        .expect("the call in flight answered promptly")
        .unwrap()
        .unwrap()
        .into_inner();
    println!(
        "  in-flight call answered {:?} after the kill",
        killed.elapsed()
    );
    let want = "provider clienttest exited (signal: 9 (SIGKILL))";
    assert_gone(&answer.diagnostics, "ValidateResourceConfig", want);
    // Every later call, of every kind.
    let started = Instant::now();
    let schema = proxy
        .get_provider_schema(Request::new(tfplugin6::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert_gone(&schema.diagnostics, "GetProviderSchema", want);
    let stop = proxy
        .stop_provider(Request::new(tfplugin6::stop_provider::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert!(stop.error.starts_with(want), "{}", stop.error);
    let call = proxy
        .call_function(Request::new(tfplugin6::call_function::Request::default()))
        .await
        .unwrap()
        .into_inner();
    assert!(call.error.unwrap().text.starts_with(want));
    let mut list = proxy
        .list_resource(Request::new(tfplugin6::list_resource::Request::default()))
        .await
        .unwrap()
        .into_inner();
    let event = list.next().await.unwrap().unwrap();
    assert_gone(&event.diagnostic, "ListResource", want);
    assert!(list.next().await.is_none());
    assert!(started.elapsed() < PROMPT, "{:?}", started.elapsed());
    assert_eq!(
        plugin.exit_status().map(|s| s.to_string()).as_deref(),
        Some("signal: 9 (SIGKILL)")
    );
    assert!(plugin.shutdown().await.is_some());
}

/// The parent role: launches the provider, prints its pid, waits to be
/// killed.
fn parent() -> ExitCode {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        // Launched from a task that ends, on a worker that may go: the
        // spawning thread keeps the child's parent-death signal armed.
        let plugin = tokio::spawn(PluginClient::launch(provider("6")))
            .await
            .unwrap()
            .unwrap();
        println!("{}", plugin.pid().unwrap());
        std::future::pending::<()>().await;
    });
    ExitCode::SUCCESS
}

async fn child_dies_with_its_parent() {
    if !cfg!(target_os = "linux") {
        println!("  skipped: the parent-death signal is Linux's");
        return;
    }
    let (child, after) = kill_the_parent("parent").await;
    assert!(after.is_some(), "provider {child} outlived its parent");
    println!("  provider gone {after:?} after its parent");
}

/// Runs this binary in `role` (a parent that launches the provider and
/// prints its pid), SIGKILLs that parent, and returns the provider's pid
/// and how soon after the kill it was gone (`None`: still there after 5 s,
/// then killed, so that no failure leaves an orphan).
async fn kill_the_parent(role: &str) -> (u32, Option<Duration>) {
    let mut parent = tokio::process::Command::new(std::env::current_exe().unwrap())
        .env(ROLE, role)
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let stdout = parent.stdout.take().unwrap();
    let mut lines = tokio::io::AsyncBufReadExt::lines(tokio::io::BufReader::new(stdout));
    let line = tokio::time::timeout(Duration::from_secs(30), lines.next_line())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let child: u32 = line.trim().parse().unwrap();
    assert!(!gone(child));
    sigkill(parent.id().unwrap());
    let _ = parent.wait().await;
    let killed = Instant::now();
    if wait_gone(child, Duration::from_secs(5)).await {
        (child, Some(killed.elapsed()))
    } else {
        sigkill(child);
        (child, None)
    }
}

/// The Terraform role: launches the provider as go-plugin does (no
/// parent-death signal, no process group of its own), waits for its
/// handshake line, prints its pid, then waits to be killed without ever
/// calling `Shutdown`.
fn terraform_parent() -> ExitCode {
    use std::io::BufRead as _;
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .env(ROLE, "provider")
        .env(
            tfschema::server::MAGIC_COOKIE_KEY,
            tfschema::server::MAGIC_COOKIE_VALUE,
        )
        .env("PLUGIN_PROTOCOL_VERSIONS", "6")
        .env("PLUGIN_MIN_PORT", "10000")
        .env("PLUGIN_MAX_PORT", "25000")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.starts_with("1|6|"), "{line:?}");
    println!("{}", child.id());
    loop {
        std::thread::park();
    }
}

async fn provider_stops_when_terraform_is_gone() {
    // Terraform killed: nobody will call Shutdown, and the provider's stdout
    // pipe has no reader left.
    let (provider, after) = kill_the_parent("terraform").await;
    assert!(
        after.is_some(),
        "provider {provider} kept serving after Terraform was gone"
    );
    println!("  provider stopped {after:?} after Terraform");
}

/// One captured `tracing` event.
#[derive(Debug, Clone)]
struct Event {
    level: tracing::Level,
    message: String,
    fields: std::collections::BTreeMap<String, String>,
}

/// A subscriber keeping every event from the client's stderr relay.
#[derive(Debug, Clone, Default)]
struct Captured(Arc<Mutex<Vec<Event>>>);

impl Captured {
    fn install() -> Captured {
        let captured = Captured::default();
        let subscriber = tracing_subscriber::registry().with(captured.clone());
        tracing::subscriber::set_global_default(subscriber).unwrap();
        captured
    }

    fn events(&self) -> Vec<Event> {
        self.0.lock().unwrap().clone()
    }
}

struct Fields<'a>(&'a mut Event);

impl Visit for Fields<'_> {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.record(field, value.to_owned());
    }
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        self.record(field, format!("{value:?}"));
    }
}

impl Fields<'_> {
    fn record(&mut self, field: &Field, value: String) {
        if field.name() == "message" {
            self.0.message = value;
        } else {
            self.0.fields.insert(field.name().to_owned(), value);
        }
    }
}

impl<S: tracing::Subscriber> Layer<S> for Captured {
    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        if !event
            .metadata()
            .target()
            .starts_with("tfschema::server::client")
        {
            return;
        }
        let mut captured = Event {
            level: *event.metadata().level(),
            message: String::new(),
            fields: Default::default(),
        };
        event.record(&mut Fields(&mut captured));
        self.0.lock().unwrap().push(captured);
    }
}
