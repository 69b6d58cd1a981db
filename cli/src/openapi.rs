//! `tfschema openapi ...`: the OpenAPI generator's command line.
//!
//! `generate` takes the same flags as `tfplugingen-openapi generate` and writes
//! the same bytes; warnings about skipped schemas go to stderr, and `--strict`
//! turns them into a failure. `rust` maps the same way and writes Rust models
//! (see `crate::rust`).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use tfschema_codegen::{generate, Options};

#[derive(Debug, clap::Subcommand)]
pub enum OpenapiCommand {
    /// Generate a Provider Code Specification from an OpenAPI 3.x description.
    Generate(GenerateArgs),
    /// Generate Rust models (#[derive(TfSchema, TfValue)]) from an OpenAPI 3.x description.
    Rust(RustArgs),
}

#[derive(Debug, clap::Args)]
pub struct RustArgs {
    /// Path to the generator config file (YAML).
    #[arg(long, value_name = "PATH", default_value = "./generator_config.yml")]
    config: PathBuf,
    #[command(flatten)]
    output: crate::rust::OutputArgs,
    /// The OpenAPI 3.0 / 3.1 description (JSON or YAML).
    #[arg(value_name = "OPENAPI_SPEC")]
    spec: PathBuf,
}

#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// Path to the generator config file (YAML).
    #[arg(long, value_name = "PATH", default_value = "./generator_config.yml")]
    config: PathBuf,
    /// Destination file path for the generated provider code spec (JSON).
    #[arg(long, value_name = "PATH", default_value = "./provider_code_spec.json")]
    output: PathBuf,
    /// Fail instead of skipping what cannot be mapped.
    #[arg(long)]
    strict: bool,
    /// The OpenAPI 3.0 / 3.1 description (JSON or YAML).
    #[arg(value_name = "OPENAPI_SPEC")]
    spec: PathBuf,
}

pub fn run(cmd: OpenapiCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        OpenapiCommand::Generate(args) => run_generate(&args),
        OpenapiCommand::Rust(args) => run_rust(&args),
    }
}

fn run_rust(args: &RustArgs) -> anyhow::Result<ExitCode> {
    let config = std::fs::read_to_string(&args.config).with_context(|| {
        format!(
            "error reading generator config file {}",
            args.config.display()
        )
    })?;
    let text = std::fs::read_to_string(&args.spec)
        .with_context(|| format!("error reading OpenAPI spec file {}", args.spec.display()))?;
    // Skips are reported below with the Rust generator's warnings; the
    // output's --strict decides whether they fail.
    let (mapped, warnings) = tfschema_codegen::map(&text, &config, &Options::default())?;
    let spec = tfschema_codegen::rust::Spec::from_mapped(&mapped);
    let source = format!(
        "{} ({})",
        crate::codespec::file_name(&args.spec),
        crate::codespec::file_name(&args.config)
    );
    crate::rust::write(&spec, warnings, source, &args.output)
}

fn run_generate(args: &GenerateArgs) -> anyhow::Result<ExitCode> {
    let config = std::fs::read_to_string(&args.config).with_context(|| {
        format!(
            "error reading generator config file {}",
            args.config.display()
        )
    })?;
    let spec = std::fs::read_to_string(&args.spec)
        .with_context(|| format!("error reading OpenAPI spec file {}", args.spec.display()))?;
    let options = Options {
        strict: args.strict,
    };
    let out = generate(&spec, &config, &options)?;
    for warning in &out.warnings {
        eprintln!("warning: {warning}");
    }
    std::fs::write(&args.output, out.json.as_bytes()).with_context(|| {
        format!(
            "error writing provider code spec to {}",
            args.output.display()
        )
    })?;
    Ok(ExitCode::SUCCESS)
}
