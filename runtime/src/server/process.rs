//! The plugin process, `fn main`'s whole work: the command line (`--debug`
//! or nothing), logging, a tokio runtime, then [`serve`](super::serve) as
//! Terraform launches a provider, or debug serving
//! ([`DebugServer`](super::DebugServer)) for Terraform to attach to.

use std::process::ExitCode;
use std::time::Duration;

use super::debug::{debug_flag, serve_debug, DebugOptions};
use super::handshake::{PluginEnv, NOT_A_PROGRAM_HINT};
use super::serve::{serve, ProviderServices, ServeOptions};

/// What a binary run by hand without `--debug` says after
/// [`NOT_A_PROGRAM_HINT`].
const DEBUG_HINT: &str =
    "To debug it, start it with --debug: it then serves on a socket of its own \
and prints the TF_REATTACH_PROVIDERS value that attaches Terraform to it.";

/// How [`run_with`] runs the plugin process: as Terraform launches it, or in
/// debug mode.
#[derive(Debug, Clone, Default)]
pub struct RunOptions {
    debug: bool,
    debug_options: DebugOptions,
}

impl RunOptions {
    /// Terraform launches the process, unless the command line says
    /// `--debug`.
    pub fn new() -> Self {
        RunOptions::default()
    }

    /// Serves in debug mode even without `--debug` (terraform-plugin-framework's
    /// `ServeOpts.Debug`).
    pub fn debug(mut self, debug: bool) -> Self {
        self.debug = debug;
        self
    }

    /// How to serve in debug mode: the provider's address (else guessed
    /// from the binary's name), an env file, the protocol version.
    pub fn debug_options(mut self, options: DebugOptions) -> Self {
        self.debug_options = options;
        self
    }
}

/// The plugin process: checks the magic cookie, sets up hclog JSON logging on
/// stderr and a tokio runtime, serves until `Shutdown`, and returns the exit
/// code. Use it as `fn main() -> ExitCode { tfschema::server::run(services) }`.
///
/// With `--debug` (or `-debug`) on the command line, it serves in debug mode
/// instead: see [`run_with`].
pub fn run(services: ProviderServices) -> ExitCode {
    run_with(services, RunOptions::new())
}

/// [`run`] with options. In debug mode (`--debug` on the command line, or
/// [`RunOptions::debug`]) no magic cookie is needed: the process listens on
/// a socket of its own, prints terraform-plugin-go's text with the
/// `TF_REATTACH_PROVIDERS` value that attaches Terraform to it
/// ([`DebugServer`](super::DebugServer)), serves every Terraform run that attaches, and stops
/// on Ctrl-C (SIGINT) or SIGTERM, removing its socket. Any other argument
/// is ignored (Terraform passes none; a harness running the binary may).
pub fn run_with(services: ProviderServices, options: RunOptions) -> ExitCode {
    run_setup(|| std::future::ready(Ok(services)), options)
}

/// [`run_with`], the services made by `setup` on the plugin's runtime once
/// the process knows it is to serve (launched by Terraform, or in debug
/// mode): for services that need the runtime, such as a
/// [`Mux`](super::mux::Mux) with a provider binary launched as its child
/// ([`PluginClient::launch`](super::client::PluginClient::launch)). A
/// `setup` that fails ends the process before the handshake, its error on
/// stderr (which Terraform shows in its log and in the error it reports).
///
/// ```no_run
/// use std::process::ExitCode;
/// use tfschema::server::client::{LaunchOptions, PluginClient, Proxy5};
/// use tfschema::server::mux::Mux;
/// use tfschema::server::RunOptions;
/// # struct Ported;
/// # impl tfschema::server::raw::RawProvider for Ported {
/// #     fn schema(&self) -> tfschema::server::raw::ProviderSchema { Default::default() }
/// # }
///
/// fn main() -> ExitCode {
///     tfschema::server::run_setup(
///         || async {
///             let go = PluginClient::launch(LaunchOptions::new("./terraform-provider-x_v1.0.0")).await?;
///             let mux = Mux::builder()
///                 .provider(Ported)
///                 .protocol_5_only(Proxy5::new(go)?, ["x_widget"])
///                 .build();
///             Ok(mux.services().await)
///         },
///         RunOptions::new(),
///     )
/// }
/// ```
pub fn run_setup<F, Fut>(setup: F, options: RunOptions) -> ExitCode
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = Result<ProviderServices, Box<dyn std::error::Error>>>,
{
    let args = debug_flag(std::env::args_os().skip(1));
    let debug = args.debug || options.debug;
    let env = PluginEnv::from_process();
    if !debug && !env.launched_by_terraform() {
        eprintln!("{NOT_A_PROGRAM_HINT}\n{DEBUG_HINT}");
        if !args.ignored.is_empty() {
            eprintln!("Arguments not understood: {}", args.ignored.join(" "));
        }
        return ExitCode::FAILURE;
    }
    super::log::init();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("Error: starting the tokio runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let services = match runtime.block_on(setup()) {
        Ok(services) => services,
        Err(e) => {
            tracing::error!(error = %e, "setting up the provider failed");
            eprintln!("Error: {e}");
            runtime.shutdown_timeout(Duration::from_millis(200));
            return ExitCode::FAILURE;
        }
    };
    let result = if debug {
        runtime.block_on(serve_debug(services, options.debug_options))
    } else {
        runtime.block_on(serve(services, ServeOptions::new(env)))
    };
    // Work still running after Shutdown (e.g. a stuck call) must not keep
    // the process alive: Terraform kills it 2 s after asking anyway.
    runtime.shutdown_timeout(Duration::from_millis(200));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "plugin failed");
            eprintln!("Error: {e}");
            ExitCode::FAILURE
        }
    }
}
