//! `tfschema schema import`: a provider crate from a provider's own schema
//! (`terraform providers schema -json`, or `tfschema schema dump`), for
//! porting a provider written in Go.
//!
//! The crate serves the same schema: models for the provider configuration
//! and every type, identities, function stubs and a `main.rs`, every body
//! reporting "not implemented yet". A provider larger than
//! `--max-crate-size` is written as a Cargo workspace of crates grouped by
//! type name (`tfschema_codegen::rust::layout`), so that no one rustc holds
//! it all. What the derive cannot express goes to stderr by name;
//! `--strict` makes it an error.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context;
use tfschema_codegen::rust::{generate, proxy_main, Proxied, RustOptions, TfschemaDependency};
use tfschema_codegen::tfjson::{ProvidersSchema, FORMAT_VERSION};

/// `tfschema schema import`.
#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// The output of `terraform providers schema -json`.
    #[arg(
        long,
        value_name = "FILE",
        required_unless_present = "proxy",
        conflicts_with = "proxy"
    )]
    providers_schema: Option<PathBuf>,
    /// A provider binary (a Go provider being moved to Rust): its schema is
    /// read from it as `schema dump` reads it, and the crate's `main` serves
    /// every type through it (launched from `proxied/<file name>` beside
    /// the executable), the Rust models written beside; porting a type
    /// moves its name from `PROXIED` to `PORTED` in `src/main.rs`.
    #[arg(long, value_name = "BINARY")]
    proxy: Option<PathBuf>,
    /// With --proxy: how long the binary has to print its handshake line.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 10.0,
        requires = "proxy"
    )]
    timeout: f64,
    /// Directory to write the provider crate to.
    #[arg(long, value_name = "DIR")]
    output: PathBuf,
    /// The provider to import, when the file holds several
    /// (e.g. registry.terraform.io/hashicorp/null).
    #[arg(long, value_name = "ADDR")]
    provider_address: Option<String>,
    /// Depend on tfschema by path instead of version.
    #[arg(long, value_name = "PATH")]
    tfschema_path: Option<PathBuf>,
    /// The bound on a crate's size (its structs and fields, and 10 per type): a
    /// larger provider is written as a Cargo workspace of crates of at
    /// most this size, grouped by the first word of the type names.
    #[arg(long, value_name = "N", default_value_t = tfschema_codegen::rust::layout::DEFAULT_CRATE_SIZE)]
    max_crate_size: usize,
    /// Fail when anything of the schema cannot be expressed.
    #[arg(long)]
    strict: bool,
    /// Do not run rustfmt on the output.
    #[arg(long)]
    no_rustfmt: bool,
    /// Say on stderr how long the import took.
    #[arg(long, short)]
    verbose: bool,
}

pub fn run(args: ImportArgs) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let input = read_input(&args)?;
    let imported = tfschema_codegen::import::import(&input.text, args.provider_address.as_deref())
        .with_context(|| input.source.clone())?;
    let source = input.source.clone();
    let options = RustOptions {
        max_crate_size: Some(args.max_crate_size),
        source: format!("{source} ({})", imported.address),
        with_provider: Some(match &args.tfschema_path {
            Some(p) => TfschemaDependency::Path(p.display().to_string()),
            None => TfschemaDependency::Version(env!("CARGO_PKG_VERSION").to_owned()),
        }),
    };
    let mut out = generate(&imported.spec, &options);
    if let Some(proxied) = &input.proxied {
        let proxied = Proxied {
            file_name: proxied.file_name.clone(),
            protocol: proxied.protocol,
            names: type_names(&input.text)?,
        };
        if !proxy_main(&mut out.files, &proxied) {
            anyhow::bail!(
                "internal error: the generated crate has no main to serve the proxied binary from"
            );
        }
    }
    let mut warnings = imported.warnings;
    warnings.extend(out.warnings);
    let generated = started.elapsed();
    let code = crate::rust::write_output(
        &out.files,
        &warnings,
        &args.output,
        args.strict,
        !args.no_rustfmt,
    )?;
    if args.verbose {
        let layout = if out.crates.is_empty() {
            "one crate".to_owned()
        } else {
            format!("a workspace of {} crates", out.crates.len() + 1)
        };
        eprintln!(
            "imported {} ({} files, {layout}) in {:.2?}; written{} in {:.2?}",
            imported.address,
            out.files.len(),
            generated,
            if args.no_rustfmt {
                ""
            } else {
                " and formatted"
            },
            started.elapsed()
        );
    }
    Ok(code)
}

/// The schema to import: a file's text, or the JSON `schema dump` prints
/// for `--proxy`'s binary.
struct Input {
    text: String,
    /// For messages and the header: the file's name, or the binary's.
    source: String,
    proxied: Option<ProxiedBinary>,
}

struct ProxiedBinary {
    file_name: String,
    protocol: u32,
}

fn read_input(args: &ImportArgs) -> anyhow::Result<Input> {
    let name = |p: &std::path::Path| {
        p.file_name().map_or_else(
            || p.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    };
    if let Some(binary) = &args.proxy {
        if !(args.timeout.is_finite() && args.timeout > 0.0) {
            anyhow::bail!("--timeout must be a positive number of seconds");
        }
        let address = match &args.provider_address {
            Some(address) => address.clone(),
            None => crate::plugin::default_address(binary)?,
        };
        let dumped = crate::plugin::read_schema(binary, Duration::from_secs_f64(args.timeout))?;
        let out = ProvidersSchema {
            format_version: FORMAT_VERSION.to_owned(),
            provider_schemas: BTreeMap::from([(address, dumped.schema)]),
        };
        return Ok(Input {
            text: out.to_json(),
            source: name(binary),
            proxied: Some(ProxiedBinary {
                file_name: name(binary),
                protocol: dumped.protocol,
            }),
        });
    }
    let Some(file) = &args.providers_schema else {
        anyhow::bail!("give --providers-schema FILE or --proxy BINARY");
    };
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("error reading {}", file.display()))?;
    Ok(Input {
        text,
        source: name(file),
        proxied: None,
    })
}

/// Every type and function name of the one provider in `text` (the JSON
/// `schema dump` printed), sorted: what the Go binary serves at first.
fn type_names(text: &str) -> anyhow::Result<Vec<String>> {
    let schemas: ProvidersSchema =
        serde_json::from_str(text).context("reading the dumped schema back")?;
    let mut names = Vec::new();
    for schema in schemas.provider_schemas.values() {
        names.extend(schema.resource_schemas.keys().cloned());
        names.extend(schema.data_source_schemas.keys().cloned());
        names.extend(schema.ephemeral_resource_schemas.keys().cloned());
        names.extend(schema.list_resource_schemas.keys().cloned());
        names.extend(schema.action_schemas.keys().cloned());
        names.extend(schema.functions.keys().cloned());
    }
    names.sort();
    names.dedup();
    Ok(names)
}
