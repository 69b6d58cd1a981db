//! `list "inventory_item"` (`terraform query`) and the configuration
//! generated for a listed item, through the gRPC handlers with tfschema's
//! harness, on protocols 6 and 5.

#![allow(clippy::panic)]

mod common;

use common::{lines, testing_harness, TempDir};
use terraform_provider_inventory::store::{ItemFilter, ItemRow, Store};
use terraform_provider_inventory::{provider, Options};
use tfschema::server::testing::ListOptions;
use tfschema::{PathStep, Type, Value};

const ITEM: &str = "inventory_item";

/// Four items: three active (one with a non-default quantity), one draft.
fn fill(dir: &TempDir) -> Vec<ItemRow> {
    let store = Store::open(&dir.0.join("inventory.db")).expect("open");
    let row = |name: &str, sku: &str, status: &str, quantity: i64| ItemRow {
        name: name.into(),
        sku: sku.into(),
        status: status.into(),
        quantity,
        notes: Some(format!("about {name}")),
        locations: Some(r#"[{"warehouse":"east","shelf":"A1","units":null}]"#.into()),
        ..ItemRow::new()
    };
    [
        row("Bolt", "BLT-1", "active", 1),
        row("Nut", "NUT-1", "draft", 1),
        row("Washer", "WSH-1", "active", 250),
        row("Bracket", "BRK-1", "active", 1),
    ]
    .into_iter()
    .map(|r| store.insert_item(r).expect("insert"))
    .collect()
}

fn query(status: Option<&str>, name_prefix: Option<&str>) -> Value {
    let text = |s: Option<&str>| s.map_or(Value::Null(Type::String), Value::from);
    Value::object([("status", text(status)), ("name_prefix", text(name_prefix))])
}

fn id_of(row: &ItemRow) -> Value {
    Value::object([("id", Value::from(row.id.as_str()))])
}

#[tokio::test]
async fn active_items_are_listed_by_identity() {
    let dir = TempDir::new();
    let rows = fill(&dir);
    for protocol in [6, 5] {
        let h = testing_harness(&dir, protocol).await;
        let list = h
            .list_resource(ITEM, &query(Some("active"), None), ListOptions::default())
            .await;
        assert!(
            list.diagnostics.is_empty(),
            "{:#?}",
            lines(&list.diagnostics)
        );
        let got: Vec<(Value, &str)> = (list.events.iter())
            .map(|e| (e.identity.clone(), e.display_name.as_str()))
            .collect();
        // By name: Bolt, Bracket, Washer.
        assert_eq!(
            got,
            [
                (id_of(&rows[0]), "Bolt (BLT-1)"),
                (id_of(&rows[3]), "Bracket (BRK-1)"),
                (id_of(&rows[2]), "Washer (WSH-1)"),
            ]
        );
        assert!(list.events.iter().all(|e| e.resource_object.is_none()));
        // A prefix, and a limit.
        let list = h
            .list_resource(ITEM, &query(None, Some("B")), ListOptions::default())
            .await;
        let names: Vec<&str> = list
            .events
            .iter()
            .map(|e| e.display_name.as_str())
            .collect();
        assert_eq!(names, ["Bolt (BLT-1)", "Bracket (BRK-1)"]);
        let options = ListOptions {
            limit: 1,
            ..ListOptions::default()
        };
        let list = h.list_resource(ITEM, &query(None, None), options).await;
        let names: Vec<&str> = list
            .events
            .iter()
            .map(|e| e.display_name.as_str())
            .collect();
        assert_eq!(names, ["Bolt (BLT-1)"]);
    }
}

#[tokio::test]
async fn the_query_is_validated() {
    let dir = TempDir::new();
    let h = testing_harness(&dir, 6).await;
    assert!(h
        .validate_list_resource(ITEM, &query(Some("draft"), Some("B")))
        .await
        .is_empty());
    let d = h
        .validate_list_resource(ITEM, &query(Some("sold"), Some("")))
        .await;
    let paths: Vec<Vec<PathStep>> = d.iter().map(|d| d.path.clone()).collect();
    assert_eq!(
        paths,
        [
            vec![PathStep::Attr("name_prefix".into())],
            vec![PathStep::Attr("status".into())],
        ],
        "{:#?}",
        lines(&d)
    );
}

#[tokio::test]
async fn generated_configuration_of_a_listed_item_plans_no_changes() {
    let dir = TempDir::new();
    fill(&dir);
    for protocol in [6, 5] {
        let h = testing_harness(&dir, protocol).await;
        let options = ListOptions {
            include_resource: true,
            ..ListOptions::default()
        };
        let list = h
            .list_resource(ITEM, &query(Some("active"), None), options)
            .await;
        assert_eq!(list.events.len(), 3, "{:#?}", lines(&list.diagnostics));
        for event in &list.events {
            let state = event.resource_object.clone().expect("asked for the state");
            let generated = h.generate_resource_config(ITEM, &state).await;
            assert!(
                generated.diagnostics.is_empty(),
                "{:#?}",
                lines(&generated.diagnostics)
            );
            let (Value::Object(config), Value::Object(attrs)) = (&generated.config, &state) else {
                panic!("no configuration: {:?}", generated.config);
            };
            // Read-only attributes are left out, and so are the defaults.
            for name in ["id", "created_at", "updated_at"] {
                assert!(config[name].is_null(), "{name}");
            }
            assert_eq!(config["status"], Value::Null(Type::String));
            let quantity = &attrs["quantity"];
            if quantity == &Value::from(1) {
                assert!(config["quantity"].is_null());
            } else {
                assert_eq!(&config["quantity"], quantity);
            }
            for name in ["name", "sku", "notes", "location"] {
                assert_eq!(config[name], attrs[name], "{name}");
            }
            // Applied, the configuration plans no changes.
            let plan = h.plan(ITEM, &state, &generated.config).await;
            assert!(
                !plan.diagnostics.has_errors(),
                "{:#?}",
                lines(&plan.diagnostics)
            );
            assert_eq!(plan.planned_state, state);
            assert!(plan.requires_replace.is_empty());
        }
    }
}

#[tokio::test]
async fn the_list_is_served_only_with_identities() {
    use tfschema::server::raw::RawProvider;
    let v2 = provider(Options::default()).schema();
    assert!(v2.list_resources.contains_key(ITEM));
    assert!(v2.problems().is_empty(), "{:?}", v2.problems());
    assert!(v2.generate_resource_config);
    // 0.1.0 has no identities; protocol 5 only serves no inventory_item.
    for options in [
        Options {
            schema_v0: true,
            ..Options::default()
        },
        Options {
            protocol5_only: true,
            ..Options::default()
        },
    ] {
        let schema = provider(options).schema();
        assert!(schema.list_resources.is_empty(), "{options:?}");
        assert!(schema.problems().is_empty(), "{options:?}");
    }
}

#[test]
fn the_store_reads_no_more_rows_than_the_limit() {
    let dir = TempDir::new();
    fill(&dir);
    let store = Store::open(&dir.0.join("inventory.db")).expect("open");
    let names = |filter: ItemFilter<'_>| -> Vec<String> {
        let rows = store.list_items(&filter).expect("list");
        rows.into_iter().map(|r| r.name).collect()
    };
    let active = |limit| ItemFilter {
        status: Some("active"),
        limit,
        ..ItemFilter::default()
    };
    assert_eq!(names(active(None)), ["Bolt", "Bracket", "Washer"]);
    assert_eq!(names(active(Some(2))), ["Bolt", "Bracket"]);
    assert_eq!(names(active(Some(0))), Vec::<String>::new());
}
