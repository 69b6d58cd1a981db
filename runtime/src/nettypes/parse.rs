//! Go's `netip.ParseAddr` and `netip.ParsePrefix`, their acceptance rules
//! and error texts, in their order of checks. std's parsers differ from
//! Go's (Go takes a zone, `%eth0`, and an embedded IPv4 after any `::`), so
//! the grammar is written out here.

/// An address as Go's `netip.Addr` holds it: sixteen bytes (an IPv4
/// address mapped), whether it is IPv4, and the IPv6 zone.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct GoAddr {
    pub(super) bytes: [u8; 16],
    pub(super) is4: bool,
    pub(super) zone: String,
}

/// Go's `parseAddrError` text.
fn addr_error(input: &str, msg: &str, at: &str) -> String {
    if at.is_empty() {
        format!("ParseAddr({}): {msg}", go_quote(input))
    } else {
        format!(
            "ParseAddr({}): {msg} (at {})",
            go_quote(input),
            go_quote(at)
        )
    }
}

/// `netip.ParseAddr(s)`.
pub(super) fn parse_addr(s: &str) -> Result<GoAddr, String> {
    for c in s.bytes() {
        match c {
            b'.' => {
                let mut fields = [0u8; 4];
                ipv4_fields(s, s, &mut fields)?;
                let mut bytes = [0u8; 16];
                bytes[10] = 0xff;
                bytes[11] = 0xff;
                bytes[12..].copy_from_slice(&fields);
                return Ok(GoAddr {
                    bytes,
                    is4: true,
                    zone: String::new(),
                });
            }
            b':' => return parse_ipv6(s),
            b'%' => return Err(addr_error(s, "missing IPv6 address", "")),
            _ => {}
        }
    }
    Err(addr_error(s, "unable to parse IP", ""))
}

/// Go's `parseIPv4Fields`: the dotted quad `s`, a part of `input` (the
/// whole string, which its errors name).
fn ipv4_fields(input: &str, s: &str, fields: &mut [u8; 4]) -> Result<(), String> {
    let b = s.as_bytes();
    let (mut val, mut pos, mut dig_len) = (0u32, 0usize, 0u32);
    for (i, &c) in b.iter().enumerate() {
        if c.is_ascii_digit() {
            if dig_len == 1 && val == 0 {
                return Err(addr_error(
                    input,
                    "IPv4 field has octet with leading zero",
                    "",
                ));
            }
            val = val * 10 + u32::from(c - b'0');
            dig_len += 1;
            if val > 255 {
                return Err(addr_error(input, "IPv4 field has value >255", ""));
            }
        } else if c == b'.' {
            if i == 0 || i == b.len() - 1 || b[i - 1] == b'.' {
                return Err(addr_error(
                    input,
                    "IPv4 field must have at least one digit",
                    &s[i..],
                ));
            }
            if pos == 3 {
                return Err(addr_error(input, "IPv4 address too long", ""));
            }
            fields[pos] = val as u8;
            pos += 1;
            val = 0;
            dig_len = 0;
        } else {
            return Err(addr_error(input, "unexpected character", rest_at(s, i)));
        }
    }
    if pos < 3 {
        return Err(addr_error(input, "IPv4 address too short", ""));
    }
    fields[3] = val as u8;
    Ok(())
}

/// `&s[i..]`, moved back to the start of the character that byte `i` is in.
fn rest_at(s: &str, mut i: usize) -> &str {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    &s[i..]
}

/// Go's `parseIPv6`.
fn parse_ipv6(input: &str) -> Result<GoAddr, String> {
    let (mut s, zone) = match input.split_once('%') {
        Some((_, "")) => return Err(addr_error(input, "zone must be a non-empty string", "")),
        Some((addr, zone)) => (addr, zone),
        None => (input, ""),
    };
    let fail = |msg: &str, at: &str| Err(addr_error(input, msg, at));
    let mut ip = [0u8; 16];
    let mut ellipsis: Option<usize> = None;
    if let Some(rest) = s.strip_prefix("::") {
        ellipsis = Some(0);
        s = rest;
        if s.is_empty() {
            return Ok(GoAddr {
                bytes: ip,
                is4: false,
                zone: zone.to_owned(),
            });
        }
    }
    let mut i = 0;
    while i < 16 {
        let b = s.as_bytes();
        let mut off = 0;
        let mut acc: u32 = 0;
        while let Some(d) = b.get(off).and_then(|c| (*c as char).to_digit(16)) {
            acc = (acc << 4) + d;
            if off > 3 {
                return fail("each group must have 4 or less digits", s);
            }
            off += 1;
        }
        if off == 0 {
            return fail("each colon-separated field must have at least one digit", s);
        }
        if b.get(off) == Some(&b'.') {
            if ellipsis.is_none() && i != 12 {
                return fail(
                    "embedded IPv4 address must replace the final 2 fields of the address",
                    s,
                );
            }
            if i + 4 > 16 {
                return fail(
                    "too many hex fields to fit an embedded IPv4 at the end of the address",
                    s,
                );
            }
            let mut fields = [0u8; 4];
            ipv4_fields(input, s, &mut fields)?;
            ip[i..i + 4].copy_from_slice(&fields);
            s = "";
            i += 4;
            break;
        }
        ip[i] = (acc >> 8) as u8;
        ip[i + 1] = acc as u8;
        i += 2;
        s = &s[off..];
        if s.is_empty() {
            break;
        }
        if !s.starts_with(':') {
            return fail("unexpected character, want colon", s);
        } else if s.len() == 1 {
            return fail("colon must be followed by more characters", s);
        }
        s = &s[1..];
        if s.starts_with(':') {
            if ellipsis.is_some() {
                return fail("multiple :: in address", s);
            }
            ellipsis = Some(i);
            s = &s[1..];
            if s.is_empty() {
                break;
            }
        }
    }
    if !s.is_empty() {
        return fail("trailing garbage after address", s);
    }
    match ellipsis {
        _ if i == 16 && ellipsis.is_some() => {
            return fail("the :: must expand to at least one field of zeros", "");
        }
        None if i < 16 => return fail("address string too short", ""),
        Some(at) if i < 16 => {
            let n = 16 - i;
            ip.copy_within(at..i, at + n);
            ip[at..at + n].fill(0);
        }
        _ => {}
    }
    Ok(GoAddr {
        bytes: ip,
        is4: false,
        zone: zone.to_owned(),
    })
}

/// `netip.ParsePrefix(s)`: the address and the number of bits.
pub(super) fn parse_prefix(s: &str) -> Result<(GoAddr, u8), String> {
    let fail = |msg: &str| Err(format!("netip.ParsePrefix({}): {msg}", go_quote(s)));
    let Some(slash) = s.rfind('/') else {
        return fail("no '/'");
    };
    let addr = match parse_addr(&s[..slash]) {
        Ok(addr) => addr,
        Err(e) => return fail(&e),
    };
    if !addr.zone.is_empty() {
        return fail("IPv6 zones cannot be present in a prefix");
    }
    let bits_text = &s[slash + 1..];
    let bad = || format!("bad bits after slash: {}", go_quote(bits_text));
    // Go refuses a sign or a leading zero, then reads the digits as an int
    // (so a number past 64 bits is "bad bits", not "out of range").
    if bits_text.len() > 1 && !matches!(bits_text.as_bytes()[0], b'1'..=b'9') {
        return fail(&bad());
    }
    if bits_text.is_empty() || !bits_text.bytes().all(|c| c.is_ascii_digit()) {
        return fail(&bad());
    }
    let Ok(bits) = bits_text.parse::<i64>() else {
        return fail(&bad());
    };
    let max = if addr.is4 { 32 } else { 128 };
    match u8::try_from(bits) {
        Ok(bits) if bits <= max => Ok((addr, bits)),
        _ => fail("prefix length out of range"),
    }
}

/// Go's `strconv.Quote`, as Go's parsers quote their input in errors.
pub(super) fn go_quote(s: &str) -> String {
    crate::text::Quoting::GO_STRCONV.quote(s)
}
