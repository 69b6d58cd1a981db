{{#examples}}
//! Acceptance tests: the provider's resource, data source, function and
//! ephemeral resource through real Terraform (the Go scaffold's
//! `*_test.go` with terraform-plugin-testing), by
//! `tfschema::testing::acceptance`. Each test is a case of steps; the
//! provider is served from this test process, so nothing is built or
//! installed for Terraform to find.
//!
//! They run only with `TF_ACC=1`; without it each test passes at once,
//! printing "Acceptance tests skipped unless env 'TF_ACC' set". Terraform is
//! `TF_ACC_TERRAFORM_PATH` (else `terraform` on `PATH`), or every binary of
//! `TF_ACC_TERRAFORM_PATHS` in turn:
//!
//! ```text
//! TF_ACC=1 TF_ACC_TERRAFORM_PATH=/usr/local/bin/terraform cargo test --test acceptance
//! ```
//!
//! A case that needs a newer Terraform (functions 1.8, ephemeral resources
//! 1.10) skips on an older one, saying so.

use {{crate_ident}}::provider;
use tfschema::testing::acceptance::plancheck::{self, ResourceAction};
use tfschema::testing::acceptance::{self, knownvalue, statecheck};
use tfschema::testing::acceptance::{ConfigPlanChecks, Path, TestCase, TestStep, Version};

/// The provider's name, as in `provider "{{name}}"`.
const PROVIDER: &str = "{{name}}";

/// The resource's address in the configurations below.
const RESOURCE: &str = "{{name}}_example.test";

/// The data source's address in the configurations below.
const DATA_SOURCE: &str = "data.{{name}}_example.test";

/// A case with this crate's provider, served in process.
fn case() -> TestCase {
    TestCase::new().provider(PROVIDER, || provider().into_services())
}

/// `resource "{{name}}_example" "test"` with `configurable_attribute`.
fn resource_config(configurable_attribute: &str) -> String {
    format!(
        r#"provider "{{name}}" {{
  endpoint = "https://api.example.com"
}}

resource "{{name}}_example" "test" {{
  configurable_attribute = "{configurable_attribute}"
}}
"#
    )
}

#[test]
fn resource_create_update_import() {
    acceptance::test(
        case()
            // Create, and check what was planned and what was stored.
            .step(
                TestStep::config(resource_config("one"))
                    .plan_checks(ConfigPlanChecks {
                        pre_apply: vec![
                            plancheck::expect_resource_action(RESOURCE, ResourceAction::Create),
                            plancheck::expect_unknown_value(RESOURCE, Path::new("id")),
                        ],
                        ..ConfigPlanChecks::default()
                    })
                    .state_checks(vec![
                        statecheck::expect_known_value(
                            RESOURCE,
                            Path::new("configurable_attribute"),
                            knownvalue::string_exact("one"),
                        ),
                        statecheck::expect_known_value(
                            RESOURCE,
                            Path::new("defaulted"),
                            knownvalue::string_exact("example value"),
                        ),
                        statecheck::expect_known_value(
                            RESOURCE,
                            Path::new("id"),
                            knownvalue::string_exact("example-id"),
                        ),
                    ]),
            )
            // A new value: an update in place, which keeps the id.
            .step(
                TestStep::config(resource_config("two"))
                    .plan_checks(ConfigPlanChecks {
                        pre_apply: vec![
                            plancheck::expect_resource_action(RESOURCE, ResourceAction::Update),
                            plancheck::expect_known_value(
                                RESOURCE,
                                Path::new("id"),
                                knownvalue::string_exact("example-id"),
                            ),
                        ],
                        ..ConfigPlanChecks::default()
                    })
                    .state_checks(vec![statecheck::expect_known_value(
                        RESOURCE,
                        Path::new("configurable_attribute"),
                        knownvalue::string_exact("two"),
                    )]),
            )
            // `terraform import`, and the imported state compared with the
            // applied one. The API does not return `configurable_attribute`
            // (`read_by_id` leaves it null), so it is left out.
            .step(
                TestStep::new()
                    .import_state(RESOURCE)
                    .import_state_verify()
                    .import_state_verify_ignore(["configurable_attribute"]),
            ),
    );
}

#[test]
fn data_source_read() {
    acceptance::test(
        case().step(
            TestStep::config(
                r#"data "{{name}}_example" "test" {
  configurable_attribute = "some value"
}
"#,
            )
            .state_checks(vec![
                statecheck::expect_known_value(
                    DATA_SOURCE,
                    Path::new("id"),
                    knownvalue::string_exact("example-id"),
                ),
                statecheck::expect_known_value(
                    DATA_SOURCE,
                    Path::new("configurable_attribute"),
                    knownvalue::string_exact("some value"),
                ),
            ]),
        ),
    );
}

#[test]
fn function_example() {
    acceptance::test(
        case()
            // Provider-defined functions came with Terraform 1.8.
            .skip_below(Version::new(1, 8, 0))
            .step(
                TestStep::config(
                    r#"output "test" {
  value = provider::{{name}}::example("hello")
}
"#,
                )
                .state_checks(vec![statecheck::expect_known_output_value(
                    "test",
                    knownvalue::string_exact("hello"),
                )]),
            )
            // An empty input is refused, with Terraform naming the argument.
            .step(
                TestStep::config(
                    r#"output "test" {
  value = provider::{{name}}::example("")
}
"#,
                )
                .expect_error(r#"Invalid value for "input" parameter"#),
            ),
    );
}

#[test]
fn ephemeral_resource_open() {
    // An ephemeral value reaches neither the plan nor the state, so no
    // state check can see it: the postcondition checks it while it is open,
    // and fails the apply if the value is not the one expected.
    acceptance::test(
        case()
            // Ephemeral resources came with Terraform 1.10.
            .skip_below(Version::new(1, 10, 0))
            .step(TestStep::config(
                r#"ephemeral "{{name}}_example" "test" {
  configurable_attribute = "abc"

  lifecycle {
    postcondition {
      condition     = self.value == "token-abc"
      error_message = "The value opened is not the one expected."
    }
  }
}
"#,
            )),
    );
}
{{/examples}}
{{#bare}}
//! Acceptance tests: the provider through real Terraform (the Go
//! scaffold's `*_test.go` with terraform-plugin-testing), by
//! `tfschema::testing::acceptance`. Each test is a case of steps; the
//! provider is served from this test process, so nothing is built or
//! installed for Terraform to find. Add a test for each type you register
//! in `provider()`.
//!
//! They run only with `TF_ACC=1`; without it each test passes at once,
//! printing "Acceptance tests skipped unless env 'TF_ACC' set". Terraform is
//! `TF_ACC_TERRAFORM_PATH` (else `terraform` on `PATH`), or every binary of
//! `TF_ACC_TERRAFORM_PATHS` in turn:
//!
//! ```text
//! TF_ACC=1 TF_ACC_TERRAFORM_PATH=/usr/local/bin/terraform cargo test --test acceptance
//! ```

use {{crate_ident}}::provider;
use tfschema::testing::acceptance::{self, TestCase, TestStep};

/// The provider's name, as in `provider "{{name}}"`.
const PROVIDER: &str = "{{name}}";

/// A case with this crate's provider, served in process.
fn case() -> TestCase {
    TestCase::new().provider(PROVIDER, || provider().into_services())
}

/// Terraform installs the provider, reads its schema and plans a
/// configuration with its provider block: nothing to change.
#[test]
fn provider_block_plans() {
    let config = r#"provider "{{name}}" {
  endpoint = "https://api.example.com"
}
"#;
    acceptance::test(case().step(TestStep::config(config)));
}
{{/bare}}
