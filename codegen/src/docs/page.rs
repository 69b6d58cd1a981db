//! What generation makes: the files of `docs/`, and how an existing
//! `docs/` differs from them.

use std::fmt;
use std::path::PathBuf;

/// A file of `docs/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// Its path under `docs/` (`resources/item.md`).
    pub path: PathBuf,
    /// Its contents.
    pub text: String,
}

/// How a file of `docs/` differs from what [`generate`](super::generate) makes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stale {
    /// The page is not in `docs/`.
    Missing(PathBuf),
    /// `docs/` holds it with other contents.
    Changed(PathBuf),
    /// `docs/` holds it in a managed place, but nothing generates it.
    Extra(PathBuf),
}

impl fmt::Display for Stale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stale::Missing(p) => write!(f, "{}: missing", p.display()),
            Stale::Changed(p) => write!(f, "{}: differs from the generated page", p.display()),
            Stale::Extra(p) => write!(f, "{}: no longer generated", p.display()),
        }
    }
}
