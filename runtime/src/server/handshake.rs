//! The go-plugin handshake as Terraform and OpenTofu expect it: the magic
//! cookie check, protocol version negotiation, the listener (a unix socket in
//! a private temporary directory, TCP on 127.0.0.1 as the fallback) and the
//! handshake line printed as the first line of stdout.
//!
//! Everything that decides something is a pure function of [`PluginEnv`], so
//! it is tested without touching the process environment.

use std::ffi::OsString;
use std::fmt;
use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// The magic cookie variable go-plugin sets for Terraform plugins.
pub const MAGIC_COOKIE_KEY: &str = "TF_PLUGIN_MAGIC_COOKIE";
/// Its value (the same in Terraform and OpenTofu).
pub const MAGIC_COOKIE_VALUE: &str =
    "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";
/// go-plugin's core protocol version, the first field of the handshake line.
pub const CORE_PROTOCOL_VERSION: u32 = 1;
/// Forces the plugin protocol version (`5` or `6`), for testing protocol 5.
pub const FORCE_PROTOCOL_KEY: &str = "TFSCHEMA_FORCE_PROTOCOL";

/// What a plugin prints (on stderr) when it was not started by Terraform.
pub const NOT_A_PROGRAM_HINT: &str =
    "This binary is a Terraform/OpenTofu provider plugin; it is not meant to be run directly.\n\
Terraform starts it when a configuration uses the provider (during development,\n\
point `dev_overrides` in the CLI configuration at the directory holding this binary).";

/// The environment go-plugin hands a plugin, read once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PluginEnv {
    /// `TF_PLUGIN_MAGIC_COOKIE`.
    pub magic_cookie: Option<String>,
    /// `PLUGIN_PROTOCOL_VERSIONS`: the versions Terraform speaks, e.g. `5,6`.
    pub protocol_versions: Option<String>,
    /// `PLUGIN_MIN_PORT`: the lowest TCP port to listen on when no unix
    /// socket can be used.
    pub min_port: Option<String>,
    /// `PLUGIN_MAX_PORT`: the highest such port.
    pub max_port: Option<String>,
    /// `PLUGIN_CLIENT_CERT`: Terraform's client certificate (PEM); absent
    /// when Terraform runs with `TF_DISABLE_PLUGIN_TLS`.
    pub client_cert: Option<String>,
    /// `PLUGIN_UNIX_SOCKET_DIR`: where to create the socket (go-plugin 1.5+).
    pub unix_socket_dir: Option<PathBuf>,
    /// `TFSCHEMA_FORCE_PROTOCOL`: `5` or `6`.
    pub force_protocol: Option<String>,
}

impl PluginEnv {
    /// Reads the variables through `lookup` (e.g. `std::env::var_os`).
    /// Values that are not valid UTF-8 are read lossily, so they fail the
    /// checks below with a readable message instead of vanishing.
    pub fn from_lookup(mut lookup: impl FnMut(&str) -> Option<OsString>) -> Self {
        let mut text = |key: &str| lookup(key).map(|v| v.to_string_lossy().into_owned());
        PluginEnv {
            magic_cookie: text(MAGIC_COOKIE_KEY),
            protocol_versions: text("PLUGIN_PROTOCOL_VERSIONS"),
            min_port: text("PLUGIN_MIN_PORT"),
            max_port: text("PLUGIN_MAX_PORT"),
            client_cert: text("PLUGIN_CLIENT_CERT").filter(|c| !c.trim().is_empty()),
            unix_socket_dir: text("PLUGIN_UNIX_SOCKET_DIR")
                .filter(|d| !d.is_empty())
                .map(PathBuf::from),
            force_protocol: text(FORCE_PROTOCOL_KEY).filter(|v| !v.trim().is_empty()),
        }
    }

    /// Reads the process environment.
    pub fn from_process() -> Self {
        PluginEnv::from_lookup(|key| std::env::var_os(key))
    }

    /// Whether the magic cookie is present and right.
    pub fn launched_by_terraform(&self) -> bool {
        self.magic_cookie.as_deref() == Some(MAGIC_COOKIE_VALUE)
    }

    /// `PLUGIN_PROTOCOL_VERSIONS` as numbers; `None` when unset. Entries that
    /// are not numbers are skipped, as go-plugin does.
    pub fn offered_versions(&self) -> Option<Vec<u32>> {
        let raw = self.protocol_versions.as_deref()?;
        if raw.trim().is_empty() {
            return None;
        }
        Some(
            raw.split(',')
                .filter_map(|v| v.trim().parse::<u32>().ok())
                .collect(),
        )
    }

    /// `TFSCHEMA_FORCE_PROTOCOL`, checked.
    ///
    /// # Errors
    /// A value other than `5` or `6`.
    pub fn forced_version(&self) -> Result<Option<u32>, HandshakeError> {
        match self.force_protocol.as_deref().map(str::trim) {
            None => Ok(None),
            Some("5") => Ok(Some(5)),
            Some("6") => Ok(Some(6)),
            Some(other) => Err(HandshakeError::new(format!(
                "{FORCE_PROTOCOL_KEY}={other:?}: expected 5 or 6"
            ))),
        }
    }

    /// The TCP port range from `PLUGIN_MIN_PORT`/`PLUGIN_MAX_PORT`; `None`
    /// when both are unset (the system picks a port).
    ///
    /// # Errors
    /// Only one of the two set, a value that is not a port number, or a
    /// minimum above the maximum.
    pub fn port_range(&self) -> Result<Option<(u16, u16)>, HandshakeError> {
        fn port(key: &str, raw: &str) -> Result<u16, HandshakeError> {
            raw.trim()
                .parse::<u16>()
                .map_err(|_| HandshakeError::new(format!("{key}={raw:?} is not a port number")))
        }
        match (self.min_port.as_deref(), self.max_port.as_deref()) {
            (None, None) => Ok(None),
            (Some(min), Some(max)) => {
                let (min, max) = (port("PLUGIN_MIN_PORT", min)?, port("PLUGIN_MAX_PORT", max)?);
                if min > max {
                    return Err(HandshakeError::new(format!(
                        "PLUGIN_MIN_PORT ({min}) is above PLUGIN_MAX_PORT ({max})"
                    )));
                }
                Ok(Some((min, max)))
            }
            (Some(_), None) => Err(HandshakeError::new(
                "PLUGIN_MIN_PORT is set but PLUGIN_MAX_PORT is not",
            )),
            (None, Some(_)) => Err(HandshakeError::new(
                "PLUGIN_MAX_PORT is set but PLUGIN_MIN_PORT is not",
            )),
        }
    }
}

/// Which plugin protocol versions a provider serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Served {
    /// A `tfplugin5.Provider` implementation is registered.
    pub v5: bool,
    /// A `tfplugin6.Provider` implementation is registered.
    pub v6: bool,
    /// Some schema uses nested attributes, which protocol 5 cannot carry.
    pub requires_v6: bool,
    /// The provider asked for protocol 5 at most
    /// ([`ProviderServices::max_protocol`](super::ProviderServices::max_protocol)).
    pub limited_to_5: bool,
}

/// Chooses the plugin protocol version: the forced one if any (it must be
/// served and offered), else the highest version both sides speak. Protocol 5
/// is only possible when no schema needs protocol 6.
///
/// # Errors
/// No version both sides can use (the message names the offered and served
/// versions), a forced version that is not offered or served, or a provider
/// limited to protocol 5 whose schema needs 6.
pub fn choose_protocol(
    offered: Option<&[u32]>,
    served: Served,
    forced: Option<u32>,
) -> Result<u32, HandshakeError> {
    let usable = |v: u32| match v {
        5 => served.v5 && !served.requires_v6,
        6 => served.v6,
        _ => false,
    };
    let offered_text = || match offered {
        Some(list) if !list.is_empty() => list
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(","),
        Some(_) => "none".to_owned(),
        None => "unset".to_owned(),
    };
    if served.limited_to_5 && served.requires_v6 {
        return Err(HandshakeError::new(
            "this provider is limited to plugin protocol 5 (max_protocol(5)), but its schema \
             uses nested attributes, which need protocol 6: remove the limit or the nested attributes",
        ));
    }
    if let Some(v) = forced {
        if v == 5 && served.requires_v6 {
            return Err(HandshakeError::new(format!(
                "{FORCE_PROTOCOL_KEY}=5, but this provider's schema uses nested attributes, \
                 which need plugin protocol 6"
            )));
        }
        if !usable(v) {
            return Err(HandshakeError::new(format!(
                "{FORCE_PROTOCOL_KEY}={v}, but this provider does not serve protocol {v}"
            )));
        }
        if let Some(list) = offered {
            if !list.contains(&v) {
                return Err(HandshakeError::new(format!(
                    "{FORCE_PROTOCOL_KEY}={v}, but Terraform offers plugin protocol versions {}",
                    offered_text()
                )));
            }
        }
        return Ok(v);
    }
    let candidates = [6, 5].into_iter().filter(|&v| usable(v));
    let chosen = match offered {
        None => candidates.into_iter().next(),
        Some(list) => candidates.into_iter().find(|v| list.contains(v)),
    };
    if let Some(v) = chosen {
        return Ok(v);
    }
    let offers_5_only = offered.is_some_and(|l| l.contains(&5) && !l.contains(&6));
    if offers_5_only && served.requires_v6 {
        return Err(HandshakeError::new(format!(
            "Terraform offers plugin protocol versions {} only, but this provider's schema \
             uses nested attributes, which need protocol 6 (Terraform 1.0 or later)",
            offered_text()
        )));
    }
    let mut ours = Vec::new();
    if served.v6 {
        ours.push("6");
    }
    if served.v5 && !served.requires_v6 {
        ours.push("5");
    }
    Err(HandshakeError::new(format!(
        "no plugin protocol version in common: Terraform offers {}, this provider serves {}",
        offered_text(),
        if ours.is_empty() {
            "none".to_owned()
        } else {
            ours.join(",")
        }
    )))
}

/// Where the plugin listens, as printed in the handshake line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListenAddr {
    /// A unix socket path.
    Unix(PathBuf),
    /// A TCP address on 127.0.0.1.
    Tcp(SocketAddr),
}

impl ListenAddr {
    /// `unix` or `tcp`.
    pub fn network(&self) -> &'static str {
        match self {
            ListenAddr::Unix(_) => "unix",
            ListenAddr::Tcp(_) => "tcp",
        }
    }
}

impl fmt::Display for ListenAddr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListenAddr::Unix(path) => write!(f, "{}", path.display()),
            ListenAddr::Tcp(addr) => write!(f, "{addr}"),
        }
    }
}

/// The handshake line, without the newline:
/// `1|<protocol>|<unix|tcp>|<address>|grpc|<server cert DER, base64 std, no padding>`.
/// `server_cert_der` is `None` when TLS is off; the field is then empty.
pub fn handshake_line(protocol: u32, addr: &ListenAddr, server_cert_der: Option<&[u8]>) -> String {
    use base64::Engine as _;
    let cert = server_cert_der
        .map(|der| base64::engine::general_purpose::STANDARD_NO_PAD.encode(der))
        .unwrap_or_default();
    format!(
        "{CORE_PROTOCOL_VERSION}|{protocol}|{}|{addr}|grpc|{cert}",
        addr.network()
    )
}

/// A handshake failure: a message for the person reading Terraform's output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandshakeError {
    message: String,
}

impl HandshakeError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        HandshakeError {
            message: message.into(),
        }
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for HandshakeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for HandshakeError {}

/// A private temporary directory (mode 0700) holding the unix socket,
/// removed on drop.
#[derive(Debug)]
pub(crate) struct SocketDir {
    dir: PathBuf,
}

impl SocketDir {
    /// Creates `<base>/tfschema-plugin-<pid>-<random>`.
    pub(crate) fn create(base: &Path) -> io::Result<SocketDir> {
        use std::collections::hash_map::RandomState;
        use std::hash::{BuildHasher, Hasher};
        use std::os::unix::fs::DirBuilderExt;
        let mut last_err = None;
        for _ in 0..8 {
            // RandomState is seeded from the OS; enough for a unique name
            // (create_dir fails rather than reuse an existing directory).
            let random = RandomState::new().build_hasher().finish();
            let dir = base.join(format!(
                "tfschema-plugin-{}-{random:016x}",
                std::process::id()
            ));
            match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
                Ok(()) => return Ok(SocketDir { dir }),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last_err = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last_err.unwrap_or_else(|| io::Error::other("no unique directory name")))
    }

    pub(crate) fn socket_path(&self) -> PathBuf {
        self.dir.join("plugin.sock")
    }
}

impl Drop for SocketDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(self.socket_path());
        let _ = std::fs::remove_dir(&self.dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env(vars: &[(&str, &str)]) -> PluginEnv {
        let map: HashMap<String, OsString> = vars
            .iter()
            .map(|(k, v)| ((*k).to_owned(), OsString::from(v)))
            .collect();
        PluginEnv::from_lookup(|k| map.get(k).cloned())
    }

    const BOTH: Served = Served {
        v5: true,
        v6: true,
        requires_v6: false,
        limited_to_5: false,
    };
    const NESTED: Served = Served {
        v5: true,
        v6: true,
        requires_v6: true,
        limited_to_5: false,
    };

    #[test]
    fn cookie() {
        assert!(!env(&[]).launched_by_terraform());
        assert!(!env(&[(MAGIC_COOKIE_KEY, "nope")]).launched_by_terraform());
        assert!(env(&[(MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE)]).launched_by_terraform());
    }

    #[test]
    fn offered_versions_parse_like_go_plugin() {
        assert_eq!(env(&[]).offered_versions(), None);
        assert_eq!(
            env(&[("PLUGIN_PROTOCOL_VERSIONS", "")]).offered_versions(),
            None
        );
        assert_eq!(
            env(&[("PLUGIN_PROTOCOL_VERSIONS", "5,6")]).offered_versions(),
            Some(vec![5, 6])
        );
        assert_eq!(
            env(&[("PLUGIN_PROTOCOL_VERSIONS", "6, x ,5")]).offered_versions(),
            Some(vec![6, 5])
        );
    }

    #[test]
    fn highest_common_version() {
        assert_eq!(choose_protocol(Some(&[5, 6]), BOTH, None), Ok(6));
        assert_eq!(choose_protocol(Some(&[6, 5]), BOTH, None), Ok(6));
        assert_eq!(choose_protocol(Some(&[5]), BOTH, None), Ok(5));
        assert_eq!(choose_protocol(None, BOTH, None), Ok(6));
        let only5 = Served {
            v5: true,
            v6: false,
            requires_v6: false,
            limited_to_5: false,
        };
        assert_eq!(choose_protocol(Some(&[5, 6]), only5, None), Ok(5));
        assert_eq!(choose_protocol(Some(&[5, 6]), NESTED, None), Ok(6));
    }

    #[test]
    fn nested_attributes_refuse_protocol_5() {
        let err = choose_protocol(Some(&[5]), NESTED, None).expect_err("must fail");
        assert!(err.message().contains("nested attributes"), "{err}");
        assert!(err.message().contains("protocol 6"), "{err}");
        let err = choose_protocol(Some(&[5, 6]), NESTED, Some(5)).expect_err("must fail");
        assert!(err.message().contains("TFSCHEMA_FORCE_PROTOCOL=5"), "{err}");
    }

    #[test]
    fn forced_version() {
        assert_eq!(choose_protocol(Some(&[5, 6]), BOTH, Some(5)), Ok(5));
        assert_eq!(choose_protocol(None, BOTH, Some(5)), Ok(5));
        assert!(choose_protocol(Some(&[6]), BOTH, Some(5)).is_err());
        let only6 = Served {
            v5: false,
            v6: true,
            requires_v6: false,
            limited_to_5: false,
        };
        assert!(choose_protocol(Some(&[5, 6]), only6, Some(5)).is_err());
        assert_eq!(
            env(&[(FORCE_PROTOCOL_KEY, "5")]).forced_version(),
            Ok(Some(5))
        );
        assert_eq!(env(&[(FORCE_PROTOCOL_KEY, "")]).forced_version(), Ok(None));
        assert!(env(&[(FORCE_PROTOCOL_KEY, "4")]).forced_version().is_err());
    }

    #[test]
    fn no_common_version() {
        let err = choose_protocol(Some(&[4]), BOTH, None).expect_err("must fail");
        assert_eq!(
            err.message(),
            "no plugin protocol version in common: Terraform offers 4, this provider serves 6,5"
        );
    }

    #[test]
    fn ports() {
        assert_eq!(env(&[]).port_range(), Ok(None));
        assert_eq!(
            env(&[("PLUGIN_MIN_PORT", "10000"), ("PLUGIN_MAX_PORT", "25000")]).port_range(),
            Ok(Some((10000, 25000)))
        );
        assert!(env(&[("PLUGIN_MIN_PORT", "10")]).port_range().is_err());
        assert!(env(&[("PLUGIN_MIN_PORT", "9"), ("PLUGIN_MAX_PORT", "8")])
            .port_range()
            .is_err());
        assert!(env(&[("PLUGIN_MIN_PORT", "x"), ("PLUGIN_MAX_PORT", "8")])
            .port_range()
            .is_err());
    }

    #[test]
    fn line_format() {
        let unix = ListenAddr::Unix(PathBuf::from("/tmp/d/plugin.sock"));
        // 3 bytes -> 4 chars, 4 bytes -> 6 chars without padding.
        assert_eq!(
            handshake_line(6, &unix, Some(&[1, 2, 3, 4])),
            "1|6|unix|/tmp/d/plugin.sock|grpc|AQIDBA"
        );
        let tcp = ListenAddr::Tcp(SocketAddr::from(([127, 0, 0, 1], 10000)));
        assert_eq!(
            handshake_line(5, &tcp, None),
            "1|5|tcp|127.0.0.1:10000|grpc|"
        );
    }

    #[test]
    fn client_cert_blank_is_absent() {
        assert_eq!(env(&[("PLUGIN_CLIENT_CERT", " ")]).client_cert, None);
    }

    #[test]
    fn socket_dir_is_private_and_removed() {
        use std::os::unix::fs::PermissionsExt;
        let dir = SocketDir::create(&std::env::temp_dir()).expect("temp dir");
        let path = dir.dir.clone();
        let mode = std::fs::metadata(&path)
            .expect("metadata")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o700);
        drop(dir);
        assert!(!path.exists());
    }
}
