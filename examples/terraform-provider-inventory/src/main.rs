//! The plugin binary Terraform launches; see README.md.

use std::process::ExitCode;

use terraform_provider_inventory::{provider, Options};

fn main() -> ExitCode {
    provider(Options::from_env()).run()
}
