//! The provider under real Terraform: plan, apply, the checks, then plans
//! that must be empty, as Go's terraform-plugin-testing runs a test.
//! Runs with `TF_ACC=1` and a `terraform` on PATH (or
//! `TF_ACC_TERRAFORM_PATH`); without `TF_ACC` it passes at once.

use terraform_provider_notes::provider;
use tfschema::testing::acceptance::plancheck::{self, ResourceAction};
use tfschema::testing::acceptance::{self, knownvalue, statecheck};
use tfschema::testing::acceptance::{ConfigPlanChecks, Path, TestCase, TestStep};

fn config(dir: &str, name: &str, content: &str) -> String {
    format!(
        r#"provider "notes" {{
  directory = "{dir}"
}}

resource "notes_note" "hello" {{
  name    = "{name}"
  content = "{content}"
}}
"#
    )
}

#[test]
fn note_lifecycle() {
    let dir = std::env::temp_dir().join(format!("notes-acc-{}", std::process::id()));
    let dir = dir.to_str().expect("a UTF-8 path").to_owned();
    let (first, second) = (config(&dir, "hello", "Hi!"), config(&dir, "bye", "Hi!"));
    acceptance::test(
        TestCase::new()
            .provider("notes", || provider().into_services())
            .step(
                TestStep::config(first).state_checks(vec![statecheck::expect_known_value(
                    "notes_note.hello",
                    Path::new("size"),
                    knownvalue::int64_exact(3),
                )]),
            )
            .step(TestStep::config(second).plan_checks(ConfigPlanChecks {
                pre_apply: vec![plancheck::expect_resource_action(
                    "notes_note.hello",
                    ResourceAction::Replace,
                )],
                ..ConfigPlanChecks::default()
            }))
            .step(
                TestStep::new()
                    .import_state("notes_note.hello")
                    .import_state_id("bye"),
            )
            .check_destroy(move |_| match std::fs::read_dir(&dir).map(|d| d.count()) {
                Ok(0) | Err(_) => Ok(()),
                Ok(n) => Err(format!("{n} notes left after destroy")),
            }),
    );
}
