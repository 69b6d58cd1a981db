//! The provider directory: `examples/`, `templates/` and `docs/`, and how
//! each page is made from them (a page's own template, its kind's fallback
//! template, a static page kept as it is, or tfplugindocs' default).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::error::DocsError;
use super::kind::{provider_short_name, short_name, Kind};
use super::page::Page;
use super::pages::{Example, FunctionParts, Imports, PageInput};
use super::problem::{Problem, Severity};
use super::schema_md::EMPTY_BLOCK;
use super::template::{self, Context};
use super::{function_md, schema_md};
use crate::tfjson::{Block, ProviderSchema};

/// What `docs/` holds that generation replaces.
pub(crate) const MANAGED: [&str; 8] = [
    "index.md",
    "resources",
    "data-sources",
    "ephemeral-resources",
    "list-resources",
    "actions",
    "functions",
    "guides",
];

/// Extensions of a page kept as it is in `templates/` (tfplugindocs'
/// static candidates).
const STATIC_EXTENSIONS: [&str; 4] = [".md", ".markdown", ".html.markdown", ".html.md"];

/// A provider's directory and how it names the provider.
#[derive(Debug, Clone)]
pub struct Project {
    dir: PathBuf,
    provider_name: String,
    rendered_provider_name: Option<String>,
}

impl Project {
    /// The provider in `dir`, named after the directory (tfplugindocs'
    /// default `--provider-name`, e.g. `terraform-provider-inventory`).
    pub fn new(dir: impl Into<PathBuf>) -> Project {
        let dir = dir.into();
        let name = std::fs::canonicalize(&dir)
            .ok()
            .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_default();
        Project {
            dir,
            provider_name: name,
            rendered_provider_name: None,
        }
    }

    /// Names the provider (`terraform-provider-<name>` or `<name>`).
    pub fn with_provider_name(mut self, name: impl Into<String>) -> Project {
        self.provider_name = name.into();
        self
    }

    /// The name page titles show (tfplugindocs' `--rendered-provider-name`).
    pub fn with_rendered_provider_name(mut self, name: impl Into<String>) -> Project {
        self.rendered_provider_name = Some(name.into());
        self
    }

    /// The provider directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The provider's name.
    pub fn provider_name(&self) -> &str {
        &self.provider_name
    }

    /// `<dir>/docs`.
    pub fn docs_dir(&self) -> PathBuf {
        self.dir.join("docs")
    }

    /// `<dir>/examples`.
    pub fn examples_dir(&self) -> PathBuf {
        self.dir.join("examples")
    }

    /// `<dir>/templates`.
    pub fn templates_dir(&self) -> PathBuf {
        self.dir.join("templates")
    }

    /// The page name of each thing `schema` documents.
    pub fn items(schema: &ProviderSchema) -> Vec<(Kind, String)> {
        let mut items = vec![(Kind::Provider, String::new())];
        let mut add = |kind: Kind, names: Vec<&String>| {
            items.extend(names.into_iter().map(|n| (kind, n.clone())));
        };
        add(Kind::Resource, schema.resource_schemas.keys().collect());
        add(
            Kind::DataSource,
            schema.data_source_schemas.keys().collect(),
        );
        add(
            Kind::EphemeralResource,
            schema.ephemeral_resource_schemas.keys().collect(),
        );
        add(
            Kind::ListResource,
            schema.list_resource_schemas.keys().collect(),
        );
        add(Kind::Action, schema.action_schemas.keys().collect());
        add(Kind::Function, schema.functions.keys().collect());
        items
    }

    /// Where the page of `name` goes under `docs/`.
    pub fn page_path(&self, kind: Kind, name: &str) -> PathBuf {
        match kind {
            Kind::Provider => PathBuf::from("index.md"),
            _ => {
                let short = short_name(kind, name, provider_short_name(&self.provider_name));
                Path::new(kind.docs_dir()).join(format!("{short}.md"))
            }
        }
    }

    /// Every page, and the warnings of their schemas (each naming its page
    /// under `docs/`).
    pub(crate) fn pages(
        &self,
        schema: &ProviderSchema,
        warnings: &mut Vec<Problem>,
    ) -> Result<Vec<Page>, DocsError> {
        let templates = files_under(&self.templates_dir())?;
        let mut used: BTreeSet<PathBuf> = BTreeSet::new();
        let mut pages = Vec::new();
        for (kind, name) in Self::items(schema) {
            let mut messages = Vec::new();
            let page = self.page(schema, kind, &name, &templates, &mut used, &mut messages)?;
            warnings.extend(messages.into_iter().map(|message| Problem {
                severity: Severity::Warning,
                path: Path::new("docs").join(&page.path),
                message,
            }));
            pages.push(page);
        }
        for rel in templates.difference(&used) {
            let source = self.templates_dir().join(rel);
            let top_fallback = rel.components().count() == 1
                && Kind::ALL
                    .iter()
                    .any(|k| rel == Path::new(&format!("{}.md.tmpl", k.docs_dir())));
            if top_fallback {
                continue;
            }
            let under_kind = Kind::ALL
                .iter()
                .find(|k| k.docs_dir() != "" && rel.starts_with(k.docs_dir()));
            if let Some(kind) = under_kind {
                return Err(DocsError::new(
                    Some(source),
                    format!(
                        "no {} of this name in the provider's schema (a page for one that was \
                         removed or renamed?)",
                        kind.title().to_lowercase()
                    ),
                ));
            }
            let text = read(&source)?;
            match rel.to_str().and_then(|r| r.strip_suffix(".tmpl")) {
                Some(target) => {
                    let fields = BTreeMap::new();
                    let text = self.render_template(&source, &text, &fields)?;
                    pages.push(Page {
                        path: target.into(),
                        text,
                    });
                }
                None => pages.push(Page {
                    path: rel.clone(),
                    text,
                }),
            }
        }
        pages.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(pages)
    }

    fn page(
        &self,
        schema: &ProviderSchema,
        kind: Kind,
        name: &str,
        templates: &BTreeSet<PathBuf>,
        used: &mut BTreeSet<PathBuf>,
        warnings: &mut Vec<String>,
    ) -> Result<Page, DocsError> {
        let path = self.page_path(kind, name);
        let stem = path.with_extension("");
        let named = PathBuf::from(format!("{}.md.tmpl", stem.display()));
        let fallback = PathBuf::from(format!("{}.md.tmpl", kind.docs_dir()));
        let template = [named, fallback]
            .into_iter()
            .filter(|t| kind != Kind::Provider || t == Path::new("index.md.tmpl"))
            .find(|t| templates.contains(t));
        if template.is_none() {
            for ext in STATIC_EXTENSIONS {
                let candidate = PathBuf::from(format!("{}{ext}", stem.display()));
                if templates.contains(&candidate) {
                    used.insert(candidate.clone());
                    let text = read(&self.templates_dir().join(&candidate))?;
                    return Ok(Page {
                        path: candidate,
                        text,
                    });
                }
            }
        }
        let what = match kind {
            Kind::Provider => "the provider".to_owned(),
            _ => format!("{} {name}", kind.title().to_lowercase()),
        };
        let mut messages = Vec::new();
        let input = self
            .input(schema, kind, name, &mut messages)
            .map_err(|e| e.in_context(&what))?;
        warnings.extend(messages.into_iter().map(|m| format!("{what}: {m}")));
        let text = match template {
            Some(t) => {
                used.insert(t.clone());
                let source = self.templates_dir().join(&t);
                let text = read(&source)?;
                self.render_template(&source, &text, &input.fields())?
            }
            None => input.render_default(),
        };
        Ok(Page { path, text })
    }

    fn render_template(
        &self,
        source: &Path,
        text: &str,
        fields: &BTreeMap<&'static str, template::Value>,
    ) -> Result<String, DocsError> {
        let read_file = |file: &str| -> Result<String, String> {
            std::fs::read_to_string(self.dir.join(file))
                .map_err(|e| format!("cannot read {file:?}: {e}"))
        };
        template::render(
            text,
            &Context {
                fields,
                read_file: &read_file,
            },
        )
        .map_err(|e| DocsError::new(Some(source.to_owned()), e))
    }

    fn input(
        &self,
        schema: &ProviderSchema,
        kind: Kind,
        name: &str,
        warnings: &mut Vec<String>,
    ) -> Result<PageInput, DocsError> {
        let provider_short = provider_short_name(&self.provider_name).to_owned();
        let block = block_of(schema, kind, name).cloned();
        let description = block
            .as_ref()
            .map(|b| b.description.clone())
            .unwrap_or_default();
        let schema_md = match &block {
            Some(b) => {
                let comment = if kind == Kind::Action {
                    "<!-- action schema generated by tfplugindocs -->\n"
                } else {
                    "<!-- schema generated by tfplugindocs -->\n"
                };
                format!("{comment}{}", schema_md::render(b, warnings)?)
            }
            None => String::new(),
        };
        let (function, description) = match schema
            .functions
            .get(name)
            .filter(|_| kind == Kind::Function)
        {
            Some(f) => (
                Some(FunctionParts {
                    summary: f.summary.clone(),
                    signature: function_md::signature(name, f),
                    arguments: function_md::arguments(f),
                    variadic: function_md::variadic_argument(f),
                }),
                f.description.clone(),
            ),
            None => (None, description),
        };
        let imports = if kind == Kind::Resource {
            self.imports(schema, name)?
        } else {
            Imports::default()
        };
        Ok(PageInput {
            kind,
            name: if kind == Kind::Provider {
                self.provider_name.clone()
            } else {
                name.to_owned()
            },
            description,
            schema: schema_md,
            examples: self.examples(kind, name)?,
            imports,
            function,
            provider_name: self.provider_name.clone(),
            provider_short_name: provider_short,
            rendered_provider_name: self.rendered_provider_name.clone(),
        })
    }

    /// The examples of a page: `<stem>*<extension>` in its folder, sorted.
    fn examples(&self, kind: Kind, name: &str) -> Result<Vec<Example>, DocsError> {
        let (dir, stem, extension) = kind.examples();
        let folder = match kind {
            Kind::Provider => Path::new(dir).to_owned(),
            _ => Path::new(dir).join(name),
        };
        let mut found: Vec<String> = Vec::new();
        let Ok(entries) = std::fs::read_dir(self.examples_dir().join(&folder)) else {
            return Ok(Vec::new());
        };
        for entry in entries {
            let entry = entry.map_err(|e| DocsError::io(&self.examples_dir().join(&folder), e))?;
            let file = entry.file_name().to_string_lossy().into_owned();
            if file.starts_with(stem) && file.ends_with(extension) {
                found.push(file);
            }
        }
        found.sort();
        found
            .into_iter()
            .map(|file| self.example(&folder.join(file)))
            .collect()
    }

    fn imports(&self, schema: &ProviderSchema, name: &str) -> Result<Imports, DocsError> {
        let folder = Path::new("resources").join(name);
        let optional = |file: &str| -> Result<Option<Example>, DocsError> {
            let rel = folder.join(file);
            if self.examples_dir().join(&rel).is_file() {
                self.example(&rel).map(Some)
            } else {
                Ok(None)
            }
        };
        let identity = match schema.resource_identity_schemas.get(name) {
            Some(identity) => Some(format!(
                "<!-- schema generated by tfplugindocs -->\n{}",
                schema_md::render_identity(identity)?
            )),
            None => None,
        };
        Ok(Imports {
            by_identity: optional("import-by-identity.tf")?.map(|e| (e, identity)),
            by_id: optional("import-by-string-id.tf")?,
            command: optional("import.sh")?,
        })
    }

    /// `examples/<rel>`, which must not be empty (tfplugindocs refuses an
    /// empty example too).
    fn example(&self, rel: &Path) -> Result<Example, DocsError> {
        let path = self.examples_dir().join(rel);
        let text = read(&path)?;
        if text.trim().is_empty() {
            return Err(DocsError::new(Some(path), "the example is empty"));
        }
        Ok(Example {
            path: Path::new("examples")
                .join(rel)
                .to_string_lossy()
                .into_owned(),
            text,
        })
    }

    /// The files of `docs/` generation manages, relative to `docs/`.
    pub(crate) fn managed_files(&self) -> Result<Vec<PathBuf>, DocsError> {
        let docs = self.docs_dir();
        let all = files_under(&docs)?;
        Ok(all
            .into_iter()
            .filter(|p| MANAGED.iter().any(|m| p.starts_with(m)))
            .collect())
    }
}

/// The block a page documents; `None` for a function.
fn block_of<'a>(schema: &'a ProviderSchema, kind: Kind, name: &str) -> Option<&'a Block> {
    let schemas = match kind {
        Kind::Function => return None,
        Kind::Provider => {
            return Some(
                schema
                    .provider
                    .as_ref()
                    .and_then(|s| s.block.as_ref())
                    .unwrap_or(&EMPTY_BLOCK),
            )
        }
        Kind::Action => {
            return Some(
                schema
                    .action_schemas
                    .get(name)
                    .and_then(|a| a.block.as_ref())
                    .unwrap_or(&EMPTY_BLOCK),
            )
        }
        Kind::Resource => &schema.resource_schemas,
        Kind::DataSource => &schema.data_source_schemas,
        Kind::EphemeralResource => &schema.ephemeral_resource_schemas,
        Kind::ListResource => &schema.list_resource_schemas,
    };
    Some(
        schemas
            .get(name)
            .and_then(|s| s.block.as_ref())
            .unwrap_or(&EMPTY_BLOCK),
    )
}

fn read(path: &Path) -> Result<String, DocsError> {
    std::fs::read_to_string(path).map_err(|e| DocsError::io(path, e))
}

/// Every file under `dir`, relative to it; none when it does not exist.
pub(crate) fn files_under(dir: &Path) -> Result<BTreeSet<PathBuf>, DocsError> {
    let mut out = BTreeSet::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let abs = dir.join(&rel);
        let entries = match std::fs::read_dir(&abs) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && rel.as_os_str().is_empty() => {
                return Ok(out)
            }
            Err(e) => return Err(DocsError::io(&abs, e)),
        };
        for entry in entries {
            let entry = entry.map_err(|e| DocsError::io(&abs, e))?;
            let child = rel.join(entry.file_name());
            if entry
                .file_type()
                .map_err(|e| DocsError::io(&abs, e))?
                .is_dir()
            {
                stack.push(child);
            } else {
                out.insert(child);
            }
        }
    }
    Ok(out)
}
