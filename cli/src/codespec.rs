//! `tfschema codespec ...`: commands over a Provider Code Specification.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use tfschema_codegen::rust::Spec;

use crate::rust::OutputArgs;

#[derive(Debug, clap::Subcommand)]
pub enum CodespecCommand {
    /// Generate Rust models (#[derive(TfSchema, TfValue)]) from a code spec.
    Rust(RustArgs),
}

#[derive(Debug, clap::Args)]
pub struct RustArgs {
    /// The Provider Code Specification (JSON), e.g. from `tfschema openapi generate`.
    #[arg(long, value_name = "PATH", default_value = "./provider_code_spec.json")]
    input: PathBuf,
    #[command(flatten)]
    output: OutputArgs,
}

pub fn run(cmd: CodespecCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        CodespecCommand::Rust(args) => {
            let text = std::fs::read_to_string(&args.input).with_context(|| {
                format!("error reading provider code spec {}", args.input.display())
            })?;
            let (spec, warnings) = Spec::from_codespec_json(&text)?;
            let source = file_name(&args.input);
            crate::rust::write(&spec, warnings, source, &args.output)
        }
    }
}

/// The file name alone, so headers do not depend on where the tool ran.
pub fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}
