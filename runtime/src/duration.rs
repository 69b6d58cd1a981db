//! Go's duration syntax in both directions: [`parse`] reads a string as
//! `time.ParseDuration` does (signs, fractions, `"µs"`), refusing what it
//! refuses in its words, and [`SignedDuration`]'s `Display` writes what
//! `time.Duration.String()` writes (`"1h30m0s"`, `"1.5s"`, `"-2m3s"`).
//! A Go duration is a signed count of nanoseconds in 64 bits, so it is one
//! here too: about 292 years either way.

use std::fmt;
use std::str::FromStr;

/// Go's `time.Duration`: a signed number of nanoseconds.
///
/// ```
/// use tfschema::duration::{parse, SignedDuration};
///
/// let d = parse("-1.5h")?;
/// assert_eq!(d.as_nanos(), -5_400_000_000_000);
/// assert_eq!(d.to_string(), "-1h30m0s");
/// assert_eq!(SignedDuration::from_nanos(1_500).to_string(), "1.5µs");
/// assert_eq!(d.to_std(), None);
/// # Ok::<(), tfschema::duration::ParseDurationError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SignedDuration(i64);

const NANOSECOND: u64 = 1;
const MICROSECOND: u64 = 1_000;
const MILLISECOND: u64 = 1_000_000;
const SECOND: u64 = 1_000_000_000;
const MINUTE: u64 = 60 * SECOND;
const HOUR: u64 = 60 * MINUTE;

impl SignedDuration {
    /// The zero duration (`"0s"`).
    pub const ZERO: SignedDuration = SignedDuration(0);

    /// A duration of `nanos` nanoseconds (negative for a negative one).
    pub const fn from_nanos(nanos: i64) -> Self {
        SignedDuration(nanos)
    }

    /// The number of nanoseconds, negative for a negative duration.
    pub const fn as_nanos(self) -> i64 {
        self.0
    }

    /// Whether the duration is below zero.
    pub const fn is_negative(self) -> bool {
        self.0 < 0
    }

    /// The duration as a `std::time::Duration`; `None` when it is negative.
    pub fn to_std(self) -> Option<std::time::Duration> {
        u64::try_from(self.0)
            .ok()
            .map(std::time::Duration::from_nanos)
    }

    /// A `std::time::Duration` as a Go duration; `None` past
    /// `i64::MAX` nanoseconds.
    pub fn from_std(duration: std::time::Duration) -> Option<Self> {
        i64::try_from(duration.as_nanos()).ok().map(SignedDuration)
    }
}

impl fmt::Display for SignedDuration {
    /// Go's `time.Duration.String()`: hours, minutes and seconds with the
    /// seconds' fraction (`"72h3m0.5s"`), leading zero units left out;
    /// under a second the largest unit of `ms`, `µs` and `ns` that keeps a
    /// non-zero leading digit (`"1.2ms"`); `"0s"` for zero.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_go(self.0))
    }
}

impl FromStr for SignedDuration {
    type Err = ParseDurationError;

    /// [`parse`].
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse(text)
    }
}

/// What was wrong with a string [`parse`] refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DurationErrorKind {
    /// Nothing after the optional sign.
    Empty,
    /// A number without digits (`".s"`) or a character where a number
    /// should start (`"x1s"`).
    MissingNumber,
    /// A number without a unit (`"30"`).
    MissingUnit,
    /// A unit other than `ns`, `us`, `µs`, `μs`, `ms`, `s`, `m`, `h`.
    UnknownUnit,
    /// More nanoseconds than 64 bits hold.
    Overflow,
}

/// A string [`parse`] refused. Its `Display` is Go's error text:
/// `time: invalid duration "x"`, `time: unknown unit "d" in duration "1d"`
/// or `time: missing unit in duration "1"`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseDurationError {
    text: String,
    kind: DurationErrorKind,
    unit: String,
}

impl ParseDurationError {
    #[cold]
    fn new(text: &str, kind: DurationErrorKind) -> Self {
        ParseDurationError {
            text: text.to_owned(),
            kind,
            unit: String::new(),
        }
    }

    /// What was wrong (several kinds share Go's text "invalid duration").
    pub fn kind(&self) -> DurationErrorKind {
        self.kind
    }

    /// The string that was refused.
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for ParseDurationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = go_time_quote(&self.text);
        match self.kind {
            DurationErrorKind::MissingUnit => write!(f, "time: missing unit in duration {text}"),
            DurationErrorKind::UnknownUnit => write!(
                f,
                "time: unknown unit {} in duration {text}",
                go_time_quote(&self.unit)
            ),
            _ => write!(f, "time: invalid duration {text}"),
        }
    }
}

impl std::error::Error for ParseDurationError {}

/// Parses `text` as Go's `time.ParseDuration`: an optional sign, then one
/// or more decimal numbers, each with an optional fraction and a unit
/// (`"300ms"`, `"-1.5h"`, `"2h45m"`, `".5s"`, `"1µs"`); `"0"` alone needs no
/// unit. Digits of a fraction past nanoseconds are dropped, as Go's
/// floating-point arithmetic drops them.
///
/// # Errors
/// Whatever Go refuses, with Go's text ([`ParseDurationError`]).
pub fn parse(text: &str) -> Result<SignedDuration, ParseDurationError> {
    let fail = |kind| ParseDurationError::new(text, kind);
    let (neg, mut rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if rest == "0" {
        return Ok(SignedDuration::ZERO);
    }
    if rest.is_empty() {
        return Err(fail(DurationErrorKind::Empty));
    }
    let mut total: u64 = 0;
    while !rest.is_empty() {
        let (v, after) = one_term(rest).map_err(|(kind, unit)| ParseDurationError {
            unit: unit.to_owned(),
            ..fail(kind)
        })?;
        // Go adds without a check and then compares with 2^63: two terms
        // of 2^63 each wrap to zero there, and so they do here.
        total = total.wrapping_add(v);
        if total > 1 << 63 {
            return Err(fail(DurationErrorKind::Overflow));
        }
        rest = after;
    }
    if neg {
        // 2^63 is i64::MIN once negated, as Go's conversion has it.
        return Ok(SignedDuration((total as i64).wrapping_neg()));
    }
    i64::try_from(total)
        .map(SignedDuration)
        .map_err(|_| fail(DurationErrorKind::Overflow))
}

/// One `number unit` term at the start of `s`: its nanoseconds (at most
/// 2^63) and the rest of the string.
fn one_term(s: &str) -> Result<(u64, &str), (DurationErrorKind, &str)> {
    match s.as_bytes().first() {
        Some(b'.' | b'0'..=b'9') => {}
        _ => return Err((DurationErrorKind::MissingNumber, "")),
    }
    let (v, s, pre) = leading_int(s).ok_or((DurationErrorKind::Overflow, ""))?;
    let (f, scale, s, post) = match s.strip_prefix('.') {
        Some(after) => leading_fraction(after),
        None => (0, 1.0, s, false),
    };
    if !pre && !post {
        return Err((DurationErrorKind::MissingNumber, ""));
    }
    let unit_len = s
        .bytes()
        .position(|c| c == b'.' || c.is_ascii_digit())
        .unwrap_or(s.len());
    if unit_len == 0 {
        return Err((DurationErrorKind::MissingUnit, ""));
    }
    let (unit_text, rest) = s.split_at(unit_len);
    let unit = match unit_text {
        "ns" => NANOSECOND,
        // U+00B5 (micro sign) and U+03BC (Greek mu), both as Go has them.
        "us" | "\u{b5}s" | "\u{3bc}s" => MICROSECOND,
        "ms" => MILLISECOND,
        "s" => SECOND,
        "m" => MINUTE,
        "h" => HOUR,
        _ => return Err((DurationErrorKind::UnknownUnit, unit_text)),
    };
    if v > (1 << 63) / unit {
        return Err((DurationErrorKind::Overflow, ""));
    }
    let mut v = v * unit;
    if f > 0 {
        // In floating point as Go computes it, so the same digits are
        // dropped: exact to the nanosecond for fractions of an hour.
        v += (f as f64 * (unit as f64 / scale)) as u64;
        if v > 1 << 63 {
            return Err((DurationErrorKind::Overflow, ""));
        }
    }
    Ok((v, rest))
}

/// Go's `leadingInt`: the leading digits, `None` past 2^63; and whether
/// there were any.
fn leading_int(s: &str) -> Option<(u64, &str, bool)> {
    let len = s.bytes().take_while(u8::is_ascii_digit).count();
    let mut x: u64 = 0;
    for c in s[..len].bytes() {
        if x > (1 << 63) / 10 {
            return None;
        }
        x = x * 10 + u64::from(c - b'0');
        if x > 1 << 63 {
            return None;
        }
    }
    Some((x, &s[len..], len > 0))
}

/// Go's `leadingFraction`: the digits after a point as `x / scale`,
/// ignoring the digits that would overflow; and whether there were any.
fn leading_fraction(s: &str) -> (u64, f64, &str, bool) {
    let len = s.bytes().take_while(u8::is_ascii_digit).count();
    let (mut x, mut scale, mut overflow) = (0u64, 1.0f64, false);
    for c in s[..len].bytes() {
        if overflow {
            continue;
        }
        if x > ((1u64 << 63) - 1) / 10 {
            overflow = true;
            continue;
        }
        let y = x * 10 + u64::from(c - b'0');
        if y > 1 << 63 {
            overflow = true;
            continue;
        }
        x = y;
        scale *= 10.0;
    }
    (x, scale, &s[len..], len > 0)
}

/// Go's `time.Duration.String()` of `nanos`.
fn format_go(nanos: i64) -> String {
    let mut u = nanos.unsigned_abs();
    let mut out: Vec<u8> = Vec::with_capacity(32);
    // Written back to front, then reversed.
    if u < SECOND {
        let prec = match u {
            0 => return "0s".to_owned(),
            u if u < MICROSECOND => {
                out.extend_from_slice(b"sn");
                0
            }
            u if u < MILLISECOND => {
                // "µ" is two bytes, pushed reversed.
                out.extend_from_slice(&[b's', 0xb5, 0xc2]);
                3
            }
            _ => {
                out.extend_from_slice(b"sm");
                6
            }
        };
        u = push_fraction(&mut out, u, prec);
        push_int(&mut out, u);
    } else {
        out.push(b's');
        u = push_fraction(&mut out, u, 9);
        push_int(&mut out, u % 60);
        u /= 60;
        if u > 0 {
            out.push(b'm');
            push_int(&mut out, u % 60);
            u /= 60;
            if u > 0 {
                out.push(b'h');
                push_int(&mut out, u);
            }
        }
    }
    if nanos < 0 {
        out.push(b'-');
    }
    out.reverse();
    String::from_utf8_lossy(&out).into_owned()
}

/// The fraction of `v / 10^prec` (reversed) without trailing zeros, and
/// without the point when it is zero; returns the integer part.
fn push_fraction(out: &mut Vec<u8>, mut v: u64, prec: u32) -> u64 {
    let mut print = false;
    for _ in 0..prec {
        let digit = (v % 10) as u8;
        print = print || digit != 0;
        if print {
            out.push(b'0' + digit);
        }
        v /= 10;
    }
    if print {
        out.push(b'.');
    }
    v
}

/// The decimal digits of `v`, reversed.
fn push_int(out: &mut Vec<u8>, mut v: u64) {
    loop {
        out.push(b'0' + (v % 10) as u8);
        v /= 10;
        if v == 0 {
            break;
        }
    }
}

/// Go's `time` package quoting (its private `quote`, used in its error
/// texts): in double quotes, `"` and `\` escaped with a backslash, and every
/// byte of a non-ASCII or control character written as `\xHH`.
pub(crate) fn go_time_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if c as u32 >= 0x80 || c < ' ' {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        } else {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}
