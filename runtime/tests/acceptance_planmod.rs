//! Go's plan modifiers and operation timeouts, against real Terraform:
//! `use_state_for_unknown` plans a prior null as null where
//! `use_non_null_state_for_unknown` plans it unknown; a
//! `requires_replace_if_configured` attribute the configuration leaves out
//! does not replace, and one it changes does; a Go-shaped
//! `requires_replace_if` replaces and its error stops the plan; a
//! `timeouts` block of create and delete only makes Terraform refuse an
//! `update` in it as an unsupported argument. They need `TF_ACC` (and a
//! Terraform, from `TF_ACC_TERRAFORM_PATH(S)` or `PATH`); without it each
//! returns at once and passes.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use tfschema::diag::Diagnostics;
use tfschema::schema::{ReplaceIfRequest, ReplaceIfResponse};
use tfschema::server::typed::{Ctx, NoConfig, Resource, TypedProvider};
use tfschema::server::ProviderServices;
use tfschema::testing::acceptance::plancheck::{self, ResourceAction};
use tfschema::testing::acceptance::{self, knownvalue, ConfigPlanChecks, Path, TestCase, TestStep};
use tfschema::timeouts::CreateDeleteTimeouts;
use tfschema::{TfSchema, TfValue, Unknown, Value};

/// A port, as an SDKv2 resource with create and delete timeouts would be
/// ported.
#[derive(TfSchema, TfValue, Debug, Clone)]
struct Port {
    /// Changed in place.
    name: String,
    /// Changing it replaces the port, with a warning; `"forbidden"` is an
    /// error.
    #[tf(requires_replace_if = zone_moved)]
    zone: Option<String>,
    /// `"small"` unless configured; replaced when the configuration
    /// changes it.
    #[tf(optional, computed, requires_replace_if_configured)]
    size: Unknown<Option<String>>,
    #[tf(computed, use_state_for_unknown)]
    id: Unknown<String>,
    /// Left null by the provider, and kept null.
    #[tf(computed, use_state_for_unknown)]
    note: Unknown<Option<String>>,
    /// Left null by the provider, and planned unknown on updates.
    #[tf(computed, use_non_null_state_for_unknown)]
    tag: Unknown<Option<String>>,
    #[tf(block)]
    timeouts: Option<CreateDeleteTimeouts>,
}

/// Go's `RequiresReplaceIfFunc` shape.
fn zone_moved(change: &ReplaceIfRequest<'_>, response: &mut ReplaceIfResponse) {
    if change.planned == &Value::from("forbidden") {
        response
            .diagnostics
            .error(&[], "Forbidden zone", "Ports cannot move to this zone.");
        return;
    }
    response.requires_replace = true;
    response
        .diagnostics
        .warning(&[], "Port moves", "A new port is made in the new zone.");
}

type Shared = Arc<Mutex<BTreeMap<String, Port>>>;

fn lock(store: &Shared) -> std::sync::MutexGuard<'_, BTreeMap<String, Port>> {
    store.lock().unwrap_or_else(PoisonError::into_inner)
}

struct Ports(Shared);

/// What the API makes of a planned port: its unknowns filled.
fn settled(mut port: Port, id: String) -> Port {
    port.id = Unknown::Known(id);
    if port.size == Unknown::Unknown {
        port.size = Unknown::Known(Some("small".into()));
    }
    for v in [&mut port.note, &mut port.tag] {
        if *v == Unknown::Unknown {
            *v = Unknown::Known(None);
        }
    }
    port
}

impl Resource for Ports {
    type Client = ();
    type Model = Port;

    async fn create(&self, _: &mut Ctx<()>, planned: Port) -> Result<Port, Diagnostics> {
        let mut store = lock(&self.0);
        let port = settled(planned, format!("p-{}", store.len() + 1));
        if let Unknown::Known(id) = &port.id {
            store.insert(id.clone(), port.clone());
        }
        Ok(port)
    }

    async fn read(&self, _: &mut Ctx<()>, current: Port) -> Result<Option<Port>, Diagnostics> {
        let Unknown::Known(id) = &current.id else {
            return Ok(None);
        };
        Ok(lock(&self.0).get(id).cloned())
    }

    async fn update(
        &self,
        _: &mut Ctx<()>,
        prior: Port,
        planned: Port,
    ) -> Result<Port, Diagnostics> {
        let Unknown::Known(id) = prior.id.clone() else {
            return Ok(planned);
        };
        let port = settled(planned, id.clone());
        lock(&self.0).insert(id, port.clone());
        Ok(port)
    }

    async fn delete(&self, _: &mut Ctx<()>, current: Port) -> Result<(), Diagnostics> {
        if let Unknown::Known(id) = &current.id {
            lock(&self.0).remove(id);
        }
        Ok(())
    }
}

fn services(store: &Shared) -> impl Fn() -> ProviderServices + Send + Sync + 'static {
    let store = store.clone();
    move || {
        TypedProvider::<NoConfig>::without_config()
            .resource("acc_port", Ports(store.clone()))
            .into_services()
    }
}

fn case(store: &Shared) -> TestCase {
    let fresh = store.clone();
    TestCase::new()
        .provider("acc", services(store))
        .pre_check(move || lock(&fresh).clear())
}

/// A configuration of one port.
fn port(body: &str) -> String {
    format!("resource \"acc_port\" \"a\" {{\n{body}\n}}\n")
}

fn planned(actions: ResourceAction, known_null: &[&str], unknown: &[&str]) -> ConfigPlanChecks {
    let mut pre_apply = vec![plancheck::expect_resource_action("acc_port.a", actions)];
    for name in known_null {
        pre_apply.push(plancheck::expect_known_value(
            "acc_port.a",
            Path::new(*name),
            knownvalue::null(),
        ));
    }
    for name in unknown {
        pre_apply.push(plancheck::expect_unknown_value(
            "acc_port.a",
            Path::new(*name),
        ));
    }
    ConfigPlanChecks {
        pre_apply,
        ..ConfigPlanChecks::default()
    }
}

#[test]
fn use_state_for_unknown_plans_a_prior_null_and_the_non_null_flavour_unknown() {
    let store = Shared::default();
    acceptance::test(
        case(&store)
            .step(TestStep::config(port("name = \"a\"")))
            .step(TestStep::config(port("name = \"b\"")).plan_checks(planned(
                ResourceAction::Update,
                &["note"],
                &["tag"],
            ))),
    );
}

#[test]
fn replacement_follows_the_configuration_and_the_function() {
    let store = Shared::default();
    acceptance::test(
        case(&store)
            .step(TestStep::config(port("name = \"a\"\nzone = \"x\"")))
            // `size` left out: planned unknown by the update, which does
            // not replace, since the configuration does not set it.
            .step(
                TestStep::config(port("name = \"b\"\nzone = \"x\"")).plan_checks(planned(
                    ResourceAction::Update,
                    &[],
                    &["size"],
                )),
            )
            .step(
                TestStep::config(port("name = \"b\"\nzone = \"x\"\nsize = \"large\""))
                    .plan_checks(planned(ResourceAction::DestroyBeforeCreate, &[], &[])),
            )
            // The function's error stops the plan (Terraform's post-test
            // destroy plans with the last configuration, so a good one
            // comes last).
            .step(
                TestStep::config(port("name = \"b\"\nzone = \"forbidden\"\nsize = \"large\""))
                    .expect_error("Forbidden zone"),
            )
            .step(
                TestStep::config(port("name = \"b\"\nzone = \"y\"\nsize = \"large\""))
                    .plan_checks(planned(ResourceAction::DestroyBeforeCreate, &[], &[])),
            ),
    );
}

#[test]
fn a_timeouts_block_refuses_an_operation_it_does_not_have() {
    let store = Shared::default();
    acceptance::test(
        case(&store)
            .step(
                TestStep::config(port("name = \"a\"\ntimeouts {\n  update = \"5m\"\n}"))
                    .expect_error("Unsupported argument"),
            )
            .step(TestStep::config(port(
                "name = \"a\"\ntimeouts {\n  create = \"5m\"\n  delete = \"1m\"\n}",
            ))),
    );
}
