//! go-plugin's handshake line as a client reads it:
//! `1|<protocol>|<unix|tcp>|<address>|grpc|<certificate>`.

use base64::Engine as _;

use crate::server::handshake::CORE_PROTOCOL_VERSION;

/// How to reach the plugin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Network {
    /// A unix socket path.
    Unix,
    /// `host:port`.
    Tcp,
}

impl Network {
    /// The name go-plugin prints and reattach configurations carry.
    pub fn as_str(self) -> &'static str {
        match self {
            Network::Unix => "unix",
            Network::Tcp => "tcp",
        }
    }
}

/// The handshake line, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handshake {
    /// The plugin protocol the provider chose (5 or 6).
    pub protocol: u32,
    /// The network it listens on.
    pub network: Network,
    /// The socket path or `host:port`.
    pub address: String,
    /// The provider's TLS certificate (DER); `None` when it serves without
    /// TLS (a reattached provider; a launched one must have one).
    pub server_cert: Option<Vec<u8>>,
}

/// Parses go-plugin's handshake line; `offered` is what the provider was
/// offered (for the message when it chose something else).
///
/// # Errors
/// A line Terraform would refuse: not five or six `|`-separated fields,
/// another core protocol, a plugin protocol other than 5 or 6, a network
/// other than unix or tcp, net/rpc instead of grpc, no certificate (the
/// client always sends one, so a provider serving without TLS is refused as
/// Terraform refuses it), a certificate that is not base64. The message says
/// which.
pub fn parse_handshake(line: &str, offered: &str) -> Result<Handshake, String> {
    let line = line.trim();
    let shown: String = line.chars().take(200).collect();
    let fields: Vec<&str> = line.split('|').collect();
    if fields.len() < 4 {
        return Err(format!(
            "its first line of output is not a go-plugin handshake line: {shown:?} (expected \
             `1|<protocol>|<unix|tcp>|<address>|grpc|<certificate>`)"
        ));
    }
    if fields[0] != CORE_PROTOCOL_VERSION.to_string() {
        return Err(format!(
            "it speaks go-plugin core protocol {:?}; Terraform speaks {CORE_PROTOCOL_VERSION}",
            fields[0]
        ));
    }
    let protocol = match fields[1] {
        "5" => 5,
        "6" => 6,
        other => {
            return Err(format!(
                "it chose plugin protocol {other:?}; Terraform offered {offered}"
            ))
        }
    };
    let network = match fields[2] {
        "unix" => Network::Unix,
        "tcp" => Network::Tcp,
        other => {
            return Err(format!(
                "it listens on network {other:?}; go-plugin knows unix and tcp"
            ))
        }
    };
    match fields.get(4) {
        Some(&"grpc") => {}
        Some(other) => {
            return Err(format!(
                "it speaks {other:?}; Terraform 0.12 and later need grpc"
            ))
        }
        None => {
            return Err(
                "it speaks net/rpc (no protocol field); Terraform 0.12 and later need grpc"
                    .to_owned(),
            )
        }
    }
    // go-plugin prints the certificate without padding; padding is
    // tolerated.
    let cert = fields.get(5).map(|c| c.trim_end_matches('=')).unwrap_or("");
    if cert.is_empty() {
        return Err(
            "its handshake line has no certificate: it serves without TLS although \
                    PLUGIN_CLIENT_CERT was set (Terraform refuses that too)"
                .to_owned(),
        );
    }
    let server_cert = base64::engine::general_purpose::STANDARD_NO_PAD
        .decode(cert)
        .map_err(|e| format!("the certificate in its handshake line is not base64: {e}"))?;
    Ok(Handshake {
        protocol,
        network,
        address: fields[3].to_owned(),
        server_cert: Some(server_cert),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handshake_line_as_go_plugin_prints_it() {
        // The null provider 2.1.2's line (RECIPE.md §7), certificate cut.
        let hs = parse_handshake("1|5|unix|/tmp/plugin031451249|grpc|MIICMDCCAZKg\n", "5,6")
            .expect("parses");
        assert_eq!(hs.protocol, 5);
        assert_eq!(hs.network, Network::Unix);
        assert_eq!(hs.address, "/tmp/plugin031451249");
        assert_eq!(
            hs.server_cert.as_deref(),
            Some(&[0x30, 0x82, 0x02, 0x30, 0x30, 0x82, 0x01, 0x92, 0xa0][..])
        );
        let tcp = parse_handshake("1|6|tcp|127.0.0.1:10001|grpc|MIIC", "5,6").expect("parses");
        assert_eq!((tcp.protocol, tcp.network), (6, Network::Tcp));
        assert_eq!(tcp.address, "127.0.0.1:10001");
        assert!(parse_handshake("1|6|tcp|127.0.0.1:1|grpc|MIIC==", "5,6").is_ok());
    }

    #[test]
    fn lines_terraform_would_refuse() {
        for (line, want) in [
            ("Hello, world", "not a go-plugin handshake line"),
            ("2|6|unix|/s|grpc|MIIC", "core protocol \"2\""),
            (
                "1|4|unix|/s|grpc|MIIC",
                "plugin protocol \"4\"; Terraform offered 5,6",
            ),
            ("1|6|pipe|/s|grpc|MIIC", "network \"pipe\""),
            ("1|5|unix|/s", "net/rpc"),
            ("1|5|unix|/s|netrpc", "\"netrpc\""),
            ("1|6|unix|/s|grpc|", "no certificate"),
            ("1|6|unix|/s|grpc", "no certificate"),
            ("1|6|unix|/s|grpc|!!", "not base64"),
        ] {
            let err = parse_handshake(line, "5,6").expect_err(line);
            assert!(err.contains(want), "{line}: {err}");
        }
    }
}
