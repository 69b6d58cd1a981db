//! `tfschema codespec rust` and `tfschema openapi rust`: Rust models with
//! `#[derive(TfSchema, TfValue)]` from a code spec or an OpenAPI description.
//!
//! Warnings (validators, defaults or names the derive cannot carry) go to
//! stderr naming the attribute; `--strict` turns them into a failure. The
//! output is run through `rustfmt` when it is on the PATH.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{bail, Context};
use tfschema_codegen::rust::{generate, File, RustOptions, Spec, TfschemaDependency};
use tfschema_codegen::Warning;

/// Flags shared by both `rust` subcommands.
#[derive(Debug, clap::Args)]
pub struct OutputArgs {
    /// Directory to write the models (or, with --with-provider, the crate) to.
    #[arg(long, value_name = "DIR")]
    output: PathBuf,
    /// Also write a provider crate: Cargo.toml and src/main.rs serving the
    /// models, with CRUD bodies that report "not implemented yet".
    #[arg(long)]
    with_provider: bool,
    /// With --with-provider: depend on tfschema by path instead of version.
    #[arg(long, value_name = "PATH", requires = "with_provider")]
    tfschema_path: Option<PathBuf>,
    /// With --with-provider: the bound on a crate's size (its structs and
    /// fields, and 10 per type); a larger provider is written as a Cargo
    /// workspace of crates of at most this size, grouped by the first word
    /// of the type names.
    #[arg(long, value_name = "N", default_value_t = tfschema_codegen::rust::layout::DEFAULT_CRATE_SIZE)]
    max_crate_size: usize,
    /// Fail instead of skipping what cannot be expressed.
    #[arg(long)]
    strict: bool,
    /// Do not run rustfmt on the output.
    #[arg(long)]
    no_rustfmt: bool,
}

/// Generates and writes; `source` names the input in the file headers.
pub fn write(
    spec: &Spec,
    mut warnings: Vec<Warning>,
    source: String,
    args: &OutputArgs,
) -> anyhow::Result<ExitCode> {
    let options = RustOptions {
        max_crate_size: Some(args.max_crate_size),
        source,
        with_provider: args.with_provider.then(|| match &args.tfschema_path {
            Some(p) => TfschemaDependency::Path(p.display().to_string()),
            None => TfschemaDependency::Version(env!("CARGO_PKG_VERSION").to_owned()),
        }),
    };
    let out = generate(spec, &options);
    warnings.extend(out.warnings.iter().cloned());
    write_output(
        &out.files,
        &warnings,
        &args.output,
        args.strict,
        !args.no_rustfmt,
    )
}

/// Reports the warnings (an error under `strict`), writes the files below
/// `output` and runs rustfmt over the Rust ones.
pub fn write_output(
    files: &[File],
    warnings: &[Warning],
    output: &Path,
    strict: bool,
    format: bool,
) -> anyhow::Result<ExitCode> {
    for w in warnings {
        eprintln!("warning: {w}");
    }
    if strict && !warnings.is_empty() {
        bail!("{} warning(s) under --strict", warnings.len());
    }
    let mut rust_files = Vec::new();
    for f in files {
        let path = output.join(&f.path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("error creating {}", dir.display()))?;
        }
        std::fs::write(&path, f.text.as_bytes())
            .with_context(|| format!("error writing {}", path.display()))?;
        if f.path.ends_with(".rs") {
            rust_files.push(path);
        }
    }
    if format {
        rustfmt(&rust_files);
    }
    Ok(ExitCode::SUCCESS)
}

/// Formats the files in place; a missing rustfmt is a note, not an error.
fn rustfmt(files: &[PathBuf]) {
    if files.is_empty() {
        return;
    }
    let status = Command::new("rustfmt")
        .args(["--edition", "2021"])
        .args(files.iter().map(PathBuf::as_path).map(Path::as_os_str))
        .status();
    match status {
        Ok(s) if s.success() => {}
        Ok(s) => eprintln!("note: rustfmt exited with {s}; the output is unformatted"),
        Err(e) => eprintln!("note: rustfmt not run ({e}); the output is unformatted"),
    }
}
