//! The provider's client: notes kept as text files, `<name>.txt`, in one
//! directory. A real provider keeps its API client here.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use tfschema::diag::Diagnostics;

/// The notes directory.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// The notes in `dir`, which is created when missing.
    pub fn open(dir: &Path) -> Result<Store, Diagnostics> {
        std::fs::create_dir_all(dir).map_err(|e| failed("create", dir, e))?;
        Ok(Store {
            dir: dir.to_owned(),
        })
    }

    /// Writes a note, replacing its text if it exists.
    pub fn write(&self, name: &str, content: &str) -> Result<(), Diagnostics> {
        let path = self.path(name)?;
        std::fs::write(&path, content).map_err(|e| failed("write", &path, e))
    }

    /// A note's text; `None` when there is no such note.
    pub fn read(&self, name: &str) -> Result<Option<String>, Diagnostics> {
        let path = self.path(name)?;
        match std::fs::read_to_string(&path) {
            Ok(content) => Ok(Some(content)),
            Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
            Err(e) => Err(failed("read", &path, e)),
        }
    }

    /// Deletes a note; one that is gone already is no error.
    pub fn delete(&self, name: &str) -> Result<(), Diagnostics> {
        let path = self.path(name)?;
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != ErrorKind::NotFound => Err(failed("delete", &path, e)),
            _ => Ok(()),
        }
    }

    /// The file of a note. Names come from configurations and import ids,
    /// so they are checked here: no `/`, no `..`.
    fn path(&self, name: &str) -> Result<PathBuf, Diagnostics> {
        let valid = !name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
        if !valid {
            return Err(Diagnostics::with_error(
                "Invalid note name",
                format!("{name:?} is not a note name: use a-z, 0-9, '-' and '_'."),
            ));
        }
        Ok(self.dir.join(format!("{name}.txt")))
    }
}

/// An I/O failure as the error Terraform shows.
fn failed(what: &str, path: &Path, error: std::io::Error) -> Diagnostics {
    Diagnostics::with_error(
        "Notes directory failed",
        format!("Could not {what} {}: {error}", path.display()),
    )
}
