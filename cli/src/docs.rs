//! `tfschema docs generate` and `tfschema docs validate`: registry
//! documentation in tfplugindocs' layout, from the schema Terraform sees
//! (a `providers schema -json` file, or the provider binary launched as
//! Terraform launches it).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use tfschema_codegen::docs::{self, Project, Severity};
use tfschema_codegen::tfjson::{ProviderSchema, ProvidersSchema};

use crate::schema::{self, BinaryArgs};

#[derive(Debug, clap::Subcommand)]
pub enum DocsCommand {
    /// Write DIR/docs from the schema, DIR/examples and DIR/templates.
    Generate(GenerateArgs),
    /// Check DIR/docs against the schema (missing and extra pages,
    /// frontmatter) and that every example in DIR/examples parses.
    Validate(CommonArgs),
}

#[derive(Debug, clap::Args)]
pub struct CommonArgs {
    /// The provider's directory (holding examples/, templates/, docs/).
    #[arg(long, value_name = "DIR", default_value = ".")]
    provider_dir: PathBuf,
    /// The output of `terraform providers schema -json`.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "provider_binary",
        required_unless_present = "provider_binary"
    )]
    providers_schema: Option<PathBuf>,
    /// The provider binary, launched as Terraform does to read its schema.
    #[arg(long, value_name = "BIN")]
    provider_binary: Option<PathBuf>,
    /// The provider's name (default: DIR's name, e.g.
    /// terraform-provider-inventory); `terraform-provider-` is left out of
    /// titles and resource page names.
    #[arg(long, value_name = "NAME")]
    provider_name: Option<String>,
    /// The provider's name in page titles (tfplugindocs'
    /// --rendered-provider-name).
    #[arg(long, value_name = "NAME")]
    rendered_provider_name: Option<String>,
    #[command(flatten)]
    binary: BinaryArgs,
}

#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    common: CommonArgs,
    /// Write nothing: list the files of DIR/docs that differ from what would
    /// be generated, and fail if there are any.
    #[arg(long)]
    check: bool,
}

pub fn run(cmd: DocsCommand) -> Result<ExitCode> {
    match cmd {
        DocsCommand::Generate(args) => {
            let (project, schema) = load(&args.common)?;
            let docs::Generated { pages, warnings } =
                docs::generate_with_warnings(&schema, &project)?;
            for w in &warnings {
                eprintln!("{}", in_dir(project.dir(), &w.to_string()));
            }
            if args.check {
                let stale = docs::stale(&project, &pages)?;
                if stale.is_empty() {
                    eprintln!(
                        "{}: {} pages up to date",
                        project.docs_dir().display(),
                        pages.len()
                    );
                    return Ok(ExitCode::SUCCESS);
                }
                for s in &stale {
                    eprintln!("stale: {}", in_dir(&project.docs_dir(), &s.to_string()));
                }
                bail!(
                    "{} file(s) of {} differ from the generated documentation: run `tfschema docs generate`",
                    stale.len(),
                    project.docs_dir().display()
                );
            }
            docs::write(&project, &pages)?;
            eprintln!(
                "{}: wrote {} pages{}",
                project.docs_dir().display(),
                pages.len(),
                match warnings.len() {
                    0 => String::new(),
                    1 => " (1 warning)".to_owned(),
                    n => format!(" ({n} warnings)"),
                }
            );
            Ok(ExitCode::SUCCESS)
        }
        DocsCommand::Validate(args) => {
            let (project, schema) = load(&args)?;
            let problems = docs::validate(&schema, &project)?;
            for p in &problems {
                eprintln!("{}", in_dir(project.dir(), &p.to_string()));
            }
            let errors = problems
                .iter()
                .filter(|p| p.severity == Severity::Error)
                .count();
            if errors > 0 {
                bail!(
                    "{errors} error(s) in the documentation of {}",
                    project.dir().display()
                );
            }
            eprintln!("{}: documentation valid", project.dir().display());
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// A message about a file under `dir`, with `dir` in front of its path.
fn in_dir(dir: &Path, message: &str) -> String {
    match message.split_once(": ") {
        Some((level @ ("error" | "warning"), rest)) => format!("{level}: {}/{rest}", dir.display()),
        _ => format!("{}/{message}", dir.display()),
    }
}

fn load(args: &CommonArgs) -> Result<(Project, ProviderSchema)> {
    if !args.provider_dir.is_dir() {
        bail!(
            "{}: no such directory (--provider-dir)",
            args.provider_dir.display()
        );
    }
    let mut project = Project::new(&args.provider_dir);
    if let Some(name) = &args.provider_name {
        project = project.with_provider_name(name);
    }
    if let Some(name) = &args.rendered_provider_name {
        project = project.with_rendered_provider_name(name);
    }
    let schema = match (&args.providers_schema, &args.provider_binary) {
        (Some(file), _) => {
            let text = std::fs::read_to_string(file)
                .with_context(|| format!("reading {}", file.display()))?;
            let all = ProvidersSchema::parse(&text).with_context(|| file.display().to_string())?;
            docs::find_provider(&all, project.provider_name())
                .with_context(|| file.display().to_string())?
                .clone()
        }
        (None, Some(binary)) => schema::read_binary(binary, &args.binary_with_any_address())?.1,
        (None, None) => bail!("--providers-schema or --provider-binary is required"),
    };
    Ok((project, schema))
}

impl CommonArgs {
    /// The address does not matter for docs: a binary of any name is fine.
    fn binary_with_any_address(&self) -> BinaryArgs {
        let mut args = self.binary.clone();
        args.provider_address
            .get_or_insert_with(|| "docs".to_owned());
        args
    }
}
