//! What a call answers when it cannot run (a type name the provider does
//! not serve, a value it cannot read, Stop): a response with only
//! diagnostics. One trait, [`Answer`], for the raw layer's responses here
//! and for the protocol's messages in the gRPC layer, and one message for
//! an unknown type name, in terraform-plugin-framework's words.

use super::{
    ApplyResourceChangeResponse, GenerateResourceConfigResponse, ImportResourceStateResponse,
    MoveResourceStateResponse, OpenEphemeralResourceResponse, PlanActionResponse,
    PlanResourceChangeResponse, ReadDataSourceResponse, ReadResourceResponse,
    RenewEphemeralResourceResponse, UpgradeResourceIdentityResponse, UpgradeResourceStateResponse,
};
use crate::diag::Diagnostics;

/// The kinds of type a request names (`type_name`), each looked up among
/// the provider's schemas of that kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TypeKind {
    Resource,
    DataSource,
    EphemeralResource,
    ListResource,
    Action,
}

/// The error for a type name the provider does not serve, as
/// terraform-plugin-framework words it (`fwserver`'s "Resource Type Not
/// Found": `No resource type named "x" was found in the provider.`, and
/// the same for the other kinds).
pub(crate) fn unknown_type(kind: TypeKind, name: &str) -> Diagnostics {
    let (title, what) = match kind {
        TypeKind::Resource => ("Resource Type Not Found", "resource type"),
        TypeKind::DataSource => ("Data Source Type Not Found", "data source type"),
        TypeKind::EphemeralResource => (
            "Ephemeral Resource Type Not Found",
            "ephemeral resource type",
        ),
        TypeKind::ListResource => ("List Resource Type Not Found", "list resource type"),
        TypeKind::Action => ("Action Type Not Found", "action type"),
    };
    Diagnostics::with_error(
        title,
        format!("No {what} named {name:?} was found in the provider."),
    )
}

/// A response that can carry diagnostics: what a call answers when it
/// cannot run.
pub(crate) trait Answer: Default {
    /// A response with only these diagnostics.
    fn from_diagnostics(diagnostics: Diagnostics) -> Self;

    /// The answer when the provider has no type of this name.
    fn unknown_type(kind: TypeKind, name: &str) -> Self {
        Self::from_diagnostics(unknown_type(kind, name))
    }
}

/// Implements [`Answer`] for responses with a `diagnostics` field, the
/// diagnostics converted by `$convert` (the raw layer keeps them as they
/// are; the gRPC layer writes them as the protocol's).
macro_rules! answer {
    ($convert:expr; $($t:ty),* $(,)?) => {$(
        impl $crate::server::raw::Answer for $t {
            fn from_diagnostics(diagnostics: $crate::diag::Diagnostics) -> Self {
                Self {
                    diagnostics: ($convert)(diagnostics),
                    ..::core::default::Default::default()
                }
            }
        }
    )*};
}
pub(crate) use answer;

answer!(
    std::convert::identity;
    UpgradeResourceStateResponse,
    ReadResourceResponse,
    PlanResourceChangeResponse,
    ApplyResourceChangeResponse,
    ImportResourceStateResponse,
    ReadDataSourceResponse,
    OpenEphemeralResourceResponse,
    RenewEphemeralResourceResponse,
    UpgradeResourceIdentityResponse,
    MoveResourceStateResponse,
    GenerateResourceConfigResponse,
    PlanActionResponse,
);

/// Calls whose answer is only diagnostics (validation, Close, list and
/// action streams' ends).
impl Answer for Diagnostics {
    fn from_diagnostics(diagnostics: Diagnostics) -> Self {
        diagnostics
    }
}
