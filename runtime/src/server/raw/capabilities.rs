//! What Terraform says it can do ([`ClientCapabilities`]), and why a
//! provider defers a change when it may ([`Deferred`]).

/// What Terraform says it can do (protocol 5.7+/6.7+; older versions send
/// nothing, which reads as "nothing").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClientCapabilities {
    /// Terraform accepts deferred actions.
    pub deferral_allowed: bool,
    /// Terraform can send write-only attributes (1.11+).
    pub write_only_attributes_allowed: bool,
    /// Terraform keeps a plan's private data and sends it back when it plans
    /// the same change again (protocol 6.11; the typed layer hands it to the
    /// plan hook as `ResourcePlan::planned_private`).
    pub store_planned_private: bool,
    /// Terraform honours computed nested blocks (protocol 6.11). Without it
    /// a resource type with a computed block is refused at validation.
    pub computed_blocks_allowed: bool,
}

/// Why a change is deferred to a later run (protocol 5.6/6.6): a provider
/// may defer only when Terraform allows it
/// ([`ClientCapabilities::deferral_allowed`]); release builds of Terraform
/// 1.15 do not (`-allow-deferral` is only valid in experimental builds).
///
/// Planning, reading and importing a resource and reading a data source
/// can be deferred. The server sends a deferral only when the request
/// allowed it; one the provider returns otherwise becomes an error
/// diagnostic, as does one from `OpenEphemeralResource` or `PlanAction`
/// (Terraform does not honour those).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deferred {
    /// The resource's configuration holds unknowns the provider needs.
    ResourceConfigUnknown,
    /// The provider's configuration holds unknowns it needs.
    ProviderConfigUnknown,
    /// Something the change depends on does not exist yet.
    AbsentPrerequisite,
}

impl std::fmt::Display for Deferred {
    /// The reason in words, as diagnostics say it ("the resource
    /// configuration holds unknowns").
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Deferred::ResourceConfigUnknown => "the resource configuration holds unknowns",
            Deferred::ProviderConfigUnknown => "the provider configuration holds unknowns",
            Deferred::AbsentPrerequisite => "a prerequisite is absent",
        })
    }
}
