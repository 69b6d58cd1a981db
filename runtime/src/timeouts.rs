//! Per-operation time limits written in the configuration, as the Go
//! framework's timeouts module has them: a `timeouts` block (or nested
//! attribute) holding `create`, `read`, `update` and `delete` durations
//! such as `"30m"` or `"1h30m"`, spelled as Go's `time.ParseDuration`
//! reads them. The typed layer turns the one of each call into its
//! deadline ([`Resource::timeout`](crate::server::typed::Resource::timeout)).

use std::fmt;
use std::time::Duration;

#[cfg(feature = "derive")]
use crate::diag::Diagnostics;
#[cfg(feature = "derive")]
use crate::error::PathStep;

/// The operation a time limit is for: the four attributes of [`Timeouts`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operation {
    /// `create`: the create of an apply.
    Create,
    /// `read`: a refresh (and an import's read).
    Read,
    /// `update`: an in-place update.
    Update,
    /// `delete`: the delete of a destroy or a replacement.
    Delete,
}

impl Operation {
    /// The attribute's name in the `timeouts` block (`"create"`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Operation::Create => "create",
            Operation::Read => "read",
            Operation::Update => "update",
            Operation::Delete => "delete",
        }
    }
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The `timeouts` block of a resource: each attribute an optional duration
/// string (`"30s"`, `"2h45m"`, `"1.5h"`; units `ns`, `us`/`µs`, `ms`, `s`,
/// `m`, `h`). Embed it in a model as `#[tf(block)] timeouts:
/// Option<Timeouts>` (a single nested block, as `timeouts.Block` makes it)
/// or `#[tf(nested)]` (a single nested attribute, as `timeouts.Attributes`
/// does). A duration that does not parse is an error diagnostic at
/// `timeouts.create` (or the attribute at fault) when Terraform validates
/// the configuration.
///
/// The resource picks the default of each operation
/// ([`Timeouts::duration`]) in its
/// [`Resource::timeout`](crate::server::typed::Resource::timeout).
#[cfg(feature = "derive")]
#[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
#[derive(Debug, Clone, Default, PartialEq, Eq, crate::TfSchema, crate::TfValue)]
#[tf(crate = "crate", validate_with = check_durations)]
pub struct Timeouts {
    /// A string that can be parsed as a duration, such as "30s" or "2h45m"
    /// (units "ns", "us", "ms", "s", "m", "h"): how long a create may take.
    pub create: Option<String>,
    /// A string that can be parsed as a duration, such as "30s" or "2h45m":
    /// how long a read may take. Reads happen on every refresh and plan.
    pub read: Option<String>,
    /// A string that can be parsed as a duration, such as "30s" or "2h45m":
    /// how long an update may take.
    pub update: Option<String>,
    /// A string that can be parsed as a duration, such as "30s" or "2h45m":
    /// how long a delete may take. It applies only when it is in the state
    /// before the destroy.
    pub delete: Option<String>,
}

#[cfg(feature = "derive")]
impl Timeouts {
    /// The duration written for `operation`; `None` when it is not set.
    ///
    /// # Errors
    /// A string that is not a duration: an error diagnostic at
    /// `timeouts.<operation>`.
    pub fn get(&self, operation: Operation) -> Result<Option<Duration>, Diagnostics> {
        let text = match operation {
            Operation::Create => &self.create,
            Operation::Read => &self.read,
            Operation::Update => &self.update,
            Operation::Delete => &self.delete,
        };
        configured(text.as_deref(), operation)
    }

    /// The time limit of `operation`: the configured one, else `default`
    /// (also when the block is absent, `timeouts` being `None`).
    ///
    /// # Errors
    /// As [`get`](Self::get).
    pub fn duration(
        timeouts: Option<&Timeouts>,
        operation: Operation,
        default: Duration,
    ) -> Result<Duration, Diagnostics> {
        match timeouts {
            Some(t) => Ok(t.get(operation)?.unwrap_or(default)),
            None => Ok(default),
        }
    }
}

/// The duration written at `timeouts.<operation>`, if any.
#[cfg(feature = "derive")]
fn configured(text: Option<&str>, operation: Operation) -> Result<Option<Duration>, Diagnostics> {
    let Some(text) = text else {
        return Ok(None);
    };
    parse_duration(text).map(Some).map_err(|e| {
        let mut d = Diagnostics::new();
        d.error(
            &[
                PathStep::Attr("timeouts".into()),
                PathStep::Attr(operation.as_str().into()),
            ],
            "Invalid timeout",
            e.to_string(),
        );
        d
    })
}

/// `#[tf(validate_with)]` of [`Timeouts`]: every known duration parses.
#[cfg(feature = "derive")]
fn check_durations(plan: &TimeoutsPlan) -> Diagnostics {
    check_known_durations([
        (Operation::Create, &plan.create),
        (Operation::Read, &plan.read),
        (Operation::Update, &plan.update),
        (Operation::Delete, &plan.delete),
    ])
}

/// An error at the attribute of each known duration that does not parse.
#[cfg(feature = "derive")]
fn check_known_durations<'a>(
    durations: impl IntoIterator<Item = (Operation, &'a crate::Unknown<Option<String>>)>,
) -> Diagnostics {
    let mut d = Diagnostics::new();
    for (operation, value) in durations {
        if let crate::Unknown::Known(Some(text)) = value {
            if let Err(e) = parse_duration(text) {
                d.error(
                    &[PathStep::Attr(operation.as_str().into())],
                    "Invalid timeout",
                    e.to_string(),
                );
            }
        }
    }
    d
}

/// The `timeouts` block of a data source, as the Go framework's
/// `datasource/timeouts` module has it: `read` only, since reading is all
/// a data source does. Embed it as [`Timeouts`] is embedded
/// (`#[tf(block)] timeouts: Option<DataSourceTimeouts>`), and return its
/// limit from
/// [`DataSource::timeout`](crate::server::typed::DataSource::timeout).
///
/// ```
/// use std::time::Duration;
/// use tfschema::timeouts::DataSourceTimeouts;
///
/// let t = DataSourceTimeouts { read: Some("90s".into()) };
/// let limit = DataSourceTimeouts::duration(Some(&t), Duration::from_secs(20 * 60));
/// assert_eq!(limit.ok(), Some(Duration::from_secs(90)));
/// ```
#[cfg(feature = "derive")]
#[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
#[derive(Debug, Clone, Default, PartialEq, Eq, crate::TfSchema, crate::TfValue)]
#[tf(crate = "crate", validate_with = check_read_duration)]
pub struct DataSourceTimeouts {
    /// A string that can be parsed as a duration, such as "30s" or "2h45m"
    /// (units "ns", "us", "ms", "s", "m", "h"): how long a read may take.
    pub read: Option<String>,
}

#[cfg(feature = "derive")]
impl DataSourceTimeouts {
    /// The time limit of a read: the configured one, else `default` (also
    /// when the block is absent, `timeouts` being `None`).
    ///
    /// # Errors
    /// A string that is not a duration: an error diagnostic at
    /// `timeouts.read`.
    pub fn duration(
        timeouts: Option<&DataSourceTimeouts>,
        default: Duration,
    ) -> Result<Duration, Diagnostics> {
        let text = timeouts.and_then(|t| t.read.as_deref());
        Ok(configured(text, Operation::Read)?.unwrap_or(default))
    }
}

/// `#[tf(validate_with)]` of [`DataSourceTimeouts`].
#[cfg(feature = "derive")]
fn check_read_duration(plan: &DataSourceTimeoutsPlan) -> Diagnostics {
    check_known_durations([(Operation::Read, &plan.read)])
}

/// A string [`parse_duration`] refused; its `Display` says why and what a
/// duration looks like.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DurationError {
    text: String,
    reason: &'static str,
}

impl fmt::Display for DurationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a duration ({}): write a sequence of decimal numbers, each with an \
             optional fraction and a unit, such as \"30s\", \"1.5h\" or \"2h45m\" (units \"ns\", \
             \"us\", \"ms\", \"s\", \"m\", \"h\")",
            self.text, self.reason
        )
    }
}

impl std::error::Error for DurationError {}

/// Parses a duration as Go's `time.ParseDuration` does (`"300ms"`,
/// `"1.5h"`, `"2h45m"`, `"0"`), except that a negative duration is an
/// error: a time limit cannot be negative. At most about 292 years (the
/// nanoseconds must fit in Go's signed 64 bits). The parser is
/// [`duration::parse`](crate::duration::parse), which also reads negatives.
///
/// # Errors
/// The string is empty, lacks a unit, has an unknown unit, a number with no
/// digits, is negative, or is too large.
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    use crate::duration::DurationErrorKind as Kind;
    let fail = |reason| DurationError {
        text: text.to_owned(),
        reason,
    };
    match crate::duration::parse(text) {
        Ok(d) => d
            .to_std()
            .ok_or_else(|| fail("a time limit cannot be negative")),
        Err(e) => Err(fail(match e.kind() {
            Kind::Empty => "it is empty",
            Kind::MissingUnit => "a unit is missing",
            Kind::UnknownUnit => "unknown unit",
            Kind::Overflow => "too large",
            _ => "a number is missing",
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_go_durations() {
        let ok = [
            ("0", Duration::ZERO),
            ("30s", Duration::from_secs(30)),
            ("+5m", Duration::from_secs(300)),
            ("1.5h", Duration::from_secs(5400)),
            ("2h45m", Duration::from_secs(9900)),
            ("300ms", Duration::from_millis(300)),
            ("1h1m1s1ms1us1ns", Duration::new(3661, 1_001_001)),
            ("10\u{b5}s", Duration::from_micros(10)),
            (".5s", Duration::from_millis(500)),
            ("1.s", Duration::from_secs(1)),
            ("0.000000001s", Duration::from_nanos(1)),
            ("0.0000000019s", Duration::from_nanos(1)),
        ];
        for (text, want) in ok {
            assert_eq!(parse_duration(text), Ok(want), "{text}");
        }
    }

    #[test]
    fn refuses_what_go_refuses_and_negatives() {
        for (text, why) in [
            ("", "empty"),
            ("30", "unit is missing"),
            ("1d", "unknown unit"),
            (".s", "number is missing"),
            ("-1m", "negative"),
            ("1m-1s", "unknown unit"),
            ("99999999999999999999h", "too large"),
            ("6000000h", "too large"),
            ("thirty minutes", "number is missing"),
        ] {
            let err = parse_duration(text).expect_err(text);
            assert!(err.to_string().contains(why), "{text}: {err}");
            assert!(err.to_string().contains("\"2h45m\""), "{err}");
        }
    }

    #[cfg(feature = "derive")]
    #[test]
    fn timeouts_pick_the_configured_or_the_default() {
        let t = Timeouts {
            create: Some("90s".into()),
            delete: Some("soon".into()),
            ..Timeouts::default()
        };
        let min = Duration::from_secs(60);
        assert_eq!(
            Timeouts::duration(Some(&t), Operation::Create, min).ok(),
            Some(Duration::from_secs(90))
        );
        assert_eq!(
            Timeouts::duration(Some(&t), Operation::Read, min).ok(),
            Some(min)
        );
        assert_eq!(
            Timeouts::duration(None, Operation::Delete, min).ok(),
            Some(min)
        );
        let err = Timeouts::duration(Some(&t), Operation::Delete, min).expect_err("invalid");
        let d = err.iter().next().expect("a diagnostic");
        assert_eq!(d.path_string(), ".timeouts.delete");
        assert!(
            d.detail.contains("\"soon\" is not a duration"),
            "{}",
            d.detail
        );
    }
}
