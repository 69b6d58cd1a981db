//! Identities and moves in the [`Harness`]: `GetResourceIdentitySchemas`,
//! `UpgradeResourceIdentity`, `MoveResourceState`, import by identity, and
//! plans and reads that carry the stored identity, as Terraform 1.12+
//! sends them (Terraform before 1.12 and OpenTofu before 1.11 send none:
//! the plain [`Harness::plan`] and [`Harness::read`]).

use std::collections::BTreeMap;

use super::convert::{call, diagnostics_of, dv6, rpc_failed};
use super::harness::Harness;
use super::results::{state_result, PlanResult, StateResult};
use crate::diag::{Diagnostic, Diagnostics};
use crate::server::proto::tfplugin5::provider_server::Provider as _;
use crate::server::proto::tfplugin6 as pb6;
use crate::server::proto::tfplugin6::provider_server::Provider as _;
use crate::server::raw::{IdentityAttribute, IdentitySchema, RawProvider};
use crate::types::Type;
use crate::value::Value;

/// The source of [`Harness::move_state`]: a resource as Terraform's state
/// holds it.
#[derive(Debug, Clone, Copy)]
pub struct MoveFrom<'a> {
    /// The source's provider, e.g. `registry.terraform.io/tfschema/inventory`.
    pub provider_address: &'a str,
    /// The source's resource type.
    pub type_name: &'a str,
    /// The schema version that wrote the state.
    pub schema_version: i64,
    /// The state's JSON, as in the state file.
    pub state_json: &'a str,
    /// The identity's JSON, when the source has one.
    pub identity_json: Option<&'a str>,
}

/// The result of [`Harness::upgrade_identity`].
#[derive(Debug, Clone)]
pub struct IdentityResult {
    /// The identity returned, when there was one.
    pub identity: Option<Value>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
}

impl<P: RawProvider> Harness<P> {
    /// The identity type of a resource type, when it has one.
    pub fn identity_type(&self, type_name: &str) -> Option<Type> {
        self.schema()
            .identities
            .get(type_name)
            .map(IdentitySchema::implied_type)
    }

    /// An identity as Terraform sends it: msgpack of the type's identity
    /// type (of the value's own type, for a type without one).
    pub(super) fn identity_data(
        &self,
        type_name: &str,
        identity: Option<&Value>,
    ) -> Option<pb6::ResourceIdentityData> {
        let identity = identity?;
        let ty = self
            .identity_type(type_name)
            .unwrap_or_else(|| identity.ty());
        Some(pb6::ResourceIdentityData {
            identity_data: dv6(identity, &ty),
        })
    }

    /// An identity the provider returned, decoded with the type's identity
    /// type; one that does not decode is an error diagnostic.
    pub(super) fn identity_value(
        &self,
        type_name: &str,
        data: Option<pb6::ResourceIdentityData>,
        diagnostics: &mut Diagnostics,
    ) -> Option<Value> {
        let data = data?.identity_data?;
        let Some(ty) = self.identity_type(type_name) else {
            diagnostics.push(Diagnostic::error(
                "Harness: identity for a type without identity schema",
                type_name.to_owned(),
            ));
            return None;
        };
        match crate::msgpack::value_from_slice(&data.msgpack, &ty) {
            Ok(value) => Some(value),
            Err(e) => {
                diagnostics.push(Diagnostic::error(
                    "Harness: undecodable identity",
                    e.to_string(),
                ));
                None
            }
        }
    }

    /// `GetResourceIdentitySchemas`, read back from the protocol message
    /// (as Terraform reads it: attribute types from their JSON).
    pub async fn identity_schemas(&self) -> (BTreeMap<String, IdentitySchema>, Diagnostics) {
        let request = pb6::get_resource_identity_schemas::Request {};
        let response: Result<pb6::get_resource_identity_schemas::Response, _> = call!(
            self,
            get_resource_identity_schemas,
            get_resource_identity_schemas,
            request
        );
        let response = match response {
            Ok(r) => r,
            Err(s) => return (BTreeMap::new(), rpc_failed(&s)),
        };
        let mut diagnostics = diagnostics_of(response.diagnostics);
        let mut schemas = BTreeMap::new();
        for (name, schema) in response.identity_schemas {
            let mut attributes = Vec::new();
            for a in schema.identity_attributes {
                match Type::from_json(&a.r#type) {
                    Ok(ty) => attributes.push(IdentityAttribute {
                        name: a.name,
                        ty,
                        required_for_import: a.required_for_import,
                        optional_for_import: a.optional_for_import,
                        description: a.description,
                    }),
                    Err(e) => diagnostics.push(Diagnostic::error(
                        "Harness: invalid identity attribute type",
                        format!("{name}.{}: {e}", a.name),
                    )),
                }
            }
            let version = schema.version;
            schemas.insert(
                name,
                IdentitySchema {
                    version,
                    attributes,
                },
            );
        }
        (schemas, diagnostics)
    }

    /// [`plan`](Self::plan) of a resource whose state has an identity
    /// (`prior_identity`, as Terraform 1.12+ sends it on updates).
    pub async fn plan_with_identity(
        &self,
        type_name: &str,
        prior: &Value,
        prior_identity: Option<&Value>,
        config: &Value,
    ) -> PlanResult {
        self.plan_request(
            type_name,
            prior,
            prior_identity,
            config,
            (Vec::new(), Vec::new()),
        )
        .await
    }

    /// [`read`](Self::read) of a state with its stored identity
    /// (`current_identity`).
    pub async fn read_with_identity(
        &self,
        type_name: &str,
        current: &Value,
        current_identity: Option<&Value>,
        private: Vec<u8>,
    ) -> StateResult {
        self.read_request(type_name, current, current_identity, private)
            .await
    }

    /// `ImportResourceState` as an `import { identity = {...} }` block sends
    /// it: the identity (encoded with the type's identity type) and no id.
    pub async fn import_by_identity(&self, type_name: &str, identity: &Value) -> StateResult {
        self.import_request(type_name, "", Some(identity)).await
    }

    /// `UpgradeResourceIdentity` of a stored identity (JSON) written by
    /// identity version `version`.
    pub async fn upgrade_identity(
        &self,
        type_name: &str,
        version: i64,
        json: &str,
    ) -> IdentityResult {
        let request = pb6::upgrade_resource_identity::Request {
            type_name: type_name.into(),
            version,
            raw_identity: Some(pb6::RawState {
                json: json.as_bytes().to_vec(),
                ..Default::default()
            }),
        };
        let response: Result<pb6::upgrade_resource_identity::Response, _> = call!(
            self,
            upgrade_resource_identity,
            upgrade_resource_identity,
            request
        );
        match response {
            Ok(r) => {
                let mut diagnostics = diagnostics_of(r.diagnostics);
                let identity =
                    self.identity_value(type_name, r.upgraded_identity, &mut diagnostics);
                IdentityResult {
                    identity,
                    diagnostics,
                }
            }
            Err(s) => IdentityResult {
                identity: None,
                diagnostics: rpc_failed(&s),
            },
        }
    }

    /// `MoveResourceState`: a `moved` block from `source` to a resource of
    /// type `target`, as Terraform 1.8+ sends it while planning (raw JSON
    /// of the state and identity; no identity version).
    pub async fn move_state(&self, target: &str, source: MoveFrom<'_>) -> StateResult {
        let ty = self.resource_type(target);
        let raw = |json: &str| pb6::RawState {
            json: json.as_bytes().to_vec(),
            ..Default::default()
        };
        let request = pb6::move_resource_state::Request {
            source_provider_address: source.provider_address.into(),
            source_type_name: source.type_name.into(),
            source_schema_version: source.schema_version,
            source_state: Some(raw(source.state_json)),
            target_type_name: target.into(),
            source_private: Vec::new(),
            source_identity: source.identity_json.map(raw),
            source_identity_schema_version: 0,
        };
        let response: Result<pb6::move_resource_state::Response, _> =
            call!(self, move_resource_state, move_resource_state, request);
        let mut identity = None;
        let response = response.map(|mut r| {
            identity = r.target_identity.take();
            (r.target_state, r.target_private, r.diagnostics)
        });
        let mut result = state_result(response, ty);
        result.identity = self.identity_value(target, identity, &mut result.diagnostics);
        result
    }
}
