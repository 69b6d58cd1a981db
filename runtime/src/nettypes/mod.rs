//! The Go framework's `terraform-plugin-framework-nettypes` for
//! `#[tf(with = ...)]` fields: addresses (Go's `iptypes`: [`IpAddress`],
//! [`Ipv4Address`], [`Ipv6Address`]) and CIDR prefixes (Go's `cidrtypes`:
//! [`IpPrefix`], [`Ipv4Prefix`], [`Ipv6Prefix`]) and hardware addresses
//! (Go's `hwtypes`: [`MacAddress`]), each with its module in snake case
//! ([`ipv6_address`], ...). Each value keeps the string as
//! written and parses it as Go's `netip` does, refusing what Go refuses
//! with Go's diagnostic. Where Go has semantic equality (`IPAddress`,
//! `IPv6Address`, `IPPrefix`, `IPv6Prefix`), spellings of one address are
//! equal: `::1` and `0:0:0:0:0:0:0:1`; the IPv4 types have none, their
//! text being canonical already.
//!
//! ```
//! use std::net::Ipv6Addr;
//! use tfschema::nettypes::{self, Ipv6Address};
//! use tfschema::{TfSchema, TfValue};
//!
//! #[derive(TfSchema, TfValue)]
//! struct Endpoint {
//!     #[tf(with = nettypes::ipv6_address, semantic_equal)]
//!     address: Ipv6Address,
//! }
//!
//! let short = Ipv6Address::parse("::1").map_err(|e| e.detail().to_owned())?;
//! let long = Ipv6Address::parse("0:0:0:0:0:0:0:1").map_err(|e| e.detail().to_owned())?;
//! assert_eq!(short.addr(), Ipv6Addr::LOCALHOST);
//! assert!(nettypes::ipv6_address::semantically_equal(&short, &long));
//! # Ok::<(), String>(())
//! ```

pub mod mac_address;
mod parse;

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use crate::WireError;
use parse::GoAddr;

pub use mac_address::MacAddress;

/// Go's refusal: `summary`, then `detail`, the given value and, when the
/// parser failed, its error.
#[cold]
fn refusal(summary: &str, detail: &str, text: &str, err: Option<&str>) -> WireError {
    let error = err.map_or(String::new(), |e| format!("Error: {e}"));
    WireError::new(summary, format!("{detail}\n\nGiven Value: {text}\n{error}"))
}

fn v4(addr: &GoAddr) -> Ipv4Addr {
    Ipv4Addr::new(
        addr.bytes[12],
        addr.bytes[13],
        addr.bytes[14],
        addr.bytes[15],
    )
}

fn ip(addr: &GoAddr) -> IpAddr {
    if addr.is4 {
        IpAddr::V4(v4(addr))
    } else {
        IpAddr::V6(Ipv6Addr::from(addr.bytes))
    }
}

fn zone(addr: &GoAddr) -> Option<&str> {
    Some(addr.zone.as_str()).filter(|z| !z.is_empty())
}

/// An address as a canonical string: std's display (RFC 5952, `::ffff:`
/// before a mapped IPv4 address) and `%zone`.
fn addr_key(addr: &GoAddr) -> String {
    match zone(addr) {
        Some(z) => format!("{}%{z}", ip(addr)),
        None => ip(addr).to_string(),
    }
}

macro_rules! net_type {
    ($(#[$doc:meta])* $name:ident, $module:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name {
            text: String,
            parsed: Parsed,
        }

        impl $name {
            /// Parses `text` as Go does, keeping it.
            ///
            /// # Errors
            /// Text Go refuses, with Go's summary and detail.
            pub fn parse(text: impl Into<String>) -> Result<Self, WireError> {
                $module::from_wire(text.into())
            }

            /// The text as written.
            pub fn as_str(&self) -> &str {
                &self.text
            }

            /// The text as written, owned.
            pub fn into_string(self) -> String {
                self.text
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.text)
            }
        }
    };
}

/// What a value parsed to: an address, or an address and its bits.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Parsed {
    addr: GoAddr,
    bits: u8,
}

net_type!(
    /// Go's `iptypes.IPv4Address`: a dotted quad (`192.0.2.1`).
    Ipv4Address,
    ipv4_address
);

net_type!(
    /// Go's `iptypes.IPv6Address`: an IPv6 address, perhaps IPv4-mapped
    /// (`::ffff:192.0.2.1`) or with a zone (`fe80::1%eth0`).
    Ipv6Address,
    ipv6_address
);

net_type!(
    /// Go's `iptypes.IPAddress`: an IPv4 or an IPv6 address.
    IpAddress,
    ip_address
);

net_type!(
    /// Go's `cidrtypes.IPv4Prefix`: an IPv4 CIDR prefix (`10.0.0.0/8`; the
    /// bits past the prefix need not be zero, as in Go).
    Ipv4Prefix,
    ipv4_prefix
);

net_type!(
    /// Go's `cidrtypes.IPv6Prefix`: an IPv6 CIDR prefix (`2001:db8::/32`).
    Ipv6Prefix,
    ipv6_prefix
);

net_type!(
    /// Go's `cidrtypes.IPPrefix`: an IPv4 or IPv6 CIDR prefix.
    IpPrefix,
    ip_prefix
);

impl Ipv4Address {
    /// The address.
    pub fn addr(&self) -> Ipv4Addr {
        v4(&self.parsed.addr)
    }

    /// The value of `addr`, written as Go writes it.
    pub fn from_addr(addr: Ipv4Addr) -> Self {
        Ipv4Address {
            text: addr.to_string(),
            parsed: Parsed {
                addr: GoAddr {
                    bytes: addr.to_ipv6_mapped().octets(),
                    is4: true,
                    zone: String::new(),
                },
                bits: 0,
            },
        }
    }
}

impl Ipv6Address {
    /// The address (an IPv4-mapped one stays IPv6, as in Go).
    pub fn addr(&self) -> Ipv6Addr {
        Ipv6Addr::from(self.parsed.addr.bytes)
    }

    /// The zone after `%`, if any.
    pub fn zone(&self) -> Option<&str> {
        zone(&self.parsed.addr)
    }

    /// The value of `addr` (no zone), written in RFC 5952's form.
    pub fn from_addr(addr: Ipv6Addr) -> Self {
        Ipv6Address {
            text: addr.to_string(),
            parsed: Parsed {
                addr: GoAddr {
                    bytes: addr.octets(),
                    is4: false,
                    zone: String::new(),
                },
                bits: 0,
            },
        }
    }
}

impl IpAddress {
    /// The address: `V4` for a dotted quad, `V6` otherwise (an
    /// IPv4-mapped address included).
    pub fn addr(&self) -> IpAddr {
        ip(&self.parsed.addr)
    }

    /// The IPv6 zone after `%`, if any.
    pub fn zone(&self) -> Option<&str> {
        zone(&self.parsed.addr)
    }
}

macro_rules! prefix_accessors {
    ($name:ident, $addr:ty, $get:expr) => {
        impl $name {
            /// The address as written (not masked).
            pub fn addr(&self) -> $addr {
                $get(&self.parsed.addr)
            }

            /// The prefix length in bits.
            pub fn bits(&self) -> u8 {
                self.parsed.bits
            }
        }
    };
}

prefix_accessors!(Ipv4Prefix, Ipv4Addr, v4);
prefix_accessors!(Ipv6Prefix, Ipv6Addr, |a: &GoAddr| Ipv6Addr::from(a.bytes));
prefix_accessors!(IpPrefix, IpAddr, ip);

/// Reads an address with Go's `netip.ParseAddr` for a module's
/// `from_wire`; `family` refuses the other family.
fn address(
    text: String,
    summary: &str,
    invalid: &str,
    family: impl Fn(&GoAddr) -> Option<&'static str>,
) -> Result<(String, Parsed), WireError> {
    match parse::parse_addr(&text) {
        Err(e) => Err(refusal(summary, invalid, &text, Some(&e))),
        Ok(addr) => match family(&addr) {
            Some(wrong) => Err(refusal(summary, wrong, &text, None)),
            None => Ok((text, Parsed { addr, bits: 0 })),
        },
    }
}

/// As [`address`], with Go's `netip.ParsePrefix`.
fn prefix(
    text: String,
    summary: &str,
    invalid: &str,
    family: impl Fn(&GoAddr) -> Option<&'static str>,
) -> Result<(String, Parsed), WireError> {
    match parse::parse_prefix(&text) {
        Err(e) => Err(refusal(summary, invalid, &text, Some(&e))),
        Ok((addr, bits)) => match family(&addr) {
            Some(wrong) => Err(refusal(summary, wrong, &text, None)),
            None => Ok((text, Parsed { addr, bits })),
        },
    }
}

macro_rules! with_module {
    (
        $(#[$doc:meta])* $module:ident, $name:ident, $reader:ident, $summary:literal, $invalid:literal,
        $family:expr $(, key = $key:expr)?
    ) => {
        $(#[$doc])*
        pub mod $module {
            use super::$name;
            use crate::WireError;

            /// The attribute's Terraform type: a string.
            pub type Wire = String;

            /// The text as written.
            ///
            /// # Errors
            /// None.
            pub fn to_wire(value: &$name) -> Result<String, std::convert::Infallible> {
                Ok(value.text.clone())
            }

            #[doc = concat!("Parses the text as Go does, refusing what Go refuses (\"", $summary, "\").")]
            ///
            /// # Errors
            /// Text Go's parser refuses, or an address of the other family.
            pub fn from_wire(text: String) -> Result<$name, WireError> {
                let (text, parsed) = super::$reader(text, $summary, $invalid, $family)?;
                Ok($name { text, parsed })
            }

            $(
                /// Go's `StringSemanticEquals`: the same address (and zone),
                /// and for a prefix the same number of bits.
                pub fn semantically_equal(prior: &$name, new: &$name) -> bool {
                    prior.parsed == new.parsed
                }

                /// The canonical form semantic equality compares: the
                /// address in RFC 5952's form with its zone, and `/bits` for
                /// a prefix.
                pub fn semantic_key(value: &$name) -> String {
                    ($key)(&value.parsed)
                }
            )?
        }
    };
}

/// The IPv4 family check: an IPv6 address is refused in these words.
fn only4(wrong: &'static str) -> impl Fn(&GoAddr) -> Option<&'static str> {
    move |a| (!a.is4).then_some(wrong)
}

/// The IPv6 family check.
fn only6(wrong: &'static str) -> impl Fn(&GoAddr) -> Option<&'static str> {
    move |a| a.is4.then_some(wrong)
}

fn either(_: &GoAddr) -> Option<&'static str> {
    None
}

fn address_key(p: &Parsed) -> String {
    addr_key(&p.addr)
}

fn prefix_key(p: &Parsed) -> String {
    format!("{}/{}", addr_key(&p.addr), p.bits)
}

with_module!(
    /// The `#[tf(with = ...)]` module of [`Ipv4Address`]; no semantic
    /// equality, as in Go.
    ipv4_address, Ipv4Address, address, "Invalid IPv4 Address String Value",
    "A string value was provided that is not valid IPv4 string format.",
    super::only4("An IPv6 string format was provided, string value must be IPv4 format.")
);

with_module!(
    /// The `#[tf(with = ...)]` module of [`Ipv6Address`].
    ipv6_address, Ipv6Address, address, "Invalid IPv6 Address String Value",
    "A string value was provided that is not valid IPv6 string format (RFC 4291).",
    super::only6(
        "An IPv4 string format was provided, string value must be IPv6 string format or \
         IPv4-Mapped IPv6 string format (RFC 4291)."
    ),
    key = super::address_key
);

with_module!(
    /// The `#[tf(with = ...)]` module of [`IpAddress`].
    ip_address, IpAddress, address, "Invalid IP Address String Value",
    "A string value was provided that is not valid IPv4 or IPv6 string format (RFC 791, RFC 4291).",
    super::either,
    key = super::address_key
);

with_module!(
    /// The `#[tf(with = ...)]` module of [`Ipv4Prefix`]; no semantic
    /// equality, as in Go.
    ipv4_prefix, Ipv4Prefix, prefix, "Invalid IPv4 CIDR String Value",
    "A string value was provided that is not valid IPv4 CIDR string format (RFC 4632).",
    super::only4(
        "An IPv6 CIDR string format was provided, string value must be IPv4 CIDR string format \
         (RFC 4632)."
    )
);

with_module!(
    /// The `#[tf(with = ...)]` module of [`Ipv6Prefix`].
    ipv6_prefix, Ipv6Prefix, prefix, "Invalid IPv6 CIDR String Value",
    "A string value was provided that is not valid IPv6 CIDR string format (RFC 4291).",
    super::only6(
        "An IPv4 CIDR string format was provided, string value must be IPv6 CIDR string format \
         (RFC 4291)."
    ),
    key = super::prefix_key
);

with_module!(
    /// The `#[tf(with = ...)]` module of [`IpPrefix`].
    ip_prefix, IpPrefix, prefix, "Invalid IP CIDR String Value",
    "A string value was provided that is not valid IPv4 or IPv6 CIDR string format (RFC 4632, \
     RFC 4291).",
    super::either,
    key = super::prefix_key
);
