//! `tfschema schema dump`: a provider binary's schema, printed exactly as
//! `terraform providers schema -json` prints it.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use tfschema_codegen::tfjson::{ProviderSchema, ProvidersSchema, FORMAT_VERSION};

use crate::plugin;

#[derive(Debug, clap::Subcommand)]
pub enum SchemaCommand {
    /// Launch a provider binary as Terraform does and print its schema as
    /// `terraform providers schema -json` would.
    Dump(DumpArgs),
    /// Write a provider crate serving the schema of a
    /// `terraform providers schema -json` output (for porting a provider).
    Import(crate::import::ImportArgs),
}

/// Where a provider's schema comes from, for the commands that read one.
#[derive(Debug, Clone, clap::Args)]
pub struct BinaryArgs {
    /// The provider's address in the output (default:
    /// registry.terraform.io/hashicorp/<type>, the type from the binary's
    /// name terraform-provider-<type>).
    #[arg(long, value_name = "ADDR")]
    pub provider_address: Option<String>,
    /// How long the provider has to print its handshake line.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub timeout: f64,
    /// Say on stderr which plugin protocol the provider chose and how long
    /// reading its schema took.
    #[arg(long, short)]
    pub verbose: bool,
}

#[derive(Debug, clap::Args)]
pub struct DumpArgs {
    /// The provider binary (Go or Rust, protocol 5 or 6).
    #[arg(long, value_name = "BIN")]
    provider_binary: PathBuf,
    #[command(flatten)]
    binary: BinaryArgs,
    /// Write to this file instead of stdout.
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
}

pub fn run(cmd: SchemaCommand) -> Result<ExitCode> {
    match cmd {
        SchemaCommand::Import(args) => crate::import::run(args),
        SchemaCommand::Dump(args) => {
            let (address, schema) = read_binary(&args.provider_binary, &args.binary)?;
            let out = ProvidersSchema {
                format_version: FORMAT_VERSION.to_owned(),
                provider_schemas: BTreeMap::from([(address, schema)]),
            };
            let text = out.to_json() + "\n";
            match &args.output {
                Some(path) => std::fs::write(path, text)
                    .with_context(|| format!("writing {}", path.display()))?,
                None => std::io::stdout()
                    .lock()
                    .write_all(text.as_bytes())
                    .context("writing to stdout")?,
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The provider's address and its schema, read from the running binary.
pub fn read_binary(binary: &Path, args: &BinaryArgs) -> Result<(String, ProviderSchema)> {
    let address = match &args.provider_address {
        Some(address) => address.clone(),
        None => plugin::default_address(binary)?,
    };
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        anyhow::bail!("--timeout must be a positive number of seconds");
    }
    let start = std::time::Instant::now();
    let dumped = plugin::read_schema(binary, Duration::from_secs_f64(args.timeout))?;
    if args.verbose {
        eprintln!(
            "tfschema: {}: plugin protocol {}, schema read in {} ms",
            binary.display(),
            dumped.protocol,
            start.elapsed().as_millis()
        );
    }
    Ok((address, dumped.schema))
}
