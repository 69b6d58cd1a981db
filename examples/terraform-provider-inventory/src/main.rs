//! The plugin binary Terraform launches; see README.md.
//!
//! `terraform-provider-inventory --debug` serves it for Terraform to attach
//! to instead (`TF_REATTACH_PROVIDERS`, e.g. under a debugger), under its
//! registry address `tfschema/inventory` rather than the
//! `hashicorp/inventory` the binary's name would give.

use std::process::ExitCode;

use terraform_provider_inventory::{provider, Options};
use tfschema::server::DebugOptions;

fn main() -> ExitCode {
    provider(Options::from_env())
        .debug_options(DebugOptions::new().address("registry.terraform.io/tfschema/inventory"))
        .run()
}
