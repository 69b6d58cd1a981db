//! The provider's client: what `configure` makes from the provider block
//! and every call gets through `Ctx::client`. Replace it with your API's
//! client (an HTTP client and its credentials, for instance).

/// The API client. This one only keeps the configured endpoint.
#[derive(Debug, Clone)]
pub struct Client {
    endpoint: Option<String>,
}

impl Client {
    /// A client of the API at `endpoint` (none: the API's default).
    pub fn new(endpoint: Option<String>) -> Client {
        Client { endpoint }
    }

    /// The configured endpoint.
    pub fn endpoint(&self) -> Option<&str> {
        self.endpoint.as_deref()
    }
}
