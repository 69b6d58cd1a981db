//! Terraform's side of the plugin protocol: launch a provider binary as
//! Terraform does, or attach to a running one, and talk to it over gRPC,
//! or serve it in process through a proxy.
//!
//! - [`PluginClient::launch`] starts a binary as go-plugin's client starts
//!   it for Terraform ([`LaunchOptions`]: the magic cookie, the offered
//!   protocol versions, the port range, a fresh AutoMTLS client
//!   certificate, extra variables, the child's display name), reads the
//!   handshake line within a timeout and connects over the unix socket or
//!   TCP port it printed, with TLS pinned to the certificate it printed.
//!   [`PluginClient::attach`] connects to a provider from its
//!   [`ReattachConfig`](super::ReattachConfig) instead, without TLS, as
//!   Terraform does.
//! - The child's stderr is relayed line by line into this process's
//!   `tracing` log, with the child's name in the `plugin` field: an hclog
//!   JSON line keeps its level, message, module and fields; a plain line
//!   is logged at debug (or at the level of its `[INFO]`-style prefix), as
//!   go-plugin relays it. The last few KiB are kept for error messages.
//! - The child dies with us. On Linux it gets the parent-death signal
//!   (SIGKILL), set between fork and exec from a dedicated spawning thread
//!   that lives as long as the process: the signal follows the thread that
//!   forked, and tokio's threads come and go. Everywhere, it is killed
//!   when the last [`PluginClient`] clone is dropped. It stays in our
//!   process group, as a provider stays in Terraform's: a Ctrl-C reaches it
//!   as it would, and go-plugin servers ignore SIGINT and wait for
//!   `StopProvider`, which the proxies forward.
//! - A child that exits or crashes is seen at once: every call in flight
//!   and every later one answers with an error naming the binary and its
//!   exit status (`provider terraform-provider-null_v2.1.2_x4 exited
//!   (signal: 9 (SIGKILL))`) and the end of its stderr, never a hang.
//! - [`PluginClient::shutdown`] sends `GRPCController/Shutdown`, waits a
//!   grace period, then kills and reaps the child.
//! - [`Proxy6`] and [`Proxy5`] implement the protocol's `Provider` service
//!   by forwarding every RPC to the child: a provider binary served from
//!   this process, beside Rust providers.
//!
//! ```no_run
//! use tfschema::server::client::{LaunchOptions, PluginClient, Proxy6};
//! use tfschema::server::{serve, PluginEnv, ProviderServices, ServeOptions};
//!
//! #[tfschema::server::tokio::main(crate = "tfschema::server::tokio")]
//! async fn main() -> Result<(), Box<dyn std::error::Error>> {
//!     let plugin = PluginClient::launch(
//!         LaunchOptions::new("./terraform-provider-things").protocol_versions("6"),
//!     )
//!     .await?;
//!     let services = ProviderServices::new().protocol_6(Proxy6::new(plugin.clone())?);
//!     let served = serve(services, ServeOptions::new(PluginEnv::from_process())).await;
//!     plugin.shutdown().await;
//!     Ok(served?)
//! }
//! ```

mod connect;
mod error;
mod handshake;
mod options;
mod plugin;
mod proxy;
mod proxy5;
mod proxy6;
mod spawn;
mod stderr;
mod tls;

pub use error::{ClientError, ClientErrorKind};
pub use handshake::{parse_handshake, Handshake, Network};
pub use options::{
    LaunchOptions, DEFAULT_HANDSHAKE_TIMEOUT, DEFAULT_PROTOCOL_VERSIONS, DEFAULT_SHUTDOWN_GRACE,
    PROXIED_DIR_ENV,
};
pub use plugin::PluginClient;
pub use proxy5::Proxy5;
pub use proxy6::Proxy6;
