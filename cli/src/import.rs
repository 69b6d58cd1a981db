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

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use tfschema_codegen::rust::{generate, RustOptions, TfschemaDependency};

/// `tfschema schema import`.
#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// The output of `terraform providers schema -json`.
    #[arg(long, value_name = "FILE")]
    providers_schema: PathBuf,
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
    let text = std::fs::read_to_string(&args.providers_schema)
        .with_context(|| format!("error reading {}", args.providers_schema.display()))?;
    let imported = tfschema_codegen::import::import(&text, args.provider_address.as_deref())
        .with_context(|| format!("{}", args.providers_schema.display()))?;
    let source = args.providers_schema.file_name().map_or_else(
        || "providers schema".into(),
        |n| n.to_string_lossy().into_owned(),
    );
    let options = RustOptions {
        max_crate_size: Some(args.max_crate_size),
        source: format!("{source} ({})", imported.address),
        with_provider: Some(match &args.tfschema_path {
            Some(p) => TfschemaDependency::Path(p.display().to_string()),
            None => TfschemaDependency::Version(env!("CARGO_PKG_VERSION").to_owned()),
        }),
    };
    let out = generate(&imported.spec, &options);
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
