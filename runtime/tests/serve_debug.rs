//! Debug serving as Terraform attaches to it: a [`DebugServer`] started
//! in-process, its `TF_REATTACH_PROVIDERS` value and env file, then two
//! "runs" in a row, each on a connection of its own as a reattached
//! Terraform makes them (no handshake, no TLS): the first one's `Stop`
//! cancels its blocked call, and its `GRPCController/Shutdown` is ignored;
//! the second run is served by the same provider value (its in-memory call
//! counts go on) with nothing cancelled. After `shutdown` the socket is
//! gone. Then the process `run_with` makes of it (the test binary run as
//! a child): the managed-debug text on stdout, served until SIGINT, exit 0,
//! socket removed. Costs about a second.
#![cfg(feature = "server")]
#![allow(clippy::unwrap_used, clippy::panic)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tfschema::diag::Diagnostics;
use tfschema::server::proto::plugin::grpc_controller_client::GrpcControllerClient;
use tfschema::server::proto::plugin::Empty;
use tfschema::server::proto::tfplugin6;
use tfschema::server::proto::tfplugin6::provider_client::ProviderClient;
use tfschema::server::raw::DynamicValue;
use tfschema::server::typed::{Ctx, DataSource, PlanView, Provider, TypedProvider};
use tfschema::server::{run_with, DebugOptions, DebugServer, RunOptions, ServeError};
use tfschema::{TfSchema, TfValue, Unknown};
use tokio::net::UnixStream;
use tonic::codegen::http;
use tonic::transport::{Channel, Endpoint};

#[derive(TfSchema, TfValue)]
struct Config {}

/// Counts `configure` calls: state kept in the provider's memory.
struct P {
    configured: Arc<AtomicUsize>,
}

impl Provider for P {
    type Config = Config;
    type Client = ();
    async fn configure(&self, _: PlanView<Config>, _: &mut Diagnostics) -> Result<(), Diagnostics> {
        self.configured.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }
}

#[derive(TfSchema, TfValue, Debug, Clone)]
struct Probe {
    /// Test switch: the read never answers by itself (Stop answers for it).
    wait: Option<bool>,
    /// `read-<n>`: the n-th read this provider value answered.
    #[tf(computed)]
    id: Unknown<String>,
}

struct Probes {
    reads: Arc<AtomicUsize>,
    waiting: Arc<AtomicUsize>,
}

impl DataSource for Probes {
    type Client = ();
    type Model = Probe;

    async fn read(&self, _: &mut Ctx<()>, mut probe: Probe) -> Result<Probe, Diagnostics> {
        if probe.wait == Some(true) {
            self.waiting.fetch_add(1, Ordering::SeqCst);
            std::future::pending::<()>().await;
        }
        let n = self.reads.fetch_add(1, Ordering::SeqCst) + 1;
        probe.id = Unknown::Known(format!("read-{n}"));
        Ok(probe)
    }
}

struct Counters {
    configured: Arc<AtomicUsize>,
    reads: Arc<AtomicUsize>,
    waiting: Arc<AtomicUsize>,
}

fn probe_provider() -> (TypedProvider<P>, Counters) {
    let counters = Counters {
        configured: Arc::default(),
        reads: Arc::default(),
        waiting: Arc::default(),
    };
    let provider = TypedProvider::new(P {
        configured: counters.configured.clone(),
    })
    .data_source(
        "debug_probe",
        Probes {
            reads: counters.reads.clone(),
            waiting: counters.waiting.clone(),
        },
    );
    (provider, counters)
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tfschema-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Dials the unix socket in plain text, as go-plugin's client does for a
/// reattached provider.
async fn connect(socket: &Path) -> Channel {
    let socket = socket.to_owned();
    Endpoint::from_static("http://localhost")
        .connect_with_connector(tower::service_fn(move |_: http::Uri| {
            let socket = socket.clone();
            async move {
                let stream = UnixStream::connect(&socket).await?;
                Ok::<_, std::io::Error>(hyper_util::rt::TokioIo::new(stream))
            }
        }))
        .await
        .unwrap()
}

fn dynamic<T: tfschema::TfEncode>(model: &T) -> Option<tfplugin6::DynamicValue> {
    let value = DynamicValue::from_model(model).unwrap();
    Some(tfplugin6::DynamicValue {
        msgpack: value.as_msgpack().unwrap().to_vec(),
        json: Vec::new(),
    })
}

fn probe_request(wait: bool) -> tfplugin6::read_data_source::Request {
    tfplugin6::read_data_source::Request {
        type_name: "debug_probe".to_owned(),
        config: dynamic(&Probe {
            wait: Some(wait),
            id: Unknown::Unknown,
        }),
        ..Default::default()
    }
}

/// What Terraform does first in a run: the schema, then ConfigureProvider.
async fn begin_run(client: &mut ProviderClient<Channel>) {
    let schema = client
        .get_provider_schema(tfplugin6::get_provider_schema::Request::default())
        .await
        .unwrap()
        .into_inner();
    assert!(schema.data_source_schemas.contains_key("debug_probe"));
    let configured = client
        .configure_provider(tfplugin6::configure_provider::Request {
            terraform_version: "1.15.5".to_owned(),
            config: dynamic(&Config {}),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(configured.diagnostics.is_empty(), "{configured:?}");
}

fn read_id(response: &tfplugin6::read_data_source::Response) -> String {
    assert!(response.diagnostics.is_empty(), "{response:?}");
    let state = response.state.as_ref().unwrap();
    let probe: Probe = DynamicValue::msgpack(
        state.msgpack.clone(),
        <Probe as tfschema::TfType>::tf_type(),
    )
    .decode_owned()
    .unwrap();
    match probe.id {
        Unknown::Known(id) => id,
        Unknown::Unknown => panic!("id unknown after read"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_runs_attach_to_one_debug_server() {
    let dir = temp_dir("serve-debug");
    let env_file = dir.join("reattach.env");
    let (provider, counters) = probe_provider();
    let server = DebugServer::start(
        provider.into_services(),
        DebugOptions::new()
            .address("registry.terraform.io/example/probe")
            .env_file(&env_file)
            .socket_dir(&dir),
    )
    .await
    .unwrap();

    // The reattach configuration, read as Terraform reads it.
    let json = server.reattach_providers();
    let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
    let entry = &parsed["registry.terraform.io/example/probe"];
    assert_eq!(entry["Protocol"], "grpc");
    assert_eq!(entry["ProtocolVersion"], 6);
    assert_eq!(entry["Pid"], u64::from(std::process::id()));
    assert_eq!(entry["Test"], true);
    assert_eq!(entry["Addr"]["Network"], "unix");
    let socket = PathBuf::from(entry["Addr"]["String"].as_str().unwrap());
    assert!(socket.starts_with(&dir), "{}", socket.display());
    assert!(socket.exists());
    assert_eq!(
        std::fs::read_to_string(&env_file).unwrap(),
        format!("TF_REATTACH_PROVIDERS='{json}'\n")
    );
    assert_eq!(
        server.instructions(),
        format!(
            "Provider started. To attach Terraform CLI, set the TF_REATTACH_PROVIDERS \
             environment variable with the following:\n\n\tTF_REATTACH_PROVIDERS='{json}'\n\n\
             Writing reattach configuration to env file at path {}\n",
            env_file.display()
        )
    );

    // Run 1: a read blocks until Stop; Stop answers it "Operation
    // cancelled"; the Shutdown a client might send is ignored.
    {
        let channel = connect(&socket).await;
        let mut client = ProviderClient::new(channel.clone());
        begin_run(&mut client).await;
        let mut blocked_client = client.clone();
        let blocked =
            tokio::spawn(async move { blocked_client.read_data_source(probe_request(true)).await });
        let started = Instant::now();
        while counters.waiting.load(Ordering::SeqCst) == 0 {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "the read never started"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        client
            .stop_provider(tfplugin6::stop_provider::Request::default())
            .await
            .unwrap();
        let answer = tokio::time::timeout(Duration::from_secs(5), blocked)
            .await
            .expect("Stop answers the blocked read")
            .unwrap()
            .unwrap()
            .into_inner();
        assert_eq!(answer.diagnostics.len(), 1, "{answer:?}");
        assert_eq!(answer.diagnostics[0].summary, "Operation cancelled");
        GrpcControllerClient::new(channel)
            .shutdown(Empty {})
            .await
            .unwrap();
    }

    // Run 2, on a new connection: the same provider value answers, and the
    // Stop of run 1 cancels nothing here.
    {
        let mut client = ProviderClient::new(connect(&socket).await);
        begin_run(&mut client).await;
        let first = client
            .read_data_source(probe_request(false))
            .await
            .unwrap()
            .into_inner();
        let second = client
            .read_data_source(probe_request(false))
            .await
            .unwrap()
            .into_inner();
        // Run 1's read never got to count itself: it was abandoned.
        assert_eq!(read_id(&first), "read-1");
        assert_eq!(read_id(&second), "read-2");
        assert_eq!(counters.configured.load(Ordering::SeqCst), 2);
    }

    server.shutdown().await;
    assert!(!socket.exists(), "the socket is removed on shutdown");
    assert!(UnixStream::connect(&socket).await.is_err());
    // The env file stays, as terraform-plugin-go leaves it.
    assert!(env_file.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn protocol_5_when_asked_and_tcp() {
    let (provider, _) = probe_provider();
    let server = DebugServer::start(
        provider.into_services(),
        DebugOptions::new()
            .address("example/probe")
            .protocol(5)
            .prefer_tcp(true),
    )
    .await
    .unwrap();
    let config = server.reattach_config().clone();
    assert_eq!(config.protocol_version, 5);
    assert_eq!(config.network, "tcp");
    assert!(config.addr.starts_with("127.0.0.1:"), "{}", config.addr);
    let parsed: serde_json::Value = serde_json::from_str(&server.reattach_providers()).unwrap();
    assert_eq!(parsed["example/probe"]["ProtocolVersion"], 5);
    assert_eq!(parsed["example/probe"]["Addr"]["Network"], "tcp");
    // Protocol 5 is served there.
    let stream = tokio::net::TcpStream::connect(&config.addr).await;
    assert!(stream.is_ok());
    drop(stream);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_refuses_what_terraform_could_not_attach_to() {
    // A test binary's file name gives no address.
    let (provider, _) = probe_provider();
    let err = DebugServer::start(provider.into_services(), DebugOptions::new())
        .await
        .expect_err("no address");
    assert!(matches!(err, ServeError::Debug(_)), "{err:?}");
    let text = err.to_string();
    assert!(text.contains("DebugOptions::address"), "{text}");
    assert!(text.contains("terraform-provider-<name>"), "{text}");

    let (provider, _) = probe_provider();
    let err = DebugServer::start(
        provider.into_services(),
        DebugOptions::new().address("a b/c"),
    )
    .await
    .expect_err("bad address");
    assert!(err.to_string().contains("not a provider address"), "{err}");

    // Protocol versions: 5 or 6, and one that is served.
    let (provider, _) = probe_provider();
    let err = DebugServer::start(
        provider.into_services(),
        DebugOptions::new().address("example/probe").protocol(4),
    )
    .await
    .expect_err("protocol 4");
    assert_eq!(
        err.to_string(),
        "debug serving: DebugOptions::protocol(4): expected 5 or 6"
    );
    let (provider, _) = probe_provider();
    let err = DebugServer::start(
        provider.into_services().max_protocol(5),
        DebugOptions::new().address("example/probe").protocol(6),
    )
    .await
    .expect_err("protocol 6 not served");
    assert_eq!(
        err.to_string(),
        "debug serving: DebugOptions::protocol(6): this provider does not serve protocol 6"
    );

    let dir = temp_dir("serve-debug-envfile");
    let (provider, _) = probe_provider();
    let err = DebugServer::start(
        provider.into_services(),
        DebugOptions::new()
            .address("example/probe")
            .socket_dir(&dir)
            .env_file(dir.join("missing/reattach.env")),
    )
    .await
    .expect_err("env file in a missing directory");
    assert!(
        err.to_string()
            .contains("writing the reattach configuration to"),
        "{err}"
    );
    // Nothing is left behind: the socket's directory went with the error.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

const CHILD_KEY: &str = "TFSCHEMA_TEST_DEBUG_CHILD";

/// The provider process in debug mode, when run as the child of
/// [`debug_process_serves_until_sigint`].
#[test]
fn debug_child() {
    if std::env::var_os(CHILD_KEY).is_none() {
        return;
    }
    let (provider, _) = probe_provider();
    let options = RunOptions::new()
        .debug(true)
        .debug_options(DebugOptions::new().address("registry.terraform.io/example/probe"));
    let code = run_with(provider.into_services(), options);
    std::process::exit(if code == ExitCode::SUCCESS { 0 } else { 1 });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn debug_process_serves_until_sigint() {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "debug_child",
            "--nocapture",
            "--test-threads=1",
            "-q",
        ])
        .env(CHILD_KEY, "1")
        // Debug mode needs no magic cookie.
        .env_remove("TF_PLUGIN_MAGIC_COOKIE")
        .env_remove("TFSCHEMA_FORCE_PROTOCOL")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    // libtest prints its header first; the provider's text follows.
    let text = tokio::task::spawn_blocking(move || {
        let mut reader = BufReader::new(stdout);
        let mut lines = Vec::new();
        let mut line = String::new();
        while reader.read_line(&mut line).unwrap() > 0 {
            if line.starts_with("Provider started.") || !lines.is_empty() {
                lines.push(line.clone());
                if lines.len() == 4 {
                    break;
                }
            }
            line.clear();
        }
        lines.concat()
    })
    .await
    .unwrap();
    let prefix = "\tTF_REATTACH_PROVIDERS='";
    let reattach = text
        .lines()
        .nth(2)
        .and_then(|l| {
            l.strip_prefix(&prefix[1..])
                .or_else(|| l.strip_prefix(prefix))
        })
        .and_then(|l| l.strip_suffix('\''))
        .unwrap_or_else(|| panic!("no reattach line in {text:?}"));
    assert_eq!(
        text,
        format!(
            "Provider started. To attach Terraform CLI, set the TF_REATTACH_PROVIDERS \
             environment variable with the following:\n\n\tTF_REATTACH_PROVIDERS='{reattach}'\n\n"
        )
    );
    let parsed: serde_json::Value = serde_json::from_str(reattach).unwrap();
    let entry = &parsed["registry.terraform.io/example/probe"];
    assert_eq!(entry["Pid"], u64::from(child.id()));
    let socket = PathBuf::from(entry["Addr"]["String"].as_str().unwrap());

    let mut client = ProviderClient::new(connect(&socket).await);
    begin_run(&mut client).await;
    drop(client);

    // The shell's builtin `kill`: no extra crate, no unsafe.
    let status = Command::new("sh")
        .args(["-c", &format!("kill -INT {}", child.id())])
        .status()
        .unwrap();
    assert!(status.success());
    let status = tokio::task::spawn_blocking(move || {
        for _ in 0..100 {
            if let Some(status) = child.try_wait().unwrap() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = child.kill();
        None
    })
    .await
    .unwrap()
    .expect("the debug process exits on SIGINT");
    assert_eq!(status.code(), Some(0));
    assert!(!socket.exists(), "the socket is removed on SIGINT");
}
