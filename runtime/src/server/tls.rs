//! go-plugin's AutoMTLS, server side: a fresh self-signed server certificate
//! per run (printed in the handshake line, trusted by Terraform for that run
//! only) and a rustls server configuration that requires exactly the client
//! certificate Terraform passed in `PLUGIN_CLIENT_CERT`.
//!
//! The client certificate is pinned by its DER bytes rather than verified as a
//! chain (go-plugin marks it as a CA, which WebPKI refuses as an end entity);
//! its P-521 signature over the handshake is still verified.
//!
//! The crypto provider is ring, whose random numbers come straight from the
//! OS: a provider start pays nothing for them (aws-lc, by default, seeds from
//! CPU jitter at the first random number, ~30 ms on every start). ring has
//! no P-521, so ECDSA P-521 signatures are verified with RustCrypto's `p521`
//! ([`crypto_provider`] adds it to ring's verification algorithms).

use std::fmt;
use std::sync::Arc;

use p521::ecdsa::signature::hazmat::PrehashVerifier;
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{
    alg_id, AlgorithmIdentifier, CertificateDer, InvalidSignature, PrivateKeyDer,
    PrivatePkcs8KeyDer, SignatureVerificationAlgorithm, UnixTime,
};
use rustls::server::danger::{ClientCertVerified, ClientCertVerifier};
use rustls::{DistinguishedName, ServerConfig, SignatureScheme};
use sha2::Digest;
use webpki::ring as ring_algs;

/// The crypto provider of the plugin server: ring, with ECDSA P-521
/// verification added to its signature verification algorithms.
///
/// A client that talks to a provider at the wire (with [`proto`](super::proto))
/// needs it too: go-plugin servers, Go's and ours, sign the TLS handshake
/// with a P-521 key, which ring's own provider cannot verify.
pub fn crypto_provider() -> Arc<CryptoProvider> {
    Arc::new(CryptoProvider {
        signature_verification_algorithms: SUPPORTED_SIG_ALGS,
        ..rustls::crypto::ring::default_provider()
    })
}

/// ring's algorithms (as rustls' ring provider lists them) and ECDSA P-521
/// with SHA-256, SHA-384 and SHA-512, mapped as rustls' aws-lc-rs provider
/// maps them: in TLS 1.3 a scheme names its curve, in TLS 1.2 only the hash,
/// so a TLS 1.2 client may sign with its P-521 key under any ECDSA scheme.
static SUPPORTED_SIG_ALGS: WebPkiSupportedAlgorithms = WebPkiSupportedAlgorithms {
    all: &[
        ring_algs::ECDSA_P256_SHA256,
        ring_algs::ECDSA_P256_SHA384,
        ring_algs::ECDSA_P384_SHA256,
        ring_algs::ECDSA_P384_SHA384,
        ECDSA_P521_SHA256,
        ECDSA_P521_SHA384,
        ECDSA_P521_SHA512,
        ring_algs::ED25519,
        ring_algs::RSA_PSS_2048_8192_SHA256_LEGACY_KEY,
        ring_algs::RSA_PSS_2048_8192_SHA384_LEGACY_KEY,
        ring_algs::RSA_PSS_2048_8192_SHA512_LEGACY_KEY,
        ring_algs::RSA_PKCS1_2048_8192_SHA256,
        ring_algs::RSA_PKCS1_2048_8192_SHA384,
        ring_algs::RSA_PKCS1_2048_8192_SHA512,
        ring_algs::RSA_PKCS1_2048_8192_SHA256_ABSENT_PARAMS,
        ring_algs::RSA_PKCS1_2048_8192_SHA384_ABSENT_PARAMS,
        ring_algs::RSA_PKCS1_2048_8192_SHA512_ABSENT_PARAMS,
    ],
    mapping: &[
        (
            SignatureScheme::ECDSA_NISTP384_SHA384,
            &[
                ring_algs::ECDSA_P384_SHA384,
                ring_algs::ECDSA_P256_SHA384,
                ECDSA_P521_SHA384,
            ],
        ),
        (
            SignatureScheme::ECDSA_NISTP256_SHA256,
            &[
                ring_algs::ECDSA_P256_SHA256,
                ring_algs::ECDSA_P384_SHA256,
                ECDSA_P521_SHA256,
            ],
        ),
        (SignatureScheme::ECDSA_NISTP521_SHA512, &[ECDSA_P521_SHA512]),
        (SignatureScheme::ED25519, &[ring_algs::ED25519]),
        (
            SignatureScheme::RSA_PSS_SHA512,
            &[ring_algs::RSA_PSS_2048_8192_SHA512_LEGACY_KEY],
        ),
        (
            SignatureScheme::RSA_PSS_SHA384,
            &[ring_algs::RSA_PSS_2048_8192_SHA384_LEGACY_KEY],
        ),
        (
            SignatureScheme::RSA_PSS_SHA256,
            &[ring_algs::RSA_PSS_2048_8192_SHA256_LEGACY_KEY],
        ),
        (
            SignatureScheme::RSA_PKCS1_SHA512,
            &[ring_algs::RSA_PKCS1_2048_8192_SHA512],
        ),
        (
            SignatureScheme::RSA_PKCS1_SHA384,
            &[ring_algs::RSA_PKCS1_2048_8192_SHA384],
        ),
        (
            SignatureScheme::RSA_PKCS1_SHA256,
            &[ring_algs::RSA_PKCS1_2048_8192_SHA256],
        ),
    ],
};

static ECDSA_P521_SHA256: &dyn SignatureVerificationAlgorithm = &EcdsaP521 { hash: Sha2::Sha256 };
static ECDSA_P521_SHA384: &dyn SignatureVerificationAlgorithm = &EcdsaP521 { hash: Sha2::Sha384 };
static ECDSA_P521_SHA512: &dyn SignatureVerificationAlgorithm = &EcdsaP521 { hash: Sha2::Sha512 };

#[derive(Debug, Clone, Copy)]
enum Sha2 {
    Sha256,
    Sha384,
    Sha512,
}

/// ECDSA on P-521 with a SHA-2 hash: the public key is the certificate's
/// SEC1 point, the signature ASN.1 DER, as in X.509 and TLS.
#[derive(Debug)]
struct EcdsaP521 {
    hash: Sha2,
}

impl SignatureVerificationAlgorithm for EcdsaP521 {
    fn public_key_alg_id(&self) -> AlgorithmIdentifier {
        alg_id::ECDSA_P521
    }

    fn signature_alg_id(&self) -> AlgorithmIdentifier {
        match self.hash {
            Sha2::Sha256 => alg_id::ECDSA_SHA256,
            Sha2::Sha384 => alg_id::ECDSA_SHA384,
            Sha2::Sha512 => alg_id::ECDSA_SHA512,
        }
    }

    fn verify_signature(
        &self,
        public_key: &[u8],
        message: &[u8],
        signature: &[u8],
    ) -> Result<(), InvalidSignature> {
        let key =
            p521::ecdsa::VerifyingKey::from_sec1_bytes(public_key).map_err(|_| InvalidSignature)?;
        let signature =
            p521::ecdsa::DerSignature::try_from(signature).map_err(|_| InvalidSignature)?;
        let verified = match self.hash {
            Sha2::Sha256 => key.verify_prehash(&sha2::Sha256::digest(message), &signature),
            Sha2::Sha384 => key.verify_prehash(&sha2::Sha384::digest(message), &signature),
            Sha2::Sha512 => key.verify_prehash(&sha2::Sha512::digest(message), &signature),
        };
        verified.map_err(|_| InvalidSignature)
    }
}

/// The plugin's certificate for one run: self-signed, ECDSA P-256,
/// CN and SAN `localhost`, extended key usage ServerAuth.
pub struct ServerIdentity {
    cert: CertificateDer<'static>,
    key: PrivatePkcs8KeyDer<'static>,
}

impl fmt::Debug for ServerIdentity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The private key stays out of logs.
        f.debug_struct("ServerIdentity")
            .field("cert_len", &self.cert.len())
            .finish_non_exhaustive()
    }
}

impl ServerIdentity {
    /// Generates a fresh key and certificate.
    ///
    /// # Errors
    /// Key generation or signing failed in the crypto library.
    pub fn generate() -> Result<ServerIdentity, TlsError> {
        use rcgen::{ExtendedKeyUsagePurpose, KeyUsagePurpose};
        let made = SelfSigned::generate("server", |params| {
            params.key_usages = vec![
                KeyUsagePurpose::DigitalSignature,
                KeyUsagePurpose::KeyAgreement,
            ];
            params.extended_key_usages = vec![ExtendedKeyUsagePurpose::ServerAuth];
        })
        .map_err(TlsError::new)?;
        Ok(ServerIdentity {
            cert: made.certificate.der().clone(),
            key: made.key,
        })
    }

    /// The certificate (DER), as printed in the handshake line.
    pub fn cert_der(&self) -> &[u8] {
        self.cert.as_ref()
    }
}

/// A fresh ECDSA P-256 key and a certificate it signs itself, CN and SAN
/// `localhost`: each side of go-plugin's AutoMTLS makes one per run
/// ([`ServerIdentity`] here, the plugin client's identity in
/// `client::tls`), each with its own usages.
pub(crate) struct SelfSigned {
    /// The certificate (its DER and, with rcgen's `pem`, its PEM).
    pub(crate) certificate: rcgen::Certificate,
    pub(crate) key: PrivatePkcs8KeyDer<'static>,
}

impl SelfSigned {
    /// Generates one; `usages` sets what differs between the two sides.
    /// `what` (`server`, `client`) names it in errors.
    pub(crate) fn generate(
        what: &str,
        usages: impl FnOnce(&mut rcgen::CertificateParams),
    ) -> Result<SelfSigned, String> {
        use rcgen::{CertificateParams, DnType, KeyPair, PKCS_ECDSA_P256_SHA256};
        let key = KeyPair::generate_for(&PKCS_ECDSA_P256_SHA256)
            .map_err(|e| format!("generating the {what} key: {e}"))?;
        let mut params = CertificateParams::new(vec!["localhost".to_owned()])
            .map_err(|e| format!("{what} certificate parameters: {e}"))?;
        params
            .distinguished_name
            .push(DnType::CommonName, "localhost");
        usages(&mut params);
        let cert = params
            .self_signed(&key)
            .map_err(|e| format!("signing the {what} certificate: {e}"))?;
        Ok(SelfSigned {
            certificate: cert,
            key: PrivatePkcs8KeyDer::from(key.serialize_der()),
        })
    }
}

/// A certificate trusted by its bytes alone, and the handshake signatures
/// of its holder verified with its key: what each side of go-plugin's
/// AutoMTLS trusts of the other (go-plugin's certificates are CAs, which
/// WebPKI refuses as end entities). The server's [`PinnedClientCert`] and
/// the client's pinned server certificate both hold one.
#[derive(Debug)]
pub(crate) struct Pinned {
    cert: CertificateDer<'static>,
    algorithms: WebPkiSupportedAlgorithms,
}

impl Pinned {
    /// Trusts `cert`, verifying signatures with [`crypto_provider`]'s algorithms.
    pub(crate) fn new(cert: CertificateDer<'static>) -> Self {
        Pinned {
            cert,
            algorithms: SUPPORTED_SIG_ALGS,
        }
    }

    /// Whether the peer presented exactly the pinned certificate.
    pub(crate) fn check(&self, end_entity: &CertificateDer<'_>) -> Result<(), rustls::Error> {
        if end_entity.as_ref() == self.cert.as_ref() {
            Ok(())
        } else {
            Err(rustls::Error::InvalidCertificate(
                rustls::CertificateError::ApplicationVerificationFailure,
            ))
        }
    }
}

/// The three signature methods that rustls's `ServerCertVerifier` and
/// `ClientCertVerifier` share, for a verifier whose field `0` is a
/// [`Pinned`].
macro_rules! pinned_signatures {
    () => {
        fn verify_tls12_signature(
            &self,
            message: &[u8],
            cert: &rustls::pki_types::CertificateDer<'_>,
            dss: &rustls::DigitallySignedStruct,
        ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
            rustls::crypto::verify_tls12_signature(message, cert, dss, &self.0.algorithms())
        }

        fn verify_tls13_signature(
            &self,
            message: &[u8],
            cert: &rustls::pki_types::CertificateDer<'_>,
            dss: &rustls::DigitallySignedStruct,
        ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
            rustls::crypto::verify_tls13_signature(message, cert, dss, &self.0.algorithms())
        }

        fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
            self.0.algorithms().supported_schemes()
        }
    };
}
#[cfg(feature = "client")]
pub(crate) use pinned_signatures;

impl Pinned {
    /// The algorithms signatures are verified with.
    pub(crate) fn algorithms(&self) -> WebPkiSupportedAlgorithms {
        self.algorithms
    }
}

/// Parses `PLUGIN_CLIENT_CERT`: the first PEM `CERTIFICATE` block.
///
/// # Errors
/// Text with no PEM certificate in it.
pub fn parse_client_cert(pem: &str) -> Result<CertificateDer<'static>, TlsError> {
    CertificateDer::from_pem_slice(pem.as_bytes())
        .map_err(|e| TlsError::new(format!("PLUGIN_CLIENT_CERT is not a PEM certificate: {e}")))
}

/// The rustls server configuration: our certificate, the client certificate
/// required and pinned, TLS 1.2 and 1.3, ALPN `h2`.
///
/// # Errors
/// rustls refused the protocol versions or our certificate and key.
pub fn server_config(
    identity: &ServerIdentity,
    client_cert: CertificateDer<'static>,
) -> Result<Arc<ServerConfig>, TlsError> {
    let verifier = PinnedClientCert(Pinned::new(client_cert));
    let mut config = ServerConfig::builder_with_provider(crypto_provider())
        .with_protocol_versions(&[&rustls::version::TLS13, &rustls::version::TLS12])
        .map_err(|e| TlsError::new(format!("TLS versions: {e}")))?
        .with_client_cert_verifier(Arc::new(verifier))
        .with_single_cert(
            vec![identity.cert.clone()],
            PrivateKeyDer::Pkcs8(identity.key.clone_key()),
        )
        .map_err(|e| TlsError::new(format!("server certificate: {e}")))?;
    config.alpn_protocols = vec![b"h2".to_vec()];
    Ok(Arc::new(config))
}

/// Accepts exactly one client certificate, compared byte for byte; the
/// handshake signature is verified with that certificate's key.
#[derive(Debug)]
struct PinnedClientCert(Pinned);

impl ClientCertVerifier for PinnedClientCert {
    fn root_hint_subjects(&self) -> &[DistinguishedName] {
        // No hints: Go's client then offers its certificate unconditionally.
        &[]
    }

    fn verify_client_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _now: UnixTime,
    ) -> Result<ClientCertVerified, rustls::Error> {
        self.0.check(end_entity)?;
        Ok(ClientCertVerified::assertion())
    }

    pinned_signatures!();
}

/// A TLS setup failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TlsError {
    message: String,
}

impl TlsError {
    fn new(message: String) -> Self {
        TlsError { message }
    }
}

impl fmt::Display for TlsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TlsError {}

#[cfg(test)]
mod tests {
    use super::*;
    use rcgen::{
        BasicConstraints, CertificateParams, DnType, ExtendedKeyUsagePurpose, IsCa, KeyPair,
        KeyUsagePurpose, PKCS_ECDSA_P521_SHA512,
    };
    use rustls::pki_types::ServerName;
    use rustls::{ClientConfig, ClientConnection, RootCertStore, ServerConnection};

    /// A client certificate the way go-plugin makes one: P-521, CA, SAN
    /// localhost, ClientAuth and ServerAuth.
    fn go_plugin_client_cert() -> (CertificateDer<'static>, PrivateKeyDer<'static>, String) {
        let key = KeyPair::generate_for(&PKCS_ECDSA_P521_SHA512).expect("P-521 key");
        let mut params = CertificateParams::new(vec!["localhost".to_owned()]).expect("params");
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
        let cert = params.self_signed(&key).expect("self-signed");
        let pem = cert.pem();
        (
            cert.der().clone(),
            PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der())),
            pem,
        )
    }

    /// Terraform's side: a provider that can sign with P-521 (aws-lc-rs;
    /// ring cannot), and another implementation than the server's p521.
    fn client_provider() -> Arc<rustls::crypto::CryptoProvider> {
        Arc::new(rustls::crypto::aws_lc_rs::default_provider())
    }

    fn client_config(
        server_cert: &[u8],
        client: (CertificateDer<'static>, PrivateKeyDer<'static>),
    ) -> Arc<ClientConfig> {
        client_config_with_versions(server_cert, client, rustls::DEFAULT_VERSIONS)
    }

    fn client_config_with_versions(
        server_cert: &[u8],
        client: (CertificateDer<'static>, PrivateKeyDer<'static>),
        versions: &[&'static rustls::SupportedProtocolVersion],
    ) -> Arc<ClientConfig> {
        let mut roots = RootCertStore::empty();
        roots
            .add(CertificateDer::from(server_cert.to_vec()))
            .expect("root");
        let mut config = ClientConfig::builder_with_provider(client_provider())
            .with_protocol_versions(versions)
            .expect("versions")
            .with_root_certificates(roots)
            .with_client_auth_cert(vec![client.0], client.1)
            .expect("client cert");
        config.alpn_protocols = vec![b"h2".to_vec()];
        Arc::new(config)
    }

    /// Runs a handshake between the two configurations in memory.
    fn handshake(
        server: Arc<ServerConfig>,
        client: Arc<ClientConfig>,
    ) -> Result<(ServerConnection, ClientConnection), rustls::Error> {
        let mut s = ServerConnection::new(server)?;
        let name = ServerName::try_from("localhost").expect("name");
        let mut c = ClientConnection::new(client, name)?;
        for _ in 0..20 {
            if !s.is_handshaking() && !c.is_handshaking() {
                break;
            }
            let mut buf = Vec::new();
            while c.wants_write() {
                c.write_tls(&mut buf)
                    .map_err(|e| rustls::Error::General(e.to_string()))?;
            }
            let mut slice = buf.as_slice();
            while !slice.is_empty() {
                s.read_tls(&mut slice)
                    .map_err(|e| rustls::Error::General(e.to_string()))?;
                s.process_new_packets()?;
            }
            let mut buf = Vec::new();
            while s.wants_write() {
                s.write_tls(&mut buf)
                    .map_err(|e| rustls::Error::General(e.to_string()))?;
            }
            let mut slice = buf.as_slice();
            while !slice.is_empty() {
                c.read_tls(&mut slice)
                    .map_err(|e| rustls::Error::General(e.to_string()))?;
                c.process_new_packets()?;
            }
        }
        Ok((s, c))
    }

    #[test]
    fn pinned_p521_client_is_accepted() {
        let identity = ServerIdentity::generate().expect("identity");
        let (der, key, pem) = go_plugin_client_cert();
        let pinned = parse_client_cert(&pem).expect("pem");
        assert_eq!(pinned, der);
        let server = server_config(&identity, pinned).expect("server config");
        let client = client_config(identity.cert_der(), (der.clone(), key));
        let (s, c) = handshake(server, client).expect("handshake");
        assert!(!s.is_handshaking() && !c.is_handshaking());
        assert_eq!(s.alpn_protocol(), Some(&b"h2"[..]));
        assert_eq!(
            s.peer_certificates()
                .map(|certs| certs[0].as_ref().to_vec()),
            Some(der.as_ref().to_vec())
        );
    }

    #[test]
    fn pinned_p521_client_is_accepted_over_tls12() {
        let identity = ServerIdentity::generate().expect("identity");
        let (der, key, pem) = go_plugin_client_cert();
        let server =
            server_config(&identity, parse_client_cert(&pem).expect("pem")).expect("server config");
        let client = client_config_with_versions(
            identity.cert_der(),
            (der, key),
            &[&rustls::version::TLS12],
        );
        let (s, c) = handshake(server, client).expect("handshake");
        assert!(!s.is_handshaking() && !c.is_handshaking());
        assert_eq!(s.protocol_version(), Some(rustls::ProtocolVersion::TLSv1_2));
    }

    #[test]
    fn p521_signatures_are_verified_for_each_hash() {
        use rcgen::{PublicKeyData, SigningKey, PKCS_ECDSA_P521_SHA256, PKCS_ECDSA_P521_SHA384};
        let message = b"TLS 1.3, client CertificateVerify";
        let cases: [(
            &rcgen::SignatureAlgorithm,
            &dyn SignatureVerificationAlgorithm,
        ); 3] = [
            (&PKCS_ECDSA_P521_SHA256, ECDSA_P521_SHA256),
            (&PKCS_ECDSA_P521_SHA384, ECDSA_P521_SHA384),
            (&PKCS_ECDSA_P521_SHA512, ECDSA_P521_SHA512),
        ];
        for (signer_alg, alg) in cases {
            // Signed by aws-lc-rs, verified by p521.
            let key = KeyPair::generate_for(signer_alg).expect("P-521 key");
            let other = KeyPair::generate_for(signer_alg).expect("P-521 key");
            let signature = key.sign(message).expect("sign");
            let public = key.der_bytes();
            let verifies = |public: &[u8], message: &[u8], signature: &[u8]| {
                alg.verify_signature(public, message, signature).is_ok()
            };
            assert!(verifies(public, message, &signature), "{signer_alg:?}");
            assert!(!verifies(public, b"another message", &signature));
            assert!(!verifies(other.der_bytes(), message, &signature));
            let mut flipped = signature.clone();
            let last = flipped.len() - 1;
            flipped[last] ^= 1;
            assert!(!verifies(public, message, &flipped));
            assert!(!verifies(public, message, &signature[..last]));
            assert!(!verifies(&public[1..], message, &signature));
        }
        // A P-521 signature over another hash than the algorithm's fails.
        let key = KeyPair::generate_for(&PKCS_ECDSA_P521_SHA384).expect("P-521 key");
        let signature = key.sign(message).expect("sign");
        assert!(ECDSA_P521_SHA512
            .verify_signature(key.der_bytes(), message, &signature)
            .is_err());
    }

    #[test]
    fn provider_is_ring_with_p521_verification() {
        let provider = crypto_provider();
        let ring = rustls::crypto::ring::default_provider();
        assert_eq!(
            format!("{:?}", provider.cipher_suites),
            format!("{:?}", ring.cipher_suites)
        );
        assert_eq!(
            format!("{:?}", provider.kx_groups),
            format!("{:?}", ring.kx_groups)
        );
        let schemes = provider
            .signature_verification_algorithms
            .supported_schemes();
        assert!(
            schemes.contains(&SignatureScheme::ECDSA_NISTP521_SHA512),
            "{schemes:?}"
        );
        for scheme in ring.signature_verification_algorithms.supported_schemes() {
            assert!(schemes.contains(&scheme), "{scheme:?}");
        }
    }

    #[test]
    fn other_client_cert_is_rejected() {
        let identity = ServerIdentity::generate().expect("identity");
        let (_, _, expected_pem) = go_plugin_client_cert();
        let (other_der, other_key, _) = go_plugin_client_cert();
        let server = server_config(&identity, parse_client_cert(&expected_pem).expect("pem"))
            .expect("server config");
        let client = client_config(identity.cert_der(), (other_der, other_key));
        let err = handshake(server, client).expect_err("must be rejected");
        assert!(
            matches!(
                err,
                rustls::Error::InvalidCertificate(
                    rustls::CertificateError::ApplicationVerificationFailure
                )
            ),
            "{err:?}"
        );
    }

    #[test]
    fn client_without_cert_is_rejected() {
        let identity = ServerIdentity::generate().expect("identity");
        let (_, _, pem) = go_plugin_client_cert();
        let server =
            server_config(&identity, parse_client_cert(&pem).expect("pem")).expect("config");
        let mut roots = RootCertStore::empty();
        roots
            .add(CertificateDer::from(identity.cert_der().to_vec()))
            .expect("root");
        let client = ClientConfig::builder_with_provider(client_provider())
            .with_safe_default_protocol_versions()
            .expect("versions")
            .with_root_certificates(roots)
            .with_no_client_auth();
        assert!(handshake(server, Arc::new(client)).is_err());
    }

    #[test]
    fn server_cert_is_valid_for_localhost_only() {
        let identity = ServerIdentity::generate().expect("identity");
        let (der, key, pem) = go_plugin_client_cert();
        let server =
            server_config(&identity, parse_client_cert(&pem).expect("pem")).expect("config");
        let client = client_config(identity.cert_der(), (der, key));
        let mut s = ServerConnection::new(server).expect("server");
        let name = ServerName::try_from("example.com").expect("name");
        let mut c = ClientConnection::new(client, name).expect("client");
        // Drive just far enough for the client to check the server's name.
        let mut buf = Vec::new();
        while c.wants_write() {
            c.write_tls(&mut buf).expect("write");
        }
        let mut slice = buf.as_slice();
        while !slice.is_empty() {
            s.read_tls(&mut slice).expect("read");
            s.process_new_packets().expect("server");
        }
        let mut buf = Vec::new();
        while s.wants_write() {
            s.write_tls(&mut buf).expect("write");
        }
        let mut slice = buf.as_slice();
        let mut failed = false;
        while !slice.is_empty() {
            c.read_tls(&mut slice).expect("read");
            if c.process_new_packets().is_err() {
                failed = true;
                break;
            }
        }
        assert!(
            failed,
            "a certificate for localhost must not pass as example.com"
        );
    }

    #[test]
    fn bad_pem_is_a_clear_error() {
        let err = parse_client_cert("not a cert").expect_err("must fail");
        assert!(err.to_string().contains("PLUGIN_CLIENT_CERT"), "{err}");
    }
}
