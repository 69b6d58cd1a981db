//! Protocol 6.11 through the public harness: deprecation messages on
//! attributes and blocks (sent in the schema, over protocol 5 too), computed
//! nested blocks (declared with `#[tf(block, computed)]`, refused where
//! Terraform does not advertise `computed_blocks_allowed`, planned unknown
//! on create), and the planned private data of an earlier plan reaching the
//! plan hook (`store_planned_private`). No Terraform release installable
//! here sends the 6.11 capabilities; the expected values are written out by
//! hand from the protocol's definition.

#![cfg(feature = "server")]

use std::sync::{Mutex, PoisonError};

use tfschema::diag::{Diagnostics, Severity};
use tfschema::server::proto::tfplugin5::provider_server::Provider as _;
use tfschema::server::proto::tfplugin6;
use tfschema::server::proto::tfplugin6::provider_server::Provider as _;
use tfschema::server::testing::Harness;
use tfschema::server::typed::{Ctx, NoConfig, Resource, ResourcePlan, TypedProvider};
use tfschema::{PathStep, TfSchema, TfType, TfValue, Type, Unknown, Value};

/// A disk the provider attaches; nothing in it is configured.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Disk {
    #[tf(computed)]
    size_gb: Unknown<i64>,
}

/// An old way to say where the machine lives.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Placement {
    zone: String,
}

/// Who looks after the machine (a group block: present even when left out).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Owner {
    team: Option<String>,
}

#[derive(TfSchema, TfValue, Debug, Clone)]
struct Machine {
    name: String,
    #[tf(deprecated = "Use `name` instead.")]
    label: Option<String>,
    #[tf(block, computed)]
    disk: Unknown<Vec<Disk>>,
    #[tf(block, deprecated = "Placement is chosen by the provider now.")]
    placement: Option<Placement>,
    #[tf(block, nesting = "group", deprecated = "Owners are tags now.")]
    owner: Owner,
}

/// A resource type that is deprecated as a whole.
#[derive(TfSchema, TfValue, Debug, Clone)]
#[tf(deprecated = "Use x_machine.")]
struct OldMachine {
    name: String,
}

/// The `planned_private` the plan hook saw last.
static SEEN: Mutex<Option<Option<Vec<u8>>>> = Mutex::new(None);
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn seen() -> Option<Option<Vec<u8>>> {
    SEEN.lock().unwrap_or_else(PoisonError::into_inner).take()
}

struct Machines;

impl Resource for Machines {
    type Client = ();
    type Model = Machine;

    async fn modify_plan(
        &self,
        ctx: &mut Ctx<()>,
        plan: &mut ResourcePlan<Machine>,
    ) -> Result<(), Diagnostics> {
        *SEEN.lock().unwrap_or_else(PoisonError::into_inner) = Some(plan.planned_private.clone());
        // The first plan picks a slot and hands it to apply; a repeated
        // plan keeps the slot the first one picked.
        let slot = plan
            .planned_private
            .clone()
            .unwrap_or_else(|| b"slot-7".to_vec());
        ctx.set_private(slot);
        Ok(())
    }

    async fn create(&self, _: &mut Ctx<()>, mut planned: Machine) -> Result<Machine, Diagnostics> {
        planned.disk = Unknown::Known(vec![Disk {
            size_gb: Unknown::Known(20),
        }]);
        Ok(planned)
    }

    async fn read(
        &self,
        _: &mut Ctx<()>,
        current: Machine,
    ) -> Result<Option<Machine>, Diagnostics> {
        Ok(Some(current))
    }

    async fn update(
        &self,
        _: &mut Ctx<()>,
        _: Machine,
        planned: Machine,
    ) -> Result<Machine, Diagnostics> {
        Ok(planned)
    }

    async fn delete(&self, _: &mut Ctx<()>, _: Machine) -> Result<(), Diagnostics> {
        Ok(())
    }
}

struct OldMachines;

impl Resource for OldMachines {
    type Client = ();
    type Model = OldMachine;

    async fn create(
        &self,
        _: &mut Ctx<()>,
        planned: OldMachine,
    ) -> Result<OldMachine, Diagnostics> {
        Ok(planned)
    }

    async fn read(
        &self,
        _: &mut Ctx<()>,
        current: OldMachine,
    ) -> Result<Option<OldMachine>, Diagnostics> {
        Ok(Some(current))
    }

    async fn update(
        &self,
        _: &mut Ctx<()>,
        _: OldMachine,
        planned: OldMachine,
    ) -> Result<OldMachine, Diagnostics> {
        Ok(planned)
    }

    async fn delete(&self, _: &mut Ctx<()>, _: OldMachine) -> Result<(), Diagnostics> {
        Ok(())
    }
}

fn provider() -> TypedProvider<NoConfig> {
    TypedProvider::without_config()
        .resource("x_machine", Machines)
        .resource("x_old_machine", OldMachines)
}

fn disk_type() -> Type {
    Type::object([("size_gb", Type::Number)])
}

fn placement_type() -> Type {
    Type::object([("zone", Type::String)])
}

/// The configuration `name = "m1"`, with `label` and `placement` as given.
fn config(label: Value, placement: Value) -> Value {
    Value::object([
        ("name", Value::from("m1")),
        ("label", label),
        ("disk", Value::List(disk_type(), vec![])),
        ("placement", placement),
        (
            "owner",
            Value::object([("team", Value::Null(Type::String))]),
        ),
    ])
}

fn unset() -> Value {
    config(Value::Null(Type::String), Value::Null(placement_type()))
}

fn attr<'v>(value: &'v Value, name: &str) -> &'v Value {
    match value {
        Value::Object(attrs) => &attrs[name],
        other => panic!("not an object: {other:?}"),
    }
}

async fn wire_schema(
    h: &Harness<TypedProvider<NoConfig>>,
) -> tfplugin6::get_provider_schema::Response {
    h.grpc()
        .v6()
        .get_provider_schema(tonic::Request::new(
            tfplugin6::get_provider_schema::Request {},
        ))
        .await
        .expect("GetProviderSchema")
        .into_inner()
}

#[tokio::test]
async fn deprecation_messages_and_computed_blocks_are_in_the_wire_schema() {
    let h = Harness::new(provider());
    let schema = wire_schema(&h).await;
    assert!(schema.diagnostics.is_empty(), "{:?}", schema.diagnostics);
    let block = schema.resource_schemas["x_machine"]
        .block
        .clone()
        .expect("block");
    let label = block
        .attributes
        .iter()
        .find(|a| a.name == "label")
        .expect("label");
    assert!(label.deprecated);
    assert_eq!(label.deprecation_message, "Use `name` instead.");
    let name = block
        .attributes
        .iter()
        .find(|a| a.name == "name")
        .expect("name");
    assert!(!name.deprecated && name.deprecation_message.is_empty());

    let nested = |n: &str| {
        block
            .block_types
            .iter()
            .find(|b| b.type_name == n)
            .and_then(|b| b.block.clone())
            .expect("nested block")
    };
    let disk = nested("disk");
    assert!(disk.computed && !disk.deprecated);
    let placement = nested("placement");
    assert!(placement.deprecated && !placement.computed);
    assert_eq!(
        placement.deprecation_message,
        "Placement is chosen by the provider now."
    );
    assert!(!block.deprecated && !block.computed);

    let old = schema.resource_schemas["x_old_machine"]
        .block
        .clone()
        .expect("block");
    assert!(old.deprecated);
    assert_eq!(old.deprecation_message, "Use x_machine.");
}

#[tokio::test]
async fn protocol_5_carries_the_deprecation_messages() {
    use tfschema::server::proto::tfplugin5;
    let h = Harness::new(provider());
    let schema = h
        .grpc()
        .v5()
        .get_schema(tonic::Request::new(
            tfplugin5::get_provider_schema::Request {},
        ))
        .await
        .expect("GetSchema")
        .into_inner();
    let block = schema.resource_schemas["x_machine"]
        .block
        .clone()
        .expect("block");
    let label = block
        .attributes
        .iter()
        .find(|a| a.name == "label")
        .expect("label");
    assert_eq!(label.deprecation_message, "Use `name` instead.");
    let placement = block
        .block_types
        .iter()
        .find(|b| b.type_name == "placement")
        .and_then(|b| b.block.clone())
        .expect("placement");
    assert_eq!(
        placement.deprecation_message,
        "Placement is chosen by the provider now."
    );
}

#[tokio::test]
async fn a_computed_block_is_refused_where_terraform_does_not_advertise_it() {
    let config = unset();
    let refused = Harness::new(provider())
        .validate_resource("x_machine", &config)
        .await;
    let errors: Vec<_> = refused
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert_eq!(errors.len(), 1, "{refused:?}");
    assert_eq!(
        errors[0].summary,
        "Computed blocks not supported by this Terraform"
    );
    assert_eq!(errors[0].path, vec![PathStep::Attr("disk".into())]);

    // Protocol 5 has no computed blocks: refused there too.
    let v5 = Harness::new(provider())
        .protocol_5()
        .computed_blocks_allowed(true);
    assert!(v5
        .validate_resource("x_machine", &config)
        .await
        .has_errors());

    // A resource type without one is not concerned.
    let old = Value::object([("name", Value::from("o"))]);
    let old_diags = Harness::new(provider())
        .validate_resource("x_old_machine", &old)
        .await;
    assert!(!old_diags.has_errors(), "{old_diags:?}");

    let allowed = Harness::new(provider()).computed_blocks_allowed(true);
    let diags = allowed.validate_resource("x_machine", &config).await;
    assert!(!diags.has_errors(), "{diags:?}");
}

#[tokio::test]
async fn a_computed_block_left_out_is_unknown_on_create_and_kept_after() {
    let _serial = SERIAL.lock().await;
    let h = Harness::new(provider()).computed_blocks_allowed(true);
    let config = unset();
    let (plan, created) = h
        .plan_and_apply("x_machine", &Value::Null(Machine::tf_type()), &config)
        .await;
    assert!(!plan.diagnostics.has_errors(), "{:?}", plan.diagnostics);
    assert_eq!(
        attr(&plan.planned_state, "disk"),
        &Value::unknown(Type::list(disk_type()))
    );
    assert!(
        !created.diagnostics.has_errors(),
        "{:?}",
        created.diagnostics
    );
    let disks = Value::List(
        disk_type(),
        vec![Value::object([("size_gb", Value::from(20))])],
    );
    assert_eq!(attr(&created.state, "disk"), &disks);

    // Nothing changed: the block keeps the state's disks (Terraform's
    // proposal takes them from the prior state, as for a computed
    // attribute).
    let again = h.plan("x_machine", &created.state, &config).await;
    assert!(!again.diagnostics.has_errors(), "{:?}", again.diagnostics);
    assert_eq!(again.planned_state, created.state);
}

#[tokio::test]
async fn a_deprecated_attribute_or_block_warns_when_written() {
    let h = Harness::new(provider()).computed_blocks_allowed(true);
    let quiet = h.validate_resource("x_machine", &unset()).await;
    assert!(quiet.is_empty(), "{quiet:?}");
    let placement = Value::object([("zone", Value::from("z1"))]);
    let written = config(Value::from("old"), placement);
    let diags = h.validate_resource("x_machine", &written).await;
    let warnings: Vec<(String, String, Vec<PathStep>)> = diags
        .iter()
        .map(|d| (d.summary.clone(), d.detail.clone(), d.path.clone()))
        .collect();
    assert_eq!(
        warnings,
        vec![
            (
                "Attribute Deprecated".to_owned(),
                "Use `name` instead.".to_owned(),
                vec![PathStep::Attr("label".into())]
            ),
            (
                "Block Deprecated".to_owned(),
                "Placement is chosen by the provider now.".to_owned(),
                vec![PathStep::Attr("placement".into())]
            ),
        ]
    );
    assert!(diags.iter().all(|d| d.severity == Severity::Warning));
}

#[tokio::test]
async fn the_planned_private_of_the_first_plan_reaches_the_plan_hook() {
    let _serial = SERIAL.lock().await;
    let prior = Value::Null(Machine::tf_type());
    let config = unset();

    let h = Harness::new(provider())
        .computed_blocks_allowed(true)
        .store_planned_private(true);
    let first = h.plan("x_machine", &prior, &config).await;
    assert!(!first.diagnostics.has_errors(), "{:?}", first.diagnostics);
    assert_eq!(
        seen(),
        Some(None),
        "a first plan has no planned private data"
    );
    assert_eq!(first.planned_private, b"slot-7");

    // The plan at apply time carries the first plan's private data.
    let again = h
        .replan("x_machine", &prior, &config, Vec::new(), &first)
        .await;
    assert!(!again.diagnostics.has_errors(), "{:?}", again.diagnostics);
    assert_eq!(seen(), Some(Some(b"slot-7".to_vec())));

    // A Terraform that does not keep it sends nothing, and a request that
    // carries bytes without the capability is not trusted either.
    let h = Harness::new(provider()).computed_blocks_allowed(true);
    let first = h.plan("x_machine", &prior, &config).await;
    h.replan("x_machine", &prior, &config, Vec::new(), &first)
        .await;
    assert_eq!(seen(), Some(None));
    let request = tfplugin6::plan_resource_change::Request {
        type_name: "x_machine".into(),
        prior_state: Some(msgpack(&prior)),
        proposed_new_state: Some(msgpack(&config)),
        config: Some(msgpack(&config)),
        planned_private: b"slot-9".to_vec(),
        client_capabilities: Some(tfplugin6::ClientCapabilities {
            computed_blocks_allowed: true,
            ..Default::default()
        }),
        ..Default::default()
    };
    h.grpc()
        .v6()
        .plan_resource_change(tonic::Request::new(request))
        .await
        .expect("PlanResourceChange");
    assert_eq!(seen(), Some(None));
}

fn msgpack(value: &Value) -> tfplugin6::DynamicValue {
    tfplugin6::DynamicValue {
        msgpack: tfschema::msgpack::value_to_vec(value, &Machine::tf_type()).expect("encode"),
        json: Vec::new(),
    }
}
