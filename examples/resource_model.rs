//! A realistic resource model: one struct gives the schema Terraform sees
//! and the codecs for the values it sends.
//!
//! Run with `cargo run -p tfschema-examples --example resource_model`.

use std::collections::BTreeMap;

use tfschema::{msgpack, show, Refined, Refinements, Set, TfEncode, TfSchema, TfValue, Unknown};

/// A firewall rule.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Rule {
    /// TCP or UDP port.
    port: u16,
    /// Protocol: "tcp" or "udp".
    protocol: Option<String>,
    /// Source CIDR blocks.
    cidr_blocks: Option<Set<String>>,
}

/// A virtual machine with a firewall.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
#[tf(version = 1)]
struct Server {
    /// Provider-assigned ID.
    #[tf(computed)]
    id: Unknown<String>,
    /// The server's name.
    name: String,
    /// Machine size, e.g. "small".
    size: Option<String>,
    /// The server's ARN, known to start with "arn:example:" before apply.
    #[tf(computed)]
    arn: Refined<String>,
    /// Key/value labels.
    #[tf(optional, computed)]
    labels: Unknown<Option<BTreeMap<String, String>>>,
    /// Initial root password.
    #[tf(sensitive)]
    root_password: Option<String>,
    /// Inbound rules.
    #[tf(block)]
    rule: Vec<Rule>,
}

fn main() -> Result<(), tfschema::Error> {
    println!("Schema of the `server` resource (providers schema -json shape):");
    println!("{}\n", Server::schema().to_json());

    // A planned value: the ID is unknown, the ARN unknown but refined.
    let planned = Server {
        id: Unknown::Unknown,
        name: "web-1".into(),
        size: Some("small".into()),
        arn: Refined::Unknown(Refinements {
            not_null: true,
            string_prefix: "arn:example:".into(),
            ..Refinements::default()
        }),
        labels: Unknown::Known(Some(BTreeMap::from([("env".into(), "prod".into())]))),
        root_password: None,
        rule: vec![Rule {
            port: 443,
            protocol: Some("tcp".into()),
            cidr_blocks: Some(vec!["10.0.0.0/8".to_string(), "0.0.0.0/0".to_string()].into()),
        }],
    };
    let bytes = msgpack::to_vec(&planned)?;
    println!("The planned value as msgpack ({} bytes):", bytes.len());
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    println!("{hex}\n");

    let back: Server = msgpack::from_slice(&bytes)?;
    assert_eq!(back, planned, "round trip");
    println!("Decoded back, as a plan would show it:");
    println!("{}", show::render(&back.to_value()));
    Ok(())
}
