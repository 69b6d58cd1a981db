//! How to launch a provider: [`LaunchOptions`].

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The plugin protocol versions Terraform 1.x offers.
pub const DEFAULT_PROTOCOL_VERSIONS: &str = "5,6";
/// How long a provider has to print its handshake line by default
/// (go-plugin's `StartTimeout`).
pub const DEFAULT_HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(60);
/// How long a provider has to exit after `GRPCController/Shutdown` before
/// it is killed (Terraform waits 2 s too).
pub const DEFAULT_SHUTDOWN_GRACE: Duration = Duration::from_secs(2);

/// The environment variable [`LaunchOptions::beside_executable`] reads: the
/// directory its relative paths start from, instead of the executable's.
pub const PROXIED_DIR_ENV: &str = "TFSCHEMA_PROXIED_DIR";

/// How to launch a provider binary ([`PluginClient::launch`]): the
/// environment Terraform gives it, plus what you add.
///
/// ```
/// use std::time::Duration;
/// use tfschema::server::client::LaunchOptions;
///
/// let options = LaunchOptions::new("./terraform-provider-null_v2.1.2_x4")
///     .protocol_versions("5")
///     .handshake_timeout(Duration::from_secs(10))
///     .env("TF_LOG_PROVIDER", "debug")
///     .name("null");
/// # let _ = options;
/// ```
///
/// [`PluginClient::launch`]: super::PluginClient::launch
#[derive(Debug, Clone)]
pub struct LaunchOptions {
    pub(super) binary: PathBuf,
    pub(super) name: Option<String>,
    pub(super) protocol_versions: String,
    pub(super) port_range: (u16, u16),
    pub(super) env: Vec<(OsString, OsString)>,
    pub(super) handshake_timeout: Duration,
    pub(super) shutdown_grace: Duration,
}

impl LaunchOptions {
    /// Launches `binary` (a bare file name means the file in the current
    /// directory, not one looked up in `PATH`) with Terraform's defaults:
    /// protocols `5,6`, ports 10000 to 25000, a 60 s handshake timeout and
    /// a 2 s grace after `Shutdown`.
    pub fn new(binary: impl Into<PathBuf>) -> Self {
        LaunchOptions {
            binary: binary.into(),
            name: None,
            protocol_versions: DEFAULT_PROTOCOL_VERSIONS.to_owned(),
            port_range: (10000, 25000),
            env: Vec::new(),
            handshake_timeout: DEFAULT_HANDSHAKE_TIMEOUT,
            shutdown_grace: DEFAULT_SHUTDOWN_GRACE,
        }
    }

    /// Launches the binary at `relative` to the directory of this
    /// process's own executable: where a provider that serves a Go
    /// provider's types through a [`Mux`](crate::server::mux::Mux) finds the
    /// Go binary it ships with (`tfschema release --proxied` puts it in the
    /// package as `proxied/<file>`). The environment variable
    /// [`PROXIED_DIR_ENV`], when set, names the directory to use instead
    /// (for tests and for a binary run from elsewhere).
    ///
    /// # Errors
    /// The executable's path cannot be read (a [`ClientErrorKind::Spawn`](super::ClientErrorKind::Spawn)
    /// error naming `relative`). A missing binary is found by
    /// [`PluginClient::launch`](super::PluginClient::launch).
    pub fn beside_executable(relative: impl AsRef<Path>) -> Result<Self, super::ClientError> {
        let relative = relative.as_ref();
        let base = match std::env::var_os(PROXIED_DIR_ENV) {
            Some(dir) => PathBuf::from(dir),
            None => std::env::current_exe()
                .ok()
                .and_then(|exe| exe.parent().map(Path::to_path_buf))
                .ok_or_else(|| {
                    super::ClientError::new(
                        super::ClientErrorKind::Spawn,
                        format!(
                            "provider {}: the directory of this executable cannot be read to find it; set {PROXIED_DIR_ENV}",
                            relative.display()
                        ),
                    )
                })?,
        };
        Ok(LaunchOptions::new(base.join(relative)))
    }

    /// The name the child's log lines and errors carry; by default the
    /// binary's file name (go-plugin names the logger so).
    pub fn name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// `PLUGIN_PROTOCOL_VERSIONS`: the versions offered, `"5,6"`, `"5"` or
    /// `"6"`. A provider offered none of its versions may answer with
    /// another: go-plugin's servers fall back to their handshake config's
    /// version (4 for the Go SDK v1, which [`PluginClient::launch`] refuses
    /// as Terraform does; 5 for later SDKs): compare
    /// [`PluginClient::protocol`] with what you offered.
    ///
    /// [`PluginClient::protocol`]: super::PluginClient::protocol
    /// [`PluginClient::launch`]: super::PluginClient::launch
    pub fn protocol_versions(mut self, versions: impl Into<String>) -> Self {
        self.protocol_versions = versions.into();
        self
    }

    /// `PLUGIN_MIN_PORT` and `PLUGIN_MAX_PORT`: the TCP ports a provider
    /// that cannot use a unix socket may listen on.
    pub fn port_range(mut self, min: u16, max: u16) -> Self {
        self.port_range = (min, max);
        self
    }

    /// Adds a variable to the child's environment (which is ours plus
    /// go-plugin's variables).
    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> Self {
        self.env.push((key.into(), value.into()));
        self
    }

    /// How long the child has to print its handshake line.
    pub fn handshake_timeout(mut self, timeout: Duration) -> Self {
        self.handshake_timeout = timeout;
        self
    }

    /// How long [`PluginClient::shutdown`] waits for the child to exit
    /// after `Shutdown` before killing it.
    ///
    /// [`PluginClient::shutdown`]: super::PluginClient::shutdown
    pub fn shutdown_grace(mut self, grace: Duration) -> Self {
        self.shutdown_grace = grace;
        self
    }

    /// The binary as given.
    pub fn binary(&self) -> &Path {
        &self.binary
    }

    /// The display name: the one set, else the file name.
    pub(super) fn display_name(&self) -> String {
        self.name.clone().unwrap_or_else(|| {
            self.binary
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_else(|| self.binary.display().to_string())
        })
    }
}
