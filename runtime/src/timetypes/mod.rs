//! The Go framework's `terraform-plugin-framework-timetypes` for
//! `#[tf(with = ...)]` fields: [`Rfc3339`] (module [`rfc3339`]) and
//! [`GoDuration`] (module [`go_duration`]). Each value keeps the string as
//! written, so the state holds exactly what the configuration said, and
//! parses it as Go does (`time.Parse(time.RFC3339, ...)`,
//! `time.ParseDuration`), refusing what Go refuses with Go's diagnostic.
//!
//! ```
//! use tfschema::timetypes::{self, GoDuration, Rfc3339};
//! use tfschema::{TfSchema, TfValue, Unknown};
//!
//! #[derive(TfSchema, TfValue)]
//! struct Schedule {
//!     #[tf(with = timetypes::rfc3339, semantic_equal)]
//!     starts_at: Rfc3339,
//!     #[tf(optional, with = timetypes::go_duration, semantic_equal)]
//!     every: Option<GoDuration>,
//! }
//!
//! let at = Rfc3339::parse("2023-07-25T23:43:16+02:00")?;
//! assert_eq!(at.as_str(), "2023-07-25T23:43:16+02:00");
//! assert_eq!(at.time().unix_timestamp(), (1_690_321_396, 0));
//! let every = GoDuration::parse("1.5h").map_err(|e| e.to_string())?;
//! assert_eq!(every.duration().to_string(), "1h30m0s");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod parse;

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::duration::{self, ParseDurationError, SignedDuration};

pub use parse::{DateTime, ParseTimeError};

impl DateTime {
    /// The year, 0 to 9999.
    pub fn year(&self) -> u16 {
        self.year
    }

    /// The month, 1 to 12.
    pub fn month(&self) -> u8 {
        self.month
    }

    /// The day of the month, from 1.
    pub fn day(&self) -> u8 {
        self.day
    }

    /// The hour, 0 to 23.
    pub fn hour(&self) -> u8 {
        self.hour
    }

    /// The minute, 0 to 59.
    pub fn minute(&self) -> u8 {
        self.minute
    }

    /// The second, 0 to 59 (Go's parser refuses a leap second).
    pub fn second(&self) -> u8 {
        self.second
    }

    /// The fraction of the second in nanoseconds (digits past the ninth
    /// dropped).
    pub fn nanosecond(&self) -> u32 {
        self.nanosecond
    }

    /// The UTC offset in seconds east of Greenwich (0 for `Z`, `+00:00`
    /// and `-00:00`).
    pub fn offset_seconds(&self) -> i32 {
        self.offset
    }

    /// The instant as seconds since 1970-01-01T00:00:00Z (negative before)
    /// and nanoseconds within the second.
    pub fn unix_timestamp(&self) -> (i64, u32) {
        let days = parse::days_from_civil(
            i64::from(self.year),
            u32::from(self.month),
            u32::from(self.day),
        );
        let clock =
            i64::from(self.hour) * 3600 + i64::from(self.minute) * 60 + i64::from(self.second);
        (
            days * 86_400 + clock - i64::from(self.offset),
            self.nanosecond,
        )
    }

    /// The instant as a [`SystemTime`].
    pub fn to_system_time(&self) -> SystemTime {
        let (secs, nanos) = self.unix_timestamp();
        let magnitude = std::time::Duration::new(secs.unsigned_abs(), 0);
        let whole = if secs < 0 {
            UNIX_EPOCH - magnitude
        } else {
            UNIX_EPOCH + magnitude
        };
        whole + std::time::Duration::from_nanos(u64::from(nanos))
    }

    /// The instant `secs` seconds and `nanos` nanoseconds after
    /// 1970-01-01T00:00:00Z, on the clock of `offset_seconds` east of UTC.
    /// `None` outside the years 0 to 9999, for `nanos` of a second or more,
    /// and for an offset RFC 3339 cannot write (not whole minutes, or past
    /// 24:59).
    pub fn from_unix(secs: i64, nanos: u32, offset_seconds: i32) -> Option<DateTime> {
        if nanos >= 1_000_000_000
            || offset_seconds % 60 != 0
            || offset_seconds.abs() > 24 * 3600 + 59 * 60
        {
            return None;
        }
        let local = secs.checked_add(i64::from(offset_seconds))?;
        let (year, month, day) = parse::civil_from_days(local.div_euclid(86_400));
        let clock = local.rem_euclid(86_400);
        Some(DateTime {
            year: u16::try_from(year).ok().filter(|y| *y <= 9999)?,
            month: month as u8,
            day: day as u8,
            hour: (clock / 3600) as u8,
            minute: (clock / 60 % 60) as u8,
            second: (clock % 60) as u8,
            nanosecond: nanos,
            offset: offset_seconds,
        })
    }

    /// Go's `t.Format(time.RFC3339)`: the wall clock to the second (the
    /// fraction dropped) and the offset, `Z` when it is zero.
    pub fn format_rfc3339(&self) -> String {
        let mut out = format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        );
        if self.offset == 0 {
            out.push('Z');
        } else {
            let zone = self.offset / 60;
            let sign = if zone < 0 { '-' } else { '+' };
            let zone = zone.unsigned_abs();
            out.push_str(&format!("{sign}{:02}:{:02}", zone / 60, zone % 60));
        }
        out
    }
}

/// Go's `timetypes.RFC3339`: a time written as RFC 3339 text, kept as
/// written, with the parsed [`DateTime`].
///
/// Semantic equality ([`rfc3339::semantically_equal`]) is Go's: the two
/// strings format to the same `time.RFC3339` text, the same wall clock to
/// the second in the same offset, so `Z`, `+00:00` and `-00:00` are equal
/// but `23:43:16Z` and `20:43:16-03:00`, the same instant, are not.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rfc3339 {
    text: String,
    time: DateTime,
}

impl Rfc3339 {
    /// Parses `text` as Go's `time.Parse(time.RFC3339, text)`, keeping it.
    ///
    /// # Errors
    /// What Go refuses, with its `*time.ParseError` text.
    pub fn parse(text: impl Into<String>) -> Result<Self, ParseTimeError> {
        let text = text.into();
        let time = parse::parse(&text)?;
        Ok(Rfc3339 { text, time })
    }

    /// The value Go's `NewRFC3339TimeValue` makes: `time` formatted with
    /// `time.RFC3339` (to the second).
    pub fn from_time(time: DateTime) -> Self {
        let time = DateTime {
            nanosecond: 0,
            ..time
        };
        Rfc3339 {
            text: time.format_rfc3339(),
            time,
        }
    }

    /// A [`SystemTime`] in UTC, as [`from_time`](Self::from_time) writes it;
    /// `None` outside the years 0 to 9999.
    pub fn from_system_time(time: SystemTime) -> Option<Self> {
        let (secs, nanos) = match time.duration_since(UNIX_EPOCH) {
            Ok(after) => (i64::try_from(after.as_secs()).ok()?, after.subsec_nanos()),
            Err(before) => {
                let before = before.duration();
                let secs = -i64::try_from(before.as_secs()).ok()?;
                match before.subsec_nanos() {
                    0 => (secs, 0),
                    n => (secs - 1, 1_000_000_000 - n),
                }
            }
        };
        DateTime::from_unix(secs, nanos, 0).map(Self::from_time)
    }

    /// The text as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text as written, owned.
    pub fn into_string(self) -> String {
        self.text
    }

    /// The parsed time (Go's `ValueRFC3339Time`).
    pub fn time(&self) -> DateTime {
        self.time
    }
}

impl fmt::Display for Rfc3339 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::str::FromStr for Rfc3339 {
    type Err = ParseTimeError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Rfc3339::parse(text)
    }
}

/// The `#[tf(with = ...)]` module of [`Rfc3339`]: a string attribute.
pub mod rfc3339 {
    use super::Rfc3339;
    use crate::WireError;

    /// The attribute's Terraform type: a string.
    pub type Wire = String;

    /// The text as written.
    ///
    /// # Errors
    /// None.
    pub fn to_wire(value: &Rfc3339) -> Result<String, std::convert::Infallible> {
        Ok(value.text.clone())
    }

    /// Parses the text, refusing what Go refuses with its diagnostic
    /// ("Invalid RFC3339 String Value", the given value and Go's parser
    /// error).
    ///
    /// # Errors
    /// Text Go's `time.Parse(time.RFC3339, ...)` refuses.
    pub fn from_wire(text: String) -> Result<Rfc3339, WireError> {
        match super::parse::parse(&text) {
            Ok(time) => Ok(Rfc3339 { text, time }),
            Err(err) => Err(WireError::new(
                "Invalid RFC3339 String Value",
                format!(
                    "A string value was provided that is not valid RFC3339 string format.\n\n\
                     Given Value: {text}\nError: {err}"
                ),
            )),
        }
    }

    /// Go's `StringSemanticEquals`: the same `time.RFC3339` formatting.
    pub fn semantically_equal(prior: &Rfc3339, new: &Rfc3339) -> bool {
        semantic_key(prior) == semantic_key(new)
    }

    /// The canonical form semantic equality compares: Go's
    /// `Format(time.RFC3339)` of the parsed time.
    pub fn semantic_key(value: &Rfc3339) -> String {
        value.time.format_rfc3339()
    }
}

/// Go's `timetypes.GoDuration`: a duration written in Go's syntax
/// (`"1h30m"`, `"-1.5s"`), kept as written, with the parsed
/// [`SignedDuration`]. Semantically equal when the durations are equal
/// (`"60s"` and `"1m"`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GoDuration {
    text: String,
    duration: SignedDuration,
}

impl GoDuration {
    /// Parses `text` as Go's `time.ParseDuration`, keeping it.
    ///
    /// # Errors
    /// What Go refuses, with its text.
    pub fn parse(text: impl Into<String>) -> Result<Self, ParseDurationError> {
        let text = text.into();
        let duration = duration::parse(&text)?;
        Ok(GoDuration { text, duration })
    }

    /// The value Go's `NewGoDurationValue` makes: the duration's `String()`.
    pub fn from_duration(duration: SignedDuration) -> Self {
        GoDuration {
            text: duration.to_string(),
            duration,
        }
    }

    /// The text as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text as written, owned.
    pub fn into_string(self) -> String {
        self.text
    }

    /// The parsed duration (Go's `ValueGoDuration`).
    pub fn duration(&self) -> SignedDuration {
        self.duration
    }
}

impl fmt::Display for GoDuration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::str::FromStr for GoDuration {
    type Err = ParseDurationError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        GoDuration::parse(text)
    }
}

/// The `#[tf(with = ...)]` module of [`GoDuration`]: a string attribute.
pub mod go_duration {
    use super::GoDuration;
    use crate::WireError;

    /// The attribute's Terraform type: a string.
    pub type Wire = String;

    /// The text as written.
    ///
    /// # Errors
    /// None.
    pub fn to_wire(value: &GoDuration) -> Result<String, std::convert::Infallible> {
        Ok(value.text.clone())
    }

    /// Parses the text, refusing what Go refuses with its diagnostic
    /// ("Invalid Time Duration String Value", what a duration looks like,
    /// the given value and Go's parser error). Go writes the two line
    /// breaks before "Given Value" in a raw string literal, so its detail
    /// holds a backslash and an `n` twice there, and so does this one.
    ///
    /// # Errors
    /// Text Go's `time.ParseDuration` refuses.
    pub fn from_wire(text: String) -> Result<GoDuration, WireError> {
        match crate::duration::parse(&text) {
            Ok(duration) => Ok(GoDuration { text, duration }),
            Err(err) => Err(WireError::new(
                "Invalid Time Duration String Value",
                format!(
                    "A string value was provided that is not a valid Go Time Duration string \
                     format. A duration string is a sequence of numbers, each with optional \
                     fraction and a unit suffix, such as \"300ms\", \"-1.5h\" or \"2h45m\". \
                     Valid time units are \"ns\", \"us\" (or \"\u{b5}s\"), \"ms\", \"s\", \"m\", \
                     \"h\".\\n\\nGiven Value: {text}\nError: {err}"
                ),
            )),
        }
    }

    /// Go's `StringSemanticEquals`: the same duration.
    pub fn semantically_equal(prior: &GoDuration, new: &GoDuration) -> bool {
        prior.duration == new.duration
    }

    /// The canonical form semantic equality compares: the nanoseconds.
    pub fn semantic_key(value: &GoDuration) -> i64 {
        value.duration.as_nanos()
    }
}
