//! The client's one error type: what went wrong, in a sentence that names
//! the provider binary, with the end of its stderr when it wrote any.

use std::fmt;

/// What kind of failure a [`ClientError`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ClientErrorKind {
    /// The binary could not be started (missing, not executable).
    Spawn,
    /// It printed no handshake line within the timeout.
    HandshakeTimeout,
    /// It exited before printing a handshake line, or after it.
    Exited,
    /// Its handshake line is not one Terraform accepts.
    Handshake,
    /// The connection or its TLS failed.
    Connect,
    /// A reattach configuration that Terraform would refuse.
    Reattach,
    /// It speaks another plugin protocol than the one asked for.
    Protocol,
}

/// A provider that could not be launched, reached or kept: the message
/// names the binary (or the reattached address) and quotes the end of its
/// stderr.
#[derive(Debug, Clone)]
pub struct ClientError {
    kind: ClientErrorKind,
    message: String,
}

impl ClientError {
    #[cold]
    pub(crate) fn new(kind: ClientErrorKind, message: impl Into<String>) -> Self {
        ClientError {
            kind,
            message: message.into(),
        }
    }

    /// The kind of failure.
    pub fn kind(&self) -> ClientErrorKind {
        self.kind
    }

    /// The message, as [`Display`](fmt::Display) prints it.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ClientError {}
