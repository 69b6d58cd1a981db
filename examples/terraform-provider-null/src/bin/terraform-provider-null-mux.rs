//! hashicorp/null half ported: `null_data_source` in Rust, `null_resource`
//! still served by the Go binary 2.1.2, which ships beside this one as
//! `proxied/terraform-provider-null_v2.1.2_x4`, through tfschema's mux.
//! Terraform sees one provider with the Go provider's schema.
//!
//! Porting `null_resource` is moving its name from [`PROXIED`] into
//! [`terraform_provider_null::ported`]'s list: `src/main.rs` is that last
//! step, everything in Rust.

use std::process::ExitCode;

use tfschema::server::client::{LaunchOptions, PluginClient, Proxy5};
use tfschema::server::mux::Mux;
use tfschema::server::RunOptions;

/// The Go provider binary, relative to this executable's directory
/// (`TFSCHEMA_PROXIED_DIR` overrides the directory).
const GO_BINARY: &str = "proxied/terraform-provider-null_v2.1.2_x4";

/// The types the Go binary still serves.
const PROXIED: &[&str] = &["null_resource"];

fn main() -> ExitCode {
    tfschema::server::run_setup(
        || async {
            let go = LaunchOptions::beside_executable(GO_BINARY)?
                .name("terraform-provider-null_v2.1.2_x4")
                .protocol_versions("5");
            let go = PluginClient::launch(go).await?;
            let mux = Mux::builder()
                .provider(terraform_provider_null::ported(&["null_data_source"]))
                .protocol_5_only(Proxy5::new(go.clone())?, PROXIED.iter().copied())
                .build();
            // The Go provider's protocol, as Terraform knew it; when
            // Terraform asks us to exit, we ask the Go child.
            Ok(mux
                .services()
                .await
                .max_protocol(5)
                .on_shutdown(move || async move {
                    go.shutdown().await;
                }))
        },
        RunOptions::new(),
    )
}
