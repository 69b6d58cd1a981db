//! The rest of the provider: `inventory_tag`, the data sources, the
//! protocol 5 mode, the provider configuration and concurrent writers.

#![allow(clippy::panic)]

mod common;

use common::{assert_ok, get, lines, string, Harness, TempDir};
use terraform_provider_inventory::store::{ItemRow, Store};
use terraform_provider_inventory::tag::Tag;
use terraform_provider_inventory::{provider, Options};
use tfschema::server::raw::{self, RawProvider, StopSignal};
use tfschema::{PathStep, Type, Unknown, Value};

const TAG: &str = "inventory_tag";

fn tag(key: &str, value: &str) -> Value {
    common::config_of(&Tag {
        id: Unknown::Unknown,
        key: key.into(),
        value: Some(value.into()),
        item_id: None,
        created_at: Unknown::Unknown,
    })
}

#[tokio::test]
async fn tag_lifecycle() {
    let dir = TempDir::new();
    let h = Harness::new(&dir, Options::default()).await;
    let state = h.apply(TAG, &h.null_state(TAG), &tag("env", "prod")).await;
    let id = string(&state, "id");
    assert!(id.starts_with("tag-"), "{id}");
    let row = h.store().get_tag(&id).expect("get").expect("row");
    assert_eq!(row.value.as_deref(), Some("prod"));

    // Value changes in place; key changes replace.
    let plan = h.plan(TAG, &state, &tag("env", "dev")).await;
    assert!(plan.requires_replace.is_empty());
    let plan = h.plan(TAG, &state, &tag("stage", "prod")).await;
    assert_eq!(
        plan.requires_replace,
        vec![vec![PathStep::Attr("key".into())]]
    );
    let state = h.apply(TAG, &state, &tag("env", "dev")).await;
    assert_eq!(get(&state, "value"), &Value::from("dev"));

    // Drift, import, deletion behind Terraform's back.
    h.store()
        .execute(&format!("UPDATE tags SET value = 'qa' WHERE id = '{id}'"))
        .expect("edit");
    let refreshed = h.read(TAG, &state).await.expect("read");
    assert_eq!(get(&refreshed, "value"), &Value::from("qa"));
    let imported = h.import(TAG, &id).await;
    assert_ok(&imported.diagnostics);
    assert_eq!(imported.imported_resources[0].state, refreshed);
    h.store()
        .execute(&format!("DELETE FROM tags WHERE id = '{id}'"))
        .expect("delete");
    assert_eq!(h.read(TAG, &state).await, None);

    // A bad key.
    let d = lines(&h.validate(TAG, &tag("Bad Key", "x")).await);
    assert!(d.iter().all(|l| l.starts_with("error|.key|")), "{d:#?}");
    assert_eq!(d.len(), 1, "{d:#?}");
}

fn insert(store: &Store, name: &str, status: &str, quantity: i64) -> ItemRow {
    store
        .insert_item(ItemRow {
            name: name.into(),
            sku: name.to_uppercase(),
            status: status.into(),
            quantity,
            price: Some("4.20".into()),
            tags: Some(r#"["x"]"#.into()),
            ..ItemRow::new()
        })
        .expect("insert")
}

#[tokio::test]
async fn data_sources() {
    let dir = TempDir::new();
    let h = Harness::new(&dir, Options::default()).await;
    let store = h.store();
    let bolt = insert(&store, "bolt", "active", 10);
    let nut = insert(&store, "nut", "active", 20);
    insert(&store, "bracket", "draft", 1);

    let one = h
        .read_data(
            "inventory_item",
            &Value::object([
                ("id", Value::string(&bolt.id)),
                ("name", Value::Null(Type::String)),
                ("sku", Value::Null(Type::String)),
                ("quantity", Value::Null(Type::Number)),
                ("status", Value::Null(Type::String)),
                ("price", Value::Null(Type::Number)),
                ("tags", Value::Null(Type::List(Box::new(Type::String)))),
                ("label", Value::Null(Type::String)),
                ("created_at", Value::Null(Type::String)),
                ("updated_at", Value::Null(Type::String)),
            ]),
        )
        .await;
    assert_ok(&one.diagnostics);
    let one = one.state.expect("state");
    assert_eq!(get(&one, "name"), &Value::from("bolt"));
    assert_eq!(get(&one, "quantity"), &Value::from(10));
    assert_eq!(
        get(&one, "price"),
        &Value::Number(tfschema::Number::parse("4.2").expect("n"))
    );
    assert!(get(&one, "label").is_null());

    let missing = h
        .read_data(
            "inventory_item",
            &common::config_of(&terraform_provider_inventory::data::ItemLookup {
                id: "itm-none".into(),
                name: Unknown::Unknown,
                sku: Unknown::Unknown,
                quantity: Unknown::Unknown,
                status: Unknown::Unknown,
                price: Unknown::Unknown,
                tags: Unknown::Unknown,
                label: Unknown::Unknown,
                created_at: Unknown::Unknown,
                updated_at: Unknown::Unknown,
            }),
        )
        .await;
    assert!(lines(&missing.diagnostics)[0].starts_with("error|.id|Inventory item not found"));

    let list = |status: Option<&str>, prefix: Option<&str>| {
        common::config_of(&terraform_provider_inventory::data::ItemList {
            status: status.map(Into::into),
            name_prefix: prefix.map(Into::into),
            ids: Unknown::Unknown,
            items: Unknown::Unknown,
        })
    };
    let ids = |v: &Value| -> Vec<String> {
        match get(v, "ids") {
            Value::List(_, xs) => xs
                .iter()
                .map(|x| match x {
                    Value::String(s) => s.clone(),
                    other => panic!("{other:?}"),
                })
                .collect(),
            other => panic!("{other:?}"),
        }
    };
    let active = h
        .read_data("inventory_items", &list(Some("active"), None))
        .await;
    assert_ok(&active.diagnostics);
    let active = active.state.expect("state");
    assert_eq!(ids(&active), [bolt.id.clone(), nut.id.clone()]);
    let Value::List(_, items) = get(&active, "items") else {
        panic!("items")
    };
    assert_eq!(get(&items[1], "quantity"), &Value::from(20));
    assert_eq!(get(&items[1], "status"), &Value::from("active"));

    let b = h.read_data("inventory_items", &list(None, Some("b"))).await;
    assert_eq!(ids(&b.state.expect("state")).len(), 2); // bolt, bracket
    let all = h.read_data("inventory_items", &list(None, None)).await;
    assert_eq!(ids(&all.state.expect("state")).len(), 3);
    // `%` is not a wildcard.
    let none = h.read_data("inventory_items", &list(None, Some("%"))).await;
    assert!(ids(&none.state.expect("state")).is_empty());
}

#[test]
fn protocol_5_mode_leaves_out_nested_attributes() {
    let full = provider(Options::default()).schema();
    assert!(full.requires_protocol_6());
    assert!(full.resources.contains_key("inventory_item"));

    let v5 = provider(Options {
        protocol5_only: true,
        ..Options::default()
    })
    .schema();
    assert!(!v5.requires_protocol_6());
    assert_eq!(
        v5.resources.keys().collect::<Vec<_>>(),
        ["inventory_label", "inventory_tag"]
    );
    assert_eq!(
        v5.data_sources.keys().collect::<Vec<_>>(),
        ["inventory_item", "inventory_items"]
    );

    // Schema version 0 had no nested attributes: served on protocol 5 too.
    let v0 = provider(Options {
        schema_v0: true,
        protocol5_only: true,
    })
    .schema();
    assert!(!v0.requires_protocol_6());
    assert_eq!(v0.resources["inventory_item"].version, 0);
}

#[tokio::test]
async fn configuration_errors() {
    let p = provider(Options::default());
    // Not configured yet.
    let r = p
        .read_data_source(
            raw::ReadDataSourceRequest {
                type_name: "inventory_items".into(),
                config: common::config_of(&terraform_provider_inventory::data::ItemList {
                    status: None,
                    name_prefix: None,
                    ids: Unknown::Unknown,
                    items: Unknown::Unknown,
                })
                .into(),
                provider_meta: None,
                client_capabilities: Default::default(),
            },
            StopSignal::never(),
        )
        .await;
    assert!(lines(&r.diagnostics)[0].contains("Provider not configured"));

    let configure = |config: Value| {
        p.configure_provider(
            raw::ConfigureProviderRequest {
                terraform_version: "1.0.3".into(),
                config: config.into(),
                client_capabilities: Default::default(),
            },
            StopSignal::never(),
        )
    };
    let unknown = configure(Value::object([(
        "database_path",
        Value::unknown(Type::String),
    )]))
    .await;
    assert!(lines(&unknown)[0].starts_with("error|.database_path|Unknown database path"));
    let dir = TempDir::new();
    std::fs::write(
        dir.0.join("not-a-db"),
        "hello, this is not SQLite at all.....",
    )
    .expect("write");
    let bad = configure(Value::object([(
        "database_path",
        Value::string(dir.0.join("not-a-db").to_string_lossy()),
    )]))
    .await;
    assert!(
        lines(&bad)[0].contains("Cannot open the inventory database"),
        "{:?}",
        lines(&bad)
    );
    // A missing directory is created.
    let nested = dir.0.join("a/b/inventory.db");
    let ok = configure(Value::object([(
        "database_path",
        Value::string(nested.to_string_lossy()),
    )]))
    .await;
    assert_ok(&ok);
    assert!(nested.exists());
}

/// Terraform runs ten operations at once, and several provider processes
/// may share the file: separate connections write concurrently without
/// "database is locked" errors.
#[test]
fn concurrent_writers_share_the_file() {
    let dir = TempDir::new();
    let path = dir.0.join("inventory.db");
    let threads: Vec<_> = (0..10)
        .map(|t| {
            let path = path.clone();
            std::thread::spawn(move || {
                let store = Store::open(&path).expect("open");
                for i in 0..20 {
                    let row = insert(&store, &format!("t{t}-{i}"), "active", i);
                    let mut row = store.get_item(&row.id).expect("get").expect("row");
                    row.quantity += 1;
                    store.update_item(row).expect("update").expect("exists");
                }
            })
        })
        .collect();
    for t in threads {
        t.join().expect("thread");
    }
    let store = Store::open(&path).expect("open");
    assert_eq!(
        store.list_items(&Default::default()).expect("list").len(),
        200
    );
}

/// An `items` table from an older build, without the newer columns, gets
/// them on open.
#[test]
fn opening_adds_missing_columns() {
    let dir = TempDir::new();
    let path = dir.0.join("old.db");
    {
        let conn = rusqlite::Connection::open(&path).expect("open");
        conn.execute_batch(
            "CREATE TABLE items (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, sku TEXT NOT NULL,
                                 quantity INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
             INSERT INTO items VALUES ('itm-1', 'old', 'OLD-1', 5, 't0', 't0');",
        )
        .expect("old schema");
    }
    let store = Store::open(&path).expect("open");
    let row = store.get_item("itm-1").expect("get").expect("row");
    assert_eq!(
        (row.name.as_str(), row.quantity, row.status.as_str()),
        ("old", 5, "active")
    );
    assert_eq!(row.label, None);
}
