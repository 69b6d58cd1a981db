//! `docs validate`: a `docs/` tree against the schema (every page there,
//! none extra), every page's frontmatter, and every example file parsed as
//! HCL.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::error::DocsError;
use super::kind::Kind;
use super::problem::{Problem, Severity};
use super::project::{files_under, Project, MANAGED};
use crate::tfjson::ProviderSchema;

/// The keys a registry page's frontmatter may have.
const FRONTMATTER_KEYS: [&str; 3] = ["page_title", "subcategory", "description"];

/// Checks the provider directory's `docs/` and `examples/` against
/// `schema`; problems sorted by file.
///
/// # Errors
/// A directory or file that cannot be read.
pub fn validate(schema: &ProviderSchema, project: &Project) -> Result<Vec<Problem>, DocsError> {
    let mut problems = Vec::new();
    let docs = files_under(&project.docs_dir())?;
    let expected: BTreeSet<PathBuf> = Project::items(schema)
        .iter()
        .map(|(kind, name)| project.page_path(*kind, name))
        .collect();
    let in_docs = |p: &Path| Path::new("docs").join(p);
    for missing in expected.difference(&docs) {
        problems.push(error(
            in_docs(missing),
            "missing: the schema has this page's subject".into(),
        ));
    }
    for file in &docs {
        let managed_page = Kind::ALL
            .iter()
            .any(|k| !k.docs_dir().is_empty() && file.starts_with(k.docs_dir()));
        if managed_page && !expected.contains(file) {
            problems.push(error(
                in_docs(file),
                "extra: nothing of this name in the provider's schema".into(),
            ));
        }
        let markdown = [".md", ".markdown"]
            .iter()
            .any(|e| file.to_string_lossy().ends_with(e));
        if markdown && MANAGED.iter().any(|m| file.starts_with(m)) {
            let path = project.docs_dir().join(file);
            let text = std::fs::read_to_string(&path).map_err(|e| DocsError::io(&path, e))?;
            if let Err(message) = frontmatter(&text, file == Path::new("index.md")) {
                problems.push(error(in_docs(file), message));
            }
        }
    }
    for file in files_under(&project.examples_dir())? {
        let name = file.to_string_lossy();
        if name.ends_with(".tf") || name.ends_with(".tfquery.hcl") {
            let path = project.examples_dir().join(&file);
            let text = std::fs::read_to_string(&path).map_err(|e| DocsError::io(&path, e))?;
            if let Err(e) = hcl_edit::parser::parse_body(&text) {
                problems.push(error(
                    Path::new("examples").join(&file),
                    format!("not valid HCL: {}", one_line(&e.to_string())),
                ));
            }
        }
    }
    for name in schema.resource_identity_schemas.keys() {
        let example = Path::new("examples/resources")
            .join(name)
            .join("import-by-identity.tf");
        if schema.resource_schemas.contains_key(name) && !project.dir().join(&example).is_file() {
            problems.push(Problem {
                severity: Severity::Warning,
                path: example,
                message: "missing: the resource has an identity, and its page shows the identity \
                          schema with this example of an import by identity"
                    .into(),
            });
        }
    }
    problems.sort_by(|a, b| (&a.path, &a.message).cmp(&(&b.path, &b.message)));
    Ok(problems)
}

fn error(path: PathBuf, message: String) -> Problem {
    Problem {
        severity: Severity::Error,
        path,
        message,
    }
}

/// hcl-edit's error spans lines (the source line and a caret): one line.
fn one_line(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Checks a page's YAML frontmatter: present, a mapping of strings with
/// only the registry's keys, no subcategory on the index.
fn frontmatter(text: &str, index: bool) -> Result<(), String> {
    let body = text
        .strip_prefix("---\n")
        .ok_or("no frontmatter: a page starts with a `---` line")?;
    let end = body
        .find("\n---\n")
        .or_else(|| body.strip_suffix("\n---").map(str::len))
        .ok_or("the frontmatter has no closing `---` line")?;
    let yaml = &body[..end];
    let value: serde_norway::Value = serde_norway::from_str(yaml)
        .map_err(|e| format!("frontmatter is not YAML: {}", one_line(&e.to_string())))?;
    let serde_norway::Value::Mapping(map) = value else {
        return Err("frontmatter is not a mapping of keys to texts".into());
    };
    for (key, value) in &map {
        let Some(key) = key.as_str() else {
            return Err("frontmatter keys must be texts".into());
        };
        if !FRONTMATTER_KEYS.contains(&key) {
            return Err(format!(
                "frontmatter key {key:?} is not one of {} (the registry's)",
                FRONTMATTER_KEYS.join(", ")
            ));
        }
        if index && key == "subcategory" {
            return Err("the index page has no subcategory".into());
        }
        if !value.is_string() {
            return Err(format!("frontmatter {key:?} is not a text"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frontmatter_rules() {
        let page = |fm: &str| format!("---\n{fm}\n---\n\n# Page\n");
        assert!(frontmatter(
            &page("page_title: \"a\"\nsubcategory: \"\"\ndescription: |-\n  text"),
            false
        )
        .is_ok());
        for (fm, index, want) in [
            (
                "page_title: a\nlayout: docs",
                false,
                "key \"layout\" is not one of",
            ),
            (
                "page_title: a\nsubcategory: x",
                true,
                "index page has no subcategory",
            ),
            ("page_title: [a", false, "not YAML"),
            ("- a\n- b", false, "not a mapping"),
            (
                "page_title:\n  nested: 1",
                false,
                "\"page_title\" is not a text",
            ),
        ] {
            let err = frontmatter(&page(fm), index).expect_err(fm);
            assert!(err.contains(want), "{fm}: {err}");
        }
        assert!(frontmatter("# No frontmatter\n", false)
            .expect_err("refused")
            .contains("no frontmatter"));
        assert!(frontmatter("---\npage_title: a\n", false)
            .expect_err("refused")
            .contains("no closing"));
    }
}
