//! The `null` provider binary: both types in Rust.

use std::process::ExitCode;

fn main() -> ExitCode {
    terraform_provider_null::provider().run()
}
