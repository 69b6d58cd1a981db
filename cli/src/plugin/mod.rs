//! Terraform's side of the plugin protocol, as far as reading a provider's
//! schema goes: launch the binary as go-plugin does ([`launch`]), trust the
//! certificate it prints and present our own ([`tls`]), call
//! `GetProviderSchema` over protocol 6 or 5 ([`client`]) and turn the answer
//! into what `terraform providers schema -json` prints ([`convert`]).
//!
//! This lives in the command, not in tfschema-codegen: it needs a process, a
//! tokio runtime, tonic and rustls, and only the command launches providers;
//! the library keeps the JSON model ([`tfschema_codegen::tfjson`]) that the
//! command fills and that other tools read from a file.

mod client;
mod convert;
mod launch;
mod tls;
mod v5;

use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result};
use tfschema_codegen::tfjson::ProviderSchema;

pub use launch::default_address;

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
    read_schema_offering(binary, timeout, launch::OFFERED_VERSIONS)
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
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        let identity = tls::ClientIdentity::generate()?;
        let mut plugin =
            launch::Plugin::start(binary, &identity.cert_pem, offered, timeout).await?;
        let result = async {
            let channel = client::connect(&plugin.handshake, &identity).await?;
            let answer = client::provider_schema(&channel, plugin.handshake.protocol).await;
            // Asked to exit whatever the answer; killed below if it stays.
            client::shutdown(&channel).await;
            convert::provider_schema(answer?)
        }
        .await;
        plugin.stop(result.is_ok()).await;
        let schema = result.map_err(|e| plugin.explain(e))?;
        Ok(Dumped {
            protocol: plugin.handshake.protocol,
            schema,
        })
    })
}
