//! Go's upgrade test, from the released Go provider to its Rust port: step 1 applies with
//! the Go binary of `hashicorp/null` 2.1.2 (installed by Terraform from a directory of
//! binaries, as `ExternalProviders` with a `VersionConstraint` installs a release), step 2
//! serves `terraform_provider_null::provider()` in process on the same address and state,
//! and must plan nothing: the port reads the state the Go provider wrote as its own.
//!
//! Needs `TF_ACC` (and Terraform, as every acceptance test) and `TFSCHEMA_GO_NULL`, the
//! directory holding `terraform-provider-null_v2.1.2_x4` (`e2e/install-terraform.sh` puts
//! it in `target/e2e-tools/null2.1.2`; `e2e/acceptance.sh` sets the variable). Without the
//! variable the test says so and returns.

use tfschema::testing::acceptance::plancheck::{self, ResourceAction};
use tfschema::testing::acceptance::{
    self, check, ConfigPlanChecks, ExternalProvider, TestCase, TestStep,
};

/// The directory of the released Go binaries.
const TFSCHEMA_GO_NULL: &str = "TFSCHEMA_GO_NULL";

const CONFIG: &str = r#"
resource "null_resource" "a" {
  triggers = {
    release = "2.1.2"
  }
}

resource "null_resource" "b" {}
"#;

#[test]
fn state_written_by_go_null_2_1_2_plans_empty_with_the_port() {
    let Some(go_binaries) = std::env::var_os(TFSCHEMA_GO_NULL).filter(|v| !v.is_empty()) else {
        eprintln!("{TFSCHEMA_GO_NULL} is not set: the upgrade test from the Go binary is skipped");
        return;
    };
    acceptance::test(
        TestCase::new()
            .step(
                TestStep::config(CONFIG)
                    .external(
                        "null",
                        ExternalProvider::binaries("hashicorp/null", go_binaries)
                            .version_constraint("2.1.2"),
                    )
                    .check(check::compose_aggregate(vec![
                        check::resource_attr("null_resource.a", "triggers.%", "1"),
                        check::resource_attr("null_resource.a", "triggers.release", "2.1.2"),
                        check::resource_attr_set("null_resource.a", "id"),
                        check::no_resource_attr("null_resource.b", "triggers"),
                    ])),
            )
            .step(
                TestStep::config(CONFIG)
                    .provider("null", || {
                        terraform_provider_null::provider().into_services()
                    })
                    .plan_checks(ConfigPlanChecks {
                        pre_apply: vec![
                            plancheck::expect_empty_plan(),
                            plancheck::expect_resource_action(
                                "null_resource.a",
                                ResourceAction::NoOp,
                            ),
                        ],
                        ..ConfigPlanChecks::default()
                    }),
            ),
    );
}
