//! Per-operation time limits written in the configuration, as
//! terraform-plugin-framework-timeouts has them: a `timeouts` block (or
//! nested attribute) holding `create`, `read`, `update` and `delete`
//! durations such as `"30m"` or `"1h30m"` ([`Timeouts`], or the struct of
//! the operations a resource has, such as [`CreateDeleteTimeouts`]), a data
//! source's `read` ([`DataSourceTimeouts`]) and an ephemeral resource's
//! `open` ([`EphemeralTimeouts`]), spelled as Go's `time.ParseDuration`
//! reads them, with the Go module's descriptions and messages. The typed
//! layer turns the one of each call into its deadline
//! ([`Resource::timeout`](crate::server::typed::Resource::timeout)).

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

/// One struct of operation timeouts: its fields (`create`, `read`,
/// `update`, `delete`, in that order), each an optional duration string
/// with the Go module's description for that operation. The `@field`
/// rules turn each name into its variant and description; the last rule
/// writes the struct once every name is turned.
#[cfg(feature = "derive")]
macro_rules! operation_timeouts {
    (@field $head:tt [$($done:tt)*] [create $(, $rest:ident)*]) => {
        operation_timeouts!(@field $head [$($done)* (create, Create,
            "A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration) consisting of numbers and unit suffixes, such as \"30s\" or \"2h45m\". Valid time units are \"s\" (seconds), \"m\" (minutes), \"h\" (hours).")
        ] [$($rest),*]);
    };
    (@field $head:tt [$($done:tt)*] [read $(, $rest:ident)*]) => {
        operation_timeouts!(@field $head [$($done)* (read, Read,
            "A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration) consisting of numbers and unit suffixes, such as \"30s\" or \"2h45m\". Valid time units are \"s\" (seconds), \"m\" (minutes), \"h\" (hours). Read operations occur during any refresh or planning operation when refresh is enabled.")
        ] [$($rest),*]);
    };
    (@field $head:tt [$($done:tt)*] [update $(, $rest:ident)*]) => {
        operation_timeouts!(@field $head [$($done)* (update, Update,
            "A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration) consisting of numbers and unit suffixes, such as \"30s\" or \"2h45m\". Valid time units are \"s\" (seconds), \"m\" (minutes), \"h\" (hours).")
        ] [$($rest),*]);
    };
    (@field $head:tt [$($done:tt)*] [delete $(, $rest:ident)*]) => {
        operation_timeouts!(@field $head [$($done)* (delete, Delete,
            "A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration) consisting of numbers and unit suffixes, such as \"30s\" or \"2h45m\". Valid time units are \"s\" (seconds), \"m\" (minutes), \"h\" (hours). Setting a timeout for a Delete operation is only applicable if changes are saved into state before the destroy operation occurs.")
        ] [$($rest),*]);
    };
    (@field { $(#[$doc:meta])* $name:ident, $plan:ident, $check:ident }
        [$(($op:ident, $variant:ident, $desc:tt))+] []) => {
        $(#[$doc])*
        #[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
        #[derive(Debug, Clone, Default, PartialEq, Eq, crate::TfSchema, crate::TfValue)]
        #[tf(crate = "crate", validate_with = $check, description = "")]
        pub struct $name {
            $(
                #[doc = $desc]
                #[tf(description = $desc)]
                pub $op: Option<String>,
            )+
        }

        impl $name {
            /// The operations it has, in the order create, read, update,
            /// delete.
            pub const OPERATIONS: &'static [Operation] = &[$(Operation::$variant),+];

            /// The duration written for `operation`; `None` when it is not
            /// set, and for an operation this set does not have.
            ///
            /// # Errors
            /// A string that is not a duration: an error diagnostic
            /// ("Timeout Cannot Be Parsed") at `timeouts.<operation>`.
            pub fn get(&self, operation: Operation) -> Result<Option<Duration>, Diagnostics> {
                let text = match operation {
                    $(Operation::$variant => self.$op.as_deref(),)+
                    #[allow(unreachable_patterns)]
                    _ => None,
                };
                configured(text, operation.as_str())
            }

            /// The time limit of `operation`: the configured one, else
            /// `default` (also when the block is absent, `timeouts` being
            /// `None`, and for an operation this set does not have), as
            /// the Go module's `Create(ctx, default)` and its siblings
            /// read it.
            ///
            /// # Errors
            /// As [`get`](Self::get).
            pub fn duration(
                timeouts: Option<&$name>,
                operation: Operation,
                default: Duration,
            ) -> Result<Duration, Diagnostics> {
                match timeouts {
                    Some(t) => Ok(t.get(operation)?.unwrap_or(default)),
                    None => Ok(default),
                }
            }
        }

        /// The Go module's validator on each duration.
        fn $check(plan: &$plan) -> Diagnostics {
            check_known_durations([$((stringify!($op), &plan.$op)),+])
        }
    };
    ($(#[$doc:meta])* $name:ident, $plan:ident, $check:ident: [$($ops:ident),+]) => {
        operation_timeouts!(@field { $(#[$doc])* $name, $plan, $check } [] [$($ops),+]);
    };
}

#[cfg(feature = "derive")]
operation_timeouts! {
    /// The `timeouts` block of a resource, as the Go module's
    /// `timeouts.BlockAll(ctx)` (`#[tf(block)] timeouts: Option<Timeouts>`)
    /// or `timeouts.AttributesAll(ctx)` (`#[tf(nested)]`): `create`,
    /// `read`, `update` and `delete`, each an optional duration string
    /// (`"30s"`, `"2h45m"`) with the Go module's description. A duration
    /// that does not parse is an error diagnostic ("Invalid Attribute Value
    /// Time Duration") at `timeouts.create` (or the attribute at fault)
    /// when Terraform validates the configuration.
    ///
    /// The resource picks the default of each operation
    /// ([`Timeouts::duration`]) in its
    /// [`Resource::timeout`](crate::server::typed::Resource::timeout). A
    /// resource with only some of the operations has the struct of that
    /// set, named after it: [`CreateDeleteTimeouts`] is
    /// `timeouts.Block(ctx, timeouts.Opts{Create: true, Delete: true})`.
    Timeouts, TimeoutsPlan, check_all: [create, read, update, delete]
}

/// Declares the structs of the other fourteen sets, each documented by
/// the Go call it stands for.
#[cfg(feature = "derive")]
macro_rules! sets {
    ($($name:ident, $plan:ident, $check:ident, $opts:literal: [$($ops:ident),+];)+) => {
        $(
            operation_timeouts! {
                #[doc = concat!(
                    "A resource's `timeouts` block with only ",
                    $opts,
                    ", as the Go module's `timeouts.Block(ctx, timeouts.Opts{...})` with those \
                     set to true (a block, `#[tf(block)]`) or `timeouts.Attributes` (`#[tf(nested)]`); \
                     otherwise as [`Timeouts`]."
                )]
                $name, $plan, $check: [$($ops),+]
            }
        )+
    };
}

#[cfg(feature = "derive")]
sets! {
    CreateTimeouts, CreateTimeoutsPlan, check_c, "`create`": [create];
    ReadTimeouts, ReadTimeoutsPlan, check_r, "`read`": [read];
    UpdateTimeouts, UpdateTimeoutsPlan, check_u, "`update`": [update];
    DeleteTimeouts, DeleteTimeoutsPlan, check_d, "`delete`": [delete];
    CreateReadTimeouts, CreateReadTimeoutsPlan, check_cr, "`create` and `read`": [create, read];
    CreateUpdateTimeouts, CreateUpdateTimeoutsPlan, check_cu, "`create` and `update`": [create, update];
    CreateDeleteTimeouts, CreateDeleteTimeoutsPlan, check_cd, "`create` and `delete`": [create, delete];
    ReadUpdateTimeouts, ReadUpdateTimeoutsPlan, check_ru, "`read` and `update`": [read, update];
    ReadDeleteTimeouts, ReadDeleteTimeoutsPlan, check_rd, "`read` and `delete`": [read, delete];
    UpdateDeleteTimeouts, UpdateDeleteTimeoutsPlan, check_ud, "`update` and `delete`": [update, delete];
    CreateReadUpdateTimeouts, CreateReadUpdateTimeoutsPlan, check_cru, "`create`, `read` and `update`": [create, read, update];
    CreateReadDeleteTimeouts, CreateReadDeleteTimeoutsPlan, check_crd, "`create`, `read` and `delete`": [create, read, delete];
    CreateUpdateDeleteTimeouts, CreateUpdateDeleteTimeoutsPlan, check_cud, "`create`, `update` and `delete`": [create, update, delete];
    ReadUpdateDeleteTimeouts, ReadUpdateDeleteTimeoutsPlan, check_rud, "`read`, `update` and `delete`": [read, update, delete];
}

/// The `timeouts` block of an ephemeral resource, as the Go module's
/// `ephemeral/timeouts` package has it (`timeouts.Block(ctx)`, or
/// `timeouts.Attributes(ctx)` with `#[tf(nested)]`): `open` only, since
/// opening is all Terraform asks of it. Read its limit in
/// [`EphemeralResource::open`](crate::server::typed::EphemeralResource::open)
/// with [`EphemeralTimeouts::duration`]; the typed layer sets no deadline
/// of its own for `open`.
///
/// ```
/// use std::time::Duration;
/// use tfschema::timeouts::EphemeralTimeouts;
///
/// let t = EphemeralTimeouts { open: Some("90s".into()) };
/// let limit = EphemeralTimeouts::duration(Some(&t), Duration::from_secs(5 * 60));
/// assert_eq!(limit.ok(), Some(Duration::from_secs(90)));
/// ```
#[cfg(feature = "derive")]
#[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
#[derive(Debug, Clone, Default, PartialEq, Eq, crate::TfSchema, crate::TfValue)]
#[tf(crate = "crate", validate_with = check_open, description = "")]
pub struct EphemeralTimeouts {
    /// A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration) consisting of numbers and unit suffixes, such as "30s" or "2h45m". Valid time units are "s" (seconds), "m" (minutes), "h" (hours).
    pub open: Option<String>,
}

#[cfg(feature = "derive")]
impl EphemeralTimeouts {
    /// The time limit of an open: the configured one, else `default` (also
    /// when the block is absent, `timeouts` being `None`), as the Go
    /// module's `Open(ctx, default)` reads it.
    ///
    /// # Errors
    /// A string that is not a duration: an error diagnostic ("Timeout
    /// Cannot Be Parsed") at `timeouts.open`.
    pub fn duration(
        timeouts: Option<&EphemeralTimeouts>,
        default: Duration,
    ) -> Result<Duration, Diagnostics> {
        let text = timeouts.and_then(|t| t.open.as_deref());
        Ok(configured(text, "open")?.unwrap_or(default))
    }
}

/// `#[tf(validate_with)]` of [`EphemeralTimeouts`].
#[cfg(feature = "derive")]
fn check_open(plan: &EphemeralTimeoutsPlan) -> Diagnostics {
    check_known_durations([("open", &plan.open)])
}

/// The duration written at `timeouts.<name>`, if any, read as the Go
/// module's `Create(ctx, default)` and its siblings read it (their error's
/// summary and detail, at the attribute's path).
#[cfg(feature = "derive")]
fn configured(text: Option<&str>, name: &str) -> Result<Option<Duration>, Diagnostics> {
    let Some(text) = text else {
        return Ok(None);
    };
    parse_duration(text).map(Some).map_err(|e| {
        let mut d = Diagnostics::new();
        d.error(
            &[
                PathStep::Attr("timeouts".into()),
                PathStep::Attr(name.into()),
            ],
            "Timeout Cannot Be Parsed",
            format!("timeout for {name:?} cannot be parsed, {e}"),
        );
        d
    })
}

/// The Go module's validator, on each known duration (by attribute name):
/// an error at the attribute of each that does not parse, with the
/// validator's summary and its detail (the value as Go's `%q` writes it,
/// then what a duration looks like).
#[cfg(feature = "derive")]
fn check_known_durations<'a>(
    durations: impl IntoIterator<Item = (&'a str, &'a crate::Unknown<Option<String>>)>,
) -> Diagnostics {
    let mut d = Diagnostics::new();
    for (name, value) in durations {
        if let crate::Unknown::Known(Some(text)) = value {
            if parse_duration(text).is_err() {
                d.error(
                    &[PathStep::Attr(name.into())],
                    "Invalid Attribute Value Time Duration",
                    format!(
                        "{} {DURATION_RULE}",
                        crate::text::Quoting::GO_SET_HASH.quote(text)
                    ),
                );
            }
        }
    }
    d
}

/// What the Go module's validator says a duration must be (its
/// description, after the refused value).
#[cfg(feature = "derive")]
const DURATION_RULE: &str = "must be a string containing a sequence of decimal numbers, each with \
     optional fraction and a unit suffix, such as \"300ms\", \"-1.5h\" or \"2h45m\". Valid time units \
     are \"ns\", \"us\" (or \"\u{b5}s\"), \"ms\", \"s\", \"m\", \"h\".";

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
#[tf(crate = "crate", validate_with = check_read_duration, description = "")]
pub struct DataSourceTimeouts {
    /// A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration) consisting of numbers and unit suffixes, such as "30s" or "2h45m". Valid time units are "s" (seconds), "m" (minutes), "h" (hours).
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
        Ok(configured(text, "read")?.unwrap_or(default))
    }
}

/// `#[tf(validate_with)]` of [`DataSourceTimeouts`].
#[cfg(feature = "derive")]
fn check_read_duration(plan: &DataSourceTimeoutsPlan) -> Diagnostics {
    check_known_durations([("read", &plan.read)])
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
