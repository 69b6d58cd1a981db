//! `schema import --proxy`: the provider crate's `main` serving every type
//! through the Go binary it was imported from, beside the Rust models, so
//! that the types move to Rust one at a time (the book's chapter "Moving a
//! Go provider to Rust, one resource at a time").
//!
//! The crate is the one [`super::generate`] writes with a provider; this
//! changes its `src/main.rs` (the `main` at its end, and two lists: the
//! names the Go binary serves and those served in Rust) and its
//! `Cargo.toml` (tfschema's `client` feature).

use super::emit::File;
use super::emitter::rust_str;

/// The Go binary a crate's `main` serves types of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proxied {
    /// The binary's file name: `main` launches `proxied/<file_name>`
    /// beside its own executable.
    pub file_name: String,
    /// The plugin protocol the binary chose (5 or 6).
    pub protocol: u32,
    /// Every type and function name of its schema, sorted.
    pub names: Vec<String>,
}

/// The `main` every generated provider crate ends with.
const PLAIN_MAIN: &str = "fn main() -> ExitCode {\n    provider().run()\n}\n";

/// Rewrites `files` (a provider crate from [`super::generate`]) so that its
/// `main` serves every name of `proxied` through the Go binary, the Rust
/// provider serving none yet. Returns `false` when the crate has no
/// `src/main.rs` ending as generated (nothing is changed then).
pub fn proxy_main(files: &mut [File], proxied: &Proxied) -> bool {
    let Some(main) = files.iter_mut().find(|f| f.path == "src/main.rs") else {
        return false;
    };
    let Some(start) = main.text.rfind(PLAIN_MAIN) else {
        return false;
    };
    main.text.truncate(start);
    main.text.push_str(&main_rs(proxied));
    for file in files.iter_mut().filter(|f| f.path == "Cargo.toml") {
        file.text = file.text.replace(
            "features = [\"server\"]",
            "features = [\"server\", \"client\"]",
        );
    }
    true
}

fn main_rs(proxied: &Proxied) -> String {
    let binary = rust_str(&format!("proxied/{}", proxied.file_name));
    let mut names = String::new();
    for name in &proxied.names {
        names.push_str(&format!("    {},\n", rust_str(name)));
    }
    let (proxy, limit) = if proxied.protocol == 5 {
        ("Proxy5", "\n                .max_protocol(5)")
    } else {
        ("Proxy6", "")
    };
    let only = if proxied.protocol == 5 {
        "protocol_5_only"
    } else {
        "protocol_6_only"
    };
    format!(
        "/// The Go provider binary serving the types not yet ported, relative to\n\
         /// this executable's directory: `tfschema release --proxied` packs it\n\
         /// there (`TFSCHEMA_PROXIED_DIR` names another directory).\n\
         const GO_BINARY: &str = {binary};\n\
         \n\
         /// The types and functions the Go binary serves. Porting one: write its\n\
         /// hooks above, then move its name from here to `PORTED`.\n\
         const PROXIED: &[&str] = &[\n{names}];\n\
         \n\
         /// The types and functions served in Rust.\n\
         const PORTED: &[&str] = &[];\n\
         \n\
         fn main() -> ExitCode {{\n\
         \x20   tfschema::server::run_setup(\n\
         \x20       || async {{\n\
         \x20           let go = tfschema::server::client::LaunchOptions::beside_executable(GO_BINARY)?\n\
         \x20               .protocol_versions(\"{protocol}\");\n\
         \x20           let go = tfschema::server::client::PluginClient::launch(go).await?;\n\
         \x20           let proxy = tfschema::server::client::{proxy}::new(go.clone())?;\n\
         \x20           let mux = tfschema::server::mux::Mux::builder()\n\
         \x20               .provider_only(provider(), PORTED.iter().copied())\n\
         \x20               .{only}(proxy, PROXIED.iter().copied())\n\
         \x20               .build();\n\
         \x20           // Terraform's request to exit reaches the Go binary too.\n\
         \x20           Ok(mux\n\
         \x20               .services()\n\
         \x20               .await{limit}\n\
         \x20               .on_shutdown(move || async move {{\n\
         \x20                   go.shutdown().await;\n\
         \x20               }}))\n\
         \x20       }},\n\
         \x20       tfschema::server::RunOptions::new(),\n\
         \x20   )\n\
         }}\n",
        protocol = proxied.protocol,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn crate_files() -> Vec<File> {
        vec![
            File {
                path: "Cargo.toml".into(),
                text: "tfschema = { path = \"../t\", features = [\"server\"] }\n".into(),
            },
            File {
                path: "src/main.rs".into(),
                text: format!("pub fn provider() {{}}\n\n{PLAIN_MAIN}"),
            },
        ]
    }

    #[test]
    fn main_serves_every_name_through_the_go_binary() {
        let mut files = crate_files();
        let proxied = Proxied {
            file_name: "terraform-provider-null_v2.1.2_x4".into(),
            protocol: 5,
            names: vec!["null_data_source".into(), "null_resource".into()],
        };
        assert!(proxy_main(&mut files, &proxied));
        assert_eq!(
            files[0].text,
            "tfschema = { path = \"../t\", features = [\"server\", \"client\"] }\n"
        );
        let main = &files[1].text;
        assert!(
            main.starts_with("pub fn provider() {}\n\n/// The Go provider binary"),
            "{main}"
        );
        assert!(
            main.contains("const GO_BINARY: &str = \"proxied/terraform-provider-null_v2.1.2_x4\";")
        );
        assert!(main.contains(
            "const PROXIED: &[&str] = &[\n    \"null_data_source\",\n    \"null_resource\",\n];"
        ));
        assert!(main.contains("const PORTED: &[&str] = &[];"));
        assert!(main.contains(".protocol_5_only(proxy, PROXIED.iter().copied())"));
        assert!(main.contains("Proxy5::new(go.clone())?"));
        assert!(main.contains(".max_protocol(5)"));
        assert!(!main.contains("provider().run()"));
    }

    #[test]
    fn protocol_6_uses_proxy6_and_no_limit() {
        let mut files = crate_files();
        let proxied = Proxied {
            file_name: "terraform-provider-x".into(),
            protocol: 6,
            names: vec![],
        };
        assert!(proxy_main(&mut files, &proxied));
        let main = &files[1].text;
        assert!(main.contains("Proxy6::new(go.clone())?"));
        assert!(main.contains(".protocol_6_only(proxy,"));
        assert!(!main.contains("max_protocol"));
    }

    #[test]
    fn a_crate_without_the_generated_main_is_left_alone() {
        let mut files = vec![File {
            path: "src/main.rs".into(),
            text: "fn main() {}\n".into(),
        }];
        let proxied = Proxied {
            file_name: "x".into(),
            protocol: 5,
            names: vec![],
        };
        assert!(!proxy_main(&mut files, &proxied));
        assert_eq!(files[0].text, "fn main() {}\n");
    }
}
