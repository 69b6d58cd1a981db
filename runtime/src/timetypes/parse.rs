//! Go's `time.Parse(time.RFC3339, s)`, its acceptance rules and its
//! errors. Go tries a strict fast path first and falls back to its general
//! layout parser, which accepts a superset with the same results (a one-digit
//! hour, a comma before the fraction, offsets up to `+24:60`), so only the
//! general parser's rules for the layout `2006-01-02T15:04:05Z07:00` are
//! written here, step by step in its order, so that the first error found is
//! Go's.

use std::fmt;

use crate::duration::go_time_quote;

/// Go's `time.RFC3339` layout, as its errors name it.
pub(super) const LAYOUT: &str = "2006-01-02T15:04:05Z07:00";

/// A wall clock time with its UTC offset, as read from RFC 3339 text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DateTime {
    pub(super) year: u16,
    pub(super) month: u8,
    pub(super) day: u8,
    pub(super) hour: u8,
    pub(super) minute: u8,
    pub(super) second: u8,
    pub(super) nanosecond: u32,
    pub(super) offset: i32,
}

/// A string Go's `time.Parse(time.RFC3339, ...)` refuses. Its `Display` is
/// Go's `*time.ParseError` text, e.g. `parsing time "x" as
/// "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"` or `parsing time
/// "2023-02-30T00:00:00Z": day out of range`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseTimeError {
    value: String,
    problem: Problem,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Problem {
    /// `cannot parse <value_elem> as <layout_elem>`.
    Element {
        layout_elem: &'static str,
        value_elem: String,
    },
    /// A message after the value (": month out of range").
    Message(String),
}

impl fmt::Display for ParseTimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = go_time_quote(&self.value);
        match &self.problem {
            Problem::Element {
                layout_elem,
                value_elem,
            } => write!(
                f,
                "parsing time {value} as {}: cannot parse {} as {}",
                go_time_quote(LAYOUT),
                go_time_quote(value_elem),
                go_time_quote(layout_elem)
            ),
            Problem::Message(message) => write!(f, "parsing time {value}{message}"),
        }
    }
}

impl std::error::Error for ParseTimeError {}

/// The parse of one string: its text for the errors.
struct Parse<'a> {
    input: &'a str,
}

impl Parse<'_> {
    #[cold]
    fn element(&self, layout_elem: &'static str, value_elem: &[u8]) -> ParseTimeError {
        ParseTimeError {
            value: self.input.to_owned(),
            problem: Problem::Element {
                layout_elem,
                value_elem: String::from_utf8_lossy(value_elem).into_owned(),
            },
        }
    }

    #[cold]
    fn message(&self, message: String) -> ParseTimeError {
        ParseTimeError {
            value: self.input.to_owned(),
            problem: Problem::Message(message),
        }
    }

    #[cold]
    fn out_of_range(&self, what: &str) -> ParseTimeError {
        self.message(format!(": {what} out of range"))
    }

    /// The separator `sep` at the start of `v`.
    fn skip<'v>(
        &self,
        v: &'v [u8],
        sep: u8,
        layout_elem: &'static str,
    ) -> Result<&'v [u8], ParseTimeError> {
        match v.split_first() {
            Some((&c, rest)) if c == sep => Ok(rest),
            _ => Err(self.element(layout_elem, v)),
        }
    }
}

/// Go's `getnum`: one or two digits (`fixed`: exactly two).
fn getnum(s: &[u8], fixed: bool) -> Option<(u32, &[u8])> {
    let digit = |i: usize| {
        s.get(i)
            .filter(|c| c.is_ascii_digit())
            .map(|c| u32::from(c - b'0'))
    };
    let first = digit(0)?;
    match digit(1) {
        Some(second) => Some((first * 10 + second, &s[2..])),
        None if fixed => None,
        None => Some((first, &s[1..])),
    }
}

/// Parses `input` as Go's `time.Parse(time.RFC3339, input)` does.
pub(super) fn parse(input: &str) -> Result<DateTime, ParseTimeError> {
    let p = Parse { input };
    let v = input.as_bytes();

    // "2006": four digits.
    if v.len() < 4 || !v[..4].iter().all(u8::is_ascii_digit) {
        return Err(p.element("2006", v));
    }
    let year = v[..4]
        .iter()
        .fold(0u16, |n, c| n * 10 + u16::from(c - b'0'));
    let v = p.skip(&v[4..], b'-', "-")?;

    let (month, rest) = getnum(v, true).ok_or_else(|| p.element("01", v))?;
    if !(1..=12).contains(&month) {
        return Err(p.out_of_range("month"));
    }
    let v = p.skip(rest, b'-', "-")?;

    // The day is checked against the month once everything is read.
    let (day, rest) = getnum(v, true).ok_or_else(|| p.element("02", v))?;
    let v = p.skip(rest, b'T', "T")?;

    let (hour, rest) = getnum(v, false).ok_or_else(|| p.element("15", v))?;
    if hour >= 24 {
        return Err(p.out_of_range("hour"));
    }
    let v = p.skip(rest, b':', ":")?;

    let (minute, rest) = getnum(v, true).ok_or_else(|| p.element("04", v))?;
    if minute >= 60 {
        return Err(p.out_of_range("minute"));
    }
    let v = p.skip(rest, b':', ":")?;

    let (second, rest) = getnum(v, true).ok_or_else(|| p.element("05", v))?;
    if second >= 60 {
        return Err(p.out_of_range("second"));
    }
    let (nanosecond, v) = fraction(rest);

    let (offset, v) = zone(&p, v)?;
    if !v.is_empty() {
        let extra = String::from_utf8_lossy(v);
        return Err(p.message(format!(": extra text: {}", go_time_quote(&extra))));
    }
    if day < 1 || day > days_in(month, u32::from(year)) {
        return Err(p.out_of_range("day"));
    }
    // Every field is in range here, so the narrowing casts are exact.
    Ok(DateTime {
        year,
        month: month as u8,
        day: day as u8,
        hour: hour as u8,
        minute: minute as u8,
        second: second as u8,
        nanosecond,
        offset,
    })
}

/// A fraction of a second the layout does not name: a period or comma and
/// any number of digits, of which the first nine count.
fn fraction(v: &[u8]) -> (u32, &[u8]) {
    let starts = v.len() >= 2 && matches!(v[0], b'.' | b',') && v[1].is_ascii_digit();
    if !starts {
        return (0, v);
    }
    let digits = 1 + v[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    let mut nanos: u32 = 0;
    for i in 1..10 {
        let d = v
            .get(i)
            .filter(|_| i < digits)
            .map_or(0, |c| u32::from(c - b'0'));
        nanos = nanos * 10 + d;
    }
    (nanos, &v[digits..])
}

/// `Z07:00`: `Z`, or a sign, two digits, a colon and two digits; Go's range
/// check lets an offset reach 24 hours and 60 minutes.
fn zone<'v>(p: &Parse<'_>, v: &'v [u8]) -> Result<(i32, &'v [u8]), ParseTimeError> {
    if let Some((b'Z', rest)) = v.split_first() {
        return Ok((0, rest));
    }
    if v.len() < 6 || v[3] != b':' {
        return Err(p.element("Z07:00", v));
    }
    let hours = getnum(&v[1..3], true).map(|(n, _)| n);
    let minutes = hours.and_then(|_| getnum(&v[4..6], true).map(|(n, _)| n));
    // Go checks the ranges before the digits and the sign.
    let (hh, mm) = (hours.unwrap_or(0), minutes.unwrap_or(0));
    if mm > 60 {
        return Err(p.out_of_range("time zone offset minute"));
    }
    if hh > 24 {
        return Err(p.out_of_range("time zone offset hour"));
    }
    if minutes.is_none() {
        return Err(p.element("Z07:00", v));
    }
    let offset = ((hh * 60 + mm) * 60) as i32;
    match v[0] {
        b'+' => Ok((offset, &v[6..])),
        b'-' => Ok((-offset, &v[6..])),
        _ => Err(p.element("Z07:00", v)),
    }
}

/// The number of days in `month` of `year` (proleptic Gregorian).
pub(super) fn days_in(month: u32, year: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to the date (negative before it).
pub(super) fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day count from 1970-01-01: (year, month, day).
pub(super) fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}
