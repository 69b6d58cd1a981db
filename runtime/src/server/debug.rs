//! Debug serving: the provider runs on its own (under a debugger, in a
//! terminal, or inside a test process) and Terraform attaches to it through
//! `TF_REATTACH_PROVIDERS`, instead of launching it, as terraform-plugin-go's
//! managed debug mode (`-debug`) does.
//!
//! Terraform reads `TF_REATTACH_PROVIDERS` as a JSON map from provider
//! address to go-plugin's `ReattachConfig` (`Protocol`, `ProtocolVersion`,
//! `Pid`, `Test`, `Addr{Network, String}`) and dials the address without a
//! handshake and without TLS (its client for an unmanaged provider has no
//! certificate to offer). `Test: true` matters twice: go-plugin then takes
//! the protocol version from the entry (without it Terraform assumes
//! protocol 5), and it neither kills the process nor asks it to shut down
//! when a run ends. So one debug server serves any number of runs; it
//! ignores `GRPCController/Shutdown` in case a client sends one anyway, and
//! `Stop` cancels only the calls in flight, as it always does.

use std::fmt;
use std::fmt::Write as _;
use std::future::Future;
use std::io;
use std::path::{Path, PathBuf};

use tokio::sync::watch;

use super::handshake::{choose_protocol, ListenAddr, PluginEnv, Served, SocketDir};
use super::serve::{bind, serve_listener, ProviderServices, Router, ServeError};

/// The environment variable Terraform reads reattach configurations from.
pub const REATTACH_PROVIDERS_KEY: &str = "TF_REATTACH_PROVIDERS";

/// The registry host of an address given by type or `namespace/type` only,
/// and of the address guessed from the binary's name.
const DEFAULT_REGISTRY: &str = "registry.terraform.io";
/// The namespace of the address guessed from the binary's name (Terraform
/// reads a bare type name the same way).
const DEFAULT_NAMESPACE: &str = "hashicorp";
/// The prefix of every provider binary's file name.
const BINARY_PREFIX: &str = "terraform-provider-";

/// How to serve in debug mode ([`DebugServer::start`], `--debug`).
///
/// ```
/// use tfschema::server::DebugOptions;
///
/// let options = DebugOptions::new()
///     .address("registry.terraform.io/example/things")
///     .env_file("/tmp/things.env");
/// # let _ = options;
/// ```
#[derive(Debug, Clone, Default)]
pub struct DebugOptions {
    address: Option<String>,
    env_file: Option<PathBuf>,
    protocol: Option<u32>,
    socket_dir: Option<PathBuf>,
    prefer_tcp: bool,
}

impl DebugOptions {
    /// The defaults: the address from the binary's file name, the highest
    /// protocol served, a unix socket in the temporary directory.
    pub fn new() -> Self {
        DebugOptions::default()
    }

    /// The provider's address as configurations name it in
    /// `required_providers` (`registry.terraform.io/hashicorp/x`; `x` and
    /// `hashicorp/x` mean the same to Terraform). Without it, the address
    /// is `registry.terraform.io/hashicorp/<name>` from the running
    /// binary's file name `terraform-provider-<name>` (a `_v1.2.3` suffix,
    /// as in Terraform's installed binaries, is dropped).
    pub fn address(mut self, provider_address: impl Into<String>) -> Self {
        self.address = Some(provider_address.into());
        self
    }

    /// Also writes `TF_REATTACH_PROVIDERS='…'` (one line, quoted for a
    /// POSIX shell, so `. <file>` or `set -a; . <file>` reads it) to this
    /// file once the server listens, as terraform-plugin-go's
    /// `WithManagedDebugEnvFilePath` does. The file is left in place when
    /// the server stops.
    pub fn env_file(mut self, path: impl Into<PathBuf>) -> Self {
        self.env_file = Some(path.into());
        self
    }

    /// The plugin protocol version Terraform is told to speak: 5 or 6. By
    /// default the highest one served (6, unless the provider is limited to
    /// protocol 5). Protocol 5 is refused for a schema with nested
    /// attributes.
    pub fn protocol(mut self, version: u32) -> Self {
        self.protocol = Some(version);
        self
    }

    /// Creates the socket's private directory under `dir` instead of the
    /// system's temporary directory.
    pub fn socket_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.socket_dir = Some(dir.into());
        self
    }

    /// Listens on TCP 127.0.0.1 (a port the system picks) instead of a unix
    /// socket. TCP is also used when no unix socket can be created.
    pub fn prefer_tcp(mut self, tcp: bool) -> Self {
        self.prefer_tcp = tcp;
        self
    }
}

/// Where a running provider listens and how to talk to it: one entry of
/// `TF_REATTACH_PROVIDERS`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReattachConfig {
    /// The provider's address (the entry's key).
    pub provider_address: String,
    /// The plugin protocol version, 5 or 6.
    pub protocol_version: u32,
    /// The serving process.
    pub pid: u32,
    /// `unix` or `tcp`.
    pub network: String,
    /// The socket path or `127.0.0.1:<port>`.
    pub addr: String,
}

impl ReattachConfig {
    /// The value of `TF_REATTACH_PROVIDERS` for this provider alone.
    pub fn to_json(&self) -> String {
        reattach_providers_json([self])
    }

    /// Reads a `TF_REATTACH_PROVIDERS` value as Terraform does: a JSON map
    /// from provider address to go-plugin's reattach configuration, whose
    /// keys match case-insensitively (Go's `encoding/json`) and whose
    /// missing members are zero. The protocol version is the entry's when
    /// `Test` is true and 5 otherwise (go-plugin takes the entry's version
    /// only in test mode). The configurations come sorted by address.
    ///
    /// ```
    /// use tfschema::server::ReattachConfig;
    ///
    /// let configs = ReattachConfig::parse_providers(
    ///     r#"{"registry.terraform.io/example/things":{"Protocol":"grpc","ProtocolVersion":6,
    ///        "Pid":4242,"Test":true,"Addr":{"Network":"unix","String":"/tmp/plugin1"}}}"#,
    /// )?;
    /// assert_eq!(configs[0].protocol_version, 6);
    /// assert_eq!(configs[0].addr, "/tmp/plugin1");
    /// # Ok::<(), tfschema::server::ServeError>(())
    /// ```
    ///
    /// # Errors
    /// Not a JSON object of objects (`Invalid format for
    /// TF_REATTACH_PROVIDERS`, Terraform's words); an entry whose protocol
    /// is not `grpc` (Terraform 0.12 and later speak nothing else), whose
    /// network is neither `unix` nor `tcp` (`Unknown address type`), whose
    /// address is empty, or whose version or pid is not a number in range.
    /// The message names the entry.
    pub fn parse_providers(json: &str) -> Result<Vec<ReattachConfig>, ServeError> {
        let invalid = |why: String| {
            ServeError::Debug(format!(
                "Invalid format for {REATTACH_PROVIDERS_KEY}: {why}"
            ))
        };
        let value: serde_json::Value =
            serde_json::from_str(json).map_err(|e| invalid(e.to_string()))?;
        let serde_json::Value::Object(entries) = value else {
            return Err(invalid(
                "expected a JSON object of provider addresses".to_owned(),
            ));
        };
        let mut configs = Vec::with_capacity(entries.len());
        for (address, entry) in &entries {
            configs.push(parse_reattach_entry(address, entry).map_err(invalid)?);
        }
        configs.sort_by(|a, b| a.provider_address.cmp(&b.provider_address));
        Ok(configs)
    }
}

/// A member of a JSON object by name, matched case-insensitively as Go's
/// `encoding/json` matches struct fields (an exact match first).
fn member<'a>(
    object: &'a serde_json::Map<String, serde_json::Value>,
    name: &str,
) -> Option<&'a serde_json::Value> {
    object.get(name).or_else(|| {
        object
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v)
    })
}

/// One entry of `TF_REATTACH_PROVIDERS`.
fn parse_reattach_entry(
    address: &str,
    entry: &serde_json::Value,
) -> Result<ReattachConfig, String> {
    let serde_json::Value::Object(entry) = entry else {
        return Err(format!("the entry for {address:?} is not a JSON object"));
    };
    let text = |object: &serde_json::Map<String, serde_json::Value>, name: &str| match member(
        object, name,
    ) {
        None | Some(serde_json::Value::Null) => Ok(String::new()),
        Some(serde_json::Value::String(s)) => Ok(s.clone()),
        Some(other) => Err(format!("{name} of {address:?} is not a string: {other}")),
    };
    let number = |name: &str| match member(entry, name) {
        None | Some(serde_json::Value::Null) => Ok(0),
        Some(v) => v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| format!("{name} of {address:?} is not a number in range: {v}")),
    };
    let test = match member(entry, "Test") {
        None | Some(serde_json::Value::Null) => false,
        Some(serde_json::Value::Bool(b)) => *b,
        Some(other) => return Err(format!("Test of {address:?} is not a boolean: {other}")),
    };
    let protocol = text(entry, "Protocol")?;
    if protocol != "grpc" {
        return Err(format!(
            "the protocol of {address:?} is {protocol:?}: Terraform 0.12 and later reattach \
             only to \"grpc\" providers"
        ));
    }
    let addr = match member(entry, "Addr") {
        Some(serde_json::Value::Object(addr)) => addr,
        _ => return Err(format!("{address:?} has no Addr object")),
    };
    let network = text(addr, "Network")?;
    if network != "unix" && network != "tcp" {
        return Err(format!("Unknown address type {network:?} for {address:?}"));
    }
    let socket = text(addr, "String")?;
    if socket.is_empty() {
        return Err(format!("the {network} address of {address:?} is empty"));
    }
    let version = number("ProtocolVersion")?;
    Ok(ReattachConfig {
        provider_address: address.to_owned(),
        protocol_version: if test { version } else { 5 },
        pid: number("Pid")?,
        network,
        addr: socket,
    })
}

/// The value of `TF_REATTACH_PROVIDERS` for several providers served at
/// once, as Go's `encoding/json` writes it (keys sorted, `<`, `>` and `&`
/// escaped): `{"<address>":{"Protocol":"grpc","ProtocolVersion":6,
/// "Pid":…,"Test":true,"Addr":{"Network":"unix","String":"…"}}}`.
pub fn reattach_providers_json<'a>(
    configs: impl IntoIterator<Item = &'a ReattachConfig>,
) -> String {
    let mut configs: Vec<&ReattachConfig> = configs.into_iter().collect();
    configs.sort_by(|a, b| a.provider_address.cmp(&b.provider_address));
    let mut out = String::from("{");
    for (i, c) in configs.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(
            out,
            r#"{}:{{"Protocol":"grpc","ProtocolVersion":{},"Pid":{},"Test":true,"Addr":{{"Network":{},"String":{}}}}}"#,
            go_json_string(&c.provider_address),
            c.protocol_version,
            c.pid,
            go_json_string(&c.network),
            go_json_string(&c.addr),
        );
    }
    out.push('}');
    out
}

/// A JSON string as Go's `encoding/json` writes it: serde_json's escaping
/// plus Go's HTML-safe escapes. Those characters can only occur inside the
/// string, so replacing them in the whole text is exact.
fn go_json_string(s: &str) -> String {
    let json = serde_json::Value::String(s.to_owned()).to_string();
    json.replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
}

/// `TF_REATTACH_PROVIDERS='<json>'`, single-quoted for a POSIX shell (a
/// quote inside becomes `'"'"'`), as terraform-plugin-go prints and writes
/// it.
pub fn reattach_shell_line(json: &str) -> String {
    format!(
        "{REATTACH_PROVIDERS_KEY}='{}'",
        json.replace('\'', r#"'"'"'"#)
    )
}

/// What a provider started with `--debug` prints on stdout, terraform-plugin-go's
/// managed-debug text: the instruction, a blank line, the tab-indented
/// [`reattach_shell_line`], a blank line, and where the env file is written
/// when there is one.
pub fn debug_instructions(json: &str, env_file: Option<&Path>) -> String {
    let mut text = format!(
        "Provider started. To attach Terraform CLI, set the {REATTACH_PROVIDERS_KEY} \
         environment variable with the following:\n\n\t{}\n\n",
        reattach_shell_line(json)
    );
    if let Some(path) = env_file {
        let _ = writeln!(
            text,
            "Writing reattach configuration to env file at path {}",
            path.display()
        );
    }
    text
}

/// The address a provider binary serves in debug mode when none is given:
/// `registry.terraform.io/hashicorp/<name>` from the file name
/// `terraform-provider-<name>`, without a `_v<version>` suffix (Terraform
/// installs `terraform-provider-x_v1.2.3`) or `.exe`.
///
/// # Errors
/// A file name of another shape (a test binary, a renamed copy), with the
/// advice to pass the address.
pub fn default_address(binary: &Path) -> Result<String, ServeError> {
    let file = binary
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let name = file.strip_suffix(".exe").unwrap_or(&file);
    let name = name.strip_prefix(BINARY_PREFIX).map(|rest| {
        // `_v` then a digit starts the version Terraform appends.
        match rest.find("_v") {
            Some(at) if rest[at + 2..].starts_with(|c: char| c.is_ascii_digit()) => &rest[..at],
            _ => rest,
        }
    });
    match name {
        Some(name) if is_type_name(name) => Ok(format!(
            "{DEFAULT_REGISTRY}/{DEFAULT_NAMESPACE}/{}",
            name.to_ascii_lowercase()
        )),
        _ => Err(ServeError::Debug(format!(
            "cannot tell the provider's address from the binary's file name {file:?} \
             (expected {BINARY_PREFIX}<name>): pass it with \
             DebugOptions::address(\"registry.terraform.io/<namespace>/<name>\")"
        ))),
    }
}

/// A provider type name as Terraform accepts it: letters, digits and
/// dashes, neither first nor last a dash.
fn is_type_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('-')
        && !name.ends_with('-')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// Checks a given address: `type`, `namespace/type` or
/// `hostname/namespace/type`, each part non-empty, no space or quote.
fn check_address(address: &str) -> Result<(), ServeError> {
    let parts: Vec<&str> = address.split('/').collect();
    let ok = parts.len() <= 3
        && parts.iter().all(|p| {
            !p.is_empty()
                && !p
                    .chars()
                    .any(|c| c.is_whitespace() || c == '"' || c == '\'')
        });
    if ok {
        Ok(())
    } else {
        Err(ServeError::Debug(format!(
            "{address:?} is not a provider address: expected \
             <hostname>/<namespace>/<type>, e.g. \"registry.terraform.io/hashicorp/x\""
        )))
    }
}

/// The protocol version a debug server announces: the one asked for, if
/// served and usable, else the highest one served.
fn debug_protocol(served: Served, asked: Option<u32>) -> Result<u32, ServeError> {
    let Some(version) = asked else {
        return Ok(choose_protocol(None, served, None)?);
    };
    let refuse = |why: &str| {
        Err(ServeError::Debug(format!(
            "DebugOptions::protocol({version}): {why}"
        )))
    };
    match version {
        5 if served.v5 && served.requires_v6 => {
            refuse("this provider's schema uses nested attributes, which need protocol 6")
        }
        5 if served.v5 => Ok(5),
        6 if served.v6 => Ok(6),
        5 | 6 => refuse(&format!("this provider does not serve protocol {version}")),
        _ => refuse("expected 5 or 6"),
    }
}

/// A provider served in debug mode on the caller's tokio runtime: it
/// listens from [`start`](Self::start) until [`shutdown`](Self::shutdown)
/// (or until it is dropped), whatever Terraform runs attach to it
/// meanwhile.
///
/// The server's tasks run on that runtime: wait for Terraform without
/// blocking its threads (`tokio::process`, or `spawn_blocking`). On a
/// current-thread runtime (`#[tokio::test]`'s default), a blocking
/// `std::process::Command::status` would leave no thread to serve the
/// calls it waits for.
///
/// ```no_run
/// use tfschema::server::{DebugOptions, DebugServer, ProviderServices};
/// # struct MyProvider;
/// # impl tfschema::server::raw::RawProvider for MyProvider {
/// #     fn schema(&self) -> tfschema::server::raw::ProviderSchema { Default::default() }
/// # }
///
/// # async fn f() -> Result<(), tfschema::server::ServeError> {
/// let server = DebugServer::start(
///     ProviderServices::from_raw(MyProvider),
///     DebugOptions::new().address("registry.terraform.io/example/things"),
/// )
/// .await?;
/// let status = tfschema::server::tokio::process::Command::new("terraform")
///     .arg("apply")
///     .env("TF_REATTACH_PROVIDERS", server.reattach_providers())
///     .status()
///     .await;
/// server.shutdown().await;
/// # let _ = status;
/// # Ok(())
/// # }
/// ```
pub struct DebugServer {
    config: ReattachConfig,
    env_file: Option<PathBuf>,
    shutdown: watch::Sender<bool>,
    task: Option<tokio::task::JoinHandle<Result<(), tonic::transport::Error>>>,
    socket_dir: Option<SocketDir>,
}

impl fmt::Debug for DebugServer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DebugServer")
            .field("config", &self.config)
            .field("env_file", &self.env_file)
            .finish_non_exhaustive()
    }
}

impl DebugServer {
    /// Chooses the protocol version, binds the socket, writes the env file
    /// if asked, and starts serving on a task of the current tokio runtime;
    /// returns as soon as Terraform can attach.
    ///
    /// # Errors
    /// No address given and none to tell from the binary's name, a
    /// malformed address, a protocol version not served (or 5 for a schema
    /// with nested attributes), no socket, or the env file not written.
    pub async fn start(
        services: ProviderServices,
        options: DebugOptions,
    ) -> Result<DebugServer, ServeError> {
        let address = match options.address {
            Some(address) => {
                check_address(&address)?;
                address
            }
            None => {
                let exe = std::env::current_exe().map_err(|source| ServeError::Io {
                    context: "finding the provider binary's name for its address".to_owned(),
                    source,
                })?;
                default_address(&exe)?
            }
        };
        let protocol = debug_protocol(services.served(), options.protocol)?;
        let env = PluginEnv {
            unix_socket_dir: options.socket_dir,
            ..PluginEnv::default()
        };
        let (listener, addr, socket_dir) = bind(&env, options.prefer_tcp).await?;
        let addr_text = match &addr {
            ListenAddr::Unix(path) => path
                .to_str()
                .ok_or_else(|| {
                    ServeError::Debug(format!(
                        "the socket path {} is not UTF-8; choose another directory with \
                         DebugOptions::socket_dir",
                        path.display()
                    ))
                })?
                .to_owned(),
            ListenAddr::Tcp(socket) => socket.to_string(),
        };
        let config = ReattachConfig {
            provider_address: address,
            protocol_version: protocol,
            pid: std::process::id(),
            network: addr.network().to_owned(),
            addr: addr_text,
        };
        if let Some(path) = &options.env_file {
            let line = format!("{}\n", reattach_shell_line(&config.to_json()));
            std::fs::write(path, line).map_err(|source| ServeError::Io {
                context: format!("writing the reattach configuration to {}", path.display()),
                source,
            })?;
        }

        let (shutdown, shutdown_rx) = watch::channel(false);
        let router = Router::new(services, None);
        let task = tokio::spawn(serve_listener(router, listener, None, shutdown_rx));
        tracing::debug!(
            protocol,
            network = addr.network(),
            address = %addr,
            provider = %config.provider_address,
            "plugin serving in debug mode"
        );
        Ok(DebugServer {
            config,
            env_file: options.env_file,
            shutdown,
            task: Some(task),
            socket_dir,
        })
    }

    /// The value of `TF_REATTACH_PROVIDERS` that attaches Terraform to this
    /// server (see [`reattach_providers_json`] for several servers).
    pub fn reattach_providers(&self) -> String {
        self.config.to_json()
    }

    /// Where this server listens and what it serves.
    pub fn reattach_config(&self) -> &ReattachConfig {
        &self.config
    }

    /// The text `--debug` prints ([`debug_instructions`]).
    pub fn instructions(&self) -> String {
        debug_instructions(&self.reattach_providers(), self.env_file.as_deref())
    }

    /// Serves until `stop` completes or the server fails, then shuts down
    /// as [`shutdown`](Self::shutdown) does.
    ///
    /// # Errors
    /// The gRPC server failed.
    pub async fn serve_until(mut self, stop: impl Future<Output = ()>) -> Result<(), ServeError> {
        let Some(mut task) = self.task.take() else {
            return Ok(());
        };
        let ended = tokio::select! {
            ended = &mut task => Some(ended),
            () = stop => None,
        };
        let ended = match ended {
            Some(ended) => ended,
            None => {
                self.shutdown.send_replace(true);
                task.await
            }
        };
        self.socket_dir.take();
        match ended {
            Ok(result) => result.map_err(ServeError::Transport),
            Err(join) => Err(ServeError::Debug(format!("the server task failed: {join}"))),
        }
    }

    /// Stops serving (calls in flight get a second to finish) and removes
    /// the socket.
    pub async fn shutdown(mut self) {
        self.shutdown.send_replace(true);
        if let Some(task) = self.task.take() {
            if let Ok(Err(e)) = task.await {
                tracing::warn!(error = %e, "debug server failed");
            }
        }
        self.socket_dir.take();
        tracing::debug!("debug server stopped");
    }
}

impl Drop for DebugServer {
    /// A server dropped without [`shutdown`](Self::shutdown) stops
    /// accepting at once; its socket is removed.
    fn drop(&mut self) {
        self.shutdown.send_replace(true);
    }
}

/// The command line of a provider binary, as far as tfschema reads it.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Args {
    /// `--debug`, which Go providers spell `-debug` (both are accepted, and
    /// `--debug=true|false`).
    pub(super) debug: bool,
    /// The other arguments: ignored, as before debug mode existed
    /// (Terraform passes none; a test harness running the binary may).
    pub(super) ignored: Vec<String>,
}

/// Reads `--debug` from the arguments (without the program name).
pub(super) fn debug_flag<I>(args: I) -> Args
where
    I: IntoIterator,
    I::Item: Into<std::ffi::OsString>,
{
    let mut parsed = Args::default();
    for arg in args {
        let arg: std::ffi::OsString = arg.into();
        let text = arg.to_string_lossy();
        match text.strip_prefix("--").or_else(|| text.strip_prefix('-')) {
            Some("debug") | Some("debug=true") => parsed.debug = true,
            Some("debug=false") => parsed.debug = false,
            _ => parsed.ignored.push(text.into_owned()),
        }
    }
    parsed
}

/// The `--debug` process: serves until SIGINT (Ctrl-C) or SIGTERM, printing
/// the instructions on stdout once it listens.
pub(super) async fn serve_debug(
    mut services: ProviderServices,
    options: DebugOptions,
) -> Result<(), ServeError> {
    let hooks = services.take_shutdown_hooks();
    let result = serve_debug_until_stopped(services, options).await;
    hooks.run().await;
    result
}

async fn serve_debug_until_stopped(
    services: ProviderServices,
    mut options: DebugOptions,
) -> Result<(), ServeError> {
    if options.protocol.is_none() {
        options.protocol = PluginEnv::from_process().forced_version()?;
    }
    let server = DebugServer::start(services, options).await?;
    let text = server.instructions();
    {
        use std::io::Write as _;
        let mut stdout = io::stdout().lock();
        let written = stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.flush());
        if let Err(source) = written {
            server.shutdown().await;
            return Err(ServeError::Io {
                context: "printing the reattach configuration".to_owned(),
                source,
            });
        }
    }
    server.serve_until(stop_signal()).await
}

/// SIGINT or SIGTERM (whichever comes first); never, when neither can be
/// watched.
async fn stop_signal() {
    use tokio::signal::unix::{signal, SignalKind};
    let (int, term) = (
        signal(SignalKind::interrupt()),
        signal(SignalKind::terminate()),
    );
    let (mut int, mut term) = match (int, term) {
        (Ok(int), Ok(term)) => (int, term),
        (Err(e), _) | (_, Err(e)) => {
            tracing::warn!(error = %e, "cannot watch SIGINT/SIGTERM; stop the provider with SIGKILL");
            return std::future::pending().await;
        }
    };
    tokio::select! {
        _ = int.recv() => tracing::debug!("SIGINT: stopping the debug server"),
        _ = term.recv() => tracing::debug!("SIGTERM: stopping the debug server"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(address: &str, network: &str, addr: &str, version: u32) -> ReattachConfig {
        ReattachConfig {
            provider_address: address.to_owned(),
            protocol_version: version,
            pid: 4242,
            network: network.to_owned(),
            addr: addr.to_owned(),
        }
    }

    #[test]
    fn json_as_terraform_plugin_go_writes_it() {
        let c = config(
            "registry.terraform.io/hashicorp/x",
            "unix",
            "/tmp/plugin123",
            6,
        );
        assert_eq!(
            c.to_json(),
            r#"{"registry.terraform.io/hashicorp/x":{"Protocol":"grpc","ProtocolVersion":6,"Pid":4242,"Test":true,"Addr":{"Network":"unix","String":"/tmp/plugin123"}}}"#
        );
        let tcp = config("example/y", "tcp", "127.0.0.1:1234", 5);
        assert_eq!(
            tcp.to_json(),
            r#"{"example/y":{"Protocol":"grpc","ProtocolVersion":5,"Pid":4242,"Test":true,"Addr":{"Network":"tcp","String":"127.0.0.1:1234"}}}"#
        );
    }

    #[test]
    fn json_of_several_sorts_keys_and_escapes_like_go() {
        let a = config("z/b", "unix", "/tmp/a&b<c>\"d\\", 6);
        let b = config("a/b", "tcp", "127.0.0.1:1", 5);
        let json = reattach_providers_json([&a, &b]);
        assert_eq!(
            json,
            r#"{"a/b":{"Protocol":"grpc","ProtocolVersion":5,"Pid":4242,"Test":true,"Addr":{"Network":"tcp","String":"127.0.0.1:1"}},"z/b":{"Protocol":"grpc","ProtocolVersion":6,"Pid":4242,"Test":true,"Addr":{"Network":"unix","String":"/tmp/a\u0026b\u003cc\u003e\"d\\"}}}"#
        );
        // Still JSON, with the original values.
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(parsed["z/b"]["Addr"]["String"], "/tmp/a&b<c>\"d\\");
    }

    #[test]
    fn shell_line_escapes_single_quotes() {
        assert_eq!(
            reattach_shell_line(r#"{"a":"it's"}"#),
            r#"TF_REATTACH_PROVIDERS='{"a":"it'"'"'s"}'"#
        );
    }

    #[test]
    fn instructions_text() {
        let json = r#"{"x":{}}"#;
        assert_eq!(
            debug_instructions(json, None),
            "Provider started. To attach Terraform CLI, set the TF_REATTACH_PROVIDERS \
             environment variable with the following:\n\n\tTF_REATTACH_PROVIDERS='{\"x\":{}}'\n\n"
        );
        assert_eq!(
            debug_instructions(json, Some(Path::new("/tmp/r.env"))),
            "Provider started. To attach Terraform CLI, set the TF_REATTACH_PROVIDERS \
             environment variable with the following:\n\n\tTF_REATTACH_PROVIDERS='{\"x\":{}}'\n\n\
             Writing reattach configuration to env file at path /tmp/r.env\n"
        );
    }

    #[test]
    fn address_from_the_binary_name() {
        let ok = |p: &str| default_address(Path::new(p)).map_err(|e| e.to_string());
        assert_eq!(
            ok("/x/target/debug/terraform-provider-inventory").as_deref(),
            Ok("registry.terraform.io/hashicorp/inventory")
        );
        assert_eq!(
            ok(".terraform/providers/registry.terraform.io/tfschema/inventory/0.2.0/linux_amd64/terraform-provider-inventory_v0.2.0").as_deref(),
            Ok("registry.terraform.io/hashicorp/inventory")
        );
        assert_eq!(
            ok("terraform-provider-my-cloud_v1.0.0-beta.1.exe").as_deref(),
            Ok("registry.terraform.io/hashicorp/my-cloud")
        );
        // `_v` not followed by a digit is part of no version.
        assert!(ok("terraform-provider-a_vb").is_err());
        for bad in [
            "/x/target/debug/deps/serve_debug-0123abcd",
            "terraform-provider-",
            "terraform-provider-_v1.0.0",
            "terraform-provider--x",
            "my-provider",
            "",
        ] {
            let err = ok(bad).expect_err(bad);
            assert!(err.contains("DebugOptions::address"), "{bad}: {err}");
            assert!(err.contains("terraform-provider-<name>"), "{bad}: {err}");
        }
    }

    #[test]
    fn given_addresses_are_checked() {
        assert!(check_address("registry.terraform.io/hashicorp/x").is_ok());
        assert!(check_address("hashicorp/x").is_ok());
        assert!(check_address("x").is_ok());
        for bad in ["", "a//b", "a/b/c/d", "a b", "it's/x", "/x"] {
            let err = check_address(bad).expect_err(bad).to_string();
            assert!(err.contains("not a provider address"), "{bad}: {err}");
        }
    }

    #[test]
    fn command_line() {
        let debug = |args: &[&str]| debug_flag(args.iter().copied()).debug;
        assert!(!debug(&[]));
        assert!(debug(&["--debug"]));
        assert!(debug(&["-debug"]));
        assert!(debug(&["--debug=true"]));
        assert!(!debug(&["--debug", "-debug=false"]));
        assert!(!debug(&["debug", "--debg"]));
        assert_eq!(
            debug_flag(["--exact", "--debug", "x"]),
            Args {
                debug: true,
                ignored: vec!["--exact".to_owned(), "x".to_owned()],
            }
        );
    }

    #[test]
    fn reattach_json_as_terraform_reads_it() {
        // Terraform's own test cases (internal/getproviders/reattach), one
        // provider and two.
        let one = ReattachConfig::parse_providers(
            r#"{
                "test": {
                    "Protocol": "grpc",
                    "ProtocolVersion": 6,
                    "Pid": 12345,
                    "Test": true,
                    "Addr": {
                        "Network": "unix",
                        "String":"/var/folders/xx/abcde12345/T/plugin12345"
                    }
                }
            }"#,
        )
        .expect("parses");
        assert_eq!(
            one,
            [ReattachConfig {
                provider_address: "test".to_owned(),
                protocol_version: 6,
                pid: 12345,
                network: "unix".to_owned(),
                addr: "/var/folders/xx/abcde12345/T/plugin12345".to_owned(),
            }]
        );
        let two = ReattachConfig::parse_providers(
            r#"{"test":{"Protocol":"grpc","ProtocolVersion":6,"Pid":12345,"Test":true,
                "Addr":{"Network":"unix","String":"/tmp/a"}},
                "example.com/org/test":{"Protocol":"grpc","ProtocolVersion":5,"Pid":6789,
                "Test":true,"Addr":{"Network":"tcp","String":"127.0.0.1:1337"}}}"#,
        )
        .expect("parses");
        assert_eq!(
            two,
            [
                config("example.com/org/test", "tcp", "127.0.0.1:1337", 5),
                config("test", "unix", "/tmp/a", 6),
            ]
            .map(|mut c| {
                c.pid = if c.network == "tcp" { 6789 } else { 12345 };
                c
            })
        );
        // Go matches member names case-insensitively; without Test the
        // version is 5 whatever the entry says.
        let loose = ReattachConfig::parse_providers(
            r#"{"x":{"protocol":"grpc","protocolversion":6,"pid":1,
                "addr":{"network":"tcp","string":"127.0.0.1:1"}}}"#,
        )
        .expect("parses");
        assert_eq!(loose[0].protocol_version, 5);
        assert_eq!(loose[0].addr, "127.0.0.1:1");
        // What to_json writes reads back.
        let c = config("registry.terraform.io/hashicorp/x", "unix", "/tmp/p<1>", 6);
        assert_eq!(
            ReattachConfig::parse_providers(&c.to_json()).expect("parses"),
            [c]
        );
    }

    #[test]
    fn reattach_json_terraform_would_refuse() {
        for (json, want) in [
            ("not json", "Invalid format for TF_REATTACH_PROVIDERS"),
            ("[1]", "a JSON object of provider addresses"),
            (r#"{"x":1}"#, "the entry for \"x\" is not a JSON object"),
            (
                r#"{"x":{"Protocol":"netrpc","Addr":{"Network":"unix","String":"/s"}}}"#,
                "only to \"grpc\" providers",
            ),
            (r#"{"x":{"Protocol":"grpc"}}"#, "\"x\" has no Addr object"),
            (
                r#"{"x":{"Protocol":"grpc","Addr":{"Network":"udp","String":"/s"}}}"#,
                "Unknown address type \"udp\" for \"x\"",
            ),
            (
                r#"{"x":{"Protocol":"grpc","Addr":{"Network":"unix","String":""}}}"#,
                "the unix address of \"x\" is empty",
            ),
            (
                r#"{"x":{"Protocol":"grpc","Pid":-1,"Addr":{"Network":"unix","String":"/s"}}}"#,
                "Pid of \"x\" is not a number in range: -1",
            ),
        ] {
            let err = ReattachConfig::parse_providers(json)
                .expect_err(json)
                .to_string();
            assert!(err.contains(want), "{json}: {err}");
        }
    }
}
