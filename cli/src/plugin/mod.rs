//! Reading a provider's schema as `terraform providers schema -json`
//! prints it: the runtime's plugin client
//! ([`tfschema::server::client`]) launches the binary as Terraform does and
//! stops it; the command calls `GetProviderSchema` over protocol 6 or 5
//! ([`client`]) and turns the answer into the JSON model
//! ([`convert`]).
//!
//! The JSON model ([`tfschema_codegen::tfjson`]) stays in the library,
//! which other tools read from a file; this part needs a process and a
//! tokio runtime, and only the command launches providers.

mod address;
mod client;
mod convert;
mod v5;

use std::path::Path;
use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use tfschema::server::client::{LaunchOptions, PluginClient, DEFAULT_PROTOCOL_VERSIONS};
use tfschema_codegen::tfjson::ProviderSchema;

pub use address::default_address;

/// A schema read from a running provider.
#[derive(Debug)]
pub struct Dumped {
    /// The plugin protocol the provider chose (5 or 6).
    pub protocol: u32,
    /// Its schema as Terraform prints it.
    pub schema: ProviderSchema,
}

/// Launches `binary` as Terraform does, reads its schema and stops it.
///
/// # Errors
/// The binary cannot be started, does not print a handshake line within
/// `timeout` (it is not a provider, or it is stuck), speaks no protocol
/// Terraform offers, refuses TLS, answers `GetProviderSchema` with an error
/// or with a schema Terraform would refuse. The message names the binary
/// and quotes the end of its stderr.
pub fn read_schema(binary: &Path, timeout: Duration) -> Result<Dumped> {
    read_schema_offering(binary, timeout, DEFAULT_PROTOCOL_VERSIONS)
}

/// [`read_schema`], offering the provider only the plugin protocol
/// versions in `offered` (`"5"`, `"6"` or `"5,6"`): how `tfschema release`
/// learns each version a provider serves. A Go provider offered none of
/// its versions answers with its lowest (go-plugin's fallback), so the
/// caller compares [`Dumped::protocol`] with what it offered.
///
/// # Errors
/// As [`read_schema`].
pub fn read_schema_offering(binary: &Path, timeout: Duration, offered: &str) -> Result<Dumped> {
    read_schema_with(binary, timeout, offered, &[])
}

/// [`read_schema_offering`], the provider launched with `env` added to its
/// environment.
///
/// # Errors
/// As [`read_schema`].
pub fn read_schema_with(
    binary: &Path,
    timeout: Duration,
    offered: &str,
    env: &[(&str, &Path)],
) -> Result<Dumped> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        let options = env.iter().fold(
            LaunchOptions::new(binary)
                .protocol_versions(offered)
                .handshake_timeout(timeout),
            |options, (key, value)| options.env(key, value),
        );
        let plugin = PluginClient::launch(options)
            .await
            .map_err(|e| anyhow!("{e}"))?;
        let result = async {
            let answer = client::provider_schema(&plugin.channel(), plugin.protocol()).await?;
            convert::provider_schema(answer)
        }
        .await;
        // Asked to exit whatever the answer; killed if it stays.
        plugin.shutdown().await;
        let schema = result.map_err(|e| {
            anyhow!(
                "provider {}: {e:#}\n{}",
                binary.display(),
                plugin.stderr_tail()
            )
        })?;
        Ok(Dumped {
            protocol: plugin.protocol(),
            schema,
        })
    })
}
