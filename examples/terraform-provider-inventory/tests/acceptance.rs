//! The provider's behaviour through real Terraform, as a Go provider tests
//! it with terraform-plugin-testing: each test a case of steps, the
//! provider served from this process (no binary built or installed).
//!
//! They run only with `TF_ACC=1` (e2e/acceptance.sh runs them on Terraform
//! 1.0.3 and 1.15.5 through `TF_ACC_TERRAFORM_PATHS`); without it each test
//! passes at once, printing "Acceptance tests skipped unless env 'TF_ACC'
//! set". Steps and cases that need a newer Terraform say so and skip.

use std::path::{Path as FsPath, PathBuf};

use terraform_provider_inventory::{provider, Options};
use tfschema::testing::acceptance::plancheck::{self, ResourceAction};
use tfschema::testing::acceptance::statecheck::{self, Comparer};
use tfschema::testing::acceptance::{
    self, knownvalue, ConfigPlanChecks, ImportStateKind, Path, TestCase, TestStep, Version,
};
use tfschema::testing::acceptance::{check, querycheck};

/// A database file of the test's own, removed before each run (one per
/// Terraform binary) so that every run starts empty.
fn database(test: &str) -> PathBuf {
    std::env::temp_dir().join(format!("inventory-acc-{test}-{}.db", std::process::id()))
}

fn case(db: &FsPath) -> TestCase {
    let fresh = db.to_path_buf();
    TestCase::new()
        .provider("inventory", || provider(Options::default()).into_services())
        .pre_check(move || {
            let _ = std::fs::remove_file(&fresh);
        })
        .check_destroy({
            let db = db.to_path_buf();
            move |_| match rows(&db, "SELECT count(*) FROM items") {
                0 => Ok(()),
                n => Err(format!("{n} items left in the database after destroy")),
            }
        })
}

/// A count from the database, as the provider wrote it.
fn rows(db: &FsPath, sql: &str) -> i64 {
    let conn = rusqlite::Connection::open(db).expect("open the test database");
    conn.query_row(sql, [], |r| r.get(0))
        .expect("query the test database")
}

fn item(db: &FsPath, sku: &str, quantity: i64) -> String {
    format!(
        r#"provider "inventory" {{
  database_path = "{}"
}}

resource "inventory_item" "widget" {{
  name     = "Widget"
  sku      = "{sku}"
  quantity = {quantity}
  tags     = ["blue", "small"]
  location {{
    warehouse = "north"
    units     = 4
  }}
}}
"#,
        db.display()
    )
}

const WIDGET: &str = "inventory_item.widget";

#[test]
fn item_create_update_in_place_replace_and_import() {
    let db = database("lifecycle");
    let same_id = statecheck::compare_value(Comparer::ValuesSame);
    let new_id = statecheck::compare_value(Comparer::ValuesDiffer);
    let created_at = statecheck::compare_value(Comparer::ValuesSame);
    acceptance::test(
        case(&db)
            .step(
                TestStep::config(item(&db, "WID-001", 1))
                    .plan_checks(ConfigPlanChecks {
                        pre_apply: vec![
                            plancheck::expect_resource_action(WIDGET, ResourceAction::Create),
                            plancheck::expect_unknown_value(WIDGET, Path::new("id")),
                            plancheck::expect_known_value(
                                WIDGET,
                                Path::new("status"),
                                knownvalue::string_exact("active"),
                            ),
                        ],
                        ..ConfigPlanChecks::default()
                    })
                    .state_checks(vec![
                        statecheck::expect_known_value(
                            WIDGET,
                            Path::new("id"),
                            knownvalue::string_regexp("^itm-"),
                        ),
                        statecheck::expect_known_value(
                            WIDGET,
                            Path::new("quantity"),
                            knownvalue::int64_exact(1),
                        ),
                        statecheck::expect_known_value(
                            WIDGET,
                            Path::new("tags"),
                            knownvalue::list_exact(vec![
                                knownvalue::string_exact("blue"),
                                knownvalue::string_exact("small"),
                            ]),
                        ),
                        statecheck::expect_known_value(
                            WIDGET,
                            Path::new("location")
                                .at_slice_index(0)
                                .at_map_key("warehouse"),
                            knownvalue::string_exact("north"),
                        ),
                        same_id.add_state_value(WIDGET, Path::new("id")),
                        created_at.add_state_value(WIDGET, Path::new("created_at")),
                    ]),
            )
            .step(
                TestStep::config(item(&db, "WID-001", 5))
                    .plan_checks(ConfigPlanChecks {
                        pre_apply: vec![plancheck::expect_resource_action(
                            WIDGET,
                            ResourceAction::Update,
                        )],
                        ..ConfigPlanChecks::default()
                    })
                    .state_checks(vec![
                        statecheck::expect_known_value(
                            WIDGET,
                            Path::new("quantity"),
                            knownvalue::int64_exact(5),
                        ),
                        same_id.add_state_value(WIDGET, Path::new("id")),
                        new_id.add_state_value(WIDGET, Path::new("id")),
                        created_at.add_state_value(WIDGET, Path::new("created_at")),
                    ])
                    .check({
                        let db = db.clone();
                        move |_| match rows(&db, "SELECT quantity FROM items") {
                            5 => Ok(()),
                            q => Err(format!("the row holds quantity {q}, not 5")),
                        }
                    }),
            )
            .step(
                // `sku` requires replacement.
                TestStep::config(item(&db, "WID-002", 5))
                    .plan_checks(ConfigPlanChecks {
                        pre_apply: vec![plancheck::expect_resource_action(
                            WIDGET,
                            ResourceAction::Replace,
                        )],
                        ..ConfigPlanChecks::default()
                    })
                    .state_checks(vec![new_id.add_state_value(WIDGET, Path::new("id"))])
                    .check({
                        // The old row is gone.
                        let db = db.clone();
                        move |_| match rows(&db, "SELECT count(*) FROM items") {
                            1 => Ok(()),
                            n => Err(format!("{n} rows after the replacement, not 1")),
                        }
                    }),
            )
            .step(TestStep::new().import_state(WIDGET).import_state_verify())
            .step(
                TestStep::new()
                    .import_state(WIDGET)
                    .import_state_kind(ImportStateKind::BlockWithId)
                    .skip_below(Version::new(1, 5, 0)),
            ),
    );
}

#[test]
fn item_identity_and_import_by_identity() {
    let db = database("identity");
    acceptance::test(
        case(&db)
            .skip_below(Version::new(1, 12, 0))
            .step(TestStep::config(item(&db, "IDN-001", 1)).state_checks(vec![
                statecheck::expect_identity(WIDGET, [("id", knownvalue::string_regexp("^itm-"))]),
            ]))
            .step(
                TestStep::new()
                    .import_state(WIDGET)
                    .import_state_kind(ImportStateKind::BlockWithResourceIdentity),
            ),
    );
}

#[test]
fn a_change_made_outside_terraform_is_planned_after_refresh() {
    let db = database("drift");
    let edit = db.clone();
    acceptance::test(
        case(&db)
            .step(TestStep::config(item(&db, "DRF-001", 3)))
            .step(
                TestStep::new()
                    .pre_config(move || {
                        let conn =
                            rusqlite::Connection::open(&edit).expect("open the test database");
                        conn.execute("UPDATE items SET quantity = 42", [])
                            .expect("update the row");
                    })
                    .refresh_state()
                    .expect_non_empty_plan()
                    .state_checks(vec![statecheck::expect_known_value(
                        WIDGET,
                        Path::new("quantity"),
                        knownvalue::int64_exact(42),
                    )]),
            )
            .step(
                // Applying the configuration again restores the row.
                TestStep::config(item(&db, "DRF-001", 3)).check({
                    let db = db.clone();
                    move |_| match rows(&db, "SELECT quantity FROM items") {
                        3 => Ok(()),
                        q => Err(format!("the row holds quantity {q}, not 3")),
                    }
                }),
            ),
    );
}

#[test]
fn data_sources_read_what_resources_wrote() {
    let db = database("data");
    let config = format!(
        r#"{}
data "inventory_item" "one" {{
  id = inventory_item.widget.id
}}

data "inventory_items" "all" {{
  status     = "active"
  depends_on = [inventory_item.widget]
}}

output "names" {{
  value = [for i in data.inventory_items.all.items : i.name]
}}
"#,
        item(&db, "DAT-001", 2)
    );
    acceptance::test(
        case(&db).step(
            TestStep::config(config)
                // The same in Go's flatmap words, as a ported test has it.
                .check(check::compose(vec![
                    check::resource_attr("data.inventory_items.all", "ids.#", "1"),
                    check::resource_attr(WIDGET, "location.0.warehouse", "north"),
                    check::resource_attr_set("data.inventory_item.one", "created_at"),
                ]))
                .state_checks(vec![
                    statecheck::expect_known_value(
                        "data.inventory_item.one",
                        Path::new("name"),
                        knownvalue::string_exact("Widget"),
                    ),
                    statecheck::expect_known_value(
                        "data.inventory_item.one",
                        Path::new("quantity"),
                        knownvalue::int64_exact(2),
                    ),
                    statecheck::expect_known_value(
                        "data.inventory_items.all",
                        Path::new("ids"),
                        knownvalue::list_size_exact(1),
                    ),
                    statecheck::expect_known_output_value(
                        "names",
                        knownvalue::list_exact(vec![knownvalue::string_exact("Widget")]),
                    ),
                ]),
        ),
    );
}

#[test]
fn an_ephemeral_token_feeds_the_write_only_secret() {
    let db = database("ephemeral");
    let config = format!(
        r#"{}
ephemeral "inventory_token" "t" {{
  item_id = inventory_item.widget.id
}}

resource "inventory_item" "client" {{
  name       = "Client"
  sku        = "TOK-CLIENT"
  api_secret = ephemeral.inventory_token.t.token
  location {{
    warehouse = "north"
  }}
}}
"#,
        item(&db, "TOK-VAULT", 1)
    );
    acceptance::test(
        case(&db)
            // Ephemeral resources 1.10, write-only attributes 1.11.
            .skip_below(Version::new(1, 11, 0))
            .step(
                TestStep::config(config)
                    .state_checks(vec![statecheck::expect_known_value(
                        "inventory_item.client",
                        Path::new("api_secret"),
                        knownvalue::null(),
                    )])
                    .check({
                        let db = db.clone();
                        move |state| {
                            let text = serde_json::to_string(&state.resources().iter().map(|r| &r.values).collect::<Vec<_>>())
                                .map_err(|e| e.to_string())?;
                            if text.contains("invtok_") {
                                return Err("a token reached the state".to_owned());
                            }
                            match rows(&db, "SELECT count(*) FROM items WHERE sku = 'TOK-CLIENT' AND secret_fingerprint IS NOT NULL") {
                                1 => Ok(()),
                                n => Err(format!("{n} client rows with a secret fingerprint, not 1")),
                            }
                        }
                    }),
            ),
    );
}

#[test]
fn the_restock_action_runs_after_create() {
    let db = database("action");
    let config = format!(
        r#"provider "inventory" {{
  database_path = "{}"
}}

resource "inventory_item" "stocked" {{
  name     = "Stocked"
  sku      = "ACT-001"
  quantity = 4
  location {{
    warehouse = "north"
  }}
  lifecycle {{
    action_trigger {{
      events  = [after_create]
      actions = [action.inventory_restock.on_create]
    }}
  }}
}}

action "inventory_restock" "on_create" {{
  config {{
    item_id = inventory_item.stocked.id
    units   = 2
  }}
}}
"#,
        db.display()
    );
    acceptance::test(case(&db).skip_below(Version::new(1, 14, 0)).step(
        // The action changes quantity behind the resource: the refresh
        // plan shows it, as the action's documentation says.
        TestStep::config(config).expect_non_empty_plan().check({
            let db = db.clone();
            move |_| match rows(&db, "SELECT quantity FROM items") {
                6 => Ok(()),
                q => Err(format!("the row holds quantity {q}, not 4 + 2")),
            }
        }),
    ));
}

#[test]
fn invalid_configurations_fail_at_plan_naming_the_attribute() {
    let db = database("invalid");
    let bad_sku = item(&db, "bad sku", 1);
    let too_many = item(&db, "INV-001", -1);
    acceptance::test(
        case(&db)
            .step(TestStep::config(bad_sku).plan_only().expect_error(
                r"(?s)Invalid Attribute Value Match.*on terraform_plugin_test.tf line 7",
            ))
            .step(
                TestStep::config(too_many)
                    .plan_only()
                    .expect_error("quantity"),
            ),
    );
}

#[test]
fn a_list_query_finds_the_active_items() {
    let db = database("list");
    let config = format!(
        r#"{}
resource "inventory_item" "draft" {{
  name   = "Draft"
  sku    = "LST-DRAFT"
  status = "draft"
  location {{
    warehouse = "north"
  }}
}}
"#,
        item(&db, "LST-001", 1)
    );
    let query = r#"list "inventory_item" "active" {
  provider = inventory
  config {
    status = "active"
  }
}
"#;
    acceptance::test(
        case(&db)
            .skip_below(Version::new(1, 14, 0))
            .step(TestStep::config(config))
            .step(TestStep::query(query).query_checks(vec![
                querycheck::expect_length("list.inventory_item.active", 1),
                querycheck::expect_identity(
                    "list.inventory_item.active",
                    [("id", knownvalue::string_regexp("^itm-"))],
                ),
            ]))
            .step(
                TestStep::query(query)
                    .query_checks(vec![querycheck::expect_length(
                        "list.inventory_item.active",
                        2,
                    )])
                    .expect_error(r"Query result of length 2 - expected but got 1\."),
            ),
    );
}

#[test]
fn the_internal_code_is_sensitive_in_plan_and_state() {
    let db = database("sensitive");
    let config = item(&db, "SNS-001", 1).replace(
        "  tags     = [\"blue\", \"small\"]\n",
        "  tags     = [\"blue\", \"small\"]\n  internal_code = \"X-42\"\n",
    );
    acceptance::test(
        case(&db)
            .step(
                TestStep::config(config.clone())
                    .plan_checks(ConfigPlanChecks {
                        pre_apply: vec![plancheck::expect_sensitive_value(
                            WIDGET,
                            Path::new("internal_code"),
                        )],
                        ..ConfigPlanChecks::default()
                    })
                    .state_checks(vec![statecheck::expect_known_value(
                        WIDGET,
                        Path::new("internal_code"),
                        knownvalue::string_exact("X-42"),
                    )]),
            )
            .step(
                // Terraform 1.0.3's state output leaves schema-sensitive
                // attributes out of `sensitive_values` (its plan output has
                // them); 1.15.5 lists them in both.
                TestStep::config(config)
                    .skip_below(Version::new(1, 15, 0))
                    .state_checks(vec![statecheck::expect_sensitive_value(
                        WIDGET,
                        Path::new("internal_code"),
                    )]),
            ),
    );
}
