//! Starting a provider as go-plugin's client starts it for Terraform: the
//! magic cookie, the protocol versions Terraform offers, the port range and
//! the client certificate in the environment; the handshake line read from
//! stdout; stderr kept for error messages; the process stopped at the end.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use base64::Engine as _;
use tfschema::server::{MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};
use tokio::process::{Child, ChildStdout, Command};
use tokio::task::JoinHandle;

/// The plugin protocol versions Terraform 1.x offers.
pub(super) const OFFERED_VERSIONS: &str = "5,6";
/// How long a provider has to exit after `Shutdown` (Terraform waits 2 s
/// too) before it is killed.
const EXIT_GRACE: Duration = Duration::from_secs(2);
/// How much of the provider's stderr an error message quotes.
const STDERR_TAIL: usize = 4096;

/// The address Terraform gives a provider installed as `binary`:
/// `registry.terraform.io/hashicorp/<type>` for a file named
/// `terraform-provider-<type>` (with or without Terraform's `_v<version>`
/// suffix).
///
/// # Errors
/// A file name that does not start with `terraform-provider-`, or whose
/// type part is not a provider type name (`[a-z0-9-]`).
pub fn default_address(binary: &Path) -> Result<String> {
    let file = binary
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = file.strip_suffix(".exe").unwrap_or(&file);
    let name = stem
        .strip_prefix("terraform-provider-")
        .map(|rest| rest.split('_').next().unwrap_or(rest))
        .filter(|name| {
            !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        })
        .ok_or_else(|| {
            anyhow!(
                "cannot tell the provider's type from the file name {file:?} (Terraform's \
                 name is terraform-provider-<type>[_v<version>]): pass --provider-address"
            )
        })?;
    Ok(format!("registry.terraform.io/hashicorp/{name}"))
}

/// How to reach the plugin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Network {
    /// A unix socket path.
    Unix,
    /// `host:port`.
    Tcp,
}

/// The handshake line, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Handshake {
    /// The plugin protocol the provider chose.
    pub(super) protocol: u32,
    pub(super) network: Network,
    pub(super) address: String,
    /// The provider's TLS certificate (DER).
    pub(super) server_cert: Vec<u8>,
}

/// The last bytes a process wrote to stderr.
type Tail = Arc<Mutex<Vec<u8>>>;

/// A running provider.
#[derive(Debug)]
pub(super) struct Plugin {
    binary: PathBuf,
    child: Child,
    stderr: Tail,
    readers: Vec<JoinHandle<()>>,
    pub(super) handshake: Handshake,
}

impl Plugin {
    /// Starts `binary` and reads its handshake line.
    ///
    /// # Errors
    /// See [`super::read_schema`]; the message names the binary and quotes
    /// its stderr.
    pub(super) async fn start(
        binary: &Path,
        client_cert_pem: &str,
        offered_versions: &str,
        timeout: Duration,
    ) -> Result<Plugin> {
        // A bare file name would be looked up in PATH: the file given is
        // the one meant.
        let program = if binary.components().count() == 1 {
            Path::new(".").join(binary)
        } else {
            binary.to_owned()
        };
        let mut child = Command::new(program)
            .env(MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE)
            .env("PLUGIN_PROTOCOL_VERSIONS", offered_versions)
            .env("PLUGIN_MIN_PORT", "10000")
            .env("PLUGIN_MAX_PORT", "25000")
            .env("PLUGIN_CLIENT_CERT", client_cert_pem)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("{}: cannot start it", binary.display()))?;
        let stderr: Tail = Arc::default();
        let mut readers = Vec::new();
        if let Some(mut err) = child.stderr.take() {
            let tail = Arc::clone(&stderr);
            readers.push(tokio::spawn(async move {
                let mut buf = [0u8; 4096];
                while let Ok(n @ 1..) = err.read(&mut buf).await {
                    if let Ok(mut tail) = tail.lock() {
                        tail.extend_from_slice(&buf[..n]);
                        let excess = tail.len().saturating_sub(STDERR_TAIL);
                        tail.drain(..excess);
                    }
                }
            }));
        }
        let stdout = child.stdout.take();
        let mut plugin = Plugin {
            binary: binary.to_owned(),
            child,
            stderr,
            readers,
            handshake: Handshake {
                protocol: 0,
                network: Network::Unix,
                address: String::new(),
                server_cert: Vec::new(),
            },
        };
        match plugin.read_handshake(stdout, timeout).await {
            Ok(handshake) => {
                plugin.handshake = handshake;
                Ok(plugin)
            }
            Err(e) => {
                plugin.stop(false).await;
                Err(plugin.explain(e))
            }
        }
    }

    /// Reads the first line of stdout (within `timeout`), then keeps
    /// draining stdout so the provider never blocks on a full pipe.
    async fn read_handshake(
        &mut self,
        stdout: Option<ChildStdout>,
        timeout: Duration,
    ) -> Result<Handshake> {
        let stdout = stdout.context("no stdout pipe")?;
        let mut lines = BufReader::new(stdout).lines();
        let first = match tokio::time::timeout(timeout, lines.next_line()).await {
            Err(_) => bail!(
                "printed no handshake line within {} s: it is not a Terraform provider, or it is \
                 stuck (a provider prints `1|6|unix|<socket>|grpc|<certificate>` at once)",
                timeout.as_secs_f64()
            ),
            Ok(Err(e)) => bail!("its first line of output is not text: {e}"),
            Ok(Ok(None)) => {
                let status = tokio::time::timeout(EXIT_GRACE, self.child.wait()).await;
                match status {
                    Ok(Ok(status)) => bail!("exited ({status}) before printing a handshake line"),
                    _ => bail!("closed its stdout before printing a handshake line"),
                }
            }
            Ok(Ok(Some(line))) => line,
        };
        self.readers.push(tokio::spawn(async move {
            while let Ok(Some(_)) = lines.next_line().await {}
        }));
        parse_handshake(&first)
    }

    /// Ends the provider: after `Shutdown` (`graceful`) it exits by itself
    /// and is killed only if it is still there after [`EXIT_GRACE`];
    /// otherwise it is killed at once. Waits for its output to be read.
    pub(super) async fn stop(&mut self, graceful: bool) {
        let grace = if graceful { EXIT_GRACE } else { Duration::ZERO };
        if tokio::time::timeout(grace, self.child.wait())
            .await
            .is_err()
        {
            // Killing a process that has just exited is not an error worth
            // reporting: the wait below reaps it either way.
            let _ = self.child.kill().await;
        }
        for reader in self.readers.drain(..) {
            let _ = tokio::time::timeout(EXIT_GRACE, reader).await;
        }
    }

    /// `error`, prefixed with the binary's path and followed by the end of
    /// its stderr.
    pub(super) fn explain(&self, error: anyhow::Error) -> anyhow::Error {
        let tail = self
            .stderr
            .lock()
            .map(|t| String::from_utf8_lossy(&t).trim_end().to_owned())
            .unwrap_or_default();
        let stderr = if tail.is_empty() {
            "(it wrote nothing to stderr)".to_owned()
        } else {
            format!("its stderr ended with:\n{tail}")
        };
        anyhow!("provider {}: {error:#}\n{stderr}", self.binary.display())
    }
}

/// Parses go-plugin's handshake line,
/// `1|<protocol>|<unix|tcp>|<address>|grpc|<certificate>`.
pub(super) fn parse_handshake(line: &str) -> Result<Handshake> {
    let line = line.trim();
    let shown: String = line.chars().take(200).collect();
    let fields: Vec<&str> = line.split('|').collect();
    if fields.len() < 4 {
        bail!(
            "its first line of output is not a go-plugin handshake line: {shown:?} (expected \
             `1|<protocol>|<unix|tcp>|<address>|grpc|<certificate>`)"
        );
    }
    if fields[0] != "1" {
        bail!(
            "it speaks go-plugin core protocol {:?}; Terraform speaks 1",
            fields[0]
        );
    }
    let protocol = match fields[1] {
        "5" => 5,
        "6" => 6,
        other => bail!("it chose plugin protocol {other:?}; Terraform offered {OFFERED_VERSIONS}"),
    };
    let network = match fields[2] {
        "unix" => Network::Unix,
        "tcp" => Network::Tcp,
        other => bail!("it listens on network {other:?}; go-plugin knows unix and tcp"),
    };
    match fields.get(4) {
        Some(&"grpc") => {}
        Some(other) => bail!("it speaks {other:?}; Terraform 0.12 and later need grpc"),
        None => bail!("it speaks net/rpc (no protocol field); Terraform 0.12 and later need grpc"),
    }
    let cert = fields.get(5).map(|c| c.trim_end_matches('=')).unwrap_or("");
    if cert.is_empty() {
        bail!(
            "its handshake line has no certificate: it serves without TLS although \
             PLUGIN_CLIENT_CERT was set (Terraform refuses that too)"
        );
    }
    let server_cert = base64::engine::general_purpose::STANDARD_NO_PAD
        .decode(cert)
        .context("the certificate in its handshake line is not base64")?;
    Ok(Handshake {
        protocol,
        network,
        address: fields[3].to_owned(),
        server_cert,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handshake_line_as_go_plugin_prints_it() {
        // The null provider 2.1.2's line (RECIPE.md §7), certificate cut.
        let hs =
            parse_handshake("1|5|unix|/tmp/plugin031451249|grpc|MIICMDCCAZKg\n").expect("parses");
        assert_eq!(hs.protocol, 5);
        assert_eq!(hs.network, Network::Unix);
        assert_eq!(hs.address, "/tmp/plugin031451249");
        assert_eq!(
            hs.server_cert,
            [0x30, 0x82, 0x02, 0x30, 0x30, 0x82, 0x01, 0x92, 0xa0]
        );
        let tcp = parse_handshake("1|6|tcp|127.0.0.1:10001|grpc|MIIC").expect("parses");
        assert_eq!((tcp.protocol, tcp.network), (6, Network::Tcp));
        // Padding is tolerated.
        assert!(parse_handshake("1|6|tcp|127.0.0.1:1|grpc|MIIC").is_ok());
    }

    #[test]
    fn lines_terraform_would_refuse() {
        for (line, want) in [
            ("Hello, world", "not a go-plugin handshake line"),
            ("2|6|unix|/s|grpc|MIIC", "core protocol \"2\""),
            ("1|4|unix|/s|grpc|MIIC", "plugin protocol \"4\""),
            ("1|6|pipe|/s|grpc|MIIC", "network \"pipe\""),
            ("1|5|unix|/s", "net/rpc"),
            ("1|5|unix|/s|netrpc", "\"netrpc\""),
            ("1|6|unix|/s|grpc|", "no certificate"),
            ("1|6|unix|/s|grpc", "no certificate"),
            ("1|6|unix|/s|grpc|!!", "not base64"),
        ] {
            let err = format!("{:#}", parse_handshake(line).expect_err(line));
            assert!(err.contains(want), "{line}: {err}");
        }
    }

    #[test]
    fn default_address_from_the_file_name() {
        for (file, want) in [
            (
                "terraform-provider-null_v2.1.2_x4",
                "registry.terraform.io/hashicorp/null",
            ),
            (
                "/x/terraform-provider-inventory",
                "registry.terraform.io/hashicorp/inventory",
            ),
            (
                "terraform-provider-azure-devops.exe",
                "registry.terraform.io/hashicorp/azure-devops",
            ),
        ] {
            assert_eq!(default_address(Path::new(file)).expect(file), want);
        }
        for file in [
            "inventory",
            "terraform-provider-",
            "terraform-provider-inventory-0.2.0",
            "terraform-provider-Big",
        ] {
            let err = default_address(Path::new(file))
                .expect_err(file)
                .to_string();
            assert!(err.contains("--provider-address"), "{file}: {err}");
        }
    }
}
