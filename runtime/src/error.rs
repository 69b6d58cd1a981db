//! The one error type of the codecs: what went wrong, and the attribute path
//! where it happened.
//!
//! Decoders build the path on the way out: the innermost failure creates the
//! error, and every enclosing object, list or map pushes its step as the error
//! propagates (as prost's `DecodeError::push` does), so the success path pays
//! nothing for path tracking.

use std::fmt;

/// The broad class of an [`Error`], for callers that react differently to,
/// say, a truncated message and a type mismatch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input ended in the middle of a value.
    Eof,
    /// The bytes or text are not well-formed msgpack/JSON.
    Syntax,
    /// A well-formed value of the wrong kind for the type (a bool where a
    /// string was expected, a missing or unexpected object attribute).
    Type,
    /// A value of the right kind that is not acceptable: invalid UTF-8, a
    /// string that is not a number, NaN, a refinement that does not fit.
    Invalid,
    /// A type constraint (type JSON) that is not one of the known forms.
    TypeConstraint,
    /// An unknown value where none can be represented (JSON) or accepted.
    Unknown,
    /// Input beyond a safety limit: nesting depth, refinement payload size,
    /// number exponent, a length header the input cannot hold.
    Limit,
    /// Bytes left over after the top-level value.
    TrailingData,
    /// Writing to an `io::Write` failed.
    Io,
}

/// One step of an attribute path, as Terraform's `AttributePath` has them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PathStep {
    /// An object attribute or block: `.name`.
    Attr(String),
    /// A map element: `["key"]`.
    Key(String),
    /// A list, set or tuple element: `[2]`.
    Index(u64),
}

impl fmt::Display for PathStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathStep::Attr(name) => write!(f, ".{name}"),
            PathStep::Key(key) => write!(f, "[{key:?}]"),
            PathStep::Index(index) => write!(f, "[{index}]"),
        }
    }
}

/// A decoding or encoding failure, with the attribute path where it happened.
///
/// Display form: `at .rule[2].port: number required, found bool`; at the
/// top level the `at ...:` prefix is left out.
pub struct Error {
    inner: Box<Inner>,
}

struct Inner {
    kind: ErrorKind,
    message: String,
    /// Innermost step first (steps are pushed while unwinding).
    reversed_path: Vec<PathStep>,
    /// Byte offset into the input, when decoding msgpack.
    offset: Option<usize>,
    /// A custom type's conversion refused the value (`#[tf(with = ...)]`),
    /// with the summary its [`WireError`] gave, if any.
    refusal: Option<Option<String>>,
}

impl Error {
    /// A new error of `kind`. Codecs use this; user code rarely needs it.
    #[cold]
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            inner: Box::new(Inner {
                kind,
                message: message.into(),
                reversed_path: Vec::new(),
                offset: None,
                refusal: None,
            }),
        }
    }

    /// A custom type's conversion refusing a value: kind
    /// [`ErrorKind::Invalid`], with the words of the module's error.
    #[cold]
    pub(crate) fn refused(error: WireError) -> Self {
        let mut err = Error::new(ErrorKind::Invalid, error.detail);
        err.inner.refusal = Some(error.summary);
        err
    }

    /// Whether a custom type's conversion (a `#[tf(with = module)]`
    /// field's `from_wire` or `to_wire`) refused the value, rather than
    /// the input not fitting the type.
    pub fn is_refusal(&self) -> bool {
        self.inner.refusal.is_some()
    }

    /// The summary a custom type's conversion gave its refusal
    /// ([`WireError::new`]); `None` for every other error, whose
    /// diagnostic's summary the context chooses ("Invalid configuration").
    pub fn summary(&self) -> Option<&str> {
        self.inner.refusal.as_ref()?.as_deref()
    }

    /// What class of failure this is.
    pub fn kind(&self) -> ErrorKind {
        self.inner.kind
    }

    /// The reason, without the path.
    pub fn message(&self) -> &str {
        &self.inner.message
    }

    /// The attribute path where the failure happened, outermost step first.
    pub fn path(&self) -> impl DoubleEndedIterator<Item = &PathStep> + ExactSizeIterator {
        self.inner.reversed_path.iter().rev()
    }

    /// The path in Terraform's notation, e.g. `.rule[2].port`; empty at the top.
    pub fn path_string(&self) -> String {
        self.path().map(ToString::to_string).collect()
    }

    /// Byte offset into the msgpack input where decoding stopped, if known.
    pub fn offset(&self) -> Option<usize> {
        self.inner.offset
    }

    /// Adds an enclosing step; called by decoders as the error propagates out.
    #[cold]
    pub fn push(mut self, step: PathStep) -> Self {
        self.inner.reversed_path.push(step);
        self
    }

    /// Adds an enclosing attribute step (`.name`).
    #[cold]
    pub fn at_attr(self, name: &str) -> Self {
        self.push(PathStep::Attr(name.to_owned()))
    }

    /// Adds an enclosing map-key step (`["key"]`).
    #[cold]
    pub fn at_key(self, key: &str) -> Self {
        self.push(PathStep::Key(key.to_owned()))
    }

    /// Adds an enclosing index step (`[i]`).
    #[cold]
    pub fn at_index(self, index: usize) -> Self {
        self.push(PathStep::Index(index as u64))
    }

    #[cold]
    pub(crate) fn with_offset(mut self, offset: usize) -> Self {
        if self.inner.offset.is_none() {
            self.inner.offset = Some(offset);
        }
        self
    }

    #[cold]
    pub(crate) fn eof() -> Self {
        Error::new(ErrorKind::Eof, "unexpected end of input")
    }

    #[cold]
    pub(crate) fn syntax(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Syntax, message)
    }

    #[cold]
    pub(crate) fn mismatch(expected: impl fmt::Display, found: impl fmt::Display) -> Self {
        Error::new(
            ErrorKind::Type,
            format!("{expected} required, found {found}"),
        )
    }

    #[cold]
    pub(crate) fn invalid(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Invalid, message)
    }

    #[cold]
    pub(crate) fn limit(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Limit, message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.inner.reversed_path.is_empty() {
            f.write_str("at ")?;
            for step in self.path() {
                write!(f, "{step}")?;
            }
            f.write_str(": ")?;
        }
        f.write_str(&self.inner.message)?;
        if let Some(offset) = self.inner.offset {
            write!(f, " (byte {offset})")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Error")
            .field("kind", &self.inner.kind)
            .field("path", &self.path_string())
            .field("message", &self.inner.message)
            .field("offset", &self.inner.offset)
            .finish()
    }
}

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    #[cold]
    fn from(err: std::io::Error) -> Self {
        Error::new(ErrorKind::Io, err.to_string())
    }
}

/// Why a custom type's conversion (a `#[tf(with = module)]` module's
/// `from_wire` or `to_wire`) refuses a value, in the words its diagnostic
/// shows: a summary ("Invalid File Permission String Value") and a detail
/// ("bad mode permission: ..."), as a Go custom type's `ValidateAttribute`
/// gives them.
///
/// The module's functions may return any `E: Display` instead (their
/// message becomes the detail, and the context chooses the summary:
/// "Invalid configuration" while validating); every such error converts
/// into a `WireError` through `From`. That blanket conversion is why
/// `WireError` itself does not implement `Display`.
///
/// ```
/// use tfschema::WireError;
///
/// fn from_wire(text: String) -> Result<u32, WireError> {
///     u32::from_str_radix(&text, 8).map_err(|e| {
///         WireError::new(
///             "Invalid File Permission String Value",
///             format!("bad mode permission: {text:?} is not octal ({e})"),
///         )
///     })
/// }
///
/// let refused = from_wire("0x1".into()).unwrap_err();
/// assert_eq!(refused.summary(), Some("Invalid File Permission String Value"));
/// // A plain error keeps its message, and leaves the summary to the context.
/// let plain = WireError::from("not a mode");
/// assert_eq!((plain.summary(), plain.detail()), (None, "not a mode"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WireError {
    summary: Option<String>,
    detail: String,
}

impl WireError {
    /// A refusal with its own summary and detail.
    pub fn new(summary: impl Into<String>, detail: impl Into<String>) -> Self {
        WireError {
            summary: Some(summary.into()),
            detail: detail.into(),
        }
    }

    /// The summary, if the refusal has its own.
    pub fn summary(&self) -> Option<&str> {
        self.summary.as_deref()
    }

    /// The detail: the explanation shown under the summary.
    pub fn detail(&self) -> &str {
        &self.detail
    }
}

impl<E: fmt::Display> From<E> for WireError {
    /// A plain error: its message is the detail, with no summary of its own.
    fn from(err: E) -> Self {
        WireError {
            summary: None,
            detail: err.to_string(),
        }
    }
}

/// Result with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_is_built_outward() {
        let err = Error::mismatch("number", "bool")
            .at_attr("port")
            .at_index(2)
            .at_attr("rule");
        assert_eq!(err.path_string(), ".rule[2].port");
        assert_eq!(
            err.to_string(),
            "at .rule[2].port: number required, found bool"
        );
        assert_eq!(err.kind(), ErrorKind::Type);
    }

    #[test]
    fn map_keys_are_quoted() {
        let err = Error::invalid("bad").at_key("a\"b").at_attr("tags");
        assert_eq!(err.path_string(), ".tags[\"a\\\"b\"]");
    }
}
