//! `tfschema openapi ...` (being written).

use std::process::ExitCode;

#[derive(Debug, clap::Subcommand)]
pub enum OpenapiCommand {}

pub fn run(cmd: OpenapiCommand) -> anyhow::Result<ExitCode> {
    match cmd {}
}
