//! The plugin binary Terraform starts.

use std::process::ExitCode;

fn main() -> ExitCode {
    terraform_provider_notes::provider().run()
}
