//! The `tfschema` command.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod codespec;
mod docs;
mod import;
mod openapi;
mod plugin;
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Wire(cmd) => wire::run(cmd),
        Command::Openapi(cmd) => openapi::run(cmd),
        Command::Codespec(cmd) => codespec::run(cmd),
        Command::Schema(cmd) => schema::run(cmd),
        Command::Docs(cmd) => docs::run(cmd),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
