//! Diagnostics: what a provider tells Terraform about a configuration or an
//! operation (errors and warnings, each with a summary, a detail and the
//! attribute path it concerns).

use std::fmt;

use crate::error::{Error, PathStep};

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The operation failed; Terraform stops and shows it.
    Error,
    /// Shown to the user; the operation goes on.
    Warning,
}

/// One diagnostic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// A short headline ("Invalid configuration").
    pub summary: String,
    /// The full explanation, shown under the summary.
    pub detail: String,
    /// The attribute the diagnostic is about, outermost step first; empty
    /// for the whole configuration.
    pub path: Vec<PathStep>,
}

impl Diagnostic {
    /// An error.
    pub fn error(summary: impl Into<String>, detail: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            summary: summary.into(),
            detail: detail.into(),
            path: Vec::new(),
        }
    }

    /// A warning.
    pub fn warning(summary: impl Into<String>, detail: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            summary: summary.into(),
            detail: detail.into(),
            path: Vec::new(),
        }
    }

    /// The same diagnostic about the attribute at `path`. Terraform cannot
    /// address set elements, so the path stops at the first set: pass the
    /// path as the validators build it (they never step into set elements).
    pub fn at(mut self, path: &[PathStep]) -> Self {
        self.path = path.to_vec();
        self
    }

    /// The path in Terraform's notation, e.g. `.rule[2].port`.
    pub fn path_string(&self) -> String {
        self.path.iter().map(ToString::to_string).collect()
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{severity}: {}", self.summary)?;
        if !self.path.is_empty() {
            write!(f, " (at {})", self.path_string())?;
        }
        if !self.detail.is_empty() {
            write!(f, ": {}", self.detail)?;
        }
        Ok(())
    }
}

impl From<Error> for Diagnostic {
    /// A decoding failure: an error diagnostic at the failure's path,
    /// "Invalid value" unless a custom type's refusal gave its own summary
    /// ([`Error::summary`]).
    fn from(err: Error) -> Self {
        Diagnostic {
            severity: Severity::Error,
            summary: err.summary().unwrap_or("Invalid value").to_owned(),
            detail: err.message().to_owned(),
            path: err.path().cloned().collect(),
        }
    }
}

/// A list of diagnostics.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagnostics(Vec<Diagnostic>);

impl Diagnostics {
    /// No diagnostics.
    pub fn new() -> Self {
        Diagnostics(Vec::new())
    }

    /// Just one error, about the whole configuration: the usual way to fail
    /// an operation (`Err(Diagnostics::with_error("Cannot reach the API", e.to_string()))`).
    pub fn with_error(summary: impl Into<String>, detail: impl Into<String>) -> Self {
        Diagnostics(vec![Diagnostic::error(summary, detail)])
    }

    /// Adds one.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.0.push(diagnostic);
    }

    /// Adds an error at `path`.
    pub fn error(
        &mut self,
        path: &[PathStep],
        summary: impl Into<String>,
        detail: impl Into<String>,
    ) {
        self.push(Diagnostic::error(summary, detail).at(path));
    }

    /// Adds a warning at `path`.
    pub fn warning(
        &mut self,
        path: &[PathStep],
        summary: impl Into<String>,
        detail: impl Into<String>,
    ) {
        self.push(Diagnostic::warning(summary, detail).at(path));
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(|d| d.severity == Severity::Error)
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The diagnostics in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// The diagnostics.
    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.0
    }
}

impl Extend<Diagnostic> for Diagnostics {
    fn extend<I: IntoIterator<Item = Diagnostic>>(&mut self, iter: I) {
        self.0.extend(iter);
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl From<Error> for Diagnostics {
    fn from(err: Error) -> Self {
        Diagnostics(vec![err.into()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_errors_become_diagnostics_with_paths() {
        let err = Error::new(crate::ErrorKind::Type, "number required, found bool")
            .at_attr("port")
            .at_index(2)
            .at_attr("rule");
        let d = Diagnostic::from(err);
        assert_eq!(d.severity, Severity::Error);
        assert_eq!(d.path_string(), ".rule[2].port");
        assert_eq!(
            d.to_string(),
            "error: Invalid value (at .rule[2].port): number required, found bool"
        );
        let mut all = Diagnostics::new();
        all.warning(&[], "Deprecated", "use x");
        assert!(!all.has_errors());
        all.push(d);
        assert!(all.has_errors());
        assert_eq!(all.len(), 2);
    }
}
