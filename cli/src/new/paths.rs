//! The directory a crate is written to, and the relative path from it to
//! tfschema's checkout that its Cargo.toml names.

use std::path::{Component, Path, PathBuf};

use anyhow::{bail, Context, Result};

/// Makes sure `dir` can take a new crate: created when missing, accepted
/// when empty, refused otherwise. Returns whether it was created (and so
/// may be removed again after an error).
pub fn prepare_dir(dir: &Path) -> Result<bool> {
    match std::fs::read_dir(dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                bail!(
                    "{}: the directory is not empty; give a new or empty one (--dir)",
                    dir.display()
                );
            }
            Ok(false)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("{}: cannot create the directory", dir.display()))?;
            Ok(true)
        }
        Err(e) if dir.is_file() => {
            bail!(
                "{}: a file is in the way ({e}); give a new or empty directory (--dir)",
                dir.display()
            )
        }
        Err(e) => Err(e).with_context(|| format!("{}: cannot read the directory", dir.display())),
    }
}

/// After a failed write: removes `dir` if it was `created`, else empties
/// it, so that nothing half-written is left.
pub fn clean_up(dir: &Path, created: bool) {
    if created {
        let _ = std::fs::remove_dir_all(dir);
        return;
    }
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            let _ = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
        }
    }
}

/// The path from directory `from` to `to`, both absolute and canonical:
/// `..` for each component of `from` past their common prefix, then the
/// rest of `to`. `to` itself when they share no root (another drive).
pub fn relative(from: &Path, to: &Path) -> PathBuf {
    let from: Vec<Component<'_>> = from.components().collect();
    let to_parts: Vec<Component<'_>> = to.components().collect();
    let common = from
        .iter()
        .zip(&to_parts)
        .take_while(|(a, b)| a == b)
        .count();
    if common == 0 {
        return to.to_owned();
    }
    let mut path = PathBuf::new();
    for _ in common..from.len() {
        path.push("..");
    }
    for part in &to_parts[common..] {
        path.push(part.as_os_str());
    }
    if path.as_os_str().is_empty() {
        path.push(".");
    }
    path
}

/// A path as Cargo.toml and the workflows write it: UTF-8, with `/`.
pub fn portable(path: &Path) -> Result<String> {
    let Some(text) = path.to_str() else {
        bail!("{}: the path to tfschema is not UTF-8", path.display());
    };
    let text = if std::path::MAIN_SEPARATOR == '\\' {
        text.replace('\\', "/")
    } else {
        text.to_owned()
    };
    if text.contains(['"', '\\', '\n']) {
        bail!("{text}: the path to tfschema holds a quote, a backslash or a newline, which Cargo.toml cannot take as written");
    }
    Ok(text)
}

/// The files under `dir`, relative to `root`, in a sorted order.
#[cfg(test)]
pub fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            walk(root, &path, out)?;
        } else if let Ok(rel) = path.strip_prefix(root) {
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths() {
        for (from, to, expected) in [
            ("/work/providers/acme", "/work/tfschema", "../../tfschema"),
            (
                "/work/tfschema/target/new/acme",
                "/work/tfschema",
                "../../..",
            ),
            ("/work/tfschema", "/work/tfschema", "."),
            ("/work", "/work/tfschema", "tfschema"),
            ("/a/b", "/c/d", "../../c/d"),
        ] {
            assert_eq!(
                relative(Path::new(from), Path::new(to)),
                PathBuf::from(expected),
                "{from} -> {to}"
            );
        }
    }

    #[test]
    fn a_non_empty_directory_is_refused() {
        let dir = std::env::temp_dir().join(format!("tfschema-new-paths-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert!(prepare_dir(&dir).expect("a missing directory is created"));
        assert!(!prepare_dir(&dir).expect("an empty one is taken"));
        std::fs::write(dir.join("main.tf"), "").expect("a file");
        let err = prepare_dir(&dir).expect_err("not empty").to_string();
        assert!(err.contains("the directory is not empty"), "{err}");
        clean_up(&dir, false);
        assert!(dir.is_dir() && !dir.join("main.tf").exists());
        clean_up(&dir, true);
        assert!(!dir.exists());
    }
}
