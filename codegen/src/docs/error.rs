//! The error of documentation generation: what went wrong, and the file
//! at fault when one is.

use std::fmt;
use std::path::{Path, PathBuf};

/// Why documentation could not be generated or checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocsError {
    /// The file at fault, when one is.
    pub path: Option<PathBuf>,
    message: String,
}

impl DocsError {
    #[cold]
    pub(crate) fn new(path: Option<PathBuf>, message: impl Into<String>) -> Self {
        DocsError {
            path,
            message: message.into(),
        }
    }

    #[cold]
    pub(crate) fn schema(message: impl Into<String>) -> Self {
        DocsError::new(None, message)
    }

    #[cold]
    pub(crate) fn io(path: &Path, error: std::io::Error) -> Self {
        DocsError::new(Some(path.to_owned()), error.to_string())
    }

    /// What went wrong, without the file.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Says which page a schema error is about (an error about a file
    /// names the file already).
    pub(crate) fn in_context(mut self, context: &str) -> Self {
        if self.path.is_none() {
            self.message = format!("{context}: {}", self.message);
        }
        self
    }
}

impl fmt::Display for DocsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.path {
            Some(path) => write!(f, "{}: {}", path.display(), self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for DocsError {}
