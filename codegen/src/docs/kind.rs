//! The kinds of page, with where tfplugindocs keeps each kind's examples,
//! templates and pages.

/// What a page documents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// The provider's configuration (`index.md`).
    Provider,
    /// A managed resource type.
    Resource,
    /// A data source.
    DataSource,
    /// An ephemeral resource type.
    EphemeralResource,
    /// A list resource type (`terraform query`).
    ListResource,
    /// An action type.
    Action,
    /// A provider-defined function.
    Function,
}

impl Kind {
    /// Every kind, in the order pages are listed.
    pub const ALL: [Kind; 7] = [
        Kind::Provider,
        Kind::Resource,
        Kind::DataSource,
        Kind::EphemeralResource,
        Kind::ListResource,
        Kind::Action,
        Kind::Function,
    ];

    /// The folder of `docs/` (and of `templates/`) its pages are in;
    /// empty for the provider's `index.md`.
    pub fn docs_dir(self) -> &'static str {
        match self {
            Kind::Provider => "",
            Kind::Resource => "resources",
            Kind::DataSource => "data-sources",
            Kind::EphemeralResource => "ephemeral-resources",
            Kind::ListResource => "list-resources",
            Kind::Action => "actions",
            Kind::Function => "functions",
        }
    }

    /// The name tfplugindocs puts in titles: `Resource`, `Data Source`, ...
    pub fn title(self) -> &'static str {
        match self {
            Kind::Provider => "Provider",
            Kind::Resource => "Resource",
            Kind::DataSource => "Data Source",
            Kind::EphemeralResource => "Ephemeral Resource",
            Kind::ListResource => "List Resource",
            Kind::Action => "Action",
            Kind::Function => "function",
        }
    }

    /// Where its examples are: `examples/<dir>/<name>/<stem>*<extension>`
    /// (the provider's: `examples/provider/provider*.tf`).
    pub(crate) fn examples(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Kind::Provider => ("provider", "provider", ".tf"),
            Kind::Resource => ("resources", "resource", ".tf"),
            Kind::DataSource => ("data-sources", "data-source", ".tf"),
            Kind::EphemeralResource => ("ephemeral-resources", "ephemeral-resource", ".tf"),
            Kind::ListResource => ("list-resources", "list-resource", ".tfquery.hcl"),
            Kind::Action => ("actions", "action", ".tf"),
            Kind::Function => ("functions", "function", ".tf"),
        }
    }
}

/// `terraform-provider-inventory` -> `inventory`.
pub(crate) fn provider_short_name(provider_name: &str) -> &str {
    provider_name
        .strip_prefix("terraform-provider-")
        .unwrap_or(provider_name)
}

/// `inventory_item` of provider `inventory` -> `item`: the page's file
/// name (functions keep their names).
pub(crate) fn short_name<'a>(kind: Kind, name: &'a str, provider_short: &str) -> &'a str {
    if kind == Kind::Function {
        return name;
    }
    name.strip_prefix(provider_short)
        .and_then(|rest| rest.strip_prefix('_'))
        .unwrap_or(name)
}
