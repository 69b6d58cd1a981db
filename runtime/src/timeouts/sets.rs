//! The `timeouts` blocks of resources that have only some of the four
//! operations, as terraform-plugin-framework-timeouts'
//! `timeouts.Block(ctx, timeouts.Opts{Create: true, Delete: true})` makes
//! them: one struct per set of operations, each with exactly those
//! attributes and Go's descriptions, and the ephemeral resources' `open`.
//! A Go provider that declares `update` on a resource without an update
//! timeout gets Terraform's "Unsupported argument" for it, and so does the
//! Rust port with the struct of the same set.

use std::time::Duration;

use super::{check_known_durations, configured, Operation};
use crate::diag::Diagnostics;

/// One struct of operation timeouts: its fields (`create`, `read`,
/// `update`, `delete`, in that order), each an optional duration string
/// with the Go module's description for that operation. The `@field`
/// rules turn each name into its variant and description; the last rule
/// writes the struct once every name is turned.
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
#[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
#[derive(Debug, Clone, Default, PartialEq, Eq, crate::TfSchema, crate::TfValue)]
#[tf(crate = "crate", validate_with = check_open, description = "")]
pub struct EphemeralTimeouts {
    /// A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration) consisting of numbers and unit suffixes, such as "30s" or "2h45m". Valid time units are "s" (seconds), "m" (minutes), "h" (hours).
    pub open: Option<String>,
}

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
fn check_open(plan: &EphemeralTimeoutsPlan) -> Diagnostics {
    check_known_durations([("open", &plan.open)])
}
