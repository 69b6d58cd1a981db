//! The plugin server: Terraform's plugin protocols 5 and 6 over gRPC.
//!
//! - [`typed`]: a provider over derived model structs ([`typed::Provider`],
//!   [`typed::Resource`], [`typed::DataSource`], [`typed::TypedProvider`]),
//!   planned by default from the schema's plan policy.
//! - [`raw`]: the protocol with dynamic values ([`raw::RawProvider`]), the
//!   same for both protocol versions.
//! - [`testing`]: drives a provider's gRPC handlers in process, without
//!   Terraform.
//! - [`retry`]: backoff for API calls, bounded by the call's deadline and
//!   Stop.
//! - [`run`] is the process Terraform launches (the go-plugin handshake,
//!   mTLS, the gRPC services, hclog logs through [`log`]); [`serve`] the
//!   same on a runtime of your own. With `--debug`, [`run`] serves in debug
//!   mode instead: [`DebugServer`] listens on a socket of its own and
//!   Terraform attaches to it through `TF_REATTACH_PROVIDERS`, run after
//!   run (for a debugger, or a test process serving its own provider).
//! - [`client`] (feature `client`): Terraform's side, a provider binary
//!   launched as Terraform launches it (or attached to), and proxies that
//!   serve it in process.
//! - [`proto`]: the protocol's generated messages, services and clients,
//!   for talking to a provider at the wire; it follows Terraform's `.proto`
//!   files rather than tfschema's semver.
//!
//! ```no_run
//! # struct MyProvider;
//! # impl tfschema::server::raw::RawProvider for MyProvider {
//! #     fn schema(&self) -> tfschema::server::raw::ProviderSchema { Default::default() }
//! # }
//! fn main() -> std::process::ExitCode {
//!     // A typed provider: `TypedProvider::new(p).resource("x_thing", Things).run()`;
//!     // a raw one:
//!     tfschema::server::run(tfschema::server::ProviderServices::from_raw(MyProvider))
//! }
//! ```

#[cfg(feature = "client")]
#[cfg_attr(docsrs, doc(cfg(feature = "client")))]
pub mod client;
mod debug;
mod detached;
mod dynamic;
mod grpc;
mod handshake;
pub mod log;
pub mod mux;
mod plan;
mod process;
pub mod proto;
pub mod raw;
pub mod retry;
mod serve;
pub mod stdio;
pub mod testing;
mod tls;
pub mod translate;
pub mod typed;
mod walk;

pub use debug::{
    debug_instructions, default_address, reattach_providers_json, reattach_shell_line,
    DebugOptions, DebugServer, ReattachConfig, REATTACH_PROVIDERS_KEY,
};
pub use handshake::{
    HandshakeError, PluginEnv, Served, MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE, NOT_A_PROGRAM_HINT,
};
pub use process::{run, run_setup, run_with, RunOptions};
pub use serve::{serve, ProviderServices, ServeError, ServeOptions, MAX_MESSAGE_SIZE};
pub use tls::{crypto_provider, TlsError};

/// The tokio crate the server runs on, re-exported so that hooks use the
/// runtime the calls run on (timers, tasks, child processes, async I/O)
/// without a tokio dependency of their own that must match tfschema's.
/// Its features here: `rt-multi-thread`, `macros`, `net`, `process`,
/// `signal`, `sync` and `time`. Its attribute macros name their crate:
/// `#[tfschema::server::tokio::test(crate = "tfschema::server::tokio")]`.
///
/// ```
/// use tfschema::server::tokio;
///
/// #[tokio::main(flavor = "current_thread", crate = "tfschema::server::tokio")]
/// async fn main() {
///     let output = tokio::process::Command::new("echo").arg("hi").output().await;
/// #   #[cfg(unix)]
///     assert_eq!(output.unwrap().stdout, b"hi\n");
/// }
/// ```
pub use tokio;
