//! The `grpc_request` target's driver: the example inventory provider
//! (`examples/terraform-provider-inventory`) served by `GrpcProvider` on both
//! protocols, exactly as `tfschema::server` serves it to Terraform (tonic's
//! `ProviderServer` with the same message size limit), called with one gRPC
//! request per fuzz input.
//!
//! An input is one byte choosing the RPC ([`METHODS`], modulo its length)
//! followed by the request's protobuf bytes, which go out in one gRPC frame.
//! The database is a SQLite file in a temporary directory of its own, which
//! is also the working directory, and it is replaced by an empty one every
//! [`RESET_EVERY`] calls so that what earlier inputs created stays small.

use std::path::{Path, PathBuf};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use prost::Message;
use terraform_provider_inventory::provider::Inventory;
use terraform_provider_inventory::{provider, Options};
use tfschema::server::proto::{Grpc5, Grpc6, GrpcProvider};
use tfschema::server::proto::{tfplugin5, tfplugin6};
use tfschema::server::typed::TypedProvider;
use tfschema::server::MAX_MESSAGE_SIZE;
use tfschema::{msgpack, Value};
use tonic::codegen::{http, Service};

type Provider = TypedProvider<Inventory>;

/// Every RPC of both protocols but Stop, whose request has no fields (Stop
/// under load has its own test, `runtime/tests/server_timeouts.rs`); Stop
/// would also cancel every call after it.
pub const METHODS: &[&str] = &[
    "/tfplugin6.Provider/GetMetadata",
    "/tfplugin6.Provider/GetProviderSchema",
    "/tfplugin6.Provider/GetResourceIdentitySchemas",
    "/tfplugin6.Provider/ValidateProviderConfig",
    "/tfplugin6.Provider/ValidateResourceConfig",
    "/tfplugin6.Provider/ValidateDataResourceConfig",
    "/tfplugin6.Provider/UpgradeResourceState",
    "/tfplugin6.Provider/UpgradeResourceIdentity",
    "/tfplugin6.Provider/ConfigureProvider",
    "/tfplugin6.Provider/ReadResource",
    "/tfplugin6.Provider/PlanResourceChange",
    "/tfplugin6.Provider/ApplyResourceChange",
    "/tfplugin6.Provider/ImportResourceState",
    "/tfplugin6.Provider/MoveResourceState",
    "/tfplugin6.Provider/ReadDataSource",
    "/tfplugin6.Provider/GenerateResourceConfig",
    "/tfplugin6.Provider/ValidateEphemeralResourceConfig",
    "/tfplugin6.Provider/OpenEphemeralResource",
    "/tfplugin6.Provider/RenewEphemeralResource",
    "/tfplugin6.Provider/CloseEphemeralResource",
    "/tfplugin6.Provider/ListResource",
    "/tfplugin6.Provider/ValidateListResourceConfig",
    "/tfplugin6.Provider/GetFunctions",
    "/tfplugin6.Provider/CallFunction",
    "/tfplugin6.Provider/ValidateActionConfig",
    "/tfplugin6.Provider/PlanAction",
    "/tfplugin6.Provider/InvokeAction",
    "/tfplugin5.Provider/GetMetadata",
    "/tfplugin5.Provider/GetSchema",
    "/tfplugin5.Provider/GetResourceIdentitySchemas",
    "/tfplugin5.Provider/PrepareProviderConfig",
    "/tfplugin5.Provider/ValidateResourceTypeConfig",
    "/tfplugin5.Provider/ValidateDataSourceConfig",
    "/tfplugin5.Provider/UpgradeResourceState",
    "/tfplugin5.Provider/UpgradeResourceIdentity",
    "/tfplugin5.Provider/Configure",
    "/tfplugin5.Provider/ReadResource",
    "/tfplugin5.Provider/PlanResourceChange",
    "/tfplugin5.Provider/ApplyResourceChange",
    "/tfplugin5.Provider/ImportResourceState",
    "/tfplugin5.Provider/MoveResourceState",
    "/tfplugin5.Provider/ReadDataSource",
    "/tfplugin5.Provider/GenerateResourceConfig",
    "/tfplugin5.Provider/ValidateEphemeralResourceConfig",
    "/tfplugin5.Provider/OpenEphemeralResource",
    "/tfplugin5.Provider/RenewEphemeralResource",
    "/tfplugin5.Provider/CloseEphemeralResource",
    "/tfplugin5.Provider/ListResource",
    "/tfplugin5.Provider/ValidateListResourceConfig",
    "/tfplugin5.Provider/GetFunctions",
    "/tfplugin5.Provider/CallFunction",
    "/tfplugin5.Provider/ValidateActionConfig",
    "/tfplugin5.Provider/PlanAction",
    "/tfplugin5.Provider/InvokeAction",
];

/// What a call may allocate whatever its request's size, on top of 4x
/// that size: the answers that do not depend on the request (the
/// provider's schema is the largest) and tonic's buffers.
pub const ALLOWANCE: usize = 256 << 10;

/// How many calls share one database before it is replaced by an empty one.
pub const RESET_EVERY: u64 = 256;

/// What one call answered.
#[derive(Debug)]
pub struct Outcome {
    /// The gRPC status of the answer (`Ok` when it was answered).
    pub status: tonic::Status,
    /// The answer's messages (all of a stream's), gRPC framing included.
    pub body: Bytes,
}

impl Outcome {
    /// Whether the call was answered normally, or refused only because its
    /// bytes are not a protobuf message of the request's type (tonic's
    /// answer, before any tfschema code runs). Anything else (a panic, an
    /// `Internal` of our own, `Unknown`) is a failure.
    pub fn acceptable(&self) -> bool {
        match self.status.code() {
            tonic::Code::Ok => true,
            tonic::Code::Internal => self
                .status
                .message()
                .starts_with("failed to decode Protobuf message"),
            _ => false,
        }
    }

    /// The answer's first message, read as an `M`.
    pub fn first_message<M: Message + Default>(&self) -> Option<M> {
        let len = u32::from_be_bytes(self.body.get(1..5)?.try_into().ok()?);
        let message = self.body.get(5..5 + usize::try_from(len).ok()?)?;
        M::decode(message).ok()
    }
}

/// The served provider, its runtime and its database directory.
pub struct Server {
    runtime: tokio::runtime::Runtime,
    v5: tfplugin5::provider_server::ProviderServer<Grpc5<Provider>>,
    v6: tfplugin6::provider_server::ProviderServer<Grpc6<Provider>>,
    dir: PathBuf,
    calls: u64,
    databases: u64,
}

impl Server {
    /// Serves a fresh provider with an empty database in a new temporary
    /// directory, which becomes the working directory (a fuzzed
    /// `ConfigureProvider` may name a database file; see
    /// [`Server::request`]).
    // No `Default`: making one changes the working directory.
    #[allow(clippy::new_without_default)]
    pub fn new() -> Server {
        let dir = std::env::temp_dir().join(format!("tfschema-fuzz-grpc-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("fuzz database directory");
        std::env::set_current_dir(&dir).expect("enter the database directory");
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("tokio runtime");
        let grpc = GrpcProvider::new(provider(Options::default()));
        let mut server = Server {
            runtime,
            v5: tfplugin5::provider_server::ProviderServer::new(grpc.v5())
                .max_decoding_message_size(MAX_MESSAGE_SIZE)
                .max_encoding_message_size(MAX_MESSAGE_SIZE),
            v6: tfplugin6::provider_server::ProviderServer::new(grpc.v6())
                .max_decoding_message_size(MAX_MESSAGE_SIZE)
                .max_encoding_message_size(MAX_MESSAGE_SIZE),
            dir,
            calls: 0,
            databases: 0,
        };
        server.reset();
        server
    }

    /// The directory holding the databases.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Runs one fuzz input: byte 0 picks the RPC, the rest is its request.
    /// `None` for an input this driver does not send (empty, or a
    /// `ConfigureProvider` whose bytes could name a path outside the
    /// database directory).
    pub fn input(&mut self, data: &[u8]) -> Option<(&'static str, Outcome)> {
        let (&selector, message) = data.split_first()?;
        let method = METHODS[usize::from(selector) % METHODS.len()];
        if is_configure(method) && message.iter().any(|b| matches!(b, b'/' | b'\\')) {
            // A database path is opened and created as given: keep fuzzed
            // ones to plain file names in the working directory (a JSON
            // escape needs a backslash, msgpack has none).
            return None;
        }
        self.calls += 1;
        if self.calls.is_multiple_of(RESET_EVERY) {
            self.reset();
        }
        Some((method, self.request(method, message)))
    }

    /// Sends `message` to `method` in one gRPC frame and reads the whole
    /// answer, trailers included.
    pub fn request(&mut self, method: &str, message: &[u8]) -> Outcome {
        let mut frame = Vec::with_capacity(message.len() + 5);
        frame.push(0);
        frame.extend_from_slice(
            &u32::try_from(message.len())
                .unwrap_or(u32::MAX)
                .to_be_bytes(),
        );
        frame.extend_from_slice(message);
        let request = http::Request::builder()
            .method("POST")
            .uri(method)
            .header("content-type", "application/grpc")
            .header("te", "trailers")
            .body(tonic::body::Body::new(Full::new(Bytes::from(frame))))
            .expect("a valid HTTP request");
        let response = if method.starts_with("/tfplugin5.") {
            self.v5.call(request)
        } else {
            self.v6.call(request)
        };
        self.runtime.block_on(async move {
            let response = response.await.expect("tonic's service is infallible");
            let (parts, body) = response.into_parts();
            let collected = body.collect().await.expect("the response body");
            // A trailers-only answer carries its status in the headers.
            let status = collected
                .trailers()
                .and_then(tonic::Status::from_header_map)
                .or_else(|| tonic::Status::from_header_map(&parts.headers))
                .unwrap_or_else(|| tonic::Status::unknown("the answer has no grpc-status"));
            Outcome {
                status,
                body: collected.to_bytes(),
            }
        })
    }

    /// Replaces the database with an empty one: removes every file in the
    /// directory (fuzzed configurations may have created some) and
    /// configures the provider with a new file.
    pub fn reset(&mut self) {
        if let Ok(entries) = std::fs::read_dir(&self.dir) {
            for entry in entries.flatten() {
                let _ = std::fs::remove_file(entry.path());
            }
        }
        self.databases += 1;
        let name = format!("inventory-{}.sqlite", self.databases);
        let outcome = self.request(
            "/tfplugin6.Provider/ConfigureProvider",
            &configure_request(&name),
        );
        assert_eq!(
            outcome.status.code(),
            tonic::Code::Ok,
            "configuring the fuzz database: {outcome:?}"
        );
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn is_configure(method: &str) -> bool {
    method.ends_with("/ConfigureProvider") || method.ends_with("/Configure")
}

/// A `ConfigureProvider` request for a database file of this name.
pub fn configure_request(database: &str) -> Vec<u8> {
    let config = Value::object([("database_path", Value::string(database))]);
    tfplugin6::configure_provider::Request {
        terraform_version: "1.15.5".into(),
        config: Some(tfplugin6::DynamicValue {
            msgpack: msgpack::value_to_vec(&config, &config.ty()).expect("a string encodes"),
            json: Vec::new(),
        }),
        client_capabilities: None,
    }
    .encode_to_vec()
}
