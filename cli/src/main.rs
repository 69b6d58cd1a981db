//! The `tfschema` command, for Terraform provider authors:
//!
//! - `tfschema wire convert|show`: convert the plugin protocol's
//!   DynamicValues between msgpack and JSON, or print one as a plan shows
//!   it (errors name the attribute path);
//! - `tfschema openapi generate`: an OpenAPI description to a Provider Code
//!   Specification, a drop-in for HashiCorp's `tfplugingen-openapi`;
//! - `tfschema openapi rust` and `tfschema codespec rust`: Rust models with
//!   `#[derive(TfSchema, TfValue)]` from either, and with `--with-provider`
//!   a provider crate around them;
//! - `tfschema schema dump`: a provider binary's schema as
//!   `terraform providers schema -json` prints it, without Terraform;
//! - `tfschema docs generate|validate`: registry docs in tfplugindocs'
//!   layout from the schema and the provider's `examples/`;
//! - `tfschema schema import`: a provider crate serving the schema of a
//!   provider written in Go, to start a port;
//! - `tfschema new`: a provider crate to start from, as HashiCorp's
//!   scaffolding repository is for Go;
//! - `tfschema release`: the zips, manifest, SHA256SUMS and signature of a
//!   release as the Terraform and OpenTofu registries read them.
//!
//! The work is done by the libraries `tfschema` (values) and
//! `tfschema-codegen` (generators); this crate parses the command line.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod codespec;
mod docs;
mod import;
mod new;
mod openapi;
mod plugin;
mod release;
mod rust;
mod schema;
mod wire;

/// Tools for Terraform provider authors.
#[derive(Debug, Parser)]
#[command(name = "tfschema", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Convert and inspect plugin-protocol DynamicValues (msgpack, JSON).
    #[command(subcommand)]
    Wire(wire::WireCommand),
    /// Map an OpenAPI description to a Provider Code Specification or Rust models.
    #[command(subcommand)]
    Openapi(openapi::OpenapiCommand),
    /// Generate Rust from a Provider Code Specification.
    #[command(subcommand)]
    Codespec(codespec::CodespecCommand),
    /// Read a provider's schema as Terraform sees it.
    #[command(subcommand)]
    Schema(schema::SchemaCommand),
    /// Registry documentation (tfplugindocs' layout) from a provider's schema.
    #[command(subcommand)]
    Docs(docs::DocsCommand),
    /// Start a provider crate: a resource, a data source, a function, an
    /// ephemeral resource, tests, examples, docs and CI workflows.
    New(new::NewArgs),
    /// Package a provider release for the Terraform and OpenTofu registries.
    Release(release::ReleaseArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Wire(cmd) => wire::run(cmd),
        Command::Openapi(cmd) => openapi::run(cmd),
        Command::Codespec(cmd) => codespec::run(cmd),
        Command::Schema(cmd) => schema::run(cmd),
        Command::Docs(cmd) => docs::run(cmd),
        Command::New(args) => new::run(args),
        Command::Release(args) => release::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
