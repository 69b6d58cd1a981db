use std::net::Ipv4Addr;

#[tfschema::function]
pub fn is_private(address: Ipv4Addr) -> bool {
    address.is_private()
}

fn main() {}
