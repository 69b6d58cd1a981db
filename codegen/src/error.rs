//! Errors that stop generation and warnings about things that were skipped.
//!
//! Like tfplugingen-openapi, the generator skips a resource, data source,
//! response body or parameter it cannot map and carries on; each skip is a
//! [`Warning`] naming the JSON pointer of the schema and the attribute path.
//! With `strict` set, any warnings become one [`Error`] listing them all.

use std::fmt;

/// What went wrong, for callers that branch on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The generator config is unreadable or invalid.
    Config,
    /// The OpenAPI description is unreadable or not OpenAPI 3.x.
    Parse,
    /// A configured path, method or `schema_ref` is missing, or a `$ref` is broken or cyclic.
    Reference,
    /// The provider schema could not be mapped.
    Mapping,
    /// A warning raised under `strict`.
    Strict,
    /// The `terraform providers schema -json` output is unreadable, of an
    /// unknown format version, or does not name one provider.
    ProvidersSchema,
}

/// An error that stops generation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    #[cold]
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// The kind of failure.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message, without the kind.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Something the generator skipped (or, for name collisions, noticed) while mapping.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// Where: e.g. `resource "pet"` or `data source "pets" parameter "status"`.
    pub context: String,
    /// What was skipped, e.g. `skipping resource schema mapping`.
    pub action: String,
    /// Why.
    pub reason: String,
    /// JSON pointer of the schema at fault, when known.
    pub pointer: Option<String>,
    /// Dot-separated attribute path (OpenAPI names), when known.
    pub attribute_path: Option<String>,
}

impl Warning {
    /// A warning about the attribute at `path` (names joined with `.`; none
    /// for an empty path), with no schema pointer.
    pub(crate) fn at(context: &str, path: &[String], action: &str, reason: String) -> Warning {
        Warning {
            context: context.to_owned(),
            action: action.to_owned(),
            reason,
            pointer: None,
            attribute_path: (!path.is_empty()).then(|| path.join(".")),
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.context, self.action, self.reason)?;
        if let Some(path) = &self.attribute_path {
            write!(f, " (attribute {path})")?;
        }
        if let Some(ptr) = &self.pointer {
            write!(f, " (schema {ptr})")?;
        }
        Ok(())
    }
}

/// A mapping failure inside a schema: the reason, where, and whether it must
/// stop generation ($ref cycles and broken references do).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MapError {
    pub(crate) reason: String,
    pub(crate) pointer: String,
    /// Attribute names from the outermost to the failing one.
    pub(crate) path: Vec<String>,
    pub(crate) fatal: bool,
}

impl MapError {
    #[cold]
    pub(crate) fn new(reason: impl Into<String>, pointer: &str) -> Self {
        MapError {
            reason: reason.into(),
            pointer: pointer.to_owned(),
            path: Vec::new(),
            fatal: false,
        }
    }

    #[cold]
    pub(crate) fn fatal(reason: impl Into<String>, pointer: &str) -> Self {
        MapError {
            fatal: true,
            ..MapError::new(reason, pointer)
        }
    }

    /// Records that the failure happened under attribute `name`.
    pub(crate) fn nest(mut self, name: &str) -> Self {
        self.path.insert(0, name.to_owned());
        self
    }

    pub(crate) fn path_string(&self) -> Option<String> {
        if self.path.is_empty() {
            None
        } else {
            Some(self.path.join("."))
        }
    }
}
