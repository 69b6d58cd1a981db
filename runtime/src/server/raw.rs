//! The raw provider layer: the plugin protocol's calls with
//! [`DynamicValue`]s, raw private state and [`Diagnostics`], the same for
//! protocols 5 and 6.
//!
//! Implement [`RawProvider`] to drop below the typed layer
//! ([`super::typed`]); [`super::grpc`] serves an implementation as
//! `tfplugin5.Provider` and `tfplugin6.Provider`. Values stay as Terraform
//! sent them, with the type of the schema they belong to, until the
//! provider reads them: into a model struct ([`DynamicValue::decode`]) or a
//! dynamic [`Value`](crate::Value) ([`DynamicValue::to_value`]). A decode
//! failure is an error naming the attribute path. Values the provider
//! returns are written with their schema's type.
//!
//! # Reading and writing values
//!
//! A [`DynamicValue`] holds Terraform's msgpack or JSON bytes with the type
//! of its schema. [`DynamicValue::decode`] reads them straight into a
//! model struct, borrowing strings from the bytes;
//! [`DynamicValue::decode_owned`] gives an owned model and
//! [`DynamicValue::to_value`] a dynamic [`Value`](crate::Value). Answers
//! are built with [`DynamicValue::from_model`], which writes msgpack at
//! once, or from a [`Value`](crate::Value) (`DynamicValue::from(value)`).
//! The typed layer works the same way: it reads apply, read and import
//! values straight into the model and writes the model straight back,
//! building a [`Value`](crate::Value) only for the default planner, for
//! write-only attributes, and when a plan holds refined unknowns whose
//! refinements must be checked.
//!
//! # Cancellation
//!
//! Terraform's `Stop` raises the [`StopSignal`] every call can watch; a call
//! that has not answered 100 ms later is dropped and answers "Operation
//! cancelled".

use std::collections::BTreeMap;
use std::future::Future;

use tokio::sync::watch;

mod actions;
mod ephemeral;
mod functions;
mod identity;
mod list;

pub use super::dynamic::DynamicValue;
use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::schema::Schema;
pub use actions::{
    InvokeActionRequest, PlanActionRequest, PlanActionResponse, ProgressSink,
    ValidateActionConfigRequest,
};
pub use ephemeral::{
    CloseEphemeralResourceRequest, OpenEphemeralResourceRequest, OpenEphemeralResourceResponse,
    RenewEphemeralResourceRequest, RenewEphemeralResourceResponse,
    ValidateEphemeralResourceConfigRequest,
};
pub use functions::{
    CallFunctionRequest, CallFunctionResponse, FunctionError, FunctionParameter, FunctionSignature,
};
pub use identity::{
    IdentityAttribute, IdentitySchema, MoveResourceStateRequest, MoveResourceStateResponse,
    UpgradeResourceIdentityRequest, UpgradeResourceIdentityResponse,
};
pub use list::{
    GenerateResourceConfigRequest, GenerateResourceConfigResponse, ListResourceEvent,
    ListResourceRequest, ListSink, ValidateListResourceConfigRequest,
};

/// Everything the provider serves: its schemas by type name.
#[derive(Debug, Clone, Default)]
pub struct ProviderSchema {
    /// The provider's own configuration block.
    pub provider: Schema,
    /// `provider_meta` blocks of modules (rarely used).
    pub provider_meta: Option<Schema>,
    /// Managed resource types.
    pub resources: BTreeMap<String, Schema>,
    /// Data source types.
    pub data_sources: BTreeMap<String, Schema>,
    /// Provider-defined functions by name.
    pub functions: BTreeMap<String, FunctionSignature>,
    /// Ephemeral resource types.
    pub ephemeral_resources: BTreeMap<String, Schema>,
    /// Identity schemas of managed resource types (those that have one).
    pub identities: BTreeMap<String, IdentitySchema>,
    /// List resource types (each also a managed resource type with an
    /// identity): the schemas of their `config` blocks.
    pub list_resources: BTreeMap<String, Schema>,
    /// Action types: the schemas of their `config` blocks.
    pub actions: BTreeMap<String, Schema>,
    /// Whether [`RawProvider::move_resource_state`] is implemented:
    /// Terraform refuses `moved` blocks across resource types otherwise.
    pub move_resource_state: bool,
    /// Whether [`RawProvider::generate_resource_config`] is implemented:
    /// Terraform writes generated configuration itself otherwise.
    pub generate_resource_config: bool,
    /// Errors the provider found in its own setup (a typed list resource
    /// registered under the name of another resource type), returned from
    /// `GetProviderSchema` with the [`problems`](Self::problems) found in
    /// the schemas.
    pub errors: Diagnostics,
}

impl ProviderSchema {
    /// Whether any schema uses nested attributes, which only protocol 6 can
    /// describe.
    pub fn requires_protocol_6(&self) -> bool {
        std::iter::once(&self.provider)
            .chain(self.provider_meta.iter())
            .chain(self.resources.values())
            .chain(self.data_sources.values())
            .chain(self.ephemeral_resources.values())
            .chain(self.list_resources.values())
            .chain(self.actions.values())
            .any(|s| s.block.requires_protocol_6())
    }
}

/// Names Terraform keeps for itself at the top of a resource block
/// (meta-arguments), of a data (and ephemeral) block and of a provider
/// block. An attribute or block type with one of these names cannot be set
/// in a configuration.
const RESERVED_IN_RESOURCES: &[&str] = &[
    "connection",
    "count",
    "depends_on",
    "for_each",
    "lifecycle",
    "provider",
    "provisioner",
];
const RESERVED_IN_DATA_SOURCES: &[&str] =
    &["count", "depends_on", "for_each", "lifecycle", "provider"];
const RESERVED_IN_PROVIDERS: &[&str] = &["alias", "version"];

impl ProviderSchema {
    /// Errors for schemas Terraform cannot use, after the provider's own
    /// [`errors`](Self::errors): a list resource type with no resource type
    /// of its name or one without an identity, and top-level attributes or block types named like a
    /// meta-argument (`count`, `for_each`, ..., and `alias`/`version` in the
    /// provider block). The server returns them from `GetProviderSchema`,
    /// so Terraform stops with the reason.
    pub fn problems(&self) -> Diagnostics {
        let mut diagnostics = self.errors.clone();
        self.list_problems(&mut diagnostics);
        let mut check = |what: &str, name: &str, schema: &Schema, reserved: &[&str]| {
            let names = schema
                .block
                .attributes
                .iter()
                .map(|a| a.name.as_str())
                .chain(
                    schema
                        .block
                        .block_types
                        .iter()
                        .map(|b| b.type_name.as_str()),
                );
            for field in names.filter(|n| reserved.contains(n)) {
                diagnostics.error(
                    &[],
                    "Reserved attribute name",
                    format!(
                        "The {what} {name:?} has an attribute or block named {field:?}, which Terraform \
                         reserves for itself; rename it (e.g. `#[tf(rename = \"{field}_value\")]`)."
                    ),
                );
            }
        };
        check(
            "provider configuration",
            "provider",
            &self.provider,
            RESERVED_IN_PROVIDERS,
        );
        for (name, schema) in &self.resources {
            check("resource type", name, schema, RESERVED_IN_RESOURCES);
        }
        for (name, schema) in &self.data_sources {
            check("data source", name, schema, RESERVED_IN_DATA_SOURCES);
        }
        // An `ephemeral` block has the meta-arguments of a `data` block.
        for (name, schema) in &self.ephemeral_resources {
            check("ephemeral resource", name, schema, RESERVED_IN_DATA_SOURCES);
        }
        diagnostics
    }

    /// Errors for list resource types Terraform cannot use: each must also
    /// be a managed resource type with an identity schema, since every
    /// result names its object by identity (Terraform 1.15 otherwise fails
    /// the query with "Identity schema not found for resource type").
    fn list_problems(&self, diagnostics: &mut Diagnostics) {
        for name in self.list_resources.keys() {
            if !self.resources.contains_key(name) {
                diagnostics.error(
                    &[],
                    "List resource without a resource type",
                    format!(
                        "The list resource type {name:?} has no managed resource type of the same name; \
                         a list resource lists the objects of the resource type it is named after."
                    ),
                );
            } else if !self.identities.contains_key(name) {
                diagnostics.error(
                    &[],
                    "List resource of a resource type without identity",
                    format!(
                        "The list resource type {name:?} lists a resource type without an identity schema; \
                         Terraform names every object listed by its identity. Give the resource type one \
                         (register it with `resource_with_identity`)."
                    ),
                );
            }
        }
    }
}

/// What Terraform says it can do (protocol 5.7+/6.7+; older versions send
/// nothing, which reads as "nothing").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClientCapabilities {
    /// Terraform accepts deferred actions.
    pub deferral_allowed: bool,
    /// Terraform can send write-only attributes (1.11+).
    pub write_only_attributes_allowed: bool,
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

/// A signal raised when Terraform calls `Stop`/`StopProvider`: in-flight
/// calls are cancelled (their futures dropped) and answer with an error
/// diagnostic. Long operations can also watch it to clean up first.
#[derive(Debug, Clone)]
pub struct StopSignal {
    rx: watch::Receiver<u64>,
    generation: u64,
}

impl StopSignal {
    /// A signal that is never raised (for tests and direct calls).
    pub fn never() -> StopSignal {
        let (_tx, rx) = watch::channel(0);
        StopSignal { rx, generation: 0 }
    }

    /// Whether Stop was called since this call began.
    pub fn is_stopped(&self) -> bool {
        *self.rx.borrow() != self.generation
    }

    /// Completes when Stop is called (never, when the server is gone).
    pub async fn stopped(&mut self) {
        let generation = self.generation;
        if self.rx.wait_for(|g| *g != generation).await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// The diagnostics of a call Stop cancelled: "Operation cancelled".
pub(crate) fn cancelled_diagnostics() -> Diagnostics {
    Diagnostics::with_error(
        "Operation cancelled",
        "Terraform stopped the provider while this operation was running; \
         it may have been left incomplete.",
    )
}

/// The source of [`StopSignal`]s: one per server.
#[derive(Debug)]
pub(crate) struct Stopper {
    tx: watch::Sender<u64>,
}

impl Stopper {
    pub(crate) fn new() -> Stopper {
        Stopper {
            tx: watch::channel(0).0,
        }
    }

    /// A signal for a call starting now.
    pub(crate) fn signal(&self) -> StopSignal {
        let rx = self.tx.subscribe();
        let generation = *rx.borrow();
        StopSignal { rx, generation }
    }

    /// Raises the signal of every call in flight; later calls get a fresh one.
    pub(crate) fn stop(&self) {
        self.tx.send_modify(|g| *g = g.wrapping_add(1));
    }
}

/// `ValidateProviderConfig` (protocol 5: `PrepareProviderConfig`).
#[derive(Clone)]
pub struct ValidateProviderConfigRequest {
    /// The `provider` block as written; may hold unknowns.
    pub config: DynamicValue,
}

/// `ConfigureProvider` (protocol 5: `Configure`).
#[derive(Clone)]
pub struct ConfigureProviderRequest {
    /// The version of the Terraform calling, e.g. `1.15.5`.
    pub terraform_version: String,
    /// The `provider` block; may hold unknowns (values from resources not
    /// yet created).
    pub config: DynamicValue,
    /// What this Terraform can do.
    pub client_capabilities: ClientCapabilities,
}

/// `ValidateResourceConfig` (protocol 5: `ValidateResourceTypeConfig`).
#[derive(Clone)]
pub struct ValidateResourceConfigRequest {
    /// The resource type, e.g. `example_thing`.
    pub type_name: String,
    /// The `resource` block as written; may hold unknowns.
    pub config: DynamicValue,
    /// What this Terraform can do.
    pub client_capabilities: ClientCapabilities,
}

/// `ValidateDataResourceConfig` (protocol 5: `ValidateDataSourceConfig`).
#[derive(Clone)]
pub struct ValidateDataSourceConfigRequest {
    /// The data source type.
    pub type_name: String,
    /// The `data` block as written; may hold unknowns.
    pub config: DynamicValue,
}

/// `UpgradeResourceState`: the stored state as JSON, written by schema
/// `version` (possibly older than the current one).
#[derive(Debug, Clone)]
pub struct UpgradeResourceStateRequest {
    /// The resource type.
    pub type_name: String,
    /// The schema version that wrote the state.
    pub version: i64,
    /// The state's JSON; `None` when Terraform sent only the pre-0.12
    /// flatmap form, which tfschema does not read.
    pub raw_state_json: Option<Vec<u8>>,
}

/// The state in the current schema's type.
#[derive(Clone, Default)]
pub struct UpgradeResourceStateResponse {
    /// The state as the current schema describes it.
    pub upgraded_state: Option<DynamicValue>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
}

/// `ReadResource`: refresh.
#[derive(Clone)]
pub struct ReadResourceRequest {
    /// The resource type.
    pub type_name: String,
    /// The state Terraform holds (upgraded to the current schema).
    pub current_state: DynamicValue,
    /// The private state the last apply or read returned.
    pub private: Vec<u8>,
    /// The module's `provider_meta` block, when the schema has one.
    pub provider_meta: Option<DynamicValue>,
    /// What this Terraform can do.
    pub client_capabilities: ClientCapabilities,
    /// The stored identity, when the resource type has one and Terraform
    /// stored one.
    pub current_identity: Option<DynamicValue>,
}

/// The refreshed state: a null `new_state` means the object is gone.
#[derive(Clone, Default)]
pub struct ReadResourceResponse {
    /// The refreshed state; null when the object is gone.
    pub new_state: Option<DynamicValue>,
    /// The private state to keep.
    pub private: Vec<u8>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
    /// The object's identity.
    pub new_identity: Option<DynamicValue>,
    /// Not yet: read again in a later run. Sent only when the request allowed it
    /// ([`ClientCapabilities::deferral_allowed`]); otherwise the answer
    /// gets an error diagnostic instead.
    pub deferred: Option<Deferred>,
}

/// `PlanResourceChange`. `prior_state` is null on create;
/// `proposed_new_state` is null on destroy.
#[derive(Clone)]
pub struct PlanResourceChangeRequest {
    /// The resource type.
    pub type_name: String,
    /// The state before the change (null on create).
    pub prior_state: DynamicValue,
    /// Terraform's proposal: the configuration, with computed attributes
    /// it leaves unset taken from the prior state (null on destroy).
    pub proposed_new_state: DynamicValue,
    /// The configuration as written (null on destroy).
    pub config: DynamicValue,
    /// The private state kept with the prior state.
    pub prior_private: Vec<u8>,
    /// The module's `provider_meta` block, when the schema has one.
    pub provider_meta: Option<DynamicValue>,
    /// What this Terraform can do.
    pub client_capabilities: ClientCapabilities,
    /// The stored identity (on update).
    pub prior_identity: Option<DynamicValue>,
}

/// The plan: the planned state, the attributes whose change forces
/// replacement, and private data handed to apply.
#[derive(Clone, Default)]
pub struct PlanResourceChangeResponse {
    /// The planned new state: unknown where apply will decide.
    pub planned_state: Option<DynamicValue>,
    /// Attribute paths whose planned change forces replacement.
    pub requires_replace: Vec<Vec<PathStep>>,
    /// Private state handed to apply.
    pub planned_private: Vec<u8>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
    /// The identity after the change; leave it unset on create (Terraform
    /// 1.15 cannot show an unknown one).
    pub planned_identity: Option<DynamicValue>,
    /// Not yet: plan again in a later run. Sent only when the request allowed it
    /// ([`ClientCapabilities::deferral_allowed`]); otherwise the answer
    /// gets an error diagnostic instead.
    pub deferred: Option<Deferred>,
}

/// `ApplyResourceChange`. `planned_state` is null on destroy.
#[derive(Clone)]
pub struct ApplyResourceChangeRequest {
    /// The resource type.
    pub type_name: String,
    /// The state before the change (null on create).
    pub prior_state: DynamicValue,
    /// The plan being applied (null on destroy).
    pub planned_state: DynamicValue,
    /// The configuration, with values that were unknown at plan time now
    /// known (it is the only place write-only values arrive).
    pub config: DynamicValue,
    /// The private state the plan returned.
    pub planned_private: Vec<u8>,
    /// The module's `provider_meta` block, when the schema has one.
    pub provider_meta: Option<DynamicValue>,
    /// The planned identity.
    pub planned_identity: Option<DynamicValue>,
}

/// The new state. With an error diagnostic, a non-null `new_state` is the
/// partial result Terraform records (the object exists but is incomplete).
#[derive(Clone, Default)]
pub struct ApplyResourceChangeResponse {
    /// The state after the change: wholly known, and consistent with the
    /// plan (null after a destroy).
    pub new_state: Option<DynamicValue>,
    /// The private state to keep.
    pub private: Vec<u8>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
    /// The object's identity (wholly known).
    pub new_identity: Option<DynamicValue>,
}

/// `ImportResourceState`: `terraform import` with an id.
#[derive(Debug, Clone)]
pub struct ImportResourceStateRequest {
    /// The resource type.
    pub type_name: String,
    /// The id given to `terraform import` (or an `import` block), as
    /// written.
    pub id: String,
    /// What this Terraform can do.
    pub client_capabilities: ClientCapabilities,
    /// The identity an `import` block named the object by (then `id` is
    /// empty).
    pub identity: Option<DynamicValue>,
}

/// One imported object; Terraform reads it next (`ReadResource`).
#[derive(Clone)]
pub struct ImportedResource {
    /// The object's resource type (usually the requested one).
    pub type_name: String,
    /// What is known of the object; Terraform's next read fills the rest.
    pub state: DynamicValue,
    /// Its private state.
    pub private: Vec<u8>,
    /// The object's identity.
    pub identity: Option<DynamicValue>,
}

/// The imported objects.
#[derive(Debug, Clone, Default)]
pub struct ImportResourceStateResponse {
    /// The objects found (usually one).
    pub imported_resources: Vec<ImportedResource>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
    /// Not yet: import in a later run. Sent only when the request allowed it
    /// ([`ClientCapabilities::deferral_allowed`]); otherwise the answer
    /// gets an error diagnostic instead.
    pub deferred: Option<Deferred>,
}

/// `ReadDataSource`.
#[derive(Clone)]
pub struct ReadDataSourceRequest {
    /// The data source type.
    pub type_name: String,
    /// The `data` block: known, but computed attributes are null.
    pub config: DynamicValue,
    /// The module's `provider_meta` block, when the schema has one.
    pub provider_meta: Option<DynamicValue>,
    /// What this Terraform can do.
    pub client_capabilities: ClientCapabilities,
}

/// The data source's state.
#[derive(Clone, Default)]
pub struct ReadDataSourceResponse {
    /// The configuration with the computed attributes filled.
    pub state: Option<DynamicValue>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
    /// Not yet: read in a later run. Sent only when the request allowed it
    /// ([`ClientCapabilities::deferral_allowed`]); otherwise the answer
    /// gets an error diagnostic instead.
    pub deferred: Option<Deferred>,
}

/// Debug for the request and response types: values and private state are
/// left out (they may hold sensitive attributes); their presence is shown.
macro_rules! redacted_debug {
    ($t:ident { $($shown:ident),* } hides { $($hidden:ident),* }) => {
        impl std::fmt::Debug for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                let mut d = f.debug_struct(stringify!($t));
                $(d.field(stringify!($shown), &self.$shown);)*
                $(d.field(stringify!($hidden), &format_args!("<value>"));)*
                d.finish()
            }
        }
    };
}
redacted_debug!(ValidateProviderConfigRequest {  } hides { config });
redacted_debug!(ConfigureProviderRequest { terraform_version, client_capabilities } hides { config });
redacted_debug!(ValidateResourceConfigRequest { type_name, client_capabilities } hides { config });
redacted_debug!(ValidateDataSourceConfigRequest { type_name } hides { config });
redacted_debug!(UpgradeResourceStateResponse { diagnostics } hides { upgraded_state });
redacted_debug!(ReadResourceRequest { type_name, client_capabilities } hides { current_state, provider_meta, private, current_identity });
redacted_debug!(ReadResourceResponse { diagnostics, deferred } hides { new_state, private, new_identity });
redacted_debug!(PlanResourceChangeRequest { type_name, client_capabilities } hides { prior_state, proposed_new_state, config, provider_meta, prior_private, prior_identity });
redacted_debug!(PlanResourceChangeResponse { requires_replace, diagnostics, deferred } hides { planned_state, planned_private, planned_identity });
redacted_debug!(ApplyResourceChangeRequest { type_name } hides { prior_state, planned_state, config, provider_meta, planned_private, planned_identity });
redacted_debug!(ApplyResourceChangeResponse { diagnostics } hides { new_state, private, new_identity });
redacted_debug!(ImportedResource { type_name } hides { state, private, identity });
redacted_debug!(ReadDataSourceRequest { type_name, client_capabilities } hides { config, provider_meta });
redacted_debug!(ReadDataSourceResponse { diagnostics, deferred } hides { state });
redacted_debug!(CallFunctionRequest { name } hides { arguments });
redacted_debug!(CallFunctionResponse { error } hides { result });
redacted_debug!(ValidateEphemeralResourceConfigRequest { type_name } hides { config });
redacted_debug!(OpenEphemeralResourceRequest { type_name, client_capabilities } hides { config });
redacted_debug!(OpenEphemeralResourceResponse { renew_at, deferred, diagnostics } hides { result, private });
redacted_debug!(RenewEphemeralResourceRequest { type_name } hides { private });
redacted_debug!(RenewEphemeralResourceResponse { renew_at, diagnostics } hides { private });
redacted_debug!(CloseEphemeralResourceRequest { type_name } hides { private });
redacted_debug!(UpgradeResourceIdentityResponse { diagnostics } hides { upgraded_identity });
redacted_debug!(MoveResourceStateRequest { source_provider_address, source_type_name, source_schema_version, source_identity_schema_version, target_type_name } hides { source_state_json, source_private, source_identity_json });
redacted_debug!(MoveResourceStateResponse { diagnostics } hides { target_state, target_private, target_identity });
redacted_debug!(ValidateListResourceConfigRequest { type_name } hides { config, include_resource_object, limit });
redacted_debug!(ListResourceRequest { type_name, include_resource_object, limit } hides { config });
redacted_debug!(ListResourceEvent { display_name, diagnostics } hides { identity, resource_object });
redacted_debug!(GenerateResourceConfigRequest { type_name } hides { state });
redacted_debug!(GenerateResourceConfigResponse { diagnostics } hides { config });
redacted_debug!(ValidateActionConfigRequest { type_name } hides { config });
redacted_debug!(PlanActionRequest { type_name, client_capabilities } hides { config });
redacted_debug!(InvokeActionRequest { type_name, client_capabilities } hides { config });

/// A response that can carry diagnostics: what a call answers when it
/// cannot run (unknown type name, undecodable value, Stop).
pub trait RawResponse: Default {
    /// The response's diagnostics.
    fn diagnostics_mut(&mut self) -> &mut Diagnostics;

    /// A response with only these diagnostics.
    fn from_diagnostics(diagnostics: Diagnostics) -> Self {
        let mut response = Self::default();
        *response.diagnostics_mut() = diagnostics;
        response
    }
}

macro_rules! raw_response {
    ($($t:ty),*) => {$(
        impl RawResponse for $t {
            fn diagnostics_mut(&mut self) -> &mut Diagnostics {
                &mut self.diagnostics
            }
        }
    )*};
}
raw_response!(
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
    PlanActionResponse
);

impl RawResponse for Diagnostics {
    fn diagnostics_mut(&mut self) -> &mut Diagnostics {
        self
    }
}

/// A provider at the protocol level.
///
/// Calls run concurrently (Terraform plans and applies resources in
/// parallel), so implementations share state through `&self`. Every call
/// gets a [`StopSignal`]; the adapter also drops the call's future when Stop
/// arrives. The defaults accept any configuration and answer every resource
/// call with an error saying the type is not supported.
///
/// A [`TypedProvider`](super::typed::TypedProvider) is one; a raw provider
/// can wrap it to handle a few calls itself and hand it the rest (the
/// `TypedProvider` documentation shows how).
pub trait RawProvider: Send + Sync + 'static {
    /// The schemas; asked once when serving starts.
    fn schema(&self) -> ProviderSchema;

    /// Checks the provider configuration (may contain unknowns).
    fn validate_provider_config(
        &self,
        request: ValidateProviderConfigRequest,
        stop: StopSignal,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (request, stop);
        async { Diagnostics::new() }
    }

    /// Configures the provider (the configuration may contain unknowns).
    fn configure_provider(
        &self,
        request: ConfigureProviderRequest,
        stop: StopSignal,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (request, stop);
        async { Diagnostics::new() }
    }

    /// Checks a resource's configuration (may contain unknowns).
    fn validate_resource_config(
        &self,
        request: ValidateResourceConfigRequest,
        stop: StopSignal,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (request, stop);
        async { Diagnostics::new() }
    }

    /// Checks a data source's configuration (may contain unknowns).
    fn validate_data_source_config(
        &self,
        request: ValidateDataSourceConfigRequest,
        stop: StopSignal,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (request, stop);
        async { Diagnostics::new() }
    }

    /// Brings stored state to the current schema version.
    fn upgrade_resource_state(
        &self,
        request: UpgradeResourceStateRequest,
        stop: StopSignal,
    ) -> impl Future<Output = UpgradeResourceStateResponse> + Send {
        let _ = stop;
        async move { unsupported(&request.type_name) }
    }

    /// Refreshes a resource.
    fn read_resource(
        &self,
        request: ReadResourceRequest,
        stop: StopSignal,
    ) -> impl Future<Output = ReadResourceResponse> + Send {
        let _ = stop;
        async move { unsupported(&request.type_name) }
    }

    /// Plans a change.
    fn plan_resource_change(
        &self,
        request: PlanResourceChangeRequest,
        stop: StopSignal,
    ) -> impl Future<Output = PlanResourceChangeResponse> + Send {
        let _ = stop;
        async move { unsupported(&request.type_name) }
    }

    /// Applies a planned change.
    fn apply_resource_change(
        &self,
        request: ApplyResourceChangeRequest,
        stop: StopSignal,
    ) -> impl Future<Output = ApplyResourceChangeResponse> + Send {
        let _ = stop;
        async move { unsupported(&request.type_name) }
    }

    /// Imports an existing object by id.
    fn import_resource_state(
        &self,
        request: ImportResourceStateRequest,
        stop: StopSignal,
    ) -> impl Future<Output = ImportResourceStateResponse> + Send {
        let _ = stop;
        async move { unsupported(&request.type_name) }
    }

    /// Reads a data source.
    fn read_data_source(
        &self,
        request: ReadDataSourceRequest,
        stop: StopSignal,
    ) -> impl Future<Output = ReadDataSourceResponse> + Send {
        let _ = stop;
        async move { unsupported(&request.type_name) }
    }

    /// Brings a stored identity to the current identity version.
    fn upgrade_resource_identity(
        &self,
        request: UpgradeResourceIdentityRequest,
        stop: StopSignal,
    ) -> impl Future<Output = UpgradeResourceIdentityResponse> + Send {
        let _ = stop;
        async move { unsupported(&request.type_name) }
    }

    /// Moves the state of another resource type (or provider) into one of
    /// this provider's types (set
    /// [`ProviderSchema::move_resource_state`] when implemented).
    fn move_resource_state(
        &self,
        request: MoveResourceStateRequest,
        stop: StopSignal,
    ) -> impl Future<Output = MoveResourceStateResponse> + Send {
        let _ = stop;
        async move { unsupported(&request.target_type_name) }
    }

    /// Calls a provider-defined function. Functions run without the
    /// provider's configuration: Terraform calls them on a provider it has
    /// not configured (OpenTofu on a configured one).
    fn call_function(
        &self,
        request: CallFunctionRequest,
        stop: StopSignal,
    ) -> impl Future<Output = CallFunctionResponse> + Send {
        let _ = stop;
        async move {
            CallFunctionResponse::from_error(FunctionError::new(format!(
                "This provider has no function named {:?}.",
                request.name
            )))
        }
    }

    /// Checks an ephemeral resource's configuration (may hold unknowns).
    fn validate_ephemeral_resource_config(
        &self,
        request: ValidateEphemeralResourceConfigRequest,
        stop: StopSignal,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (request, stop);
        async { Diagnostics::new() }
    }

    /// Opens an ephemeral resource.
    fn open_ephemeral_resource(
        &self,
        request: OpenEphemeralResourceRequest,
        stop: StopSignal,
    ) -> impl Future<Output = OpenEphemeralResourceResponse> + Send {
        let _ = stop;
        async move { unsupported(&request.type_name) }
    }

    /// Renews an ephemeral resource at the time its last Open or Renew
    /// asked for.
    fn renew_ephemeral_resource(
        &self,
        request: RenewEphemeralResourceRequest,
        stop: StopSignal,
    ) -> impl Future<Output = RenewEphemeralResourceResponse> + Send {
        let _ = stop;
        async move { unsupported(&request.type_name) }
    }

    /// Closes an ephemeral resource.
    fn close_ephemeral_resource(
        &self,
        request: CloseEphemeralResourceRequest,
        stop: StopSignal,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = stop;
        async move { unsupported(&request.type_name) }
    }

    /// Checks a list resource's `config` block (may hold unknowns).
    fn validate_list_resource_config(
        &self,
        request: ValidateListResourceConfigRequest,
        stop: StopSignal,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (request, stop);
        async { Diagnostics::new() }
    }

    /// Lists the objects matching a `list` block, one event each into
    /// `results`, stopping when it reports that nobody reads any more.
    /// What it returns (a failure of the whole list) follows the events.
    fn list_resource(
        &self,
        request: ListResourceRequest,
        stop: StopSignal,
        results: ListSink,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (stop, results);
        async move { unsupported(&request.type_name) }
    }

    /// The configuration to write for an object (set
    /// [`ProviderSchema::generate_resource_config`] when implemented).
    fn generate_resource_config(
        &self,
        request: GenerateResourceConfigRequest,
        stop: StopSignal,
    ) -> impl Future<Output = GenerateResourceConfigResponse> + Send {
        let _ = stop;
        async move { unsupported(&request.type_name) }
    }

    /// Checks an action's `config` block (may hold unknowns).
    fn validate_action_config(
        &self,
        request: ValidateActionConfigRequest,
        stop: StopSignal,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (request, stop);
        async { Diagnostics::new() }
    }

    /// Plans an action (during plan; the configuration may hold unknowns).
    fn plan_action(
        &self,
        request: PlanActionRequest,
        stop: StopSignal,
    ) -> impl Future<Output = PlanActionResponse> + Send {
        let _ = stop;
        async move { unsupported(&request.type_name) }
    }

    /// Invokes an action, sending progress messages to `progress`; the
    /// diagnostics it returns end the invocation.
    fn invoke_action(
        &self,
        request: InvokeActionRequest,
        stop: StopSignal,
        progress: ProgressSink,
    ) -> impl Future<Output = Diagnostics> + Send {
        let _ = (stop, progress);
        async move { unsupported(&request.type_name) }
    }
}

/// The answer for a type name the provider does not serve: an error
/// diagnostic "Unsupported type" naming it.
pub fn unsupported<R: RawResponse>(type_name: &str) -> R {
    let mut diagnostics = Diagnostics::new();
    diagnostics.error(
        &[],
        "Unsupported type",
        format!("This provider does not support the type {type_name:?}."),
    );
    R::from_diagnostics(diagnostics)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_names_are_schema_problems() {
        use crate::schema::{Attribute, Block};
        use crate::types::Type;
        let with = |names: &[&str]| Schema {
            version: 0,
            block: Block {
                attributes: names
                    .iter()
                    .map(|n| Attribute::new(*n, Type::String))
                    .collect(),
                ..Block::default()
            },
        };
        let mut schema = ProviderSchema {
            provider: with(&["alias", "region"]),
            ..ProviderSchema::default()
        };
        schema
            .resources
            .insert("x_item".into(), with(&["count", "name"]));
        schema
            .data_sources
            .insert("x_items".into(), with(&["provisioner"]));
        let got: Vec<String> = schema.problems().iter().map(|d| d.detail.clone()).collect();
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(
            got[0].contains(
                r#"provider configuration "provider" has an attribute or block named "alias""#
            ),
            "{got:?}"
        );
        assert!(
            got[1].contains(r#"resource type "x_item" has an attribute or block named "count""#),
            "{got:?}"
        );
    }

    #[test]
    fn debug_leaves_values_and_private_state_out() {
        let secret = crate::Value::object([("password", crate::Value::from("hunter2"))]);
        let request = PlanResourceChangeRequest {
            type_name: "x_user".into(),
            prior_state: DynamicValue::from(secret.clone()),
            proposed_new_state: DynamicValue::from(secret.clone()),
            config: DynamicValue::from(secret),
            prior_private: b"token=hunter2".to_vec(),
            provider_meta: None,
            client_capabilities: ClientCapabilities::default(),
            prior_identity: None,
        };
        let text = format!("{request:?}");
        assert!(!text.contains("hunter2"), "{text}");
        assert!(
            text.contains("x_user") && text.contains("config: <value>"),
            "{text}"
        );
    }
}
