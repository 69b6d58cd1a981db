//! What generation and validation report about a provider's
//! documentation: a problem, how bad it is, and the file it is in.

use std::fmt;
use std::path::PathBuf;

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Worth a look; validation still passes.
    Warning,
    /// Validation fails.
    Error,
}

/// Something wrong with the documentation, and the file it is in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Error or warning.
    pub severity: Severity,
    /// The file, relative to the provider directory.
    pub path: PathBuf,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{level}: {}: {}", self.path.display(), self.message)
    }
}
