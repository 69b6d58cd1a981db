//! The kinds of things a server of the mux owns, and terraform-plugin-mux's
//! error diagnostics about them (`tf6muxserver/diagnostics.go`).

use crate::server::proto::tfplugin6 as v6;

/// What a routing table maps to the server that owns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Resource,
    DataSource,
    EphemeralResource,
    ListResource,
    Function,
    Action,
}

/// How many [`Kind`]s there are (the size of the routing tables' array).
pub(super) const KINDS: usize = 6;

impl Kind {
    pub(super) fn index(self) -> usize {
        self as usize
    }

    /// The words of the texts: what is duplicated, whose rule it is, the
    /// "Duplicate ..." and "Missing ..." label, the summary's noun.
    fn words(self) -> (&'static str, &'static str, &'static str, &'static str) {
        match self {
            Kind::Resource => (
                "resource type",
                "Resource types",
                "resource type",
                "Resource",
            ),
            Kind::DataSource => (
                "data source type",
                "Data source types",
                "data source type",
                "Data Source",
            ),
            Kind::EphemeralResource => (
                "ephemeral resource type",
                "Ephemeral resource types",
                "ephemeral resource type",
                "Ephemeral Resource",
            ),
            Kind::ListResource => (
                "list resource type",
                "List resource types",
                "list resource type",
                "List Resource",
            ),
            Kind::Function => ("function name", "Functions", "function", "Function"),
            Kind::Action => ("action type", "Actions", "action", "Action"),
        }
    }

    /// `resourceDuplicateError` and its siblings: `name` is served by two
    /// servers.
    pub(super) fn duplicate(self, name: &str) -> v6::Diagnostic {
        let (what, rule, label, _) = self.words();
        error(
            "Invalid Provider Server Combination",
            format!(
                "The combined provider has multiple implementations of the same {what} across \
                 underlying providers. {rule} must be implemented by only one underlying \
                 provider. {BUG}\n\nDuplicate {label}: {name}"
            ),
        )
    }

    /// `resourceMissingError` and its siblings: no server serves `name`.
    pub(super) fn missing(self, name: &str) -> v6::Diagnostic {
        let (_, _, label, noun) = self.words();
        error(
            &format!("{noun} Not Implemented"),
            format!(
                "The combined provider does not implement the requested {label}. \
                 {BUG}\n\nMissing {label}: {name}"
            ),
        )
    }
}

const BUG: &str = "This is always an issue in the provider implementation and should be \
                   reported to the provider developers.";

/// `resourceIdentityDuplicateError`.
pub(super) fn identity_duplicate(name: &str) -> v6::Diagnostic {
    error(
        "Invalid Provider Server Combination",
        format!(
            "The combined provider has multiple implementations of the same resource identity \
             across underlying providers. Resource identity types must be implemented by only \
             one underlying provider. {BUG}\n\nDuplicate identity type for resource: {name}"
        ),
    )
}

/// The provider (`meta` false) or provider_meta schemas of two servers
/// differ.
pub(super) fn schema_difference(meta: bool, difference: &str) -> v6::Diagnostic {
    let (what, label) = if meta {
        ("provider meta schema", "Provider meta schema")
    } else {
        ("provider schema", "Provider schema")
    };
    let plural = if meta {
        "Provider meta schemas"
    } else {
        "Provider schemas"
    };
    error(
        "Invalid Provider Server Combination",
        format!(
            "The combined provider has differing {what} implementations across providers. \
             {plural} must be identical across providers. {BUG}\n\n{label} difference: \
             {difference}"
        ),
    )
}

pub(super) fn error(summary: &str, detail: String) -> v6::Diagnostic {
    v6::Diagnostic {
        severity: v6::diagnostic::Severity::Error as i32,
        summary: summary.to_owned(),
        detail,
        attribute: None,
    }
}

pub(super) fn has_error(diagnostics: &[v6::Diagnostic]) -> bool {
    diagnostics
        .iter()
        .any(|d| d.severity == v6::diagnostic::Severity::Error as i32)
}
