//! [`PluginClient`]: a provider we launched (or attached to), its gRPC
//! channel, its stderr and its exit.

use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, ChildStdout, Command};
use tokio::sync::{oneshot, watch};
use tokio::task::JoinHandle;
use tonic::transport::Channel;

use super::connect::connect;
use super::error::{ClientError, ClientErrorKind};
use super::handshake::{parse_handshake, Network};
use super::options::{LaunchOptions, DEFAULT_SHUTDOWN_GRACE};
use super::spawn::spawn;
use super::stderr::{relay, Tail};
use super::tls::ClientIdentity;
use crate::server::debug::ReattachConfig;
use crate::server::handshake::{MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE};
use crate::server::proto::plugin::grpc_controller_client::GrpcControllerClient;
use crate::server::proto::plugin::Empty;

/// How a child ended: its status, or why it could not be read.
#[derive(Debug, Clone)]
pub(super) struct Exit {
    status: Option<ExitStatus>,
    /// `exit status: 1`, `signal: 9 (SIGKILL)` (Rust's words for the
    /// status), or the error waiting for it.
    pub(super) text: String,
}

/// A provider launched as Terraform launches it, or attached to through a
/// reattach configuration: its gRPC [`channel`](Self::channel) and what is
/// known of its process.
///
/// Clones share the provider. A launched child is killed when the last
/// clone is dropped, and on Linux when this process dies (see the
/// [module docs](super)); [`shutdown`](Self::shutdown) ends it gracefully.
/// When it exits, [`exited`](Self::exited) resolves at once, which the
/// proxies use so that no call waits on a dead provider.
#[derive(Debug, Clone)]
pub struct PluginClient {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    name: String,
    binary: Option<PathBuf>,
    protocol: u32,
    channel: Channel,
    pid: Option<u32>,
    tail: Tail,
    exit: watch::Receiver<Option<Exit>>,
    /// Kept for an attached provider, whose exit is never seen: a dropped
    /// sender would look like an exit.
    _no_exit: Option<watch::Sender<Option<Exit>>>,
    /// Sending, or dropping, kills the child.
    kill: Mutex<Option<oneshot::Sender<()>>>,
    grace: Duration,
    readers: Mutex<Vec<JoinHandle<()>>>,
}

/// The child before its handshake line is read.
struct Started {
    exit: watch::Receiver<Option<Exit>>,
    kill: oneshot::Sender<()>,
    stdout: Option<ChildStdout>,
    pid: Option<u32>,
    tail: Tail,
    readers: Vec<JoinHandle<()>>,
}

impl PluginClient {
    /// Launches the binary as Terraform does (go-plugin's magic cookie,
    /// `PLUGIN_PROTOCOL_VERSIONS`, `PLUGIN_MIN_PORT`/`PLUGIN_MAX_PORT`, a
    /// fresh `PLUGIN_CLIENT_CERT`), reads its handshake line and connects
    /// over its unix socket or TCP port with TLS pinned to the certificate
    /// it printed. Its stderr is relayed into `tracing` from now on.
    ///
    /// Call it on a tokio runtime with I/O and time enabled.
    ///
    /// # Errors
    /// The binary cannot be started; it prints no handshake line within the
    /// timeout (it is not a provider, or it is stuck); it exits first; its
    /// line is not one Terraform accepts; the connection or TLS fails. The
    /// message names the binary and quotes the end of its stderr; the child
    /// is killed.
    pub async fn launch(options: LaunchOptions) -> Result<PluginClient, ClientError> {
        let name = options.display_name();
        let binary = options.binary.clone();
        let fail = |kind, text: String| {
            ClientError::new(kind, format!("provider {}: {text}", binary.display()))
        };
        let identity = ClientIdentity::generate().map_err(|e| fail(ClientErrorKind::Connect, e))?;
        let mut started = start(&options, &name, &identity.cert_pem)
            .await
            .map_err(|e| fail(ClientErrorKind::Spawn, format!("cannot start it: {e}")))?;
        let connected = async {
            let line = read_handshake(&mut started, &options).await?;
            let handshake = parse_handshake(&line, &options.protocol_versions)
                .map_err(|e| (ClientErrorKind::Handshake, e))?;
            let tls = match &handshake.server_cert {
                Some(cert) => Some(
                    identity
                        .client_config(cert)
                        .map_err(|e| (ClientErrorKind::Connect, e))?,
                ),
                None => None,
            };
            let channel = connect(handshake.network, &handshake.address, tls)
                .await
                .map_err(|e| (ClientErrorKind::Connect, e))?;
            Ok::<_, (ClientErrorKind, String)>((handshake.protocol, channel))
        }
        .await;
        let (protocol, channel) = match connected {
            Ok(ok) => ok,
            Err((kind, text)) => {
                // Kill it, and let its last stderr lines arrive.
                drop(started.kill);
                let mut exit = started.exit.clone();
                let _ =
                    tokio::time::timeout(options.shutdown_grace, exit.wait_for(Option::is_some))
                        .await;
                join_readers(started.readers, options.shutdown_grace).await;
                let message = format!("{}\n{}", fail(kind, text), stderr_part(&started.tail));
                return Err(ClientError::new(kind, message));
            }
        };
        Ok(PluginClient {
            inner: Arc::new(Inner {
                name,
                binary: Some(binary),
                protocol,
                channel,
                pid: started.pid,
                tail: started.tail,
                exit: started.exit,
                _no_exit: None,
                kill: Mutex::new(Some(started.kill)),
                grace: options.shutdown_grace,
                readers: Mutex::new(started.readers),
            }),
        })
    }

    /// Attaches to a provider that is already running, from its reattach
    /// configuration ([`ReattachConfig::parse_providers`] reads
    /// `TF_REATTACH_PROVIDERS`), as Terraform attaches to an unmanaged
    /// provider: no handshake, no TLS (go-plugin's reattach configuration
    /// carries no certificate, and Terraform's client for it has none to
    /// offer), the protocol version from the entry. The provider is not
    /// ours: [`shutdown`](Self::shutdown) leaves it running, as go-plugin
    /// leaves a test-mode provider, and its exit is seen only as a failed
    /// connection.
    ///
    /// # Errors
    /// A protocol version other than 5 or 6, a network other than unix or
    /// tcp, or a failed connection; the message names the address.
    pub async fn attach(config: &ReattachConfig) -> Result<PluginClient, ClientError> {
        let fail = |kind, text: String| {
            ClientError::new(
                kind,
                format!("provider {}: {text}", config.provider_address),
            )
        };
        if !matches!(config.protocol_version, 5 | 6) {
            return Err(fail(
                ClientErrorKind::Reattach,
                format!(
                    "its reattach configuration has protocol version {}; Terraform speaks 5 and 6",
                    config.protocol_version
                ),
            ));
        }
        let network = match config.network.as_str() {
            "unix" => Network::Unix,
            "tcp" => Network::Tcp,
            other => {
                return Err(fail(
                    ClientErrorKind::Reattach,
                    format!("Unknown address type {other:?}"),
                ))
            }
        };
        let channel = connect(network, &config.addr, None)
            .await
            .map_err(|e| fail(ClientErrorKind::Connect, e))?;
        let (tx, rx) = watch::channel(None);
        Ok(PluginClient {
            inner: Arc::new(Inner {
                name: config.provider_address.clone(),
                binary: None,
                protocol: config.protocol_version,
                channel,
                pid: (config.pid != 0).then_some(config.pid),
                tail: Tail::default(),
                exit: rx,
                _no_exit: Some(tx),
                kill: Mutex::new(None),
                grace: DEFAULT_SHUTDOWN_GRACE,
                readers: Mutex::new(Vec::new()),
            }),
        })
    }

    /// The name its log lines and errors carry.
    pub fn name(&self) -> &str {
        &self.inner.name
    }

    /// The binary launched; `None` for an attached provider.
    pub fn binary(&self) -> Option<&Path> {
        self.inner.binary.as_deref()
    }

    /// The plugin protocol it speaks (5 or 6).
    pub fn protocol(&self) -> u32 {
        self.inner.protocol
    }

    /// Fails unless it speaks `protocol`: what a proxy of that protocol
    /// ([`Proxy5`](super::Proxy5), [`Proxy6`](super::Proxy6)) needs.
    pub(super) fn expect_protocol(&self, protocol: u32) -> Result<(), ClientError> {
        if self.protocol() == protocol {
            return Ok(());
        }
        Err(ClientError::new(
            ClientErrorKind::Protocol,
            format!(
                "provider {} speaks plugin protocol {}, not {protocol}",
                self.name(),
                self.protocol()
            ),
        ))
    }

    /// Its process id, when known.
    pub fn pid(&self) -> Option<u32> {
        self.inner.pid
    }

    /// The gRPC channel to it (cheap to clone), for the generated clients
    /// of [`proto`](crate::server::proto). Set their message size limits to
    /// [`MAX_MESSAGE_SIZE`](crate::server::MAX_MESSAGE_SIZE) as the proxies
    /// do; tonic's default is 4 MiB.
    pub fn channel(&self) -> Channel {
        self.inner.channel.clone()
    }

    /// How the child exited, once it has: `None` while it runs (and always
    /// for an attached provider).
    pub fn exit_status(&self) -> Option<ExitStatus> {
        self.inner.exit.borrow().as_ref().and_then(|e| e.status)
    }

    /// Resolves when the child has exited, with the error every call gets
    /// from then on: `provider <name> exited (<status>)`. Never resolves
    /// for an attached provider.
    pub async fn exited(&self) -> String {
        let mut exit = self.inner.exit.clone();
        let text = match exit.wait_for(Option::is_some).await {
            Ok(exit) => exit.as_ref().map(|e| e.text.clone()).unwrap_or_default(),
            Err(_) => "its exit could not be watched".to_owned(),
        };
        format!("provider {} exited ({text})", self.inner.name)
    }

    /// The end of its stderr (a few KiB), as an error message quotes it:
    /// `its stderr ended with:` and the lines, or `(it wrote nothing to
    /// stderr)`.
    pub fn stderr_tail(&self) -> String {
        stderr_part(&self.inner.tail)
    }

    /// Ends the provider as Terraform does: `GRPCController/Shutdown`, a
    /// grace period (2 s by default) for it to exit, then SIGKILL; waits
    /// for it and for its output to be read. Returns how it exited. An
    /// attached provider is left running (`None`).
    pub async fn shutdown(&self) -> Option<ExitStatus> {
        let inner = &self.inner;
        inner.binary.as_ref()?;
        let grace = inner.grace;
        let mut exit = inner.exit.clone();
        if exit.borrow().is_none() {
            let mut controller = GrpcControllerClient::new(inner.channel.clone());
            // Errors do not matter: it is killed if it stays.
            let _ = tokio::time::timeout(grace, controller.shutdown(Empty {})).await;
            let _ = tokio::time::timeout(grace, exit.wait_for(Option::is_some)).await;
        }
        if let Ok(mut kill) = inner.kill.lock() {
            if let Some(kill) = kill.take() {
                let _ = kill.send(());
            }
        }
        let _ = exit.wait_for(Option::is_some).await;
        let readers = inner
            .readers
            .lock()
            .map(|mut r| std::mem::take(&mut *r))
            .unwrap_or_default();
        join_readers(readers, grace).await;
        self.exit_status()
    }
}

/// Waits for the output readers to finish, `grace` at most in all (a
/// grandchild may hold the pipes open after the child is gone).
async fn join_readers(readers: Vec<JoinHandle<()>>, grace: Duration) {
    let deadline = tokio::time::Instant::now() + grace;
    for reader in readers {
        let _ = tokio::time::timeout_at(deadline, reader).await;
    }
}

/// The stderr part of an error message.
fn stderr_part(tail: &Tail) -> String {
    let text = tail.text();
    if text.is_empty() {
        "(it wrote nothing to stderr)".to_owned()
    } else {
        format!("its stderr ended with:\n{text}")
    }
}

/// Starts the child with go-plugin's environment, its stderr relayed and
/// its exit watched.
async fn start(
    options: &LaunchOptions,
    name: &str,
    client_cert_pem: &str,
) -> std::io::Result<Started> {
    // A bare file name would be looked up in PATH: the file given is the
    // one meant.
    let program = if options.binary.components().count() == 1 {
        Path::new(".").join(&options.binary)
    } else {
        options.binary.clone()
    };
    let mut command = Command::new(program);
    command
        .env(MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE)
        .env("PLUGIN_PROTOCOL_VERSIONS", &options.protocol_versions)
        .env("PLUGIN_MIN_PORT", options.port_range.0.to_string())
        .env("PLUGIN_MAX_PORT", options.port_range.1.to_string())
        .env("PLUGIN_CLIENT_CERT", client_cert_pem)
        .envs(options.env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = spawn(command).await?;
    let pid = child.id();
    let tail = Tail::default();
    let mut readers = Vec::new();
    if let Some(stderr) = child.stderr.take() {
        readers.push(tokio::spawn(relay(name.to_owned(), stderr, tail.clone())));
    }
    let stdout = child.stdout.take();
    let (kill, exit) = watch_exit(child);
    Ok(Started {
        exit,
        kill,
        stdout,
        pid,
        tail,
        readers,
    })
}

/// Moves the child into a task that waits for it (or kills it when the
/// returned sender is used or dropped) and publishes how it ended.
fn watch_exit(mut child: Child) -> (oneshot::Sender<()>, watch::Receiver<Option<Exit>>) {
    let (kill, killed) = oneshot::channel::<()>();
    let (tx, rx) = watch::channel(None);
    tokio::spawn(async move {
        let status = tokio::select! {
            status = child.wait() => status,
            _ = killed => {
                // It may have exited meanwhile: the wait reaps it either way.
                let _ = child.start_kill();
                child.wait().await
            }
        };
        let exit = match status {
            Ok(status) => Exit {
                status: Some(status),
                text: status.to_string(),
            },
            Err(e) => Exit {
                status: None,
                text: format!("waiting for it failed: {e}"),
            },
        };
        let _ = tx.send(Some(exit));
    });
    (kill, rx)
}

/// Reads the first line of stdout within the timeout (or until the child
/// exits), then keeps draining stdout so the child never blocks on a full
/// pipe.
async fn read_handshake(
    started: &mut Started,
    options: &LaunchOptions,
) -> Result<String, (ClientErrorKind, String)> {
    let stdout = started
        .stdout
        .take()
        .ok_or((ClientErrorKind::Spawn, "no stdout pipe".to_owned()))?;
    let mut lines = BufReader::new(stdout).lines();
    let timeout = options.handshake_timeout;
    let first = tokio::time::timeout(timeout, lines.next_line()).await;
    let exited =
        |exit: &watch::Receiver<Option<Exit>>| exit.borrow().as_ref().map(|e| e.text.clone());
    let line = match first {
        Err(_) => {
            return Err((
                ClientErrorKind::HandshakeTimeout,
                format!(
                    "printed no handshake line within {} s: it is not a Terraform provider, or \
                     it is stuck (a provider prints `1|6|unix|<socket>|grpc|<certificate>` at \
                     once)",
                    timeout.as_secs_f64()
                ),
            ))
        }
        Ok(Err(e)) => {
            return Err((
                ClientErrorKind::Handshake,
                format!("its first line of output is not text: {e}"),
            ))
        }
        Ok(Ok(None)) => {
            let mut exit = started.exit.clone();
            let _ =
                tokio::time::timeout(options.shutdown_grace, exit.wait_for(Option::is_some)).await;
            return Err(match exited(&exit) {
                Some(status) => (
                    ClientErrorKind::Exited,
                    format!("exited ({status}) before printing a handshake line"),
                ),
                None => (
                    ClientErrorKind::Handshake,
                    "closed its stdout before printing a handshake line".to_owned(),
                ),
            });
        }
        Ok(Ok(Some(line))) => line,
    };
    started.readers.push(tokio::spawn(async move {
        while let Ok(Some(_)) = lines.next_line().await {}
    }));
    Ok(line)
}
