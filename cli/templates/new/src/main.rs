//! The plugin binary Terraform starts (the Go scaffold's `main.go`): it
//! serves the provider over gRPC after go-plugin's handshake, on protocol
//! {{protocol}}, as `terraform-registry-manifest.json` declares.

use std::process::ExitCode;

fn main() -> ExitCode {
    {{crate_ident}}::provider().run()
}
