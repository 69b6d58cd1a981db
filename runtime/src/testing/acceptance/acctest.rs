//! Go's `helper/acctest`: random names and numbers that keep the objects
//! of concurrent test runs apart (`RandomWithPrefix("tf-acc-test")`).
//!
//! Randomness comes from `fastrand` (a small generator seeded per thread
//! from the OS), as Go's `math/rand` serves these: the values are for
//! telling test objects apart, not secrets. Go's `RandSSHKeyPair` and
//! `RandTLSCert` (RSA keys) are left out: no RSA key generation is in the
//! crate's dependencies.

use std::net::IpAddr;

/// Lower-case letters and digits, as Go's `CharSetAlphaNum` (which lacks
/// the digit 5: Go's constant is `"abcdefghijklmnopqrstuvwxyz012346789"`).
pub const CHAR_SET_ALPHA_NUM: &str = "abcdefghijklmnopqrstuvwxyz012346789";

/// Lower-case letters, as Go's `CharSetAlpha`.
pub const CHAR_SET_ALPHA: &str = "abcdefghijklmnopqrstuvwxyz";

/// The prefix Go's providers put on test objects' names (`tf-acc-test`).
pub const RESOURCE_PREFIX: &str = "tf-acc-test";

/// A non-negative random number (Go's `RandInt`, a non-negative `int`).
pub fn rand_int() -> i64 {
    fastrand::i64(0..i64::MAX)
}

/// `name-<random number>` (Go's `RandomWithPrefix`).
pub fn random_with_prefix(name: &str) -> String {
    format!("{name}-{}", rand_int())
}

/// A random number in `min..max`, `max` excluded (Go's `RandIntRange`).
/// An empty range gives `min` (where Go's `rand.Intn` panics).
pub fn rand_int_range(min: i64, max: i64) -> i64 {
    if max <= min {
        min
    } else {
        fastrand::i64(min..max)
    }
}

/// `len` random characters of [`CHAR_SET_ALPHA_NUM`] (Go's `RandString`).
pub fn rand_string(len: usize) -> String {
    rand_string_from_char_set(len, CHAR_SET_ALPHA_NUM)
}

/// `len` characters picked at random from `char_set` (Go's
/// `RandStringFromCharSet`); empty when `char_set` is.
pub fn rand_string_from_char_set(len: usize, char_set: &str) -> String {
    let chars: Vec<char> = char_set.chars().collect();
    if chars.is_empty() {
        return String::new();
    }
    (0..len)
        .map(|_| chars[fastrand::usize(..chars.len())])
        .collect()
}

/// A random address inside the CIDR block `cidr` (`10.0.0.0/16`,
/// `2001:db8::/32`; a /32 or /128 gives the address itself), as Go's
/// `RandIpAddress`.
///
/// # Errors
///
/// When `cidr` is not an address with a prefix length that fits it.
pub fn rand_ip_address(cidr: &str) -> Result<String, String> {
    let (addr, bits) = cidr
        .split_once('/')
        .ok_or_else(|| format!("netip.ParsePrefix({}): no '/'", super::gofmt::q(cidr)))?;
    let ip: IpAddr = addr
        .parse()
        .map_err(|e| format!("netip.ParsePrefix({}): {e}", super::gofmt::q(cidr)))?;
    let width = if ip.is_ipv4() { 32 } else { 128 };
    let bits: u32 = bits.parse().ok().filter(|b| *b <= width).ok_or_else(|| {
        format!(
            "netip.ParsePrefix({}): bad bits after slash: {}",
            super::gofmt::q(cidr),
            super::gofmt::q(bits)
        )
    })?;
    let host_bits = width - bits;
    let random = |mask: u128| fastrand::u128(..) & mask;
    Ok(match ip {
        IpAddr::V4(v4) => {
            let mask = if host_bits == 0 { 0 } else { u32::MAX >> bits };
            let base = u32::from(v4) & !mask;
            // The mask is at most 32 bits wide.
            let host = u32::try_from(random(u128::from(mask))).unwrap_or_default();
            IpAddr::from((base | host).to_be_bytes()).to_string()
        }
        IpAddr::V6(v6) => {
            let mask = if host_bits == 0 { 0 } else { u128::MAX >> bits };
            let base = u128::from(v6) & !mask;
            IpAddr::from((base | random(mask)).to_be_bytes()).to_string()
        }
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn strings_and_numbers() {
        let s = rand_string(40);
        assert_eq!(s.len(), 40);
        assert!(s.chars().all(|c| CHAR_SET_ALPHA_NUM.contains(c)), "{s}");
        assert!(!s.contains('5'));
        assert_eq!(rand_string_from_char_set(3, "x"), "xxx");
        assert_eq!(rand_string_from_char_set(3, ""), "");
        for _ in 0..100 {
            let n = rand_int_range(3, 6);
            assert!((3..6).contains(&n), "{n}");
        }
        assert_eq!(rand_int_range(4, 4), 4);
        assert!(rand_int() >= 0);
        let name = random_with_prefix(RESOURCE_PREFIX);
        let (prefix, number) = name.rsplit_once('-').unwrap();
        assert_eq!(prefix, "tf-acc-test");
        assert!(number.parse::<i64>().is_ok());
        // Two draws of 40 characters agree with probability 35^-40.
        assert_ne!(rand_string(40), rand_string(40));
    }

    #[test]
    fn addresses_stay_in_their_block() {
        for _ in 0..50 {
            let a: std::net::Ipv4Addr = rand_ip_address("10.1.0.0/16").unwrap().parse().unwrap();
            assert_eq!(a.octets()[..2], [10, 1]);
            let b: std::net::Ipv6Addr = rand_ip_address("2001:db8::/32").unwrap().parse().unwrap();
            assert_eq!(b.segments()[..2], [0x2001, 0xdb8]);
        }
        assert_eq!(rand_ip_address("192.168.1.7/32").unwrap(), "192.168.1.7");
        assert_eq!(
            rand_ip_address("10.0.0.0/33").unwrap_err(),
            "netip.ParsePrefix(\"10.0.0.0/33\"): bad bits after slash: \"33\""
        );
        assert!(rand_ip_address("nope").is_err());
    }
}
