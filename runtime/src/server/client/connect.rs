//! The gRPC channel to a provider as go-plugin opens it: the socket from
//! the handshake line (unix or TCP), TLS with our certificate and the
//! provider's pinned when it printed one, the authority `localhost`.

use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpStream, UnixStream};
use tonic::codegen::http;
use tonic::transport::{Channel, Endpoint};

use super::handshake::Network;

/// How long connecting may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

trait Io: AsyncRead + AsyncWrite + Unpin + Send + 'static {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send + 'static> Io for T {}

/// Connects to `address` on `network`, over TLS when `tls` is given.
pub(super) async fn connect(
    network: Network,
    address: &str,
    tls: Option<Arc<rustls::ClientConfig>>,
) -> Result<Channel, String> {
    let how = if tls.is_some() { " over TLS" } else { "" };
    let tls = tls.map(tokio_rustls::TlsConnector::from);
    let target = address.to_owned();
    Endpoint::from_static("http://localhost")
        .connect_timeout(CONNECT_TIMEOUT)
        .connect_with_connector(tower::service_fn(move |_: http::Uri| {
            let (tls, address) = (tls.clone(), target.clone());
            async move {
                let io: Box<dyn Io> = match network {
                    Network::Unix => Box::new(UnixStream::connect(&address).await?),
                    Network::Tcp => Box::new(TcpStream::connect(&address).await?),
                };
                let io: Box<dyn Io> = match tls {
                    Some(tls) => {
                        let name = rustls::pki_types::ServerName::try_from("localhost")
                            .map_err(std::io::Error::other)?;
                        Box::new(tls.connect(name, io).await?)
                    }
                    None => io,
                };
                Ok::<_, std::io::Error>(hyper_util::rt::TokioIo::new(io))
            }
        }))
        .await
        .map_err(|e| {
            let mut text = e.to_string();
            let mut source = std::error::Error::source(&e);
            while let Some(s) = source {
                text = format!("{text}: {s}");
                source = s.source();
            }
            format!("connecting to {} {address}{how}: {text}", network.as_str())
        })
}
