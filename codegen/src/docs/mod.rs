//! Registry documentation from a provider's schema, in tfplugindocs'
//! layout and Markdown: `docs/index.md`, `docs/resources/<name>.md`,
//! `docs/data-sources/`, `docs/ephemeral-resources/`, `docs/list-resources/`,
//! `docs/actions/` and `docs/functions/`, with the examples of `examples/`
//! (tfplugindocs' conventions) and the pages of `templates/` that replace a
//! generated one.
//!
//! [`generate`] renders the pages from the schema Terraform sees
//! ([`crate::tfjson`]); [`write()`] puts them in `docs/` (replacing the
//! folders tfplugindocs manages), [`stale`] says which files of `docs/`
//! differ from them, and [`validate`] checks a `docs/` tree against the
//! schema: missing and extra pages, frontmatter, examples that do not
//! parse.

mod error;
mod function_md;
mod kind;
mod page;
mod pages;
mod plain;
mod problem;
mod project;
mod schema_md;
mod template;
mod validate;

use std::path::Path;

pub use error::DocsError;
pub use kind::Kind;
pub use page::{Page, Stale};
pub use problem::{Problem, Severity};
pub use project::Project;
pub use validate::validate;

use crate::tfjson::{ProviderSchema, ProvidersSchema};

/// The provider's entry in a `providers schema -json` document: the only
/// one, or the one whose address ends in `/<short name>` (or is it).
///
/// # Errors
/// No entry, or several and none matching.
pub fn find_provider<'a>(
    schemas: &'a ProvidersSchema,
    provider_name: &str,
) -> Result<&'a ProviderSchema, DocsError> {
    let short = kind::provider_short_name(provider_name);
    let mut entries = schemas.provider_schemas.iter();
    match (entries.next(), entries.next()) {
        (Some((_, only)), None) => return Ok(only),
        (None, _) => return Err(DocsError::schema("the schema holds no provider")),
        _ => {}
    }
    schemas
        .provider_schemas
        .iter()
        .find(|(address, _)| *address == short || address.ends_with(&format!("/{short}")))
        .map(|(_, schema)| schema)
        .ok_or_else(|| {
            let known: Vec<&str> = schemas
                .provider_schemas
                .keys()
                .map(String::as_str)
                .collect();
            DocsError::schema(format!(
                "no provider named {short:?} in the schema (it has {}); pass --provider-name",
                known.join(", ")
            ))
        })
}

/// Every page of `docs/` for `schema`, sorted by path: generated ones,
/// those `templates/` renders or holds as they are, and the other files of
/// `templates/` (guides) copied. [`generate_with_warnings`] also says what
/// the pages show by this crate's own rules where tfplugindocs refuses.
///
/// # Errors
/// A schema Terraform would refuse too (an attribute with no flags or no
/// type), an example or template that cannot be read, a template that does
/// not render.
pub fn generate(schema: &ProviderSchema, project: &Project) -> Result<Vec<Page>, DocsError> {
    generate_with_warnings(schema, project).map(|g| g.pages)
}

/// The pages of `docs/`, and the warnings met making them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// As [`generate`] returns them.
    pub pages: Vec<Page>,
    /// What a page shows where tfplugindocs would have refused the schema
    /// (a block with nothing to set that tfplugindocs does not count as
    /// read-only, listed under Read-Only), each naming its page and the
    /// block's path; in page order.
    pub warnings: Vec<Problem>,
}

/// [`generate`], with the warnings.
///
/// # Errors
/// As [`generate`].
pub fn generate_with_warnings(
    schema: &ProviderSchema,
    project: &Project,
) -> Result<Generated, DocsError> {
    let mut warnings = Vec::new();
    let pages = project.pages(schema, &mut warnings)?;
    Ok(Generated { pages, warnings })
}

/// Writes `pages` to `docs/`, first removing what tfplugindocs manages
/// there (`index.md` and the folders of the page kinds and `guides/`);
/// other files of `docs/` stay.
///
/// # Errors
/// A file that cannot be removed or written.
pub fn write(project: &Project, pages: &[Page]) -> Result<(), DocsError> {
    let docs = project.docs_dir();
    for managed in project::MANAGED {
        let path = docs.join(managed);
        let removed = if path.is_dir() {
            std::fs::remove_dir_all(&path)
        } else if path.is_file() {
            std::fs::remove_file(&path)
        } else {
            Ok(())
        };
        removed.map_err(|e| DocsError::io(&path, e))?;
    }
    for page in pages {
        let path = docs.join(&page.path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| DocsError::io(dir, e))?;
        }
        std::fs::write(&path, &page.text).map_err(|e| DocsError::io(&path, e))?;
    }
    Ok(())
}

/// The files of `docs/` that differ from `pages` (paths under `docs/`).
///
/// # Errors
/// `docs/` cannot be read.
pub fn stale(project: &Project, pages: &[Page]) -> Result<Vec<Stale>, DocsError> {
    let docs = project.docs_dir();
    let mut out = Vec::new();
    for page in pages {
        let path = docs.join(&page.path);
        match std::fs::read(&path) {
            Ok(bytes) if bytes == page.text.as_bytes() => {}
            Ok(_) => out.push(Stale::Changed(page.path.clone())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                out.push(Stale::Missing(page.path.clone()))
            }
            Err(e) => return Err(DocsError::io(&path, e)),
        }
    }
    for existing in project.managed_files()? {
        if !pages.iter().any(|p| p.path == existing) {
            out.push(Stale::Extra(existing));
        }
    }
    out.sort_by(|a, b| stale_path(a).cmp(stale_path(b)));
    Ok(out)
}

fn stale_path(s: &Stale) -> &Path {
    match s {
        Stale::Missing(p) | Stale::Changed(p) | Stale::Extra(p) => p,
    }
}
