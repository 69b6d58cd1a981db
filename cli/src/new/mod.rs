//! `tfschema new <name>`: a provider crate to start from, laid out as
//! HashiCorp's terraform-provider-scaffolding-framework is (a resource, a
//! data source, a function and an ephemeral resource; unit and acceptance tests;
//! `examples/` and `docs/` in tfplugindocs' layout; the registry manifest;
//! test and release workflows), so that a Go author finds each thing where
//! they expect it. `--bare` leaves the four examples out (a provider block,
//! its client and tests, serving nothing yet); `--protocol 5` serves
//! protocol 5 only, as Go's `tf5server` does.
//!
//! The files are templates in `cli/templates/new/`, compiled into the
//! binary and filled by [`template::render`]; `docs/` is among them,
//! written once from the scaffold's schema so that a new crate starts with
//! its docs current (e2e/new.sh checks them against `tfschema docs
//! generate` on the built provider, so the two cannot drift apart).

mod name;
mod paths;
mod template;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};

pub use name::ProviderName;

/// A template of `templates/new/`, written at `$out` (itself a template,
/// for the provider's name); `$file` alone when the two are the same.
macro_rules! template {
    ($file:literal) => {
        template!($file => $file)
    };
    ($file:literal => $out:literal) => {
        ($out, include_str!(concat!("../../templates/new/", $file)))
    };
}

/// The files of every new crate: the path written and the template's text.
const FILES: &[(&str, &str)] = &[
    template!("Cargo.toml.tmpl" => "Cargo.toml"),
    template!("README.md"),
    template!("CHANGELOG.md"),
    template!("gitignore" => ".gitignore"),
    template!("terraform-registry-manifest.json"),
    template!("src/main.rs"),
    template!("src/lib.rs"),
    template!("src/client.rs"),
    template!("tests/provider.rs"),
    template!("tests/acceptance.rs"),
    template!("examples/README.md"),
    template!("examples/provider/provider.tf"),
    template!("docs/index.md"),
    template!(".github/workflows/test.yml"),
    template!(".github/workflows/release.yml"),
    template!(".github/dependabot.yml"),
];

/// The files of the example resource, data source, function and ephemeral
/// resource, which `--bare` leaves out.
const EXAMPLE_FILES: &[(&str, &str)] = &[
    template!("src/resource.rs"),
    template!("src/data_source.rs"),
    template!("src/function.rs"),
    template!("src/ephemeral.rs"),
    template!("examples/resources/example/resource.tf"
        => "examples/resources/{{name}}_example/resource.tf"),
    template!("examples/resources/example/import.sh"
        => "examples/resources/{{name}}_example/import.sh"),
    template!("examples/data-sources/example/data-source.tf"
        => "examples/data-sources/{{name}}_example/data-source.tf"),
    template!("examples/functions/example/function.tf"),
    template!("examples/ephemeral-resources/example/ephemeral-resource.tf"
        => "examples/ephemeral-resources/{{name}}_example/ephemeral-resource.tf"),
    template!("docs/resources/example.md"),
    template!("docs/data-sources/example.md"),
    template!("docs/functions/example.md"),
    template!("docs/ephemeral-resources/example.md"),
];

/// `tfschema new`.
#[derive(Debug, clap::Args)]
pub struct NewArgs {
    /// The provider's type name, as in `provider "NAME"` and the resource
    /// types `NAME_...` (`terraform-provider-NAME` is accepted too).
    name: String,
    /// Where to write the crate (default: ./terraform-provider-NAME); it
    /// must not exist or be empty.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// A checkout of tfschema's repository, which the crate depends on by
    /// path (tfschema is not on crates.io yet); default: the checkout this
    /// command was built from, when it is still there.
    #[arg(long, value_name = "PATH")]
    tfschema_path: Option<PathBuf>,
    /// The protocol served: 6 (Terraform 1.0 and later, nested attributes)
    /// or 5 (Terraform 0.12 and later; what a provider ported from Go's
    /// `tf5server` or SDKv2 serves).
    #[arg(long, value_name = "5|6", default_value_t = 6,
        value_parser = clap::value_parser!(u32).range(5..=6))]
    protocol: u32,
    /// No example resource, data source, function or ephemeral resource:
    /// the provider block, its client and tests only.
    #[arg(long)]
    bare: bool,
}

/// What to write besides the name: [`scaffold`]'s options.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// The protocol served, 5 or 6.
    pub protocol: u32,
    /// Whether the four examples are left out.
    pub bare: bool,
}

impl Default for Options {
    /// Protocol 6, with the examples: what `tfschema new NAME` writes.
    fn default() -> Self {
        Options {
            protocol: 6,
            bare: false,
        }
    }
}

pub fn run(args: NewArgs) -> Result<ExitCode> {
    let name = ProviderName::parse(&args.name)?;
    let dir = args
        .dir
        .unwrap_or_else(|| PathBuf::from(format!("terraform-provider-{}", name.as_str())));
    let tfschema = tfschema_root(args.tfschema_path.as_deref())?;
    let options = Options {
        protocol: args.protocol,
        bare: args.bare,
    };
    let written = scaffold(&name, &dir, &tfschema, options)?;
    for file in &written {
        println!("{}", dir.join(file).display());
    }
    eprintln!(
        "{}: terraform-provider-{} ({} files). Next: cd {} && cargo test",
        dir.display(),
        name.as_str(),
        written.len(),
        dir.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Writes the crate of provider `name` into `dir`, depending on the
/// tfschema checkout at `tfschema`; returns the files written, relative to
/// `dir`. `dir` must be missing or empty; when writing fails, what was
/// written is removed again.
pub fn scaffold(
    name: &ProviderName,
    dir: &Path,
    tfschema: &Path,
    options: Options,
) -> Result<Vec<String>> {
    let created = paths::prepare_dir(dir)?;
    let result = write_files(name, dir, tfschema, options);
    if result.is_err() {
        paths::clean_up(dir, created);
    }
    result
}

fn write_files(
    name: &ProviderName,
    dir: &Path,
    tfschema: &Path,
    options: Options,
) -> Result<Vec<String>> {
    let dir_abs = dir
        .canonicalize()
        .with_context(|| format!("{}: cannot resolve the directory", dir.display()))?;
    let root = paths::relative(&dir_abs, tfschema);
    let root_text = paths::portable(&root)?;
    let runtime = if root_text == "." {
        "runtime".to_owned()
    } else {
        format!("{root_text}/runtime")
    };
    let vars = [
        ("name", name.as_str().to_owned()),
        ("camel", name.camel_case()),
        ("crate_ident", name.crate_ident()),
        ("tfschema_path", runtime),
        ("tfschema_root", root_text),
        ("rust_version", env!("CARGO_PKG_RUST_VERSION").to_owned()),
        ("protocol", options.protocol.to_string()),
        // Section keys: kept when not empty.
        ("examples", if options.bare { "" } else { "yes" }.to_owned()),
        ("bare", if options.bare { "yes" } else { "" }.to_owned()),
    ];
    let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let examples = if options.bare { &[][..] } else { EXAMPLE_FILES };
    let mut written = Vec::with_capacity(FILES.len() + examples.len());
    for (path, text) in FILES.iter().chain(examples) {
        let path = template::render(path, &vars).with_context(|| format!("template {path}"))?;
        let text = template::render(text, &vars).with_context(|| format!("template of {path}"))?;
        let file = dir.join(&path);
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("{}: cannot create the directory", parent.display()))?;
        }
        std::fs::write(&file, text).with_context(|| format!("{}: cannot write", file.display()))?;
        written.push(path);
    }
    Ok(written)
}

/// The tfschema checkout: `--tfschema-path` (its root, or its `runtime`
/// directory), else the one this binary was built from.
fn tfschema_root(given: Option<&Path>) -> Result<PathBuf> {
    let Some(given) = given else {
        let built_from = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        if built_from.join("runtime/Cargo.toml").is_file() {
            return built_from.canonicalize().with_context(|| {
                format!(
                    "{}: cannot resolve tfschema's checkout",
                    built_from.display()
                )
            });
        }
        bail!(
            "tfschema is not on crates.io yet, and the checkout this command was built from ({}) is gone: give --tfschema-path, a checkout of tfschema's repository",
            built_from.display()
        );
    };
    let root = if given.join("runtime/Cargo.toml").is_file() {
        given.to_owned()
    } else if given.file_name().is_some_and(|n| n == "runtime")
        && given.join("Cargo.toml").is_file()
    {
        given.join("..")
    } else {
        bail!(
            "{}: not a checkout of tfschema's repository (no runtime/Cargo.toml) (--tfschema-path)",
            given.display()
        );
    };
    root.canonicalize()
        .with_context(|| format!("{}: cannot resolve (--tfschema-path)", given.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file under templates/new is written by `tfschema new`, and
    /// every template renders with the variables `write_files` gives.
    #[test]
    fn every_template_is_listed_and_renders() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/new");
        let mut on_disk = Vec::new();
        paths::walk(&root, &root, &mut on_disk).expect("templates/new");
        let all: Vec<&(&str, &str)> = FILES.iter().chain(EXAMPLE_FILES).collect();
        let listed: Vec<&str> = all.iter().map(|(_, t)| *t).collect();
        for file in &on_disk {
            let text = std::fs::read_to_string(root.join(file)).expect("a template");
            assert!(listed.contains(&text.as_str()), "{file} is not in FILES");
        }
        assert_eq!(on_disk.len(), all.len());
        for bare in [true, false] {
            let (examples, bare) = if bare { ("", "yes") } else { ("yes", "") };
            let vars = [
                ("name", "x"),
                ("camel", "X"),
                ("crate_ident", "terraform_provider_x"),
                ("tfschema_path", "../tfschema/runtime"),
                ("tfschema_root", "../tfschema"),
                ("rust_version", "1.88"),
                ("protocol", "5"),
                ("examples", examples),
                ("bare", bare),
            ];
            for (path, text) in &all {
                template::render(path, &vars).expect("the path renders");
                let rendered = template::render(text, &vars);
                assert!(rendered.is_ok(), "{path}: {rendered:?}");
            }
        }
    }
}
