//! The petstore API client: JSON over plain HTTP with `ureq`.
//!
//! `ureq` is blocking, so every call runs on tokio's blocking pool
//! (`spawn_blocking`) and never stalls the plugin server's async threads.
//! Failures come back as error diagnostics naming the request.
//!
//! Each request has its own timeout and is retried with
//! [`tfschema::server::retry`] when the failure may pass: a connection error or
//! timeout, a 5xx, a 429 (after its `Retry-After`). A retried `POST /pet`
//! could create the pet twice when the first attempt reached the API but
//! its answer did not come back (a timeout): every `POST` carries an
//! `Idempotency-Key`, the same on each attempt, and the API answers a
//! repeated key with the pet it created the first time. No orphan pet is
//! left behind by a retry.

use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde_json::Value as Json;
use tfschema::diag::Diagnostics;
use tfschema::server::retry::{Backoff, RetryError};
use tfschema::server::typed::Ctx;

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

/// The environment variable holding each request's timeout in
/// milliseconds (default 30 s).
pub const REQUEST_TIMEOUT_ENV: &str = "PETSTORE_REQUEST_TIMEOUT_MS";
/// The environment variable holding the first retry's delay in
/// milliseconds (default 250 ms; later ones double, up to 10 s).
pub const RETRY_DELAY_ENV: &str = "PETSTORE_RETRY_DELAY_MS";
/// The environment variable holding how many attempts a request gets in
/// all (default 6).
pub const RETRY_ATTEMPTS_ENV: &str = "PETSTORE_RETRY_ATTEMPTS";

/// How requests are timed and retried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientSettings {
    /// The longest a single request may take.
    pub request_timeout: Duration,
    /// The retry policy of a request that failed in a way that may pass.
    pub backoff: Backoff,
}

impl Default for ClientSettings {
    fn default() -> Self {
        ClientSettings {
            request_timeout: Duration::from_secs(30),
            backoff: Backoff::default().max_attempts(6),
        }
    }
}

impl ClientSettings {
    /// The defaults, with what `$PETSTORE_REQUEST_TIMEOUT_MS`,
    /// `$PETSTORE_RETRY_DELAY_MS` and `$PETSTORE_RETRY_ATTEMPTS` set
    /// (the e2e tests make the waits milliseconds).
    ///
    /// # Errors
    /// A variable that is set but not a whole number.
    pub fn from_env() -> Result<ClientSettings, String> {
        let number = |name: &str| -> Result<Option<u64>, String> {
            match std::env::var(name) {
                Ok(v) if !v.is_empty() => v
                    .trim()
                    .parse()
                    .map(Some)
                    .map_err(|_| format!("{name} must be a whole number, not {v:?}")),
                _ => Ok(None),
            }
        };
        let mut settings = ClientSettings::default();
        if let Some(ms) = number(REQUEST_TIMEOUT_ENV)? {
            settings.request_timeout = Duration::from_millis(ms);
        }
        if let Some(ms) = number(RETRY_DELAY_ENV)? {
            settings.backoff = settings.backoff.initial(Duration::from_millis(ms));
        }
        if let Some(n) = number(RETRY_ATTEMPTS_ENV)? {
            settings.backoff = settings
                .backoff
                .max_attempts(u32::try_from(n).unwrap_or(u32::MAX));
        }
        Ok(settings)
    }
}

/// A configured API client: the base URL, a connection pool, the retry
/// policy.
#[derive(Debug, Clone)]
pub struct Client {
    base: String,
    agent: ureq::Agent,
    backoff: Backoff,
}

impl Client {
    /// A client for the API at `endpoint` (`http://host:port/prefix`).
    ///
    /// # Errors
    /// An endpoint that is not an `http://` URL.
    pub fn new(endpoint: &str, settings: ClientSettings) -> Result<Client, Diagnostics> {
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
            .timeout_global(Some(settings.request_timeout));
        if is_loopback(host) {
            // A local API is never reached through HTTP_PROXY.
            config = config.proxy(None);
        }
        Ok(Client {
            base,
            agent: config.build().into(),
            backoff: settings.backoff,
        })
    }

    /// The base URL requests are made under.
    pub fn endpoint(&self) -> &str {
        &self.base
    }

    /// Sends `method path` with an optional JSON body, retrying what may
    /// pass until `ctx`'s deadline or Stop. `Ok(None)` is a 404; any other
    /// status outside 2xx is an error diagnostic.
    ///
    /// # Errors
    /// A connection failure, a non-2xx status other than 404 (after the
    /// retries, for those that may pass), or a body that is not JSON.
    pub async fn call(
        &self,
        ctx: &Ctx<Client>,
        method: Method,
        path: &str,
        body: Option<Json>,
    ) -> Result<Option<Json>, Diagnostics> {
        let url = format!("{}{path}", self.base);
        let what = format!("{} {url}", method.as_str());
        // One key for every attempt of this call: a repeated POST is the
        // same POST.
        let key = (method == Method::Post).then(idempotency_key);
        let outcome = self
            .backoff
            .retry(ctx.deadline(), ctx.stop_signal(), |_| {
                let (agent, url, body, key) =
                    (self.agent.clone(), url.clone(), body.clone(), key.clone());
                async move {
                    let sent = tokio::task::spawn_blocking(move || {
                        send(&agent, method, &url, body, key.as_deref())
                    })
                    .await
                    .map_err(|e| e.to_string())
                    .and_then(|r| r);
                    classify(sent)
                }
            })
            .await;
        match outcome {
            Ok(Answer { status, text, .. }) => answer(&what, status, &text),
            Err(gave_up) => {
                let summary = match gave_up.error {
                    Failure::Unreachable(_) => "Petstore API unreachable",
                    Failure::Status(..) => "Petstore API error",
                };
                Err(Diagnostics::with_error(
                    summary,
                    format!("{what}: {gave_up}"),
                ))
            }
        }
    }
}

/// A fresh idempotency key: random per process, counted within it.
fn idempotency_key() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let random = std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("tf-{random:016x}-{n}")
}

/// What one attempt got back.
#[derive(Debug)]
struct Answer {
    status: u16,
    retry_after: Option<String>,
    text: String,
}

/// Why an attempt failed.
#[derive(Debug)]
enum Failure {
    /// No answer: a connection error or the request's timeout.
    Unreachable(String),
    /// An answer with a status that may pass.
    Status(u16, String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Unreachable(e) => f.write_str(e),
            Failure::Status(status, text) => write!(f, "HTTP {status}: {}", excerpt(text)),
        }
    }
}

/// Which attempts to retry: no answer, 429 (after its `Retry-After`) and
/// the 5xx that may pass. Anything else is the answer.
fn classify(sent: Result<Answer, String>) -> Result<Answer, RetryError<Failure>> {
    let answer = sent.map_err(|e| RetryError::Transient(Failure::Unreachable(e)))?;
    match answer.status {
        429 | 500 | 502 | 503 | 504 => {
            let after = answer.retry_after.as_deref().and_then(retry_after);
            let failure = Failure::Status(answer.status, answer.text);
            Err(match after {
                Some(after) => RetryError::After(after, failure),
                None => RetryError::Transient(failure),
            })
        }
        _ => Ok(answer),
    }
}

/// A `Retry-After` in seconds: whole ones as HTTP writes them, or with a
/// fraction (the fake APIs' scaled-down waits). An HTTP date is left to
/// the backoff.
fn retry_after(value: &str) -> Option<Duration> {
    let secs: f64 = value.trim().parse().ok()?;
    (0.0..86_400.0)
        .contains(&secs)
        .then(|| Duration::from_secs_f64(secs))
}

fn is_loopback(host: &str) -> bool {
    let name = host
        .rsplit_once(':')
        .filter(|(_, port)| port.chars().all(|c| c.is_ascii_digit()))
        .map_or(host, |(name, _)| name);
    matches!(name, "localhost" | "[::1]") || name.starts_with("127.")
}

/// One blocking request: the status, its `Retry-After` and the body text.
fn send(
    agent: &ureq::Agent,
    method: Method,
    url: &str,
    body: Option<Json>,
    idempotency_key: Option<&str>,
) -> Result<Answer, String> {
    let response = match (method, body) {
        (Method::Get, _) => agent.get(url).call(),
        (Method::Delete, _) => agent.delete(url).call(),
        (Method::Post, body) => {
            let mut request = agent.post(url).header("Content-Type", "application/json");
            if let Some(key) = idempotency_key {
                request = request.header("Idempotency-Key", key);
            }
            request.send(body.unwrap_or(Json::Null).to_string())
        }
        (Method::Put, body) => agent
            .put(url)
            .header("Content-Type", "application/json")
            .send(body.unwrap_or(Json::Null).to_string()),
    };
    let mut response = response.map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    let retry_after = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let text = response
        .body_mut()
        .read_to_string()
        .map_err(|e| e.to_string())?;
    Ok(Answer {
        status,
        retry_after,
        text,
    })
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
    fn retry_after_in_seconds() {
        assert_eq!(retry_after("1"), Some(Duration::from_secs(1)));
        assert_eq!(retry_after(" 0.05 "), Some(Duration::from_millis(50)));
        assert_eq!(retry_after("Wed, 21 Oct 2015 07:28:00 GMT"), None);
        assert_eq!(retry_after("-1"), None);
    }

    #[test]
    fn what_is_retried() {
        let answer = |status, retry_after: Option<&str>| {
            Ok(Answer {
                status,
                retry_after: retry_after.map(str::to_owned),
                text: String::new(),
            })
        };
        assert!(matches!(
            classify(answer(429, Some("2"))),
            Err(RetryError::After(d, Failure::Status(429, _))) if d == Duration::from_secs(2)
        ));
        assert!(matches!(
            classify(answer(503, None)),
            Err(RetryError::Transient(_))
        ));
        assert!(matches!(
            classify(Err("timed out".into())),
            Err(RetryError::Transient(Failure::Unreachable(_)))
        ));
        for status in [200, 400, 404, 501] {
            assert!(classify(answer(status, None)).is_ok(), "{status}");
        }
    }

    #[test]
    fn endpoint_must_be_http() {
        let settings = ClientSettings::default;
        assert!(Client::new("https://petstore.example/api/v3", settings()).is_err());
        let c = Client::new("http://127.0.0.1:1/api/v3/", settings()).expect("client");
        assert_eq!(c.endpoint(), "http://127.0.0.1:1/api/v3");
    }
}
