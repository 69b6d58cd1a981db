//! An in-process harness for testing providers without Terraform.
//!
//! [`Harness`] drives a [`RawProvider`] (a
//! [`TypedProvider`](super::typed::TypedProvider) or your own) through its
//! real gRPC handlers: values are encoded to msgpack the way Terraform sends
//! them, the protocol 6 (or 5) service methods are called, and the answers
//! are decoded back. Planning calls build Terraform's proposed new state
//! from the prior state and the configuration
//! ([`super::plan::proposed_new`]), so a test states only what
//! a user would write.
//!
//! ```no_run
//! # async fn demo<P: tfschema::server::raw::RawProvider>(provider: P) {
//! use tfschema::server::testing::Harness;
//! use tfschema::Value;
//!
//! let h = Harness::new(provider);
//! assert!(h.configure(Value::object([("endpoint", Value::from("x"))])).await.is_empty());
//! let config = Value::object([("name", Value::from("a")), ("id", Value::Null(tfschema::Type::String))]);
//! let plan = h.plan("example_thing", &Value::Null(h.resource_type("example_thing")), &config).await;
//! let state = h.apply("example_thing", &Value::Null(plan.planned_state.ty()), &plan, &config).await;
//! # }
//! ```

use prost::Message;
use tonic::Request;

use super::grpc::GrpcProvider;
use super::plan::proposed_new;
use super::proto::tfplugin5::provider_server::Provider as _;
use super::proto::tfplugin6 as pb6;
use super::proto::tfplugin6::provider_server::Provider as _;
use super::raw::{ProviderSchema, RawProvider};
use crate::diag::{Diagnostic, Diagnostics, Severity};
use crate::error::PathStep;
use crate::schema::Schema;
use crate::types::Type;
use crate::value::Value;

/// The result of [`Harness::plan`].
#[derive(Debug, Clone)]
pub struct PlanResult {
    /// The planned state (null when planning failed or on destroy).
    pub planned_state: Value,
    /// Paths whose change forces replacement.
    pub requires_replace: Vec<Vec<PathStep>>,
    /// Private data for apply.
    pub planned_private: Vec<u8>,
    pub diagnostics: Diagnostics,
}

/// The result of a call that returns a state.
#[derive(Debug, Clone)]
pub struct StateResult {
    /// The state returned (null when none was).
    pub state: Value,
    /// Private data returned.
    pub private: Vec<u8>,
    pub diagnostics: Diagnostics,
}

/// Drives a provider's gRPC handlers in process (see the module docs).
#[derive(Debug)]
pub struct Harness<P> {
    grpc: GrpcProvider<P>,
    protocol: u32,
    write_only_allowed: bool,
}

fn dv6(value: &Value, ty: &Type) -> Option<pb6::DynamicValue> {
    let msgpack = crate::msgpack::value_to_vec(value, ty).ok()?;
    Some(pb6::DynamicValue {
        msgpack,
        json: Vec::new(),
    })
}

fn value_of(dv: Option<pb6::DynamicValue>, ty: &Type, diagnostics: &mut Diagnostics) -> Value {
    let Some(dv) = dv else {
        return Value::Null(ty.clone());
    };
    match crate::msgpack::value_from_slice(&dv.msgpack, ty) {
        Ok(v) => v,
        Err(e) => {
            diagnostics.push(Diagnostic::error(
                "Harness: undecodable response value",
                e.to_string(),
            ));
            Value::Null(ty.clone())
        }
    }
}

/// Terraform's view of the response diagnostics.
fn diagnostics_of(diags: Vec<pb6::Diagnostic>) -> Diagnostics {
    let mut out = Diagnostics::new();
    for d in diags {
        let severity = if d.severity == pb6::diagnostic::Severity::Warning as i32 {
            Severity::Warning
        } else {
            Severity::Error
        };
        out.push(Diagnostic {
            severity,
            summary: d.summary,
            detail: d.detail,
            path: d.attribute.map(path_of).unwrap_or_default(),
        });
    }
    out
}

fn path_of(path: pb6::AttributePath) -> Vec<PathStep> {
    use pb6::attribute_path::step::Selector;
    path.steps
        .into_iter()
        .filter_map(|s| match s.selector? {
            Selector::AttributeName(n) => Some(PathStep::Attr(n)),
            Selector::ElementKeyString(k) => Some(PathStep::Key(k)),
            Selector::ElementKeyInt(i) => Some(PathStep::Index(u64::try_from(i).unwrap_or(0))),
        })
        .collect()
}

/// Re-reads a protocol 5 message as its protocol 6 twin (same field
/// numbers), so the harness has one set of conversions.
fn as_v6<A: Message, B: Message + Default>(message: &A) -> B {
    B::decode(message.encode_to_vec().as_slice()).unwrap_or_default()
}

fn rpc_failed(status: &tonic::Status) -> Diagnostics {
    Diagnostics::with_error("gRPC call failed", status.to_string())
}

/// Calls the protocol 6 method, or its protocol 5 twin (`$v5`) with the
/// request and response re-read across the two protocols' messages.
macro_rules! call {
    ($h:expr, $v5:ident, $v6:ident, $request:expr) => {{
        let request = $request;
        if $h.protocol == 5 {
            $h.grpc
                .v5()
                .$v5(Request::new(as_v6(&request)))
                .await
                .map(|r| as_v6(&r.into_inner()))
        } else {
            $h.grpc
                .v6()
                .$v6(Request::new(request))
                .await
                .map(|r| r.into_inner())
        }
    }};
}

mod ephemeral;
pub use ephemeral::{OpenResult, RenewResult};

/// The parts of an answer that carries a state: the state, private data,
/// diagnostics.
type StateParts = (Option<pb6::DynamicValue>, Vec<u8>, Vec<pb6::Diagnostic>);

/// A call's answer as a [`StateResult`], or the gRPC failure as one.
fn state_result(response: Result<StateParts, tonic::Status>, ty: Type) -> StateResult {
    match response {
        Ok((state, private, diagnostics)) => {
            let mut diagnostics = diagnostics_of(diagnostics);
            let state = value_of(state, &ty, &mut diagnostics);
            StateResult {
                state,
                private,
                diagnostics,
            }
        }
        Err(s) => StateResult {
            state: Value::Null(ty),
            private: Vec::new(),
            diagnostics: rpc_failed(&s),
        },
    }
}

impl<P: RawProvider> Harness<P> {
    /// A harness speaking protocol 6, as Terraform 1.11+ (write-only
    /// attributes allowed).
    pub fn new(provider: P) -> Self {
        Harness {
            grpc: GrpcProvider::new(provider),
            protocol: 6,
            write_only_allowed: true,
        }
    }

    /// Speaks protocol 5 instead.
    pub fn protocol_5(mut self) -> Self {
        self.protocol = 5;
        self
    }

    /// Whether Terraform claims write-only support (false: as before 1.11).
    pub fn write_only_allowed(mut self, allowed: bool) -> Self {
        self.write_only_allowed = allowed;
        self
    }

    /// The gRPC provider under test (for calls the harness does not wrap,
    /// e.g. replaying captured requests).
    pub fn grpc(&self) -> &GrpcProvider<P> {
        &self.grpc
    }

    /// The provider's schemas.
    pub fn schema(&self) -> &ProviderSchema {
        self.grpc.schema()
    }

    fn resource_schema(&self, type_name: &str) -> Schema {
        self.schema()
            .resources
            .get(type_name)
            .cloned()
            .unwrap_or_default()
    }

    /// The value type of a resource type (an empty object if unknown).
    pub fn resource_type(&self, type_name: &str) -> Type {
        self.resource_schema(type_name).block.implied_type()
    }

    /// The value type of a data source (an empty object if unknown).
    pub fn data_source_type(&self, type_name: &str) -> Type {
        self.schema()
            .data_sources
            .get(type_name)
            .map(|s| s.block.implied_type())
            .unwrap_or_else(|| Type::object(Vec::<(String, Type)>::new()))
    }

    fn capabilities(&self) -> pb6::ClientCapabilities {
        pb6::ClientCapabilities {
            deferral_allowed: false,
            write_only_attributes_allowed: self.write_only_allowed,
        }
    }

    /// `ValidateProviderConfig` then `ConfigureProvider`.
    pub async fn configure(&self, config: Value) -> Diagnostics {
        let ty = self.schema().provider.block.implied_type();
        let mut diagnostics = self.validate_provider(config.clone()).await;
        if diagnostics.has_errors() {
            return diagnostics;
        }
        let request = pb6::configure_provider::Request {
            terraform_version: "1.15.5".into(),
            config: dv6(&config, &ty),
            client_capabilities: Some(self.capabilities()),
        };
        let response: Result<pb6::configure_provider::Response, _> =
            call!(self, configure, configure_provider, request);
        diagnostics
            .extend(response.map_or_else(|s| rpc_failed(&s), |r| diagnostics_of(r.diagnostics)));
        diagnostics
    }

    /// `ValidateProviderConfig`.
    pub async fn validate_provider(&self, config: Value) -> Diagnostics {
        let ty = self.schema().provider.block.implied_type();
        let request = pb6::validate_provider_config::Request {
            config: dv6(&config, &ty),
        };
        let response: Result<pb6::validate_provider_config::Response, _> = call!(
            self,
            prepare_provider_config,
            validate_provider_config,
            request
        );
        response.map_or_else(|s| rpc_failed(&s), |r| diagnostics_of(r.diagnostics))
    }

    /// `ValidateResourceConfig`.
    pub async fn validate_resource(&self, type_name: &str, config: &Value) -> Diagnostics {
        let request = pb6::validate_resource_config::Request {
            type_name: type_name.into(),
            config: dv6(config, &self.resource_type(type_name)),
            client_capabilities: Some(self.capabilities()),
        };
        let response: Result<pb6::validate_resource_config::Response, _> = call!(
            self,
            validate_resource_type_config,
            validate_resource_config,
            request
        );
        response.map_or_else(|s| rpc_failed(&s), |r| diagnostics_of(r.diagnostics))
    }

    /// `ValidateDataResourceConfig`.
    pub async fn validate_data_source(&self, type_name: &str, config: &Value) -> Diagnostics {
        let request = pb6::validate_data_resource_config::Request {
            type_name: type_name.into(),
            config: dv6(config, &self.data_source_type(type_name)),
        };
        let response: Result<pb6::validate_data_resource_config::Response, _> = call!(
            self,
            validate_data_source_config,
            validate_data_resource_config,
            request
        );
        response.map_or_else(|s| rpc_failed(&s), |r| diagnostics_of(r.diagnostics))
    }

    /// `PlanResourceChange` with Terraform's proposal from `prior` and
    /// `config` (a null `config` plans a destroy).
    pub async fn plan(&self, type_name: &str, prior: &Value, config: &Value) -> PlanResult {
        self.plan_with_private(type_name, prior, config, Vec::new())
            .await
    }

    /// [`plan`](Self::plan) with the prior private state.
    pub async fn plan_with_private(
        &self,
        type_name: &str,
        prior: &Value,
        config: &Value,
        prior_private: Vec<u8>,
    ) -> PlanResult {
        let schema = self.resource_schema(type_name);
        let ty = schema.block.implied_type();
        let proposed = proposed_new(&schema.block, prior, config);
        let request = pb6::plan_resource_change::Request {
            type_name: type_name.into(),
            prior_state: dv6(prior, &ty),
            proposed_new_state: dv6(&proposed, &ty),
            config: dv6(config, &ty),
            prior_private,
            client_capabilities: Some(self.capabilities()),
            ..Default::default()
        };
        let response: Result<pb6::plan_resource_change::Response, _> =
            call!(self, plan_resource_change, plan_resource_change, request);
        let (requires_replace, response) = match response {
            Ok(mut r) => (
                std::mem::take(&mut r.requires_replace)
                    .into_iter()
                    .map(path_of)
                    .collect(),
                Ok((r.planned_state, r.planned_private, r.diagnostics)),
            ),
            Err(s) => (Vec::new(), Err(s)),
        };
        let state = state_result(response, ty);
        PlanResult {
            planned_state: state.state,
            requires_replace,
            planned_private: state.private,
            diagnostics: state.diagnostics,
        }
    }

    /// `ApplyResourceChange` of a plan.
    pub async fn apply(
        &self,
        type_name: &str,
        prior: &Value,
        plan: &PlanResult,
        config: &Value,
    ) -> StateResult {
        let ty = self.resource_type(type_name);
        let request = pb6::apply_resource_change::Request {
            type_name: type_name.into(),
            prior_state: dv6(prior, &ty),
            planned_state: dv6(&plan.planned_state, &ty),
            config: dv6(config, &ty),
            planned_private: plan.planned_private.clone(),
            ..Default::default()
        };
        let response: Result<pb6::apply_resource_change::Response, _> =
            call!(self, apply_resource_change, apply_resource_change, request);
        state_result(
            response.map(|r| (r.new_state, r.private, r.diagnostics)),
            ty,
        )
    }

    /// Plan then apply, as `terraform apply` does for one resource; the
    /// plan's diagnostics come first. Stops after planning errors.
    pub async fn plan_and_apply(
        &self,
        type_name: &str,
        prior: &Value,
        config: &Value,
    ) -> (PlanResult, StateResult) {
        let plan = self.plan(type_name, prior, config).await;
        if plan.diagnostics.has_errors() {
            let state = StateResult {
                state: prior.clone(),
                private: Vec::new(),
                diagnostics: plan.diagnostics.clone(),
            };
            return (plan, state);
        }
        let state = self.apply(type_name, prior, &plan, config).await;
        (plan, state)
    }

    /// `ReadResource`.
    pub async fn read(&self, type_name: &str, current: &Value, private: Vec<u8>) -> StateResult {
        let ty = self.resource_type(type_name);
        let request = pb6::read_resource::Request {
            type_name: type_name.into(),
            current_state: dv6(current, &ty),
            private,
            client_capabilities: Some(self.capabilities()),
            ..Default::default()
        };
        let response: Result<pb6::read_resource::Response, _> =
            call!(self, read_resource, read_resource, request);
        state_result(
            response.map(|r| (r.new_state, r.private, r.diagnostics)),
            ty,
        )
    }

    /// `ImportResourceState`: the first imported object.
    pub async fn import(&self, type_name: &str, id: &str) -> StateResult {
        let ty = self.resource_type(type_name);
        let request = pb6::import_resource_state::Request {
            type_name: type_name.into(),
            id: id.into(),
            client_capabilities: Some(self.capabilities()),
            ..Default::default()
        };
        let response: Result<pb6::import_resource_state::Response, _> =
            call!(self, import_resource_state, import_resource_state, request);
        let response = response.map(|r| {
            let first = r.imported_resources.into_iter().next();
            let private = first
                .as_ref()
                .map(|i| i.private.clone())
                .unwrap_or_default();
            (first.and_then(|i| i.state), private, r.diagnostics)
        });
        state_result(response, ty)
    }

    /// `UpgradeResourceState` of a JSON state written by `version`.
    pub async fn upgrade(&self, type_name: &str, version: i64, json: &str) -> StateResult {
        let ty = self.resource_type(type_name);
        let request = pb6::upgrade_resource_state::Request {
            type_name: type_name.into(),
            version,
            raw_state: Some(pb6::RawState {
                json: json.as_bytes().to_vec(),
                ..Default::default()
            }),
        };
        let response: Result<pb6::upgrade_resource_state::Response, _> = call!(
            self,
            upgrade_resource_state,
            upgrade_resource_state,
            request
        );
        state_result(
            response.map(|r| (r.upgraded_state, Vec::new(), r.diagnostics)),
            ty,
        )
    }

    /// `ReadDataSource`.
    pub async fn read_data_source(&self, type_name: &str, config: &Value) -> StateResult {
        let ty = self.data_source_type(type_name);
        let request = pb6::read_data_source::Request {
            type_name: type_name.into(),
            config: dv6(config, &ty),
            client_capabilities: Some(self.capabilities()),
            ..Default::default()
        };
        let response: Result<pb6::read_data_source::Response, _> =
            call!(self, read_data_source, read_data_source, request);
        state_result(response.map(|r| (r.state, Vec::new(), r.diagnostics)), ty)
    }

    /// `StopProvider`: cancels the calls in flight.
    pub async fn stop(&self) {
        self.grpc.stop();
    }
}
