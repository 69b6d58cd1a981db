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
/// `update`, `delete`, as listed), each an optional duration string with
/// the description given (`create = "..."`) or the Go module's for that
/// operation. The `@field` rules turn each name into its variant and
/// description; the last rule writes the struct once every name is
/// turned. `[$($tf:tt)*]` is what the struct's `#[tf(...)]` adds (the
/// crate path, inside tfschema).
#[cfg(feature = "derive")]
#[doc(hidden)]
#[macro_export]
macro_rules! __operation_timeouts {
    (@field $head:tt [$($done:tt)*] [create = $desc:literal $(, $($rest:tt)*)?]) => {
        $crate::__operation_timeouts!(@field $head [$($done)* (create, Create, $desc)] [$($($rest)*)?]);
    };
    (@field $head:tt [$($done:tt)*] [create $(, $($rest:tt)*)?]) => {
        $crate::__operation_timeouts!(@field $head [$($done)* (create, Create,
            "A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration) consisting of numbers and unit suffixes, such as \"30s\" or \"2h45m\". Valid time units are \"s\" (seconds), \"m\" (minutes), \"h\" (hours).")
        ] [$($($rest)*)?]);
    };
    (@field $head:tt [$($done:tt)*] [read = $desc:literal $(, $($rest:tt)*)?]) => {
        $crate::__operation_timeouts!(@field $head [$($done)* (read, Read, $desc)] [$($($rest)*)?]);
    };
    (@field $head:tt [$($done:tt)*] [read $(, $($rest:tt)*)?]) => {
        $crate::__operation_timeouts!(@field $head [$($done)* (read, Read,
            "A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration) consisting of numbers and unit suffixes, such as \"30s\" or \"2h45m\". Valid time units are \"s\" (seconds), \"m\" (minutes), \"h\" (hours). Read operations occur during any refresh or planning operation when refresh is enabled.")
        ] [$($($rest)*)?]);
    };
    (@field $head:tt [$($done:tt)*] [update = $desc:literal $(, $($rest:tt)*)?]) => {
        $crate::__operation_timeouts!(@field $head [$($done)* (update, Update, $desc)] [$($($rest)*)?]);
    };
    (@field $head:tt [$($done:tt)*] [update $(, $($rest:tt)*)?]) => {
        $crate::__operation_timeouts!(@field $head [$($done)* (update, Update,
            "A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration) consisting of numbers and unit suffixes, such as \"30s\" or \"2h45m\". Valid time units are \"s\" (seconds), \"m\" (minutes), \"h\" (hours).")
        ] [$($($rest)*)?]);
    };
    (@field $head:tt [$($done:tt)*] [delete = $desc:literal $(, $($rest:tt)*)?]) => {
        $crate::__operation_timeouts!(@field $head [$($done)* (delete, Delete, $desc)] [$($($rest)*)?]);
    };
    (@field $head:tt [$($done:tt)*] [delete $(, $($rest:tt)*)?]) => {
        $crate::__operation_timeouts!(@field $head [$($done)* (delete, Delete,
            "A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration) consisting of numbers and unit suffixes, such as \"30s\" or \"2h45m\". Valid time units are \"s\" (seconds), \"m\" (minutes), \"h\" (hours). Setting a timeout for a Delete operation is only applicable if changes are saved into state before the destroy operation occurs.")
        ] [$($($rest)*)?]);
    };
    (@field { [$($tf:tt)*] $(#[$doc:meta])* $vis:vis $name:ident }
        [$(($op:ident, $variant:ident, $desc:literal))+] []) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Default, PartialEq, Eq, $crate::TfSchema, $crate::TfValue)]
        #[tf($($tf)* validate_with = $name::__check_durations, description = "")]
        $vis struct $name {
            $(
                #[doc = $desc]
                #[tf(description = $desc)]
                pub $op: ::core::option::Option<::std::string::String>,
            )+
        }

        impl $name {
            /// The operations it has, as declared.
            pub const OPERATIONS: &'static [$crate::timeouts::Operation] =
                &[$($crate::timeouts::Operation::$variant),+];

            /// The duration written for `operation`; `None` when it is not
            /// set, and for an operation this set does not have.
            ///
            /// # Errors
            /// A string that is not a duration: an error diagnostic
            /// ("Timeout Cannot Be Parsed") at `timeouts.<operation>`.
            pub fn get(
                &self,
                operation: $crate::timeouts::Operation,
            ) -> ::core::result::Result<::core::option::Option<::std::time::Duration>, $crate::diag::Diagnostics> {
                let text = match operation {
                    $($crate::timeouts::Operation::$variant => self.$op.as_deref(),)+
                    #[allow(unreachable_patterns)]
                    _ => ::core::option::Option::None,
                };
                $crate::timeouts::__configured(text, operation.as_str())
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
                timeouts: ::core::option::Option<&$name>,
                operation: $crate::timeouts::Operation,
                default: ::std::time::Duration,
            ) -> ::core::result::Result<::std::time::Duration, $crate::diag::Diagnostics> {
                match timeouts {
                    ::core::option::Option::Some(t) => {
                        ::core::result::Result::Ok(t.get(operation)?.unwrap_or(default))
                    }
                    ::core::option::Option::None => ::core::result::Result::Ok(default),
                }
            }

            /// The Go module's validator on each duration (the struct's
            /// `validate_with`).
            #[doc(hidden)]
            pub fn __check_durations(
                plan: &<$name as $crate::TfPlan>::PlanInner,
            ) -> $crate::diag::Diagnostics {
                $crate::timeouts::__check_known_durations([$((::core::stringify!($op), &plan.$op)),+])
            }
        }
    };
    (@internal $(#[$doc:meta])* $name:ident: [$($ops:tt)+]) => {
        $crate::__operation_timeouts!(@field {
            [crate = "crate",]
            $(#[$doc])*
            #[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
            pub $name
        } [] [$($ops)+]);
    };
}

/// Declares a resource's `timeouts` struct with the operations it lists,
/// each with the Go module's description or one of its own: the Go
/// module's `timeouts.Block(ctx, timeouts.Opts{Create: true,
/// CreateDescription: "...", Delete: true})` (use it with `#[tf(block)]`)
/// or `timeouts.Attributes(ctx, ...)` (with `#[tf(nested)]`). A
/// description given replaces Go's default text whole, as a non-empty
/// `CreateDescription` does; an operation written alone keeps Go's.
///
/// The struct has what the predefined sets ([`Timeouts`],
/// [`CreateDeleteTimeouts`], ...) have: an optional string per
/// operation, validated as a duration with Go's message, `OPERATIONS`,
/// `get` and `duration`.
///
/// ```
/// use std::time::Duration;
/// use tfschema::timeouts::{resource_timeouts, Operation};
/// use tfschema::TfSchema;
///
/// resource_timeouts! {
///     /// How long the server's operations may take.
///     pub struct ServerTimeouts {
///         create = "How long to wait for the server to boot.",
///         delete,
///     }
/// }
///
/// let block = ServerTimeouts::block();
/// assert_eq!(block.attributes[0].description, "How long to wait for the server to boot.");
/// assert!(block.attributes[1].description.starts_with("A string that can be"));
/// let t = ServerTimeouts { create: Some("20m".into()), delete: None };
/// let limit = ServerTimeouts::duration(Some(&t), Operation::Create, Duration::from_secs(60));
/// assert_eq!(limit.ok(), Some(Duration::from_secs(20 * 60)));
/// ```
#[cfg(feature = "derive")]
#[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
#[doc(inline)]
pub use crate::__resource_timeouts as resource_timeouts;

/// See [`timeouts::resource_timeouts`](crate::timeouts::resource_timeouts).
#[cfg(feature = "derive")]
#[doc(hidden)]
#[macro_export]
macro_rules! __resource_timeouts {
    ($(#[$doc:meta])* $vis:vis struct $name:ident { $($ops:tt)+ }) => {
        $crate::__operation_timeouts!(@field { [] $(#[$doc])* $vis $name } [] [$($ops)+]);
    };
}

#[cfg(feature = "derive")]
__operation_timeouts! {
    @internal
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
    Timeouts: [create, read, update, delete]
}

/// Declares the structs of the other fourteen sets, each documented by
/// the Go call it stands for.
#[cfg(feature = "derive")]
macro_rules! sets {
    ($($name:ident, $opts:literal: [$($ops:ident),+];)+) => {
        $(
            __operation_timeouts! {
                @internal
                #[doc = concat!(
                    "A resource's `timeouts` block with only ",
                    $opts,
                    ", as the Go module's `timeouts.Block(ctx, timeouts.Opts{...})` with those \
                     set to true (a block, `#[tf(block)]`) or `timeouts.Attributes` (`#[tf(nested)]`); \
                     otherwise as [`Timeouts`]. With descriptions of your own \
                     (`CreateDescription` and its siblings), declare the struct with \
                     [`resource_timeouts!`](crate::timeouts::resource_timeouts)."
                )]
                $name: [$($ops),+]
            }
        )+
    };
}

#[cfg(feature = "derive")]
sets! {
    CreateTimeouts, "`create`": [create];
    ReadTimeouts, "`read`": [read];
    UpdateTimeouts, "`update`": [update];
    DeleteTimeouts, "`delete`": [delete];
    CreateReadTimeouts, "`create` and `read`": [create, read];
    CreateUpdateTimeouts, "`create` and `update`": [create, update];
    CreateDeleteTimeouts, "`create` and `delete`": [create, delete];
    ReadUpdateTimeouts, "`read` and `update`": [read, update];
    ReadDeleteTimeouts, "`read` and `delete`": [read, delete];
    UpdateDeleteTimeouts, "`update` and `delete`": [update, delete];
    CreateReadUpdateTimeouts, "`create`, `read` and `update`": [create, read, update];
    CreateReadDeleteTimeouts, "`create`, `read` and `delete`": [create, read, delete];
    CreateUpdateDeleteTimeouts, "`create`, `update` and `delete`": [create, update, delete];
    ReadUpdateDeleteTimeouts, "`read`, `update` and `delete`": [read, update, delete];
}

/// The `timeouts` struct of one operation (a data source's `read`, an
/// ephemeral resource's `open`): the field with the description given or
/// the Go module's (the same text for both), `duration` and the
/// validator.
#[cfg(feature = "derive")]
#[doc(hidden)]
#[macro_export]
macro_rules! __one_timeout {
    (@desc { $($head:tt)* } $op:ident = $desc:literal) => {
        $crate::__one_timeout!(@struct { $($head)* } $op $desc);
    };
    (@desc { $($head:tt)* } $op:ident) => {
        $crate::__one_timeout!(@struct { $($head)* } $op
            "A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration) consisting of numbers and unit suffixes, such as \"30s\" or \"2h45m\". Valid time units are \"s\" (seconds), \"m\" (minutes), \"h\" (hours).");
    };
    (@struct { [$($tf:tt)*] $(#[$doc:meta])* $vis:vis $name:ident } $op:ident $desc:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Default, PartialEq, Eq, $crate::TfSchema, $crate::TfValue)]
        #[tf($($tf)* validate_with = $name::__check_durations, description = "")]
        $vis struct $name {
            #[doc = $desc]
            #[tf(description = $desc)]
            pub $op: ::core::option::Option<::std::string::String>,
        }

        impl $name {
            #[doc = ::core::concat!(
                "The time limit of `", ::core::stringify!($op), "`: the configured one, else \
                 `default` (also when the block is absent, `timeouts` being `None`), as the \
                 Go module's reader of it does.\n\n# Errors\nA string that is not a \
                 duration: an error diagnostic (\"Timeout Cannot Be Parsed\") at `timeouts.",
                ::core::stringify!($op), "`."
            )]
            pub fn duration(
                timeouts: ::core::option::Option<&$name>,
                default: ::std::time::Duration,
            ) -> ::core::result::Result<::std::time::Duration, $crate::diag::Diagnostics> {
                let text = timeouts.and_then(|t| t.$op.as_deref());
                ::core::result::Result::Ok(
                    $crate::timeouts::__configured(text, ::core::stringify!($op))?.unwrap_or(default),
                )
            }

            /// The Go module's validator on the duration (the struct's
            /// `validate_with`).
            #[doc(hidden)]
            pub fn __check_durations(
                plan: &<$name as $crate::TfPlan>::PlanInner,
            ) -> $crate::diag::Diagnostics {
                $crate::timeouts::__check_known_durations([(::core::stringify!($op), &plan.$op)])
            }
        }
    };
}

/// Declares a data source's `timeouts` struct (`read`) with a description
/// of its own: the Go module's `datasource/timeouts.BlockWithOpts(ctx,
/// timeouts.Opts{ReadDescription: "..."})` (with `#[tf(block)]`) or
/// `AttributesWithOpts` (with `#[tf(nested)]`); otherwise as
/// [`DataSourceTimeouts`], whose `duration` it has.
///
/// ```
/// use tfschema::timeouts::data_source_timeouts;
/// use tfschema::TfSchema;
///
/// data_source_timeouts! {
///     /// How long a lookup may take.
///     pub struct LookupTimeouts { read = "How long to wait for the index." }
/// }
/// assert_eq!(LookupTimeouts::block().attributes[0].description, "How long to wait for the index.");
/// ```
#[cfg(feature = "derive")]
#[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
#[doc(inline)]
pub use crate::__data_source_timeouts as data_source_timeouts;

/// See [`timeouts::data_source_timeouts`](crate::timeouts::data_source_timeouts).
#[cfg(feature = "derive")]
#[doc(hidden)]
#[macro_export]
macro_rules! __data_source_timeouts {
    ($(#[$doc:meta])* $vis:vis struct $name:ident { read $(= $desc:literal)? $(,)? }) => {
        $crate::__one_timeout!(@desc { [] $(#[$doc])* $vis $name } read $(= $desc)?);
    };
}

/// Declares an ephemeral resource's `timeouts` struct (`open`) with a
/// description of its own: the Go module's `ephemeral/timeouts.BlockWithOpts(ctx,
/// timeouts.Opts{OpenDescription: "..."})` (with `#[tf(block)]`) or
/// `AttributesWithOpts` (with `#[tf(nested)]`); otherwise as
/// [`EphemeralTimeouts`], whose `duration` it has.
///
/// ```
/// use tfschema::timeouts::ephemeral_timeouts;
/// use tfschema::TfSchema;
///
/// ephemeral_timeouts! {
///     /// How long issuing a token may take.
///     pub struct TokenTimeouts { open = "How long to wait for the issuer." }
/// }
/// assert_eq!(TokenTimeouts::block().attributes[0].description, "How long to wait for the issuer.");
/// ```
#[cfg(feature = "derive")]
#[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
#[doc(inline)]
pub use crate::__ephemeral_timeouts as ephemeral_timeouts;

/// See [`timeouts::ephemeral_timeouts`](crate::timeouts::ephemeral_timeouts).
#[cfg(feature = "derive")]
#[doc(hidden)]
#[macro_export]
macro_rules! __ephemeral_timeouts {
    ($(#[$doc:meta])* $vis:vis struct $name:ident { open $(= $desc:literal)? $(,)? }) => {
        $crate::__one_timeout!(@desc { [] $(#[$doc])* $vis $name } open $(= $desc)?);
    };
}

#[cfg(feature = "derive")]
__one_timeout! {
    @desc {
        [crate = "crate",]
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
        #[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
        pub EphemeralTimeouts
    } open
}

/// The duration written at `timeouts.<name>`, if any, read as the Go
/// module's `Create(ctx, default)` and its siblings read it (their error's
/// summary and detail, at the attribute's path).
/// For [`resource_timeouts!`]'s structs: the configured duration of
/// `name`, or Go's "Timeout Cannot Be Parsed".
#[cfg(feature = "derive")]
#[doc(hidden)]
pub fn __configured(text: Option<&str>, name: &str) -> Result<Option<Duration>, Diagnostics> {
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
/// For [`resource_timeouts!`]'s structs: Go's duration validator on
/// each known duration.
#[cfg(feature = "derive")]
#[doc(hidden)]
pub fn __check_known_durations<'a>(
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

#[cfg(feature = "derive")]
__one_timeout! {
    @desc {
        [crate = "crate",]
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
        #[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
        pub DataSourceTimeouts
    } read
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
