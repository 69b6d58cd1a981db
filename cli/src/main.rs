//! The `tfschema` command.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod openapi;

/// Tools for Terraform provider authors.
#[derive(Debug, Parser)]
#[command(name = "tfschema", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Map an OpenAPI description to a Provider Code Specification.
    #[command(subcommand)]
    Openapi(openapi::OpenapiCommand),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Openapi(cmd) => openapi::run(cmd),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
