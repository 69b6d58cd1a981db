//! Serving: the provider's gRPC services next to go-plugin's own (health,
//! `GRPCController`, `GRPCStdio`) on tonic's HTTP/2 server, over the listener and TLS set
//! up by the handshake, until Terraform calls `GRPCController/Shutdown`, or is gone
//! without calling it (the process was handed to another parent).
//!
//! [`run`] is the whole plugin process (`fn main`); [`serve`] is the same on
//! an existing tokio runtime with the environment and the handshake output
//! injected, which is how the tests drive it in-process.

use std::convert::Infallible;
use std::fmt;
use std::future::Future;
use std::io::{self, Write};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, UnixListener};
use tokio::sync::{mpsc, watch};
use tokio_rustls::TlsAcceptor;
use tonic::body::Body;
use tonic::codegen::http;
use tonic::server::NamedService;
use tower::util::{BoxCloneSyncService, ServiceExt as _};
use tower::Service;

use super::grpc::GrpcProvider;
use super::handshake::{
    choose_protocol, handshake_line, HandshakeError, ListenAddr, PluginEnv, Served, SocketDir,
    NOT_A_PROGRAM_HINT,
};
use super::proto::health::health_server::{Health, HealthServer};
use super::proto::health::{
    health_check_response::ServingStatus, HealthCheckRequest, HealthCheckResponse,
};
use super::proto::plugin::grpc_controller_server::{GrpcController, GrpcControllerServer};
use super::proto::plugin::grpc_stdio_server::GrpcStdioServer;
use super::proto::plugin::Empty;
use super::proto::{tfplugin5, tfplugin6};
use super::raw::RawProvider;
use super::stdio::StdioService;
use super::tls::{parse_client_cert, server_config, ServerIdentity, TlsError};

/// Terraform's gRPC message size limit, both ways (tonic's default is 4 MiB).
pub const MAX_MESSAGE_SIZE: usize = 256 << 20;

/// How long in-flight calls may take to finish after `Shutdown` (Terraform
/// kills the plugin 2 s after asking).
const SHUTDOWN_GRACE: Duration = Duration::from_secs(1);

/// How long a client may take to complete the TLS handshake.
const TLS_HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

type BoxedService = BoxCloneSyncService<http::Request<Body>, http::Response<Body>, Infallible>;

/// The provider implementations to serve, one per plugin protocol version.
///
/// Register a `tfplugin6.Provider` implementation, a `tfplugin5.Provider`
/// implementation or both, and say whether the schema needs protocol 6
/// ([`crate::schema::Block::requires_protocol_6`]); the handshake picks the
/// version from that and from what Terraform offers.
pub struct ProviderServices {
    services: Vec<(&'static str, BoxedService)>,
    served: Served,
    on_shutdown: Vec<ShutdownHook>,
}

/// What [`ProviderServices::on_shutdown`] runs.
type ShutdownHook = Box<dyn FnOnce() -> Pin<Box<dyn Future<Output = ()> + Send>> + Send>;

impl fmt::Debug for ProviderServices {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ProviderServices")
            .field(
                "services",
                &self.services.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
            )
            .field("served", &self.served)
            .field("on_shutdown", &self.on_shutdown.len())
            .finish()
    }
}

impl Default for ProviderServices {
    fn default() -> Self {
        ProviderServices::new()
    }
}

impl ProviderServices {
    /// No provider yet.
    pub fn new() -> Self {
        ProviderServices {
            services: Vec::new(),
            served: Served {
                v5: false,
                v6: false,
                requires_v6: false,
                limited_to_5: false,
            },
            on_shutdown: Vec::new(),
        }
    }

    /// Serves a [`RawProvider`] (for instance a
    /// [`TypedProvider`](super::typed::TypedProvider)) on both protocols;
    /// protocol 5 is refused in the handshake when a schema uses nested
    /// attributes.
    pub fn from_raw<P: RawProvider>(provider: P) -> Self {
        // Each call in its span: tflog's fields on every line it logs.
        let grpc = GrpcProvider::new(super::log::Logged(provider));
        let requires_v6 = grpc.schema().requires_protocol_6();
        ProviderServices::new()
            .protocol_6(grpc.v6())
            .protocol_5(grpc.v5())
            .requires_protocol_6(requires_v6)
    }

    /// Serves `provider` as `tfplugin6.Provider`.
    pub fn protocol_6<P: tfplugin6::provider_server::Provider>(mut self, provider: P) -> Self {
        let server = tfplugin6::provider_server::ProviderServer::new(provider)
            .max_decoding_message_size(MAX_MESSAGE_SIZE)
            .max_encoding_message_size(MAX_MESSAGE_SIZE);
        self.add(server);
        self.served.v6 = true;
        self
    }

    /// Serves `provider` as `tfplugin5.Provider`.
    pub fn protocol_5<P: tfplugin5::provider_server::Provider>(mut self, provider: P) -> Self {
        let server = tfplugin5::provider_server::ProviderServer::new(provider)
            .max_decoding_message_size(MAX_MESSAGE_SIZE)
            .max_encoding_message_size(MAX_MESSAGE_SIZE);
        self.add(server);
        self.served.v5 = true;
        self
    }

    /// Serves no protocol above `version` (5 or 6): with 5, the protocol 6
    /// service is dropped, so Terraform talks protocol 5 even where it
    /// offers 6 (as terraform-plugin-go's `tf5server` does). A provider
    /// whose schema needs protocol 6 then fails its handshake, saying why.
    /// `TFSCHEMA_FORCE_PROTOCOL` still applies, within this limit.
    ///
    /// [`TypedProvider::max_protocol`](super::typed::TypedProvider::max_protocol)
    /// does this for a typed provider.
    pub fn max_protocol(mut self, version: u32) -> Self {
        if version < 6 {
            let v6 = tfplugin6::provider_server::SERVICE_NAME;
            self.services.retain(|(name, _)| *name != v6);
            self.served.v6 = false;
            self.served.limited_to_5 = true;
        }
        self
    }

    /// Whether some schema uses nested attributes (protocol 6 only).
    pub fn requires_protocol_6(mut self, requires: bool) -> Self {
        self.served.requires_v6 = requires;
        self
    }

    /// Runs `hook` when serving ends ([`serve`] after `GRPCController/Shutdown`
    /// and the calls in flight, or a debug server when it stops), before
    /// returning: to end what the services hold, such as a provider binary
    /// launched as a child, which is otherwise killed when its last
    /// [`PluginClient`](super::client::PluginClient) is dropped. Hooks run in
    /// the order they were added, each on a thread of its own, within 800 ms
    /// in all (Terraform kills the provider 2 s after asking it to exit): a
    /// hook still running then is abandoned.
    ///
    /// ```no_run
    /// # async fn f(go: tfschema::server::client::PluginClient, services: tfschema::server::ProviderServices) {
    /// // `go` serves some of the types (see `mux::MuxBuilder::protocol_5_only`):
    /// // asked to exit, as Terraform asks a provider.
    /// let services = services.on_shutdown(move || async move {
    ///     go.shutdown().await;
    /// });
    /// # let _ = services;
    /// # }
    /// ```
    pub fn on_shutdown<F, Fut>(mut self, hook: F) -> Self
    where
        F: FnOnce() -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        self.on_shutdown.push(Box::new(move || {
            Box::pin(hook()) as Pin<Box<dyn Future<Output = ()> + Send>>
        }));
        self
    }

    /// Takes the shutdown hooks out, for the server to run once it is done.
    pub(super) fn take_shutdown_hooks(&mut self) -> ShutdownHooks {
        ShutdownHooks(std::mem::take(&mut self.on_shutdown))
    }

    /// What is served, as the handshake sees it.
    pub fn served(&self) -> Served {
        self.served
    }

    fn add<S>(&mut self, service: S)
    where
        S: Service<http::Request<Body>, Response = http::Response<Body>, Error = Infallible>
            + NamedService
            + Clone
            + Send
            + Sync
            + 'static,
        S::Future: Send + 'static,
    {
        self.services.retain(|(name, _)| *name != S::NAME);
        self.services
            .push((S::NAME, BoxCloneSyncService::new(service)));
    }
}

/// The hooks of [`ProviderServices::on_shutdown`], taken out of the services.
pub(super) struct ShutdownHooks(Vec<ShutdownHook>);

/// How long the shutdown hooks may take together: Terraform kills a
/// provider 2 s after asking it to exit, and the calls in flight had
/// [`SHUTDOWN_GRACE`] of that.
const HOOKS_GRACE: Duration = Duration::from_millis(800);

impl ShutdownHooks {
    /// Runs each hook, in order, each on a thread of its own
    /// ([`detach`](super::detached::detach)), within [`HOOKS_GRACE`] in all:
    /// a hook that blocks its thread or never ends is abandoned, and the
    /// process ends on time anyway.
    pub(super) async fn run(self) {
        let deadline = tokio::time::Instant::now() + HOOKS_GRACE;
        for hook in self.0 {
            let hook = super::detached::detach(hook());
            if tokio::time::timeout_at(deadline, hook).await.is_err() {
                tracing::warn!(
                    "a shutdown hook did not finish within {} ms: abandoned",
                    HOOKS_GRACE.as_millis()
                );
                return;
            }
        }
    }
}

/// Options of [`serve`]: the environment and where the handshake line goes.
pub struct ServeOptions {
    env: PluginEnv,
    handshake_out: Box<dyn Write + Send>,
    force_protocol: Option<u32>,
    prefer_tcp: bool,
    ignore_sigint: bool,
}

impl fmt::Debug for ServeOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ServeOptions")
            .field("env", &self.env)
            .field("force_protocol", &self.force_protocol)
            .field("prefer_tcp", &self.prefer_tcp)
            .field("ignore_sigint", &self.ignore_sigint)
            .finish_non_exhaustive()
    }
}

impl ServeOptions {
    /// The given environment, the handshake line on stdout, SIGINT ignored.
    pub fn new(env: PluginEnv) -> Self {
        ServeOptions {
            env,
            handshake_out: Box::new(io::stdout()),
            force_protocol: None,
            prefer_tcp: false,
            ignore_sigint: true,
        }
    }

    /// Writes the handshake line here instead of stdout.
    pub fn handshake_output(mut self, out: impl Write + Send + 'static) -> Self {
        self.handshake_out = Box::new(out);
        self
    }

    /// Forces the protocol version (like `TFSCHEMA_FORCE_PROTOCOL`).
    pub fn force_protocol(mut self, version: u32) -> Self {
        self.force_protocol = Some(version);
        self
    }

    /// Listens on TCP 127.0.0.1 instead of a unix socket.
    pub fn prefer_tcp(mut self, tcp: bool) -> Self {
        self.prefer_tcp = tcp;
        self
    }

    /// Whether to ignore SIGINT (default: yes; Terraform stops providers
    /// with the Stop RPC, and Ctrl-C reaches the whole process group).
    pub fn ignore_sigint(mut self, ignore: bool) -> Self {
        self.ignore_sigint = ignore;
        self
    }
}

/// Why the plugin could not serve.
#[derive(Debug)]
pub enum ServeError {
    /// The magic cookie is missing: someone ran the binary by hand.
    NotLaunchedByTerraform,
    /// Protocol negotiation or the plugin environment failed.
    Handshake(HandshakeError),
    /// TLS setup failed.
    Tls(TlsError),
    /// Listening or writing the handshake line failed.
    Io {
        /// What was being done ("writing the handshake line").
        context: String,
        /// The I/O error.
        source: io::Error,
    },
    /// The gRPC server failed.
    Transport(tonic::transport::Error),
    /// Debug serving could not start: no provider address, a malformed
    /// one, or the server task failed (the message says which).
    Debug(String),
}

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServeError::NotLaunchedByTerraform => f.write_str(NOT_A_PROGRAM_HINT),
            ServeError::Handshake(e) => write!(f, "plugin handshake: {e}"),
            ServeError::Tls(e) => write!(f, "plugin TLS: {e}"),
            ServeError::Io { context, source } => write!(f, "{context}: {source}"),
            ServeError::Transport(e) => write!(f, "gRPC server: {e}"),
            ServeError::Debug(message) => write!(f, "debug serving: {message}"),
        }
    }
}

impl std::error::Error for ServeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ServeError::NotLaunchedByTerraform => None,
            ServeError::Handshake(e) => Some(e),
            ServeError::Tls(e) => Some(e),
            ServeError::Io { source, .. } => Some(source),
            ServeError::Transport(e) => Some(e),
            ServeError::Debug(_) => None,
        }
    }
}

impl From<HandshakeError> for ServeError {
    fn from(e: HandshakeError) -> Self {
        ServeError::Handshake(e)
    }
}

impl From<TlsError> for ServeError {
    fn from(e: TlsError) -> Self {
        ServeError::Tls(e)
    }
}

/// Performs the handshake and serves until `GRPCController/Shutdown`, then
/// shuts the server down gracefully (at most a second for calls in flight)
/// and returns.
///
/// When the handshake fails (no common protocol version, a bad client
/// certificate, no socket), the one line written instead of the handshake is
/// `Error: <reason>`: Terraform shows that line in its error message.
///
/// # Errors
/// The process was not launched by Terraform (no magic cookie), the
/// handshake or TLS setup failed, no listener could be opened or the
/// handshake line written, or the gRPC server failed ([`ServeError`]).
pub async fn serve(
    mut services: ProviderServices,
    options: ServeOptions,
) -> Result<(), ServeError> {
    let hooks = services.take_shutdown_hooks();
    let result = serve_services(services, options).await;
    hooks.run().await;
    result
}

async fn serve_services(
    services: ProviderServices,
    options: ServeOptions,
) -> Result<(), ServeError> {
    let ServeOptions {
        env,
        mut handshake_out,
        force_protocol,
        prefer_tcp,
        ignore_sigint,
    } = options;
    if !env.launched_by_terraform() {
        return Err(ServeError::NotLaunchedByTerraform);
    }
    let (protocol, tls, (listener, addr, socket_dir)) =
        match prepare(&env, services.served, force_protocol, prefer_tcp).await {
            Ok(prepared) => prepared,
            Err(e) => {
                // Terraform shows the first stdout line when it is not a
                // handshake ("Unrecognized remote plugin message: ..."),
                // while stderr only reaches its debug log: so the reason goes
                // there too, on one line.
                let line = format!("Error: {e}").replace(['\r', '\n'], " ");
                let _ = writeln!(handshake_out, "{line}").and_then(|()| handshake_out.flush());
                return Err(e);
            }
        };

    if ignore_sigint {
        ignore_sigint_signals();
    }

    // The listener is bound: a client that dials as soon as it reads the
    // line waits in the backlog until the accept loop starts.
    let line = handshake_line(
        protocol,
        &addr,
        tls.as_ref().map(|(identity, _)| identity.cert_der()),
    );
    let written = writeln!(handshake_out, "{line}").and_then(|()| handshake_out.flush());
    if let Err(source) = written {
        return Err(ServeError::Io {
            context: "writing the handshake line".to_owned(),
            source,
        });
    }
    tracing::debug!(
        protocol,
        network = addr.network(),
        address = %addr,
        tls = tls.is_some(),
        "plugin serving"
    );

    let (shutdown_tx, shutdown_rx) = watch::channel(false);
    let parent = tokio::spawn(watch_parent(shutdown_tx.clone()));
    let router = Router::new(services, Some(shutdown_tx));
    let acceptor = tls.map(|(_, acceptor)| acceptor);
    let result = serve_listener(router, listener, acceptor, shutdown_rx).await;
    parent.abort();
    drop(socket_dir);
    tracing::debug!("plugin stopped");
    result.map_err(ServeError::Transport)
}

/// How often a served provider checks that the process that launched it
/// (Terraform) is still its parent.
const PARENT_POLL: Duration = Duration::from_millis(250);

/// Raises `shutdown` once the process that launched this one is gone: this
/// process was handed to another parent (init, or a subreaper). Terraform
/// that dies without calling `Shutdown` (killed, or its stdout closed
/// under it) never will, and a provider serving on would linger forever,
/// holding its Go children and its socket. Then the provider ends as after
/// `Shutdown`: the calls in flight get their grace, the shutdown hooks run.
async fn watch_parent(shutdown: watch::Sender<bool>) {
    let parent = std::os::unix::process::parent_id();
    loop {
        tokio::time::sleep(PARENT_POLL).await;
        let now = std::os::unix::process::parent_id();
        if now != parent {
            tracing::warn!(
                launched_by = parent,
                parent = now,
                "the process that launched the provider is gone: stopping"
            );
            let _ = shutdown.send(true);
            return;
        }
    }
}

/// Serves `router` on `listener` until `shutdown` is raised, then lets the
/// calls in flight finish for at most [`SHUTDOWN_GRACE`].
pub(super) async fn serve_listener(
    router: Router,
    listener: Listener,
    tls: Option<TlsAcceptor>,
    shutdown: watch::Receiver<bool>,
) -> Result<(), tonic::transport::Error> {
    let (conn_tx, conn_rx) = mpsc::channel(16);
    let accept_task = tokio::spawn(accept_loop(listener, tls, conn_tx, shutdown.clone()));
    let server = tonic::transport::Server::builder().serve_with_incoming_shutdown(
        router,
        tokio_stream::wrappers::ReceiverStream::new(conn_rx),
        shutdown_requested(shutdown.clone()),
    );
    tokio::pin!(server);
    let result = tokio::select! {
        result = &mut server => result,
        () = shutdown_requested(shutdown) => {
            match tokio::time::timeout(SHUTDOWN_GRACE, &mut server).await {
                Ok(result) => result,
                Err(_) => {
                    tracing::warn!("calls still in flight after the shutdown grace period; stopping anyway");
                    Ok(())
                }
            }
        }
    };
    accept_task.abort();
    result
}

type Prepared = (
    u32,
    Option<(ServerIdentity, TlsAcceptor)>,
    (Listener, ListenAddr, Option<SocketDir>),
);

/// Everything before the handshake line: the protocol version, TLS and the
/// listener.
async fn prepare(
    env: &PluginEnv,
    served: Served,
    force_protocol: Option<u32>,
    prefer_tcp: bool,
) -> Result<Prepared, ServeError> {
    let forced = match force_protocol {
        Some(v) => Some(v),
        None => env.forced_version()?,
    };
    let offered = env.offered_versions();
    let protocol = choose_protocol(offered.as_deref(), served, forced)?;
    let tls = match env.client_cert.as_deref() {
        Some(pem) => {
            let identity = ServerIdentity::generate()?;
            let config = server_config(&identity, parse_client_cert(pem)?)?;
            Some((identity, TlsAcceptor::from(config)))
        }
        None => None,
    };
    let listening = bind(env, prefer_tcp).await?;
    Ok((protocol, tls, listening))
}

async fn shutdown_requested(mut rx: watch::Receiver<bool>) {
    // An error means the sender is gone: nobody can ask any more, so treat
    // it as a request as well rather than serving forever unstoppable.
    let _ = rx.wait_for(|requested| *requested).await;
}

fn ignore_sigint_signals() {
    use tokio::signal::unix::{signal, SignalKind};
    // Registering a tokio handler replaces the default action (terminate)
    // for the rest of the process; draining it just logs.
    match signal(SignalKind::interrupt()) {
        Ok(mut sigint) => {
            tokio::spawn(async move {
                while sigint.recv().await.is_some() {
                    tracing::debug!("SIGINT ignored: Terraform stops providers with the Stop RPC");
                }
            });
        }
        Err(e) => tracing::warn!(error = %e, "could not ignore SIGINT"),
    }
}

/// The listening socket.
pub(super) enum Listener {
    Unix(UnixListener),
    Tcp(TcpListener),
}

/// Binds a unix socket in a private temporary directory, or TCP on
/// 127.0.0.1 (the port range from the environment) when asked or when the
/// unix socket cannot be created.
pub(super) async fn bind(
    env: &PluginEnv,
    prefer_tcp: bool,
) -> Result<(Listener, ListenAddr, Option<SocketDir>), ServeError> {
    if !prefer_tcp {
        let base = env
            .unix_socket_dir
            .clone()
            .unwrap_or_else(std::env::temp_dir);
        let unix = SocketDir::create(&base).and_then(|dir| {
            let path = dir.socket_path();
            UnixListener::bind(&path).map(|l| (l, path, dir))
        });
        match unix {
            Ok((listener, path, dir)) => {
                return Ok((Listener::Unix(listener), ListenAddr::Unix(path), Some(dir)))
            }
            Err(e) => tracing::warn!(
                error = %e,
                dir = %base.display(),
                "cannot listen on a unix socket; falling back to TCP"
            ),
        }
    }
    let ports = env.port_range()?.unwrap_or((0, 0));
    let mut last_err = None;
    for port in ports.0..=ports.1 {
        match TcpListener::bind(("127.0.0.1", port)).await {
            Ok(listener) => {
                let addr = listener.local_addr().map_err(|source| ServeError::Io {
                    context: "reading the TCP listener's address".to_owned(),
                    source,
                })?;
                return Ok((Listener::Tcp(listener), ListenAddr::Tcp(addr), None));
            }
            Err(e) => last_err = Some(e),
        }
    }
    Err(ServeError::Io {
        context: format!(
            "no free TCP port on 127.0.0.1 between {} and {}",
            ports.0, ports.1
        ),
        source: last_err.unwrap_or_else(|| io::Error::other("empty port range")),
    })
}

/// Accepts connections, completes TLS on each in its own task (a slow client
/// does not hold up others) and hands them to the server. Stops accepting
/// once shutdown is requested.
async fn accept_loop(
    listener: Listener,
    tls: Option<TlsAcceptor>,
    conns: mpsc::Sender<io::Result<Conn>>,
    shutdown: watch::Receiver<bool>,
) {
    loop {
        let accepted = tokio::select! {
            accepted = accept(&listener) => accepted,
            () = shutdown_requested(shutdown.clone()) => return,
        };
        let io = match accepted {
            Ok(io) => io,
            Err(e) => {
                // E.g. out of file descriptors: wait a little, keep serving
                // the connections we have.
                tracing::warn!(error = %e, "accepting a connection failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        match &tls {
            None => {
                if conns.send(Ok(Conn(io))).await.is_err() {
                    return;
                }
            }
            Some(acceptor) => {
                let acceptor = acceptor.clone();
                let conns = conns.clone();
                let shutdown = shutdown.clone();
                tokio::spawn(async move {
                    let outcome =
                        tokio::time::timeout(TLS_HANDSHAKE_TIMEOUT, acceptor.accept(io)).await;
                    let error = match outcome {
                        Ok(Ok(stream)) => {
                            let _ = conns.send(Ok(Conn(Box::new(stream)))).await;
                            return;
                        }
                        Ok(Err(e)) => e.to_string(),
                        Err(_) => "timed out".to_owned(),
                    };
                    // go-plugin's client may redial while it closes the
                    // plugin; a handshake cut short then is no news.
                    if *shutdown.borrow() {
                        tracing::debug!(error, "TLS handshake during shutdown failed");
                    } else {
                        tracing::warn!(error, "TLS handshake with the client failed");
                    }
                });
            }
        }
    }
}

async fn accept(listener: &Listener) -> io::Result<Box<dyn IoStream>> {
    match listener {
        Listener::Unix(l) => l
            .accept()
            .await
            .map(|(s, _)| Box::new(s) as Box<dyn IoStream>),
        Listener::Tcp(l) => l.accept().await.map(|(s, _)| {
            let _ = s.set_nodelay(true);
            Box::new(s) as Box<dyn IoStream>
        }),
    }
}

trait IoStream: AsyncRead + AsyncWrite + Unpin + Send + 'static {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send + 'static> IoStream for T {}

/// One accepted connection (plain or TLS, unix or TCP).
struct Conn(Box<dyn IoStream>);

impl tonic::transport::server::Connected for Conn {
    type ConnectInfo = ();

    fn connect_info(&self) -> Self::ConnectInfo {}
}

impl AsyncRead for Conn {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut *self.0).poll_read(cx, buf)
    }
}

impl AsyncWrite for Conn {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut *self.0).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut *self.0).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut *self.0).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut *self.0).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.0.is_write_vectored()
    }
}

/// Routes each call by its service name (`/<service>/<method>`); unknown
/// services (e.g. `plugin.GRPCBroker`) get Unimplemented.
#[derive(Clone)]
pub(super) struct Router {
    services: Arc<Vec<(&'static str, BoxedService)>>,
}

impl Router {
    /// The provider's services beside go-plugin's. `shutdown` is raised by
    /// `GRPCController/Shutdown`; without one (a debug server), Shutdown is
    /// answered and ignored.
    pub(super) fn new(
        mut services: ProviderServices,
        shutdown: Option<watch::Sender<bool>>,
    ) -> Router {
        services.add(
            HealthServer::new(PluginHealth)
                .max_decoding_message_size(MAX_MESSAGE_SIZE)
                .max_encoding_message_size(MAX_MESSAGE_SIZE),
        );
        services.add(GrpcControllerServer::new(Controller { shutdown }));
        services.add(GrpcStdioServer::new(StdioService));
        Router {
            services: Arc::new(services.services),
        }
    }
}

impl Service<http::Request<Body>> for Router {
    type Response = http::Response<Body>;
    type Error = Infallible;
    type Future =
        Pin<Box<dyn Future<Output = Result<http::Response<Body>, Infallible>> + Send + 'static>>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, req: http::Request<Body>) -> Self::Future {
        let path = req.uri().path();
        let name = path
            .strip_prefix('/')
            .and_then(|p| p.split_once('/'))
            .map(|(service, _)| service)
            .unwrap_or_default();
        match self.services.iter().find(|(n, _)| *n == name) {
            Some((_, service)) => Box::pin(service.clone().oneshot(req)),
            None => {
                tracing::debug!(path, "call to an unserved gRPC service");
                let status = tonic::Status::unimplemented(format!(
                    "service {name:?} is not served by this plugin"
                ));
                Box::pin(std::future::ready(Ok(status.into_http())))
            }
        }
    }
}

/// `grpc.health.v1.Health`: the plugin is SERVING as long as it runs.
struct PluginHealth;

impl PluginHealth {
    fn status(service: &str) -> Result<HealthCheckResponse, tonic::Status> {
        match service {
            "" | "plugin" => Ok(HealthCheckResponse {
                status: ServingStatus::Serving as i32,
            }),
            other => Err(tonic::Status::not_found(format!(
                "unknown service {other:?}"
            ))),
        }
    }
}

#[tonic::async_trait]
impl Health for PluginHealth {
    async fn check(
        &self,
        request: tonic::Request<HealthCheckRequest>,
    ) -> Result<tonic::Response<HealthCheckResponse>, tonic::Status> {
        PluginHealth::status(&request.get_ref().service).map(tonic::Response::new)
    }

    /// The status never changes while the plugin runs: one message, then the
    /// stream ends.
    type WatchStream = tokio_stream::Once<Result<HealthCheckResponse, tonic::Status>>;

    async fn watch(
        &self,
        request: tonic::Request<HealthCheckRequest>,
    ) -> Result<tonic::Response<Self::WatchStream>, tonic::Status> {
        let status = PluginHealth::status(&request.get_ref().service)?;
        Ok(tonic::Response::new(tokio_stream::once(Ok(status))))
    }
}

/// `plugin.GRPCController`: `Shutdown` stops the server, unless it is a
/// debug server, which serves one Terraform run after another until it is
/// stopped by its own process (Ctrl-C).
struct Controller {
    shutdown: Option<watch::Sender<bool>>,
}

#[tonic::async_trait]
impl GrpcController for Controller {
    async fn shutdown(
        &self,
        _request: tonic::Request<Empty>,
    ) -> Result<tonic::Response<Empty>, tonic::Status> {
        match &self.shutdown {
            Some(shutdown) => {
                tracing::debug!("shutdown requested by the plugin client");
                shutdown.send_replace(true);
            }
            None => tracing::debug!(
                "shutdown requested by the plugin client; ignored: a debug server \
                 serves until it is stopped"
            ),
        }
        Ok(tonic::Response::new(Empty {}))
    }
}
