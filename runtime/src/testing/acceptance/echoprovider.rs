//! terraform-plugin-testing's echo provider (`echoprovider`): it echoes its
//! configuration's `data` into the `data` attribute of every `echo`
//! resource, so that a test can check values Terraform never stores, an
//! ephemeral resource's above all:
//!
//! ```hcl
//! ephemeral "examplecloud_thing" "this" {
//!   name = "thing-one"
//! }
//!
//! provider "echo" {
//!   data = ephemeral.examplecloud_thing.this
//! }
//!
//! resource "echo" "test" {} # echo.test.data holds the ephemeral value
//! ```
//!
//! Serve it beside the provider under test:
//! `.provider("echo", echoprovider::new)`. It behaves as Go's: `data` is
//! unknown in the plan of a new `echo`, the configured value after apply,
//! and kept as it is afterwards (a later change of the provider's `data`
//! does not update an existing `echo`); import and moves are refused with
//! Go's texts.

use std::sync::{Mutex, PoisonError};

use crate::diag::Diagnostics;
use crate::schema::{Attribute, Block, Schema, StringKind};
use crate::server::raw::{
    ApplyResourceChangeRequest, ApplyResourceChangeResponse, ConfigureProviderRequest,
    DynamicValue, ImportResourceStateRequest, ImportResourceStateResponse,
    MoveResourceStateRequest, MoveResourceStateResponse, PlanResourceChangeRequest,
    PlanResourceChangeResponse, ProviderSchema, RawProvider, ReadResourceRequest,
    ReadResourceResponse, StopSignal, UpgradeResourceStateRequest, UpgradeResourceStateResponse,
};
use crate::server::ProviderServices;
use crate::types::{ObjectType, Type};
use crate::value::Value;

/// The one resource type.
const ECHO: &str = "echo";

/// The echo provider's services, for
/// [`TestCase::provider`](super::TestCase::provider) (Go's
/// `echoprovider.NewProviderServer()`).
pub fn new() -> ProviderServices {
    ProviderServices::from_raw(EchoProvider::default())
}

/// The echo provider itself, for a test that wraps or serves it another way.
#[derive(Debug, Default)]
pub struct EchoProvider {
    /// The configured `data`, once configured.
    data: Mutex<Option<Value>>,
}

fn data_attribute(description: &str) -> Attribute {
    let mut data = Attribute::new("data", Type::Dynamic);
    data.description = description.to_owned();
    data.description_kind = StringKind::Plain;
    data
}

fn provider_schema() -> Schema {
    let mut data = data_attribute("Dynamic data to provide to the echo resource.");
    data.optional = true;
    Schema {
        version: 0,
        block: Block {
            attributes: vec![data],
            description: "This provider is used to output the data attribute provided to the provider configuration into all resources instances of echo. This is only useful for testing ephemeral resources where the data isn't stored to state.".to_owned(),
            description_kind: StringKind::Plain,
            ..Block::default()
        },
    }
}

fn echo_schema() -> Schema {
    let mut data = data_attribute("Dynamic data that was provided to the provider configuration.");
    data.computed = true;
    Schema {
        version: 0,
        block: Block {
            attributes: vec![data],
            ..Block::default()
        },
    }
}

fn echo_type() -> Type {
    Type::Object(Box::new(ObjectType::new([(
        "data".to_owned(),
        Type::Dynamic,
    )])))
}

fn echo_value(data: Value) -> DynamicValue {
    DynamicValue::from(Value::Object([("data".to_owned(), data)].into()))
}

fn unsupported_type(call: &str, type_name: &str) -> Diagnostics {
    Diagnostics::with_error(
        "Unsupported Resource",
        format!(
            "{call} was called for a resource type that is not supported by this provider: {}",
            super::gofmt::q(type_name)
        ),
    )
}

impl EchoProvider {
    fn configured(&self) -> Value {
        self.data
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
            .unwrap_or(Value::Null(Type::Dynamic))
    }

    fn plan(request: &PlanResourceChangeRequest) -> Result<DynamicValue, Diagnostics> {
        if request.type_name != ECHO {
            return Err(unsupported_type("PlanResourceChange", &request.type_name));
        }
        if request.proposed_new_state.is_null() {
            return Ok(request.proposed_new_state.clone());
        }
        if !request.prior_state.is_null() {
            return Ok(request.prior_state.clone());
        }
        Ok(echo_value(Value::unknown(Type::Dynamic)))
    }
}

impl RawProvider for EchoProvider {
    fn schema(&self) -> ProviderSchema {
        ProviderSchema {
            provider: provider_schema(),
            resources: [(ECHO.to_owned(), echo_schema())].into(),
            ..ProviderSchema::default()
        }
    }

    async fn configure_provider(
        &self,
        request: ConfigureProviderRequest,
        _: StopSignal,
    ) -> Diagnostics {
        let config = match request.config.to_value() {
            Ok(v) => v,
            Err(e) => return Diagnostics::with_error("Error reading Config", e.to_string()),
        };
        let Value::Object(mut attributes) = config else {
            return Diagnostics::with_error("Attribute \"data\" not found in config", "");
        };
        let Some(data) = attributes.remove("data") else {
            return Diagnostics::with_error("Attribute \"data\" not found in config", "");
        };
        *self.data.lock().unwrap_or_else(PoisonError::into_inner) = Some(data);
        Diagnostics::new()
    }

    async fn upgrade_resource_state(
        &self,
        request: UpgradeResourceStateRequest,
        _: StopSignal,
    ) -> UpgradeResourceStateResponse {
        let fail = |diagnostics| UpgradeResourceStateResponse {
            diagnostics,
            ..UpgradeResourceStateResponse::default()
        };
        if request.type_name != ECHO {
            return fail(unsupported_type("UpgradeResourceState", &request.type_name));
        }
        if request.version != 0 {
            return fail(Diagnostics::with_error(
                "Unsupported Resource",
                "UpgradeResourceState was called for echo, which does not support multiple schema versions",
            ));
        }
        let json = request.raw_state_json.unwrap_or_default();
        match DynamicValue::json(json, echo_type()).to_value() {
            Ok(value) => UpgradeResourceStateResponse {
                upgraded_state: Some(DynamicValue::from(value)),
                diagnostics: Diagnostics::new(),
            },
            Err(e) => fail(Diagnostics::with_error(
                "Unable to Read Previously Saved State for UpgradeResourceState",
                format!("There was an error reading the saved resource state using the current resource schema: {e}"),
            )),
        }
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequest,
        _: StopSignal,
    ) -> ReadResourceResponse {
        ReadResourceResponse {
            new_state: Some(request.current_state),
            private: request.private,
            ..ReadResourceResponse::default()
        }
    }

    async fn plan_resource_change(
        &self,
        request: PlanResourceChangeRequest,
        _: StopSignal,
    ) -> PlanResourceChangeResponse {
        match EchoProvider::plan(&request) {
            Ok(planned) => PlanResourceChangeResponse {
                planned_state: Some(planned),
                ..PlanResourceChangeResponse::default()
            },
            Err(diagnostics) => PlanResourceChangeResponse {
                diagnostics,
                ..PlanResourceChangeResponse::default()
            },
        }
    }

    async fn apply_resource_change(
        &self,
        request: ApplyResourceChangeRequest,
        _: StopSignal,
    ) -> ApplyResourceChangeResponse {
        if request.type_name != ECHO {
            return ApplyResourceChangeResponse {
                diagnostics: unsupported_type("ApplyResourceChange", &request.type_name),
                ..ApplyResourceChangeResponse::default()
            };
        }
        let new_state = if request.planned_state.is_null() {
            request.planned_state
        } else {
            echo_value(self.configured())
        };
        ApplyResourceChangeResponse {
            new_state: Some(new_state),
            ..ApplyResourceChangeResponse::default()
        }
    }

    async fn import_resource_state(
        &self,
        _: ImportResourceStateRequest,
        _: StopSignal,
    ) -> ImportResourceStateResponse {
        ImportResourceStateResponse {
            diagnostics: Diagnostics::with_error(
                "Unsupported Resource Operation",
                "ImportResourceState is not supported by this provider.",
            ),
            ..ImportResourceStateResponse::default()
        }
    }

    async fn move_resource_state(
        &self,
        _: MoveResourceStateRequest,
        _: StopSignal,
    ) -> MoveResourceStateResponse {
        MoveResourceStateResponse {
            diagnostics: Diagnostics::with_error(
                "Unsupported Resource Operation",
                "MoveResourceState is not supported by this provider.",
            ),
            ..MoveResourceStateResponse::default()
        }
    }
}
