//! The plugin server as Terraform sees it: the handshake line, mTLS over the
//! unix socket with a go-plugin style P-521 client certificate, health,
//! GetProviderSchema, GRPCController/Shutdown, GRPCStdio/StreamStdio, the size limits, the
//! protocol 5/6 choice, and (as a child process) the magic cookie hint,
//! SIGINT being ignored and the exit code after Shutdown.
#![cfg(feature = "server")]
#![allow(clippy::unwrap_used, clippy::panic)]

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::sync::mpsc as std_mpsc;
use std::sync::Arc;
use std::time::Duration;

use base64::Engine as _;
use rcgen::{
    BasicConstraints, CertificateParams, DnType, ExtendedKeyUsagePurpose, IsCa, KeyPair,
    KeyUsagePurpose, PKCS_ECDSA_P521_SHA512,
};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName};
use rustls::{ClientConfig, RootCertStore};
use tfschema::server::proto::health::health_check_response::ServingStatus;
use tfschema::server::proto::health::health_client::HealthClient;
use tfschema::server::proto::health::HealthCheckRequest;
use tfschema::server::proto::plugin::grpc_controller_client::GrpcControllerClient;
use tfschema::server::proto::plugin::grpc_stdio_client::GrpcStdioClient;
use tfschema::server::proto::plugin::stdio_data::Channel as StdioChannel;
use tfschema::server::proto::plugin::Empty;
use tfschema::server::proto::{tfplugin5, tfplugin6};
use tfschema::server::{
    serve, PluginEnv, ProviderServices, ServeError, ServeOptions, MAX_MESSAGE_SIZE,
};
use tfschema::server::{MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE, NOT_A_PROGRAM_HINT};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpStream, UnixStream};
use tonic::codegen::http;
use tonic::transport::{Channel, Endpoint};
use tonic::{Code, Status};

// ---------------------------------------------------------------------------
// A minimal provider: GetProviderSchema answers an empty schema (or one with
// a large description, to cross the 4 MiB default), everything else is
// Unimplemented, which is a legitimate gRPC answer.

#[derive(Clone, Default)]
struct TestProvider {
    description_len: usize,
}

impl TestProvider {
    fn schema_6(&self) -> tfplugin6::get_provider_schema::Response {
        tfplugin6::get_provider_schema::Response {
            provider: Some(tfplugin6::Schema {
                version: 0,
                block: Some(tfplugin6::schema::Block {
                    description: "d".repeat(self.description_len),
                    ..Default::default()
                }),
            }),
            ..Default::default()
        }
    }

    fn schema_5(&self) -> tfplugin5::get_provider_schema::Response {
        tfplugin5::get_provider_schema::Response {
            provider: Some(tfplugin5::Schema {
                version: 0,
                block: Some(tfplugin5::schema::Block::default()),
            }),
            ..Default::default()
        }
    }
}

#[tonic::async_trait]
impl tfplugin6::provider_server::Provider for TestProvider {
    async fn get_metadata(
        &self,
        _request: tonic::Request<tfplugin6::get_metadata::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin6::get_metadata::Response>, tonic::Status>
    {
        Err(Status::unimplemented("get_metadata"))
    }
    async fn get_provider_schema(
        &self,
        _request: tonic::Request<tfplugin6::get_provider_schema::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin6::get_provider_schema::Response>, tonic::Status>
    {
        Ok(tonic::Response::new(self.schema_6()))
    }
    async fn get_resource_identity_schemas(
        &self,
        _request: tonic::Request<tfplugin6::get_resource_identity_schemas::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin6::get_resource_identity_schemas::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("get_resource_identity_schemas"))
    }
    async fn validate_provider_config(
        &self,
        _request: tonic::Request<tfplugin6::validate_provider_config::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin6::validate_provider_config::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("validate_provider_config"))
    }
    async fn validate_resource_config(
        &self,
        _request: tonic::Request<tfplugin6::validate_resource_config::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin6::validate_resource_config::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("validate_resource_config"))
    }
    async fn validate_data_resource_config(
        &self,
        _request: tonic::Request<tfplugin6::validate_data_resource_config::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin6::validate_data_resource_config::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("validate_data_resource_config"))
    }
    async fn upgrade_resource_state(
        &self,
        _request: tonic::Request<tfplugin6::upgrade_resource_state::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin6::upgrade_resource_state::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("upgrade_resource_state"))
    }
    async fn upgrade_resource_identity(
        &self,
        _request: tonic::Request<tfplugin6::upgrade_resource_identity::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin6::upgrade_resource_identity::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("upgrade_resource_identity"))
    }
    async fn configure_provider(
        &self,
        _request: tonic::Request<tfplugin6::configure_provider::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin6::configure_provider::Response>, tonic::Status>
    {
        Err(Status::unimplemented("configure_provider"))
    }
    async fn read_resource(
        &self,
        _request: tonic::Request<tfplugin6::read_resource::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin6::read_resource::Response>, tonic::Status>
    {
        Err(Status::unimplemented("read_resource"))
    }
    async fn plan_resource_change(
        &self,
        _request: tonic::Request<tfplugin6::plan_resource_change::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin6::plan_resource_change::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("plan_resource_change"))
    }
    async fn apply_resource_change(
        &self,
        _request: tonic::Request<tfplugin6::apply_resource_change::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin6::apply_resource_change::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("apply_resource_change"))
    }
    async fn import_resource_state(
        &self,
        _request: tonic::Request<tfplugin6::import_resource_state::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin6::import_resource_state::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("import_resource_state"))
    }
    async fn move_resource_state(
        &self,
        _request: tonic::Request<tfplugin6::move_resource_state::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin6::move_resource_state::Response>, tonic::Status>
    {
        Err(Status::unimplemented("move_resource_state"))
    }
    async fn read_data_source(
        &self,
        _request: tonic::Request<tfplugin6::read_data_source::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin6::read_data_source::Response>, tonic::Status>
    {
        Err(Status::unimplemented("read_data_source"))
    }
    async fn generate_resource_config(
        &self,
        _request: tonic::Request<tfplugin6::generate_resource_config::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin6::generate_resource_config::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("generate_resource_config"))
    }
    async fn validate_ephemeral_resource_config(
        &self,
        _request: tonic::Request<tfplugin6::validate_ephemeral_resource_config::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin6::validate_ephemeral_resource_config::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("validate_ephemeral_resource_config"))
    }
    async fn open_ephemeral_resource(
        &self,
        _request: tonic::Request<tfplugin6::open_ephemeral_resource::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin6::open_ephemeral_resource::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("open_ephemeral_resource"))
    }
    async fn renew_ephemeral_resource(
        &self,
        _request: tonic::Request<tfplugin6::renew_ephemeral_resource::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin6::renew_ephemeral_resource::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("renew_ephemeral_resource"))
    }
    async fn close_ephemeral_resource(
        &self,
        _request: tonic::Request<tfplugin6::close_ephemeral_resource::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin6::close_ephemeral_resource::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("close_ephemeral_resource"))
    }
    type ListResourceStream =
        tonic::codegen::tokio_stream::Empty<Result<tfplugin6::list_resource::Event, Status>>;
    async fn list_resource(
        &self,
        _request: tonic::Request<tfplugin6::list_resource::Request>,
    ) -> std::result::Result<tonic::Response<Self::ListResourceStream>, tonic::Status> {
        Err(Status::unimplemented("list_resource"))
    }
    async fn validate_list_resource_config(
        &self,
        _request: tonic::Request<tfplugin6::validate_list_resource_config::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin6::validate_list_resource_config::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("validate_list_resource_config"))
    }
    async fn get_functions(
        &self,
        _request: tonic::Request<tfplugin6::get_functions::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin6::get_functions::Response>, tonic::Status>
    {
        Err(Status::unimplemented("get_functions"))
    }
    async fn call_function(
        &self,
        _request: tonic::Request<tfplugin6::call_function::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin6::call_function::Response>, tonic::Status>
    {
        Err(Status::unimplemented("call_function"))
    }
    async fn validate_action_config(
        &self,
        _request: tonic::Request<tfplugin6::validate_action_config::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin6::validate_action_config::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("validate_action_config"))
    }
    async fn plan_action(
        &self,
        _request: tonic::Request<tfplugin6::plan_action::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin6::plan_action::Response>, tonic::Status> {
        Err(Status::unimplemented("plan_action"))
    }
    type InvokeActionStream =
        tonic::codegen::tokio_stream::Empty<Result<tfplugin6::invoke_action::Event, Status>>;
    async fn invoke_action(
        &self,
        _request: tonic::Request<tfplugin6::invoke_action::Request>,
    ) -> std::result::Result<tonic::Response<Self::InvokeActionStream>, tonic::Status> {
        Err(Status::unimplemented("invoke_action"))
    }
    async fn stop_provider(
        &self,
        _request: tonic::Request<tfplugin6::stop_provider::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin6::stop_provider::Response>, tonic::Status>
    {
        Err(Status::unimplemented("stop_provider"))
    }
}

#[tonic::async_trait]
impl tfplugin5::provider_server::Provider for TestProvider {
    async fn get_metadata(
        &self,
        _request: tonic::Request<tfplugin5::get_metadata::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin5::get_metadata::Response>, tonic::Status>
    {
        Err(Status::unimplemented("get_metadata"))
    }
    async fn get_schema(
        &self,
        _request: tonic::Request<tfplugin5::get_provider_schema::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin5::get_provider_schema::Response>, tonic::Status>
    {
        Ok(tonic::Response::new(self.schema_5()))
    }
    async fn get_resource_identity_schemas(
        &self,
        _request: tonic::Request<tfplugin5::get_resource_identity_schemas::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin5::get_resource_identity_schemas::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("get_resource_identity_schemas"))
    }
    async fn prepare_provider_config(
        &self,
        _request: tonic::Request<tfplugin5::prepare_provider_config::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin5::prepare_provider_config::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("prepare_provider_config"))
    }
    async fn validate_resource_type_config(
        &self,
        _request: tonic::Request<tfplugin5::validate_resource_type_config::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin5::validate_resource_type_config::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("validate_resource_type_config"))
    }
    async fn validate_data_source_config(
        &self,
        _request: tonic::Request<tfplugin5::validate_data_source_config::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin5::validate_data_source_config::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("validate_data_source_config"))
    }
    async fn upgrade_resource_state(
        &self,
        _request: tonic::Request<tfplugin5::upgrade_resource_state::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin5::upgrade_resource_state::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("upgrade_resource_state"))
    }
    async fn upgrade_resource_identity(
        &self,
        _request: tonic::Request<tfplugin5::upgrade_resource_identity::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin5::upgrade_resource_identity::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("upgrade_resource_identity"))
    }
    async fn configure(
        &self,
        _request: tonic::Request<tfplugin5::configure::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin5::configure::Response>, tonic::Status> {
        Err(Status::unimplemented("configure"))
    }
    async fn read_resource(
        &self,
        _request: tonic::Request<tfplugin5::read_resource::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin5::read_resource::Response>, tonic::Status>
    {
        Err(Status::unimplemented("read_resource"))
    }
    async fn plan_resource_change(
        &self,
        _request: tonic::Request<tfplugin5::plan_resource_change::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin5::plan_resource_change::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("plan_resource_change"))
    }
    async fn apply_resource_change(
        &self,
        _request: tonic::Request<tfplugin5::apply_resource_change::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin5::apply_resource_change::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("apply_resource_change"))
    }
    async fn import_resource_state(
        &self,
        _request: tonic::Request<tfplugin5::import_resource_state::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin5::import_resource_state::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("import_resource_state"))
    }
    async fn move_resource_state(
        &self,
        _request: tonic::Request<tfplugin5::move_resource_state::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin5::move_resource_state::Response>, tonic::Status>
    {
        Err(Status::unimplemented("move_resource_state"))
    }
    async fn read_data_source(
        &self,
        _request: tonic::Request<tfplugin5::read_data_source::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin5::read_data_source::Response>, tonic::Status>
    {
        Err(Status::unimplemented("read_data_source"))
    }
    async fn generate_resource_config(
        &self,
        _request: tonic::Request<tfplugin5::generate_resource_config::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin5::generate_resource_config::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("generate_resource_config"))
    }
    async fn validate_ephemeral_resource_config(
        &self,
        _request: tonic::Request<tfplugin5::validate_ephemeral_resource_config::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin5::validate_ephemeral_resource_config::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("validate_ephemeral_resource_config"))
    }
    async fn open_ephemeral_resource(
        &self,
        _request: tonic::Request<tfplugin5::open_ephemeral_resource::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin5::open_ephemeral_resource::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("open_ephemeral_resource"))
    }
    async fn renew_ephemeral_resource(
        &self,
        _request: tonic::Request<tfplugin5::renew_ephemeral_resource::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin5::renew_ephemeral_resource::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("renew_ephemeral_resource"))
    }
    async fn close_ephemeral_resource(
        &self,
        _request: tonic::Request<tfplugin5::close_ephemeral_resource::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin5::close_ephemeral_resource::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("close_ephemeral_resource"))
    }
    type ListResourceStream =
        tonic::codegen::tokio_stream::Empty<Result<tfplugin5::list_resource::Event, Status>>;
    async fn list_resource(
        &self,
        _request: tonic::Request<tfplugin5::list_resource::Request>,
    ) -> std::result::Result<tonic::Response<Self::ListResourceStream>, tonic::Status> {
        Err(Status::unimplemented("list_resource"))
    }
    async fn validate_list_resource_config(
        &self,
        _request: tonic::Request<tfplugin5::validate_list_resource_config::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin5::validate_list_resource_config::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("validate_list_resource_config"))
    }
    async fn get_functions(
        &self,
        _request: tonic::Request<tfplugin5::get_functions::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin5::get_functions::Response>, tonic::Status>
    {
        Err(Status::unimplemented("get_functions"))
    }
    async fn call_function(
        &self,
        _request: tonic::Request<tfplugin5::call_function::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin5::call_function::Response>, tonic::Status>
    {
        Err(Status::unimplemented("call_function"))
    }
    async fn validate_action_config(
        &self,
        _request: tonic::Request<tfplugin5::validate_action_config::Request>,
    ) -> std::result::Result<
        tonic::Response<tfplugin5::validate_action_config::Response>,
        tonic::Status,
    > {
        Err(Status::unimplemented("validate_action_config"))
    }
    async fn plan_action(
        &self,
        _request: tonic::Request<tfplugin5::plan_action::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin5::plan_action::Response>, tonic::Status> {
        Err(Status::unimplemented("plan_action"))
    }
    type InvokeActionStream =
        tonic::codegen::tokio_stream::Empty<Result<tfplugin5::invoke_action::Event, Status>>;
    async fn invoke_action(
        &self,
        _request: tonic::Request<tfplugin5::invoke_action::Request>,
    ) -> std::result::Result<tonic::Response<Self::InvokeActionStream>, tonic::Status> {
        Err(Status::unimplemented("invoke_action"))
    }
    async fn stop(
        &self,
        _request: tonic::Request<tfplugin5::stop::Request>,
    ) -> std::result::Result<tonic::Response<tfplugin5::stop::Response>, tonic::Status> {
        Err(Status::unimplemented("stop"))
    }
}

// ---------------------------------------------------------------------------
// Terraform's side.

/// A client certificate as go-plugin makes one: P-521, a CA, SAN localhost.
fn client_identity() -> (CertificateDer<'static>, PrivateKeyDer<'static>, String) {
    let key = KeyPair::generate_for(&PKCS_ECDSA_P521_SHA512).unwrap();
    let mut params = CertificateParams::new(vec!["localhost".to_owned()]).unwrap();
    params
        .distinguished_name
        .push(DnType::CommonName, "localhost");
    params
        .distinguished_name
        .push(DnType::OrganizationName, "HashiCorp");
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    params.key_usages = vec![
        KeyUsagePurpose::DigitalSignature,
        KeyUsagePurpose::KeyEncipherment,
        KeyUsagePurpose::KeyCertSign,
    ];
    params.extended_key_usages = vec![
        ExtendedKeyUsagePurpose::ClientAuth,
        ExtendedKeyUsagePurpose::ServerAuth,
    ];
    let cert = params.self_signed(&key).unwrap();
    let pem = cert.pem();
    (
        cert.der().clone(),
        PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der())),
        pem,
    )
}

/// Terraform's TLS client: trusts only the printed certificate, checks the
/// name `localhost`, presents its client certificate, offers ALPN h2. It
/// signs with its P-521 key through aws-lc-rs (the server's ring cannot
/// sign with P-521; it verifies with p521).
fn tls_client(
    server_cert_der: &[u8],
    client: (CertificateDer<'static>, PrivateKeyDer<'static>),
) -> Arc<ClientConfig> {
    let mut roots = RootCertStore::empty();
    roots
        .add(CertificateDer::from(server_cert_der.to_vec()))
        .unwrap();
    let provider = Arc::new(rustls::crypto::aws_lc_rs::default_provider());
    let mut config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_client_auth_cert(vec![client.0], client.1)
        .unwrap();
    config.alpn_protocols = vec![b"h2".to_vec()];
    Arc::new(config)
}

fn env(vars: &[(&str, &str)]) -> PluginEnv {
    let vars: Vec<(String, OsString)> = vars
        .iter()
        .map(|(k, v)| ((*k).to_owned(), OsString::from(v)))
        .collect();
    PluginEnv::from_lookup(|key| vars.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()))
}

/// Collects what the server writes as its handshake output.
struct LineSink(std_mpsc::Sender<Vec<u8>>);

impl Write for LineSink {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let _ = self.0.send(buf.to_vec());
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The parsed handshake line.
#[derive(Debug)]
struct Handshake {
    protocol: String,
    network: String,
    address: String,
    cert_der: Vec<u8>,
}

fn parse_handshake(line: &str) -> Handshake {
    let fields: Vec<&str> = line.trim_end_matches('\n').split('|').collect();
    assert_eq!(fields.len(), 6, "handshake line {line:?}");
    assert_eq!(fields[0], "1", "core protocol version");
    assert_eq!(fields[4], "grpc");
    assert!(!fields[5].ends_with('='), "base64 without padding");
    Handshake {
        protocol: fields[1].to_owned(),
        network: fields[2].to_owned(),
        address: fields[3].to_owned(),
        cert_der: base64::engine::general_purpose::STANDARD_NO_PAD
            .decode(fields[5])
            .unwrap(),
    }
}

/// Starts `serve` in-process and returns the handshake line and the task.
async fn start(
    services: ProviderServices,
    options: impl FnOnce(ServeOptions) -> ServeOptions,
    plugin_env: PluginEnv,
) -> (String, tokio::task::JoinHandle<Result<(), ServeError>>) {
    let (tx, rx) = std_mpsc::channel();
    let options = options(
        ServeOptions::new(plugin_env)
            .handshake_output(LineSink(tx))
            .ignore_sigint(false),
    );
    let task = tokio::spawn(serve(services, options));
    let output = tokio::task::spawn_blocking(move || {
        let mut out = Vec::new();
        while !out.ends_with(b"\n") {
            match rx.recv_timeout(Duration::from_secs(10)) {
                Ok(chunk) => out.extend(chunk),
                Err(_) => break,
            }
        }
        String::from_utf8(out).unwrap()
    })
    .await
    .unwrap();
    (output, task)
}

trait Io: AsyncRead + AsyncWrite + Unpin + Send + 'static {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send + 'static> Io for T {}

/// Connects like go-plugin's client: unix socket or TCP, TLS if given.
async fn connect(
    hs: &Handshake,
    tls: Option<Arc<ClientConfig>>,
) -> Result<Channel, tonic::transport::Error> {
    let network = hs.network.clone();
    let address = hs.address.clone();
    Endpoint::from_static("http://localhost")
        .connect_with_connector(tower::service_fn(move |_: http::Uri| {
            let (network, address, tls) = (network.clone(), address.clone(), tls.clone());
            async move {
                let io: Box<dyn Io> = if network == "unix" {
                    Box::new(UnixStream::connect(&address).await?)
                } else {
                    Box::new(TcpStream::connect(&address).await?)
                };
                let io: Box<dyn Io> = match tls {
                    None => io,
                    Some(config) => {
                        let name = ServerName::try_from("localhost").unwrap();
                        Box::new(
                            tokio_rustls::TlsConnector::from(config)
                                .connect(name, io)
                                .await?,
                        )
                    }
                };
                Ok::<_, std::io::Error>(hyper_util::rt::TokioIo::new(io))
            }
        }))
        .await
}

async fn health(channel: &Channel, service: &str) -> Result<i32, Status> {
    HealthClient::new(channel.clone())
        .check(HealthCheckRequest {
            service: service.to_owned(),
        })
        .await
        .map(|r| r.into_inner().status)
}

async fn shutdown_and_wait(
    channel: &Channel,
    task: tokio::task::JoinHandle<Result<(), ServeError>>,
) {
    GrpcControllerClient::new(channel.clone())
        .shutdown(Empty {})
        .await
        .unwrap();
    let result = tokio::time::timeout(Duration::from_secs(5), task)
        .await
        .expect("serve returns after Shutdown")
        .unwrap();
    result.unwrap();
}

fn cookie() -> (&'static str, &'static str) {
    (MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE)
}

// ---------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn terraform_handshake_mtls_schema_and_shutdown() {
    let (client_der, client_key, client_pem) = client_identity();
    let services = ProviderServices::new()
        .protocol_6(TestProvider {
            description_len: 5 << 20,
        })
        .protocol_5(TestProvider::default());
    let (line, task) = start(
        services,
        |o| o,
        env(&[
            cookie(),
            ("PLUGIN_PROTOCOL_VERSIONS", "5,6"),
            ("PLUGIN_MIN_PORT", "10000"),
            ("PLUGIN_MAX_PORT", "25000"),
            ("PLUGIN_CLIENT_CERT", &client_pem),
        ]),
    )
    .await;
    assert_eq!(line.matches('\n').count(), 1, "exactly one line: {line:?}");
    let hs = parse_handshake(&line);
    assert_eq!(hs.protocol, "6");
    assert_eq!(hs.network, "unix");
    let socket = PathBuf::from(&hs.address);
    assert!(socket.exists(), "{socket:?}");
    let socket_dir = socket.parent().unwrap().to_path_buf();

    let channel = connect(
        &hs,
        Some(tls_client(&hs.cert_der, (client_der, client_key))),
    )
    .await
    .unwrap();

    assert_eq!(
        health(&channel, "plugin").await.unwrap(),
        ServingStatus::Serving as i32
    );
    assert_eq!(
        health(&channel, "").await.unwrap(),
        ServingStatus::Serving as i32
    );
    assert_eq!(
        health(&channel, "other").await.unwrap_err().code(),
        Code::NotFound
    );

    // A 5 MiB response: over tonic's 4 MiB default, under Terraform's 256 MiB.
    let mut provider = tfplugin6::provider_client::ProviderClient::new(channel.clone())
        .max_decoding_message_size(MAX_MESSAGE_SIZE)
        .max_encoding_message_size(MAX_MESSAGE_SIZE);
    let schema = provider
        .get_provider_schema(tfplugin6::get_provider_schema::Request {})
        .await
        .unwrap()
        .into_inner();
    let block = schema.provider.unwrap().block.unwrap();
    assert_eq!(block.description.len(), 5 << 20);

    // A 5 MiB request is decoded (the provider answers, not the size check).
    let err = provider
        .validate_provider_config(tfplugin6::validate_provider_config::Request {
            config: Some(tfplugin6::DynamicValue {
                msgpack: vec![0xc0; 5 << 20],
                json: Vec::new(),
            }),
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::Unimplemented, "{err:?}");

    // go-plugin's stdio service streams what the provider writes through
    // `server::stdio`: written before the call (kept), then after it.
    // (The broker is not served.)
    writeln!(tfschema::server::stdio::stdout(), "before the stream").unwrap();
    let mut stdio = GrpcStdioClient::new(channel.clone())
        .stream_stdio(())
        .await
        .expect("StreamStdio is served")
        .into_inner();
    let first = stdio.message().await.unwrap().expect("a chunk");
    assert_eq!(first.channel, StdioChannel::Stdout as i32);
    assert_eq!(first.data, b"before the stream\n");
    tfschema::server::stdio::stderr()
        .write_all(b"after it")
        .unwrap();
    let second = tokio::time::timeout(Duration::from_secs(5), stdio.message())
        .await
        .expect("the chunk arrives")
        .unwrap()
        .expect("a chunk");
    assert_eq!(second.channel, StdioChannel::Stderr as i32);
    assert_eq!(second.data, b"after it");

    shutdown_and_wait(&channel, task).await;
    assert!(!socket_dir.exists(), "socket directory removed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_client_certificate_is_refused() {
    let (_, _, client_pem) = client_identity();
    let (other_der, other_key, _) = client_identity();
    let (line, task) = start(
        ProviderServices::new().protocol_6(TestProvider::default()),
        |o| o,
        env(&[cookie(), ("PLUGIN_CLIENT_CERT", &client_pem)]),
    )
    .await;
    let hs = parse_handshake(&line);
    let result = async {
        let channel = connect(&hs, Some(tls_client(&hs.cert_der, (other_der, other_key))))
            .await
            .map_err(|e| e.to_string())?;
        health(&channel, "plugin").await.map_err(|e| e.to_string())
    }
    .await;
    let err = result.expect_err("a foreign client certificate must not get through");
    // The server's alert reaches the client at connect or at the first call.
    assert!(
        err.contains("certificate") || err.contains("transport") || err.contains("tls"),
        "{err}"
    );
    eprintln!("refused: {err}");
    task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plaintext_when_tls_is_disabled() {
    // TF_DISABLE_PLUGIN_TLS: no PLUGIN_CLIENT_CERT, an empty certificate field.
    let (line, task) = start(
        ProviderServices::new().protocol_6(TestProvider::default()),
        |o| o,
        env(&[cookie(), ("PLUGIN_PROTOCOL_VERSIONS", "6")]),
    )
    .await;
    assert!(line.ends_with("|grpc|\n"), "{line:?}");
    let hs = parse_handshake(&line);
    let channel = connect(&hs, None).await.unwrap();
    assert_eq!(
        health(&channel, "plugin").await.unwrap(),
        ServingStatus::Serving as i32
    );
    shutdown_and_wait(&channel, task).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_hooks_run_in_order_once_serving_ends() {
    let ran = Arc::new(std::sync::Mutex::new(Vec::new()));
    let (first, second) = (Arc::clone(&ran), Arc::clone(&ran));
    let services = ProviderServices::new()
        .protocol_6(TestProvider::default())
        .on_shutdown(move || async move {
            tokio::time::sleep(Duration::from_millis(20)).await;
            first.lock().unwrap().push("first");
        })
        .on_shutdown(move || async move { second.lock().unwrap().push("second") });
    let (line, task) = start(
        services,
        |o| o,
        env(&[cookie(), ("PLUGIN_PROTOCOL_VERSIONS", "6")]),
    )
    .await;
    let channel = connect(&parse_handshake(&line), None).await.unwrap();
    assert_eq!(
        health(&channel, "plugin").await.unwrap(),
        ServingStatus::Serving as i32
    );
    assert!(ran.lock().unwrap().is_empty(), "no hook while serving");
    // serve returns only after both hooks ran, in order.
    shutdown_and_wait(&channel, task).await;
    assert_eq!(*ran.lock().unwrap(), ["first", "second"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shutdown_hook_that_blocks_its_thread_is_abandoned_on_time() {
    let services = ProviderServices::new()
        .protocol_6(TestProvider::default())
        .on_shutdown(|| async {
            // Blocks its thread, past Terraform's 2 s (the test's runtime
            // waits for the thread when it ends, hence not longer).
            std::thread::sleep(Duration::from_secs(3));
        });
    let (line, task) = start(
        services,
        |o| o,
        env(&[cookie(), ("PLUGIN_PROTOCOL_VERSIONS", "6")]),
    )
    .await;
    let channel = connect(&parse_handshake(&line), None).await.unwrap();
    let asked = std::time::Instant::now();
    // shutdown_and_wait allows 5 s: serve returns within the hooks' grace.
    shutdown_and_wait(&channel, task).await;
    let took = asked.elapsed();
    assert!(
        took < Duration::from_secs(2),
        "serve took {took:?} after Shutdown"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tcp_in_the_port_range() {
    let (client_der, client_key, client_pem) = client_identity();
    let (line, task) = start(
        ProviderServices::new().protocol_6(TestProvider::default()),
        |o| o.prefer_tcp(true),
        env(&[
            cookie(),
            ("PLUGIN_MIN_PORT", "20000"),
            ("PLUGIN_MAX_PORT", "29999"),
            ("PLUGIN_CLIENT_CERT", &client_pem),
        ]),
    )
    .await;
    let hs = parse_handshake(&line);
    assert_eq!(hs.network, "tcp");
    let addr: std::net::SocketAddr = hs.address.parse().unwrap();
    assert!(addr.ip().is_loopback());
    assert!((20000..=29999).contains(&addr.port()), "{addr}");
    let channel = connect(
        &hs,
        Some(tls_client(&hs.cert_der, (client_der, client_key))),
    )
    .await
    .unwrap();
    assert_eq!(
        health(&channel, "plugin").await.unwrap(),
        ServingStatus::Serving as i32
    );
    shutdown_and_wait(&channel, task).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn protocol_5_when_forced_or_only_offered() {
    let (client_der, client_key, client_pem) = client_identity();
    let services = || {
        ProviderServices::new()
            .protocol_6(TestProvider::default())
            .protocol_5(TestProvider::default())
    };
    // Terraform 0.12-0.15 style: only 5 offered.
    let (line, task) = start(
        services(),
        |o| o,
        env(&[
            cookie(),
            ("PLUGIN_PROTOCOL_VERSIONS", "5"),
            ("PLUGIN_CLIENT_CERT", &client_pem),
        ]),
    )
    .await;
    let hs = parse_handshake(&line);
    assert_eq!(hs.protocol, "5");
    let channel = connect(
        &hs,
        Some(tls_client(&hs.cert_der, (client_der, client_key))),
    )
    .await
    .unwrap();
    let schema = tfplugin5::provider_client::ProviderClient::new(channel.clone())
        .get_schema(tfplugin5::get_provider_schema::Request {})
        .await
        .unwrap()
        .into_inner();
    assert!(schema.provider.is_some());
    shutdown_and_wait(&channel, task).await;

    // Forced by the environment variable, although 6 is offered.
    let (line, task) = start(
        services(),
        |o| o,
        env(&[
            cookie(),
            ("PLUGIN_PROTOCOL_VERSIONS", "5,6"),
            ("TFSCHEMA_FORCE_PROTOCOL", "5"),
        ]),
    )
    .await;
    let hs = parse_handshake(&line);
    assert_eq!(hs.protocol, "5");
    let channel = connect(&hs, None).await.unwrap();
    shutdown_and_wait(&channel, task).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn protocol_5_is_refused_for_nested_attributes() {
    let services = ProviderServices::new()
        .protocol_6(TestProvider::default())
        .protocol_5(TestProvider::default())
        .requires_protocol_6(true);
    let (line, task) = start(
        services,
        |o| o,
        env(&[cookie(), ("PLUGIN_PROTOCOL_VERSIONS", "5")]),
    )
    .await;
    // Instead of a handshake, one line Terraform shows as the reason:
    // "Unrecognized remote plugin message: Error: plugin handshake: ...".
    assert!(line.starts_with("Error: plugin handshake: "), "{line:?}");
    assert!(line.contains("nested attributes"), "{line:?}");
    assert_eq!(line.matches('\n').count(), 1, "{line:?}");
    let err = task.await.unwrap().unwrap_err();
    let message = err.to_string();
    assert!(matches!(err, ServeError::Handshake(_)), "{err:?}");
    assert!(message.contains("nested attributes"), "{message}");
    assert!(message.contains("protocol 6"), "{message}");

    // The same through the option.
    let services = ProviderServices::new()
        .protocol_6(TestProvider::default())
        .protocol_5(TestProvider::default())
        .requires_protocol_6(true);
    let (_, task) = start(services, |o| o.force_protocol(5), env(&[cookie()])).await;
    let message = task.await.unwrap().unwrap_err().to_string();
    assert!(message.contains("nested attributes"), "{message}");
}

// A typed provider limited to protocol 5 in code.

#[derive(tfschema::TfSchema, tfschema::TfValue)]
struct NoConfig {}

#[derive(tfschema::TfSchema, tfschema::TfValue)]
struct Thing {
    name: String,
}

#[derive(tfschema::TfSchema, tfschema::TfValue)]
struct Part {
    size: i64,
}

/// A model with a nested attribute, which needs protocol 6.
#[derive(tfschema::TfSchema, tfschema::TfValue)]
struct Assembly {
    #[tf(nested)]
    parts: Vec<Part>,
}

struct Typed;

impl tfschema::server::typed::Provider for Typed {
    type Config = NoConfig;
    type Client = ();
    async fn configure(
        &self,
        _: tfschema::server::typed::PlanView<NoConfig>,
        _: &mut tfschema::diag::Diagnostics,
    ) -> Result<(), tfschema::diag::Diagnostics> {
        Ok(())
    }
}

struct Things<M>(std::marker::PhantomData<fn() -> M>);

impl<M: tfschema::server::typed::Model> tfschema::server::typed::Resource for Things<M> {
    type Client = ();
    type Model = M;
    async fn create(
        &self,
        _: &mut tfschema::server::typed::Ctx<()>,
        planned: M,
    ) -> Result<M, tfschema::diag::Diagnostics> {
        Ok(planned)
    }
    async fn read(
        &self,
        _: &mut tfschema::server::typed::Ctx<()>,
        current: M,
    ) -> Result<Option<M>, tfschema::diag::Diagnostics> {
        Ok(Some(current))
    }
    async fn update(
        &self,
        _: &mut tfschema::server::typed::Ctx<()>,
        _: M,
        planned: M,
    ) -> Result<M, tfschema::diag::Diagnostics> {
        Ok(planned)
    }
    async fn delete(
        &self,
        _: &mut tfschema::server::typed::Ctx<()>,
        _: M,
    ) -> Result<(), tfschema::diag::Diagnostics> {
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typed_provider_limited_to_protocol_5_in_code() {
    use tfschema::server::typed::TypedProvider;
    let typed =
        || TypedProvider::new(Typed).resource("x_thing", Things::<Thing>(std::marker::PhantomData));
    // By default the typed provider serves 6 where Terraform offers it.
    let (line, task) = start(
        typed().into_services(),
        |o| o,
        env(&[cookie(), ("PLUGIN_PROTOCOL_VERSIONS", "5,6")]),
    )
    .await;
    let hs = parse_handshake(&line);
    assert_eq!(hs.protocol, "6");
    let channel = connect(&hs, None).await.unwrap();
    shutdown_and_wait(&channel, task).await;

    // `max_protocol(5)`: protocol 5, and no protocol 6 service at all.
    let (line, task) = start(
        typed().max_protocol(5).into_services(),
        |o| o,
        env(&[cookie(), ("PLUGIN_PROTOCOL_VERSIONS", "5,6")]),
    )
    .await;
    let hs = parse_handshake(&line);
    assert_eq!(hs.protocol, "5");
    let channel = connect(&hs, None).await.unwrap();
    let schema = tfplugin5::provider_client::ProviderClient::new(channel.clone())
        .get_schema(tfplugin5::get_provider_schema::Request {})
        .await
        .unwrap()
        .into_inner();
    assert!(schema.resource_schemas.contains_key("x_thing"));
    let v6 = tfplugin6::provider_client::ProviderClient::new(channel.clone())
        .get_provider_schema(tfplugin6::get_provider_schema::Request {})
        .await
        .unwrap_err();
    assert_eq!(v6.code(), Code::Unimplemented, "{v6:?}");
    shutdown_and_wait(&channel, task).await;

    // Terraform 1.x offering 6 only: nothing in common, said plainly.
    let (line, task) = start(
        typed().max_protocol(5).into_services(),
        |o| o,
        env(&[cookie(), ("PLUGIN_PROTOCOL_VERSIONS", "6")]),
    )
    .await;
    assert!(line.starts_with("Error: plugin handshake: "), "{line:?}");
    assert!(task.await.unwrap().is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn protocol_5_limit_with_nested_attributes_says_why() {
    use tfschema::server::typed::TypedProvider;
    let services = TypedProvider::new(Typed)
        .resource("x_assembly", Things::<Assembly>(std::marker::PhantomData))
        .max_protocol(5)
        .into_services();
    let (line, task) = start(
        services,
        |o| o,
        env(&[cookie(), ("PLUGIN_PROTOCOL_VERSIONS", "5,6")]),
    )
    .await;
    assert!(line.starts_with("Error: plugin handshake: "), "{line:?}");
    assert!(line.contains("max_protocol(5)"), "{line:?}");
    assert!(line.contains("nested attributes"), "{line:?}");
    assert!(task.await.unwrap().is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_refuses_without_cookie() {
    let (line, task) = start(
        ProviderServices::new().protocol_6(TestProvider::default()),
        |o| o,
        env(&[("PLUGIN_PROTOCOL_VERSIONS", "6")]),
    )
    .await;
    assert_eq!(line, "");
    let err = task.await.unwrap().unwrap_err();
    assert!(matches!(err, ServeError::NotLaunchedByTerraform), "{err:?}");
}

// ---------------------------------------------------------------------------
// As a separate process: this test binary re-runs itself with
// TFSCHEMA_TEST_PLUGIN_CHILD set, and `plugin_child` then acts as the
// provider's `main`.

const CHILD_KEY: &str = "TFSCHEMA_TEST_PLUGIN_CHILD";

#[test]
fn plugin_child() {
    if std::env::var_os(CHILD_KEY).is_none() {
        return;
    }
    let code = tfschema::server::run(ProviderServices::new().protocol_6(TestProvider::default()));
    std::process::exit(if code == ExitCode::SUCCESS { 0 } else { 1 });
}

fn child_command() -> Command {
    let mut cmd = Command::new(std::env::current_exe().unwrap());
    cmd.args([
        "--exact",
        "plugin_child",
        "--nocapture",
        "--test-threads=1",
        "-q",
    ])
    .env(CHILD_KEY, "1")
    .env_remove(MAGIC_COOKIE_KEY)
    .env_remove("PLUGIN_CLIENT_CERT")
    .env_remove("PLUGIN_PROTOCOL_VERSIONS")
    .env_remove("TFSCHEMA_FORCE_PROTOCOL")
    .env_remove("TF_LOG_PROVIDER")
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    cmd
}

#[test]
fn missing_cookie_prints_hint_and_exits_1() {
    let out = child_command().output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr: {stderr}");
    assert!(stderr.contains(NOT_A_PROGRAM_HINT), "stderr: {stderr}");
    assert!(
        !String::from_utf8_lossy(&out.stdout).contains("|grpc|"),
        "no handshake without the cookie"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn process_ignores_sigint_and_exits_0_on_shutdown() {
    let (client_der, client_key, client_pem) = client_identity();
    let started = std::time::Instant::now();
    let mut child = child_command()
        .env(MAGIC_COOKIE_KEY, MAGIC_COOKIE_VALUE)
        .env("PLUGIN_PROTOCOL_VERSIONS", "5,6")
        .env("PLUGIN_CLIENT_CERT", &client_pem)
        .env("TF_LOG", "debug")
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let stderr = child.stderr.take().unwrap();
    // libtest prints its header before the test runs; the plugin's first
    // line is the handshake.
    let line = tokio::task::spawn_blocking(move || {
        let mut reader = BufReader::new(stdout);
        let mut line = String::new();
        loop {
            line.clear();
            if reader.read_line(&mut line).unwrap() == 0 {
                return None;
            }
            if line.starts_with("1|") {
                return Some(line);
            }
        }
    })
    .await
    .unwrap()
    .expect("handshake line");
    // Includes the test harness starting up; informative, not asserted.
    eprintln!("process start to handshake line: {:?}", started.elapsed());
    let hs = parse_handshake(&line);
    assert_eq!(hs.protocol, "6");

    // The shell's builtin `kill`: no extra crate, no unsafe.
    let status = Command::new("sh")
        .args(["-c", &format!("kill -INT {}", child.id())])
        .status()
        .unwrap();
    assert!(status.success());
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        child.try_wait().unwrap().is_none(),
        "SIGINT must not stop the plugin"
    );

    let channel = connect(
        &hs,
        Some(tls_client(&hs.cert_der, (client_der, client_key))),
    )
    .await
    .unwrap();
    assert_eq!(
        health(&channel, "plugin").await.unwrap(),
        ServingStatus::Serving as i32
    );
    GrpcControllerClient::new(channel)
        .shutdown(Empty {})
        .await
        .unwrap();
    let status = tokio::task::spawn_blocking(move || {
        for _ in 0..50 {
            if let Some(status) = child.try_wait().unwrap() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = child.kill();
        None
    })
    .await
    .unwrap()
    .expect("the plugin exits after Shutdown");
    assert_eq!(status.code(), Some(0));

    // Logs: hclog JSON lines on stderr.
    let stderr = tokio::task::spawn_blocking(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut BufReader::new(stderr), &mut text);
        text
    })
    .await
    .unwrap();
    let mut messages = Vec::new();
    for line in stderr.lines().filter(|l| !l.trim().is_empty()) {
        let v: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line:?}"));
        for key in ["@level", "@message", "@timestamp", "@module"] {
            assert!(v[key].is_string(), "{key} in {line}");
        }
        messages.push(v["@message"].as_str().unwrap_or_default().to_owned());
    }
    assert!(messages.iter().any(|m| m == "plugin serving"), "{stderr}");
    assert!(
        messages.iter().any(|m| m.starts_with("SIGINT ignored")),
        "{stderr}"
    );
}
