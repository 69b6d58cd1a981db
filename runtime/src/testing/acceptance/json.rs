//! `terraform show -json` as typed Rust: the plan (of a saved plan file) and
//! the state, with the fields the checks read (Terraform's JSON output
//! format, as terraform-json's `Plan` and `State`). Attribute values stay
//! JSON ([`serde_json::Value`]): Terraform writes them that way, and the
//! value matchers read them there.

use serde::Deserialize;
use serde_json::Value as Json;

/// The state: `terraform show -json` with no plan file.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct State {
    /// The output format's version (`"1.0"`).
    #[serde(default)]
    pub format_version: String,
    /// The Terraform that wrote it.
    #[serde(default)]
    pub terraform_version: String,
    /// The values; absent when the state is empty.
    #[serde(default)]
    pub values: Option<Values>,
}

/// The outputs and modules of a state, or a plan's planned values.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Values {
    /// Root module outputs by name.
    #[serde(default)]
    pub outputs: std::collections::BTreeMap<String, Output>,
    /// The root module.
    #[serde(default)]
    pub root_module: Module,
}

/// An output value.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Output {
    /// Whether it is sensitive.
    #[serde(default)]
    pub sensitive: bool,
    /// Its type, as Terraform writes type constraints in JSON.
    #[serde(default, rename = "type")]
    pub type_json: Json,
    /// Its value.
    #[serde(default)]
    pub value: Json,
}

/// A module's resources and its child modules.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Module {
    /// The module address (`module.a`); empty for the root.
    #[serde(default)]
    pub address: String,
    /// Its resource instances, data sources included.
    #[serde(default)]
    pub resources: Vec<Resource>,
    /// Its child modules.
    #[serde(default)]
    pub child_modules: Vec<Module>,
}

/// A resource instance in the state (or in a plan's planned values).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Resource {
    /// Its address: `inventory_item.a`, `data.inventory_items.all`,
    /// `module.m.inventory_item.a[0]`.
    pub address: String,
    /// `managed` or `data`.
    #[serde(default)]
    pub mode: String,
    /// The resource type.
    #[serde(default, rename = "type")]
    pub type_name: String,
    /// The name in configuration.
    #[serde(default)]
    pub name: String,
    /// The provider's address.
    #[serde(default)]
    pub provider_name: String,
    /// The schema version of its values.
    #[serde(default)]
    pub schema_version: u64,
    /// The attribute values.
    #[serde(default)]
    pub values: Json,
    /// Which values are sensitive: `true` at a sensitive path.
    #[serde(default)]
    pub sensitive_values: Json,
    /// The resource identity (Terraform 1.12+), when the resource has one.
    #[serde(default)]
    pub identity: Option<Json>,
}

impl Module {
    /// Every resource instance of this module and its children.
    pub fn all_resources(&self) -> Vec<&Resource> {
        let mut out: Vec<&Resource> = self.resources.iter().collect();
        for child in &self.child_modules {
            out.extend(child.all_resources());
        }
        out
    }
}

impl State {
    /// Every resource instance (data sources included), root module first.
    pub fn resources(&self) -> Vec<&Resource> {
        self.values
            .as_ref()
            .map(|v| v.root_module.all_resources())
            .unwrap_or_default()
    }

    /// The resource instance at `address`.
    pub fn resource(&self, address: &str) -> Option<&Resource> {
        self.resources().into_iter().find(|r| r.address == address)
    }

    /// Whether the state holds no resource instance (Go's `stateIsEmpty`).
    pub fn is_empty(&self) -> bool {
        self.resources().is_empty()
    }
}

/// A saved plan: `terraform show -json <planfile>`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Plan {
    /// The output format's version.
    #[serde(default)]
    pub format_version: String,
    /// The Terraform that wrote it.
    #[serde(default)]
    pub terraform_version: String,
    /// The change to each resource instance.
    #[serde(default)]
    pub resource_changes: Vec<ResourceChange>,
    /// The change to each root module output.
    #[serde(default)]
    pub output_changes: std::collections::BTreeMap<String, Change>,
    /// The values after the plan is applied, unknowns omitted.
    #[serde(default)]
    pub planned_values: Option<Values>,
    /// The changes deferred to a later plan (Terraform 1.9+ with deferred
    /// actions enabled).
    #[serde(default)]
    pub deferred_changes: Vec<DeferredChange>,
    /// Whether applying this plan converges (Terraform 1.8+); `None` from
    /// older Terraform.
    #[serde(default)]
    pub complete: Option<bool>,
}

/// A change the provider or Terraform deferred, with why.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct DeferredChange {
    /// `resource_config_unknown`, `provider_config_unknown`,
    /// `absent_prereq`, ...
    #[serde(default)]
    pub reason: String,
    /// The change that was deferred.
    #[serde(default)]
    pub resource_change: Option<ResourceChange>,
}

/// The planned change of one resource instance.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ResourceChange {
    /// Its address.
    pub address: String,
    /// `managed` or `data`.
    #[serde(default)]
    pub mode: String,
    /// The resource type.
    #[serde(default, rename = "type")]
    pub type_name: String,
    /// The name in configuration.
    #[serde(default)]
    pub name: String,
    /// The provider's address.
    #[serde(default)]
    pub provider_name: String,
    /// The change.
    #[serde(default)]
    pub change: Change,
}

/// Before, after and the actions between them.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Change {
    /// `["no-op"]`, `["create"]`, `["read"]`, `["update"]`, `["delete"]`,
    /// `["delete","create"]`, `["create","delete"]`.
    #[serde(default)]
    pub actions: Vec<String>,
    /// The prior value.
    #[serde(default)]
    pub before: Json,
    /// The planned value, unknowns omitted.
    #[serde(default)]
    pub after: Json,
    /// `true` at each path whose planned value is unknown.
    #[serde(default)]
    pub after_unknown: Json,
    /// `true` at each sensitive path of the prior value.
    #[serde(default)]
    pub before_sensitive: Json,
    /// `true` at each sensitive path of the planned value.
    #[serde(default)]
    pub after_sensitive: Json,
    /// Present when the change imports the instance (Terraform 1.5+).
    #[serde(default)]
    pub importing: Option<Json>,
}

impl Change {
    /// Whether the actions are exactly `no-op`.
    pub fn is_no_op(&self) -> bool {
        self.actions == ["no-op"]
    }
}

impl Plan {
    /// The change of the instance at `address`.
    pub fn resource_change(&self, address: &str) -> Option<&ResourceChange> {
        self.resource_changes
            .iter()
            .find(|rc| rc.address == address)
    }

    /// Go's `planIsEmpty`: no resource change other than no-op, and (from
    /// Terraform 0.14, which stopped planning unchanged outputs) no output
    /// change other than no-op.
    pub fn is_empty(&self) -> bool {
        let quiet = |actions: &[String]| actions.iter().all(|a| a == "no-op");
        self.resource_changes
            .iter()
            .all(|rc| quiet(&rc.change.actions))
            && self.output_changes.values().all(|c| quiet(&c.actions))
    }
}

/// Parses `terraform show -json` output of a plan file.
pub(crate) fn parse_plan(bytes: &[u8]) -> Result<Plan, String> {
    serde_json::from_slice(bytes)
        .map_err(|e| format!("reading `terraform show -json` of the plan: {e}"))
}

/// Parses `terraform show -json` output of the state.
pub(crate) fn parse_state(bytes: &[u8]) -> Result<State, String> {
    serde_json::from_slice(bytes)
        .map_err(|e| format!("reading `terraform show -json` of the state: {e}"))
}
