use std::net::Ipv4Addr;

use tfschema::{TfSchema, TfValue};

mod ipv4 {
    use std::net::Ipv4Addr;

    pub type Wire = String;

    pub fn to_wire(addr: &Ipv4Addr) -> Result<String, std::convert::Infallible> {
        Ok(addr.to_string())
    }

    pub fn from_wire(text: String) -> Result<Ipv4Addr, std::net::AddrParseError> {
        text.parse()
    }
}

/// The module converts the type inside the field's written wrappers; behind
/// an alias, the `Option` is part of that type.
type Gateway = Option<Ipv4Addr>;

#[derive(TfSchema, TfValue)]
struct Host {
    #[tf(with = ipv4)]
    gateway: Gateway,
}

fn main() {}
