//! go-plugin's AutoMTLS, client side: a fresh self-signed client
//! certificate per launch (passed to the provider in `PLUGIN_CLIENT_CERT`)
//! and a TLS client that trusts exactly the certificate the provider
//! printed.
//!
//! The certificate is made as go-plugin makes Terraform's (a CA, key usages
//! DigitalSignature, KeyEncipherment and CertSign, extended key usages
//! ClientAuth and ServerAuth, CN and SAN `localhost`, O `HashiCorp`): Go
//! providers verify it as a chain of one, which needs the CA flag. The key
//! is ECDSA P-256 rather than go-plugin's P-521, which ring cannot sign
//! with; Go and tfschema servers accept both. The provider's certificate is
//! pinned by its bytes (go-plugin's are CAs too, which WebPKI refuses as
//! end entities) and its handshake signature verified with the runtime's
//! crypto provider, which adds P-521 (Go providers' key) to ring's.

use std::sync::Arc;

use rcgen::{BasicConstraints, DnType, ExtendedKeyUsagePurpose, IsCa, KeyUsagePurpose};
use rustls::client::danger::{ServerCertVerified, ServerCertVerifier};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName, UnixTime};
use rustls::ClientConfig;

use crate::server::tls::{crypto_provider, pinned_signatures, Pinned, SelfSigned};

/// Our certificate and key for one launch.
pub(crate) struct ClientIdentity {
    /// The certificate as `PLUGIN_CLIENT_CERT` carries it (PEM).
    pub(crate) cert_pem: String,
    cert: CertificateDer<'static>,
    key: PrivatePkcs8KeyDer<'static>,
}

impl std::fmt::Debug for ClientIdentity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The private key stays out of logs.
        f.debug_struct("ClientIdentity").finish_non_exhaustive()
    }
}

impl ClientIdentity {
    /// A fresh key and self-signed certificate.
    pub(crate) fn generate() -> Result<ClientIdentity, String> {
        let made = SelfSigned::generate("client", |params| {
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
        })?;
        Ok(ClientIdentity {
            cert_pem: made.certificate.pem(),
            cert: made.certificate.der().clone(),
            key: made.key,
        })
    }

    /// The TLS client: presents our certificate, accepts only
    /// `server_cert`, offers ALPN `h2` (gRPC-Go servers require it).
    pub(crate) fn client_config(&self, server_cert: &[u8]) -> Result<Arc<ClientConfig>, String> {
        let verifier = PinnedServerCert(Pinned::new(CertificateDer::from(server_cert.to_vec())));
        let mut config = ClientConfig::builder_with_provider(crypto_provider())
            .with_protocol_versions(&[&rustls::version::TLS13, &rustls::version::TLS12])
            .map_err(|e| format!("TLS versions: {e}"))?
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(verifier))
            .with_client_auth_cert(
                vec![self.cert.clone()],
                PrivateKeyDer::Pkcs8(self.key.clone_key()),
            )
            .map_err(|e| format!("our client certificate: {e}"))?;
        config.alpn_protocols = vec![b"h2".to_vec()];
        Ok(Arc::new(config))
    }
}

/// Accepts exactly the certificate from the handshake line, compared byte
/// for byte; the handshake signature is verified with its key.
#[derive(Debug)]
struct PinnedServerCert(Pinned);

impl ServerCertVerifier for PinnedServerCert {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        self.0.check(end_entity)?;
        Ok(ServerCertVerified::assertion())
    }

    pinned_signatures!();
}
