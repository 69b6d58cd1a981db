//! The `#[tf(with = ...)]` module of [`MacAddress`], Go's
//! `hwtypes.MACAddress`: a hardware address as `net.ParseMAC` reads it
//! (EUI-48, EUI-64 or a 20-octet IP over InfiniBand address, in groups of
//! two hex digits split by `:` or `-`, or of four split by `.`).

use std::fmt;

use crate::WireError;

/// Go's `hwtypes.MACAddress`: the text as written and its octets.
/// Semantically equal when the octets are (`00:00:5E:00:53:00` and
/// `0000.5e00.5300`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MacAddress {
    text: String,
    octets: Vec<u8>,
}

impl MacAddress {
    /// Parses `text` as Go's `net.ParseMAC`, keeping it.
    ///
    /// # Errors
    /// Text Go refuses, with Go's summary and detail.
    pub fn parse(text: impl Into<String>) -> Result<Self, WireError> {
        from_wire(text.into())
    }

    /// The text as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text as written, owned.
    pub fn into_string(self) -> String {
        self.text
    }

    /// The octets: 6, 8 or 20 of them.
    pub fn octets(&self) -> &[u8] {
        &self.octets
    }
}

impl fmt::Display for MacAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Go's `xtoi2`: two hex digits, then `sep` unless the text ends there.
fn hex_pair(s: &[u8], sep: Option<u8>) -> Option<u8> {
    if s.len() > 2 && Some(s[2]) != sep {
        return None;
    }
    let digit = |c: u8| (c as char).to_digit(16);
    let (hi, lo) = (digit(*s.first()?)?, digit(*s.get(1)?)?);
    Some((hi * 16 + lo) as u8)
}

/// Go's `net.ParseMAC`.
fn parse_mac(s: &str) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    if b.len() < 14 {
        return None;
    }
    let size_ok = |n: usize| matches!(n, 6 | 8 | 20);
    if b[2] == b':' || b[2] == b'-' {
        if !(b.len() + 1).is_multiple_of(3) || !size_ok((b.len() + 1) / 3) {
            return None;
        }
        (0..(b.len() + 1) / 3)
            .map(|i| hex_pair(&b[3 * i..], Some(b[2])))
            .collect()
    } else if b[4] == b'.' {
        let n = 2 * (b.len() + 1) / 5;
        if !(b.len() + 1).is_multiple_of(5) || !size_ok(n) {
            return None;
        }
        let mut octets = Vec::with_capacity(n);
        for x in (0..b.len()).step_by(5) {
            octets.push(hex_pair(&b[x..x + 2], None)?);
            octets.push(hex_pair(&b[x + 2..], Some(b[4]))?);
        }
        Some(octets)
    } else {
        None
    }
}

/// The attribute's Terraform type: a string.
pub type Wire = String;

/// The text as written.
///
/// # Errors
/// None.
pub fn to_wire(value: &MacAddress) -> Result<String, std::convert::Infallible> {
    Ok(value.text.clone())
}

/// Parses the text as Go does, refusing what Go refuses ("Invalid MAC
/// Address String Value").
///
/// # Errors
/// Text Go's `net.ParseMAC` refuses.
pub fn from_wire(text: String) -> Result<MacAddress, WireError> {
    match parse_mac(&text) {
        Some(octets) => Ok(MacAddress { text, octets }),
        None => Err(WireError::new(
            "Invalid MAC Address String Value",
            format!(
                "A string value was provided that is not valid MAC string format.\n\n\
                 Given Value: {text}\nError: address {text}: invalid MAC address"
            ),
        )),
    }
}

/// Go's `StringSemanticEquals`: the same octets.
pub fn semantically_equal(prior: &MacAddress, new: &MacAddress) -> bool {
    prior.octets == new.octets
}

/// The canonical form semantic equality compares: Go's
/// `HardwareAddr.String()`, lower-case pairs split by `:`.
pub fn semantic_key(value: &MacAddress) -> String {
    let pairs: Vec<String> = value.octets.iter().map(|o| format!("{o:02x}")).collect();
    pairs.join(":")
}
