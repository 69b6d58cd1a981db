//! An in-memory petstore API on 127.0.0.1 (std `TcpListener`, one thread
//! per connection) with the endpoints the provider uses, and value helpers.
//!
//! Like `fake_api.py` it honours `Idempotency-Key` on `POST /pet` (a repeated
//! key answers with the pet the first request created), and it has the same
//! fault mode ([`Faults`]): a fraction of requests answer 500, or 429 with
//! `Retry-After`, before doing anything, or do their work and then answer
//! too late (after the client's timeout), the case that makes a retried
//! create an orphan unless it is idempotent.

#![allow(dead_code, clippy::panic, clippy::unwrap_used)]

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value as Json};
use tfschema::diag::{Diagnostics, Severity};
use tfschema::Value;

/// The API's state and the requests it served.
#[derive(Debug, Default)]
pub struct Store {
    pub pets: BTreeMap<i64, Json>,
    pub next_id: i64,
    /// "METHOD /path" of every request, in order.
    pub requests: Vec<String>,
    /// The pet id each `Idempotency-Key` created.
    pub keys: HashMap<String, i64>,
    /// The fault mode, when on.
    pub faults: Option<Faults>,
    /// The faults served, as "METHOD kind" ("POST late", "GET 429", ...).
    pub faulted: Vec<String>,
}

/// The fault mode: each request, with probability `rate`, answers 500, or
/// 429 with `Retry-After: retry_after`, before doing anything, or does its
/// work and answers only after `delay` ("late"), one kind in three.
/// Deterministic for a seed and an order of requests.
#[derive(Debug, Clone)]
pub struct Faults {
    pub rate: f64,
    pub retry_after: String,
    pub delay: Duration,
    rng: u64,
}

impl Faults {
    pub fn new(rate: f64, seed: u64, retry_after: &str, delay: Duration) -> Faults {
        Faults {
            rate,
            retry_after: retry_after.into(),
            delay,
            rng: seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1,
        }
    }

    /// A number in [0, 1) (xorshift64*).
    fn draw(&mut self) -> f64 {
        let mut x = self.rng;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.rng = x;
        (x.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// What a request's fault is.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Fault {
    Error500,
    TooMany,
    Late(Duration),
}

/// A running fake API; `endpoint` is what the provider is given.
#[derive(Debug, Clone)]
pub struct FakeApi {
    pub endpoint: String,
    pub store: Arc<Mutex<Store>>,
}

impl FakeApi {
    /// Listens on a free port of 127.0.0.1 until the test process ends.
    pub fn start() -> FakeApi {
        FakeApi::start_with(None)
    }

    /// An API in fault mode.
    pub fn with_faults(faults: Faults) -> FakeApi {
        FakeApi::start_with(Some(faults))
    }

    fn start_with(faults: Option<Faults>) -> FakeApi {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
        let port = listener.local_addr().expect("local addr").port();
        let store = Arc::new(Mutex::new(Store {
            next_id: 1,
            faults,
            ..Store::default()
        }));
        let shared = Arc::clone(&store);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let store = Arc::clone(&shared);
                std::thread::spawn(move || serve(stream, &store));
            }
        });
        FakeApi {
            endpoint: format!("http://127.0.0.1:{port}/api/v3"),
            store,
        }
    }

    pub fn pet(&self, id: i64) -> Option<Json> {
        self.store.lock().unwrap().pets.get(&id).cloned()
    }

    pub fn pet_count(&self) -> usize {
        self.store.lock().unwrap().pets.len()
    }

    pub fn requests(&self) -> Vec<String> {
        self.store.lock().unwrap().requests.clone()
    }

    pub fn faulted(&self) -> Vec<String> {
        self.store.lock().unwrap().faulted.clone()
    }

    pub fn pet_ids(&self) -> Vec<i64> {
        self.store.lock().unwrap().pets.keys().copied().collect()
    }

    /// Stores a pet directly, as someone outside Terraform would.
    pub fn insert(&self, pet: Json) {
        let id = pet["id"].as_i64().expect("id");
        self.store.lock().unwrap().pets.insert(id, pet);
    }

    pub fn remove(&self, id: i64) {
        self.store.lock().unwrap().pets.remove(&id);
    }
}

/// Serves the requests of one connection (keep-alive until the client
/// closes it).
fn serve(stream: TcpStream, store: &Mutex<Store>) {
    let mut reader = BufReader::new(stream.try_clone().expect("clone stream"));
    let mut out = stream;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let mut parts = line.split_whitespace();
        let method = parts.next().unwrap_or_default().to_owned();
        let path = parts.next().unwrap_or_default().to_owned();
        let mut length = 0usize;
        let mut key = None;
        loop {
            let mut header = String::new();
            if reader.read_line(&mut header).unwrap_or(0) == 0 {
                return;
            }
            let header = header.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse().unwrap_or(0);
                }
                if name.eq_ignore_ascii_case("idempotency-key") {
                    key = Some(value.trim().to_owned());
                }
            }
        }
        let mut body = vec![0; length];
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        let fault = draw_fault(store);
        let (status, answer, retry_after) = match fault {
            Some(Fault::Error500) => (500, Some(json!({"message": "fault: 500"})), None),
            Some(Fault::TooMany) => {
                let after = store
                    .lock()
                    .unwrap()
                    .faults
                    .as_ref()
                    .map(|f| f.retry_after.clone());
                (429, Some(json!({"message": "fault: 429"})), after)
            }
            Some(Fault::Late(_)) | None => {
                let (status, answer) = route(store, &method, &path, &body, key.as_deref());
                (status, answer, None)
            }
        };
        if let Some(fault) = fault {
            let kind = match fault {
                Fault::Error500 => "500",
                Fault::TooMany => "429",
                Fault::Late(_) => "late",
            };
            store
                .lock()
                .unwrap()
                .faulted
                .push(format!("{method} {kind}"));
        }
        if let Some(Fault::Late(delay)) = fault {
            // The work is done; the answer comes after the client gave up.
            std::thread::sleep(delay);
        }
        let text = answer.map(|j| j.to_string()).unwrap_or_default();
        let reason = match status {
            200 => "OK",
            400 => "Bad Request",
            404 => "Not Found",
            429 => "Too Many Requests",
            500 => "Internal Server Error",
            _ => "Method Not Allowed",
        };
        let retry_after = retry_after
            .map(|s| format!("Retry-After: {s}\r\n"))
            .unwrap_or_default();
        let head = format!(
            "HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\n{retry_after}Content-Length: {}\r\n\r\n",
            text.len()
        );
        if out.write_all(head.as_bytes()).is_err() || out.write_all(text.as_bytes()).is_err() {
            return;
        }
    }
}

/// The fault of the next request, if any.
fn draw_fault(store: &Mutex<Store>) -> Option<Fault> {
    let mut store = store.lock().unwrap();
    let faults = store.faults.as_mut()?;
    if faults.draw() >= faults.rate {
        return None;
    }
    let kind = faults.draw();
    Some(if kind < 1.0 / 3.0 {
        Fault::Error500
    } else if kind < 2.0 / 3.0 {
        Fault::TooMany
    } else {
        Fault::Late(faults.delay)
    })
}

/// The petstore's pet endpoints, in memory.
fn route(
    store: &Mutex<Store>,
    method: &str,
    path: &str,
    body: &[u8],
    key: Option<&str>,
) -> (u16, Option<Json>) {
    let mut store = store.lock().unwrap();
    store.requests.push(format!("{method} {path}"));
    let Some(path) = path.strip_prefix("/api/v3") else {
        return (404, None);
    };
    let parsed = || {
        serde_json::from_slice::<Json>(body)
            .ok()
            .filter(Json::is_object)
    };
    match (method, path) {
        ("POST", "/pet") | ("PUT", "/pet") => {
            // A repeated create: the pet the first one made.
            let done = key
                .filter(|_| method == "POST")
                .and_then(|k| store.keys.get(k));
            if let Some(pet) = done.and_then(|id| store.pets.get(id)) {
                return (200, Some(pet.clone()));
            }
            let Some(mut pet) = parsed() else {
                return (400, Some(json!({"message": "Invalid input"})));
            };
            let id = match pet["id"].as_i64() {
                Some(id) => id,
                None if method == "POST" => {
                    let id = store.next_id;
                    store.next_id += 1;
                    pet["id"] = json!(id);
                    id
                }
                None => return (400, Some(json!({"message": "Invalid ID supplied"}))),
            };
            if method == "PUT" && !store.pets.contains_key(&id) {
                return (404, Some(json!({"message": "Pet not found"})));
            }
            if pet.get("status").is_none_or(Json::is_null) {
                pet["status"] = json!("available");
            }
            store.pets.insert(id, pet.clone());
            if let Some(key) = key.filter(|_| method == "POST") {
                store.keys.insert(key.to_owned(), id);
            }
            (200, Some(pet))
        }
        (_, rest) if rest.starts_with("/pet/") => {
            let Ok(id) = rest["/pet/".len()..].parse::<i64>() else {
                return (400, Some(json!({"message": "Invalid ID supplied"})));
            };
            match method {
                "GET" => match store.pets.get(&id) {
                    Some(pet) => (200, Some(pet.clone())),
                    None => (404, Some(json!({"message": "Pet not found"}))),
                },
                "DELETE" => match store.pets.remove(&id) {
                    Some(_) => (200, None),
                    None => (404, Some(json!({"message": "Pet not found"}))),
                },
                _ => (405, None),
            }
        }
        _ => (404, None),
    }
}

/// The errors and warnings of a call, one line each.
pub fn lines(d: &Diagnostics) -> Vec<String> {
    d.iter()
        .map(|d| {
            let sev = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            format!("{sev}|{}|{}|{}", d.path_string(), d.summary, d.detail)
        })
        .collect()
}

pub fn assert_ok(d: &Diagnostics) {
    assert!(!d.has_errors(), "{:#?}", lines(d));
}

/// A configuration from a model value: every unknown (the computed
/// attributes left to the provider) becomes null, at any depth.
pub fn config_of(value: Value) -> Value {
    match value {
        Value::Unknown(ty, _) => Value::Null(ty),
        Value::Object(attrs) => {
            Value::Object(attrs.into_iter().map(|(k, v)| (k, config_of(v))).collect())
        }
        Value::List(ty, items) => Value::List(ty, items.into_iter().map(config_of).collect()),
        Value::Set(ty, items) => Value::Set(ty, items.into_iter().map(config_of).collect()),
        other => other,
    }
}

/// The attribute `name` of an object value.
pub fn get<'v>(value: &'v Value, name: &str) -> &'v Value {
    match value {
        Value::Object(attrs) => attrs
            .get(name)
            .unwrap_or_else(|| panic!("no attribute {name}")),
        other => panic!("{name} of a non-object {other:?}"),
    }
}

pub fn set(value: &mut Value, name: &str, v: Value) {
    match value {
        Value::Object(attrs) => {
            attrs.insert(name.to_owned(), v);
        }
        other => panic!("{name} of a non-object {other:?}"),
    }
}

/// Terraform's check after apply: every value known in the plan comes
/// back unchanged (unknowns may become anything, but not unknown).
pub fn assert_consistent(planned: &Value, applied: &Value, path: &str) {
    match (planned, applied) {
        (_, Value::Unknown(..)) => panic!("{path}: unknown after apply"),
        (Value::Unknown(..), _) => {}
        (Value::Object(p), Value::Object(_)) => {
            for (k, pv) in p {
                assert_consistent(pv, get(applied, k), &format!("{path}.{k}"));
            }
        }
        (Value::List(_, p), Value::List(_, a)) if p.len() == a.len() => {
            for (i, (pv, av)) in p.iter().zip(a).enumerate() {
                assert_consistent(pv, av, &format!("{path}[{i}]"));
            }
        }
        _ => assert_eq!(
            planned.equals(applied),
            Some(true),
            "{path}: planned {planned:?}, applied {applied:?}"
        ),
    }
}
