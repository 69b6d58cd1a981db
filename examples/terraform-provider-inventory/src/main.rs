//! The plugin binary Terraform launches; see README.md.

use std::process::ExitCode;

use terraform_provider_inventory::{provider, Options};

fn main() -> ExitCode {
    let options = Options::from_env();
    if options.protocol5_only && std::env::var_os("TFSCHEMA_FORCE_PROTOCOL").is_none() {
        // Terraform offers protocols 5 and 6 and the handshake prefers 6;
        // this mode exists to exercise 5. Set before any thread starts.
        std::env::set_var("TFSCHEMA_FORCE_PROTOCOL", "5");
    }
    provider(options).run()
}
