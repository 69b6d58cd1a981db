//! The petstore API client: JSON over plain HTTP with `ureq`.
//!
//! `ureq` is blocking, so every call runs on tokio's blocking pool
//! (`spawn_blocking`) and never stalls the plugin server's async threads.
//! Failures come back as error diagnostics naming the request.

use std::time::Duration;

use serde_json::Value as Json;
use tfschema::diag::Diagnostics;

/// The environment variable holding the API's base URL, e.g.
/// `http://127.0.0.1:8080/api/v3` (the provider block has no attributes:
/// the petstore description declares none).
pub const ENDPOINT_ENV: &str = "PETSTORE_ENDPOINT";

/// The HTTP methods the provider uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Put,
    Delete,
}

impl Method {
    fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Delete => "DELETE",
        }
    }
}

/// A configured API client: the base URL and a connection pool.
#[derive(Debug, Clone)]
pub struct Client {
    base: String,
    agent: ureq::Agent,
}

impl Client {
    /// A client for the API at `endpoint` (`http://host:port/prefix`).
    ///
    /// # Errors
    /// An endpoint that is not an `http://` URL.
    pub fn new(endpoint: &str) -> Result<Client, Diagnostics> {
        let base = endpoint.trim_end_matches('/').to_owned();
        let Some(authority) = base.strip_prefix("http://") else {
            return Err(Diagnostics::with_error(
                "Unsupported petstore endpoint",
                format!(
                    "The endpoint {base:?} is not an http:// URL. This example is built \
                     without TLS (ureq's `rustls` feature adds https)."
                ),
            ));
        };
        let host = authority.split('/').next().unwrap_or_default();
        let mut config = ureq::Agent::config_builder()
            // 4xx/5xx are answers to look at (404 means gone), not errors.
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(60)));
        if is_loopback(host) {
            // A local API is never reached through HTTP_PROXY.
            config = config.proxy(None);
        }
        Ok(Client {
            base,
            agent: config.build().into(),
        })
    }

    /// The base URL requests are made under.
    pub fn endpoint(&self) -> &str {
        &self.base
    }

    /// Sends `method path` with an optional JSON body. `Ok(None)` is a 404;
    /// any other status outside 2xx is an error diagnostic.
    ///
    /// # Errors
    /// A connection failure, a non-2xx status other than 404, or a body that
    /// is not JSON.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        body: Option<Json>,
    ) -> Result<Option<Json>, Diagnostics> {
        let agent = self.agent.clone();
        let url = format!("{}{path}", self.base);
        let what = format!("{} {url}", method.as_str());
        let outcome = tokio::task::spawn_blocking(move || send(&agent, method, &url, body))
            .await
            .map_err(|e| e.to_string())
            .and_then(|r| r);
        match outcome {
            Ok((status, text)) => answer(&what, status, &text),
            Err(e) => Err(Diagnostics::with_error(
                "Petstore API unreachable",
                format!("{what}: {e}"),
            )),
        }
    }
}

fn is_loopback(host: &str) -> bool {
    let name = host
        .rsplit_once(':')
        .filter(|(_, port)| port.chars().all(|c| c.is_ascii_digit()))
        .map_or(host, |(name, _)| name);
    matches!(name, "localhost" | "[::1]") || name.starts_with("127.")
}

/// One blocking request: the status and the body text.
fn send(
    agent: &ureq::Agent,
    method: Method,
    url: &str,
    body: Option<Json>,
) -> Result<(u16, String), String> {
    let response = match (method, body) {
        (Method::Get, _) => agent.get(url).call(),
        (Method::Delete, _) => agent.delete(url).call(),
        (Method::Post, body) => agent
            .post(url)
            .header("Content-Type", "application/json")
            .send(body.unwrap_or(Json::Null).to_string()),
        (Method::Put, body) => agent
            .put(url)
            .header("Content-Type", "application/json")
            .send(body.unwrap_or(Json::Null).to_string()),
    };
    let mut response = response.map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    let text = response
        .body_mut()
        .read_to_string()
        .map_err(|e| e.to_string())?;
    Ok((status, text))
}

fn answer(what: &str, status: u16, text: &str) -> Result<Option<Json>, Diagnostics> {
    match status {
        200..=299 if text.trim().is_empty() => Ok(Some(Json::Null)),
        200..=299 => serde_json::from_str(text).map(Some).map_err(|e| {
            Diagnostics::with_error(
                "Unexpected petstore API answer",
                format!("{what}: the body is not JSON ({e}): {}", excerpt(text)),
            )
        }),
        404 => Ok(None),
        _ => Err(Diagnostics::with_error(
            "Petstore API error",
            format!("{what}: HTTP {status}: {}", excerpt(text)),
        )),
    }
}

fn excerpt(text: &str) -> String {
    let text = text.trim();
    match text.char_indices().nth(300) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts() {
        for host in ["127.0.0.1:8080", "localhost", "localhost:1", "[::1]:80"] {
            assert!(is_loopback(host), "{host}");
        }
        for host in ["petstore.example:8080", "10.0.0.1"] {
            assert!(!is_loopback(host), "{host}");
        }
    }

    #[test]
    fn endpoint_must_be_http() {
        assert!(Client::new("https://petstore.example/api/v3").is_err());
        let c = Client::new("http://127.0.0.1:1/api/v3/").expect("client");
        assert_eq!(c.endpoint(), "http://127.0.0.1:1/api/v3");
    }
}
