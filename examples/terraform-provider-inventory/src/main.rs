//! terraform-provider-inventory: see README.md.

fn main() -> std::process::ExitCode {
    std::process::ExitCode::FAILURE
}
