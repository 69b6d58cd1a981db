//! `inventory_item` through the provider's protocol calls: create, read,
//! update, replacement, drift, import, delete, validation, state upgrade.

#![allow(clippy::panic)]

mod common;

use std::collections::BTreeMap;

use common::{assert_ok, config_of, get, lines, set, string, Harness, TempDir};
use terraform_provider_inventory::item::{
    Audit, Component, Dimensions, Item, ItemV0, Location, Supplier, Variant,
};
use terraform_provider_inventory::Options;
use tfschema::{Number, PathStep, Set, Type, Unknown, Value};

const ITEM: &str = "inventory_item";

fn number(text: &str) -> Number {
    Number::parse(text).expect("number")
}

/// A configuration using every kind of attribute and block.
fn widget() -> Item {
    Item {
        id: Unknown::Unknown,
        name: "Widget".into(),
        sku: "WID-001".into(),
        quantity: Unknown::Known(None),
        status: Unknown::Known(None),
        price: Some(number("9.99")),
        currency: Some("EUR".into()),
        weight_kg: Some(2.5),
        in_stock: Some(true),
        tags: Some(vec!["blue".into(), "small".into()]),
        categories: Some(vec!["tools".to_string(), "hardware".to_string()].into()),
        attributes: Some(BTreeMap::from([("material".into(), "steel".into())])),
        description: None,
        notes: Some("handle with care".into()),
        internal_code: Some("X-42".into()),
        api_secret: Some("s3cret".into()),
        label: Some("abc-widget".into()),
        created_at: Unknown::Unknown,
        updated_at: Unknown::Unknown,
        dimensions: Some(Dimensions {
            length_cm: 30.0,
            width_cm: 20.0,
            height_cm: 10.5,
        }),
        audit: Audit {
            owner: Some("ops".into()),
            reviewed: None,
        },
        location: vec![Location {
            warehouse: "north".into(),
            shelf: Some("A3".into()),
            units: Some(4),
        }],
        supplier: Set::from(vec![
            Supplier {
                name: "Acme".into(),
                url: Some("https://acme.example".into()),
            },
            Supplier {
                name: "Globex".into(),
                url: None,
            },
        ]),
        variant: BTreeMap::from([(
            "red".into(),
            Variant {
                color: Some("red".into()),
                size: Some("M".into()),
                extra_price: Some(number("1.50")),
            },
        )]),
        components: Some(vec![Component {
            part: "bolt".into(),
            qty: 4,
        }]),
    }
}

async fn harness(dir: &TempDir) -> Harness {
    Harness::new(dir, Options::default()).await
}

#[tokio::test]
async fn create_read_update_delete() {
    let dir = TempDir::new();
    let h = harness(&dir).await;
    let config = config_of(&widget());
    let null = h.null_state(ITEM);

    // Plan a create: computed attributes unknown, defaults filled, the
    // write-only secret kept out of the plan.
    let plan = h.plan(ITEM, &null, &config).await;
    assert_ok(&plan.diagnostics);
    let planned = plan.planned_state.expect("planned");
    for computed in ["id", "created_at", "updated_at"] {
        assert!(!get(&planned, computed).is_known(), "{computed}");
    }
    assert_eq!(get(&planned, "quantity"), &Value::from(1));
    assert_eq!(get(&planned, "status"), &Value::from("active"));
    assert!(get(&planned, "api_secret").is_null());

    let applied = h.apply_planned(ITEM, &null, &planned, &config).await;
    assert_ok(&applied.diagnostics);
    let state = applied.new_state.expect("state");
    let id = string(&state, "id");
    assert!(id.starts_with("itm-"), "{id}");
    assert!(get(&state, "api_secret").is_null(), "write-only in state");
    // Configured values come back exactly, 9.99 included.
    for name in [
        "name",
        "price",
        "weight_kg",
        "tags",
        "categories",
        "dimensions",
        "audit",
    ] {
        assert_eq!(get(&state, name), get(&config, name), "{name}");
    }
    for name in ["location", "supplier", "variant", "components", "label"] {
        assert_eq!(get(&state, name), get(&config, name), "{name}");
    }

    // The row, read directly.
    let row = h.row(&id).expect("row");
    assert_eq!(row.name, "Widget");
    assert_eq!(row.quantity, 1);
    assert_eq!(row.status, "active");
    assert_eq!(row.price.as_deref(), Some("9.99"));
    assert_eq!(row.tags.as_deref(), Some(r#"["blue","small"]"#));
    assert_eq!(row.label.as_deref(), Some("abc-widget"));
    let fingerprint = row.secret_fingerprint.clone().expect("fingerprint");
    assert!(!fingerprint.contains("s3cret"));
    assert_eq!(row.created_at, row.updated_at);
    assert_eq!(string(&state, "created_at"), row.created_at);

    // Refresh: nothing changed.
    assert_eq!(h.read(ITEM, &state).await.as_ref(), Some(&state));

    // Plan again with the same configuration: no change at all.
    let plan = h.plan(ITEM, &state, &config).await;
    assert_ok(&plan.diagnostics);
    assert_eq!(plan.planned_state.as_ref(), Some(&state));
    assert!(plan.requires_replace.is_empty());

    // Update in place: id and created_at kept, updated_at unknown.
    let mut changed = widget();
    changed.name = "Widget Pro".into();
    changed.quantity = Unknown::Known(Some(12));
    changed.api_secret = Some("rotated".into());
    let config2 = config_of(&changed);
    let plan = h.plan(ITEM, &state, &config2).await;
    assert_ok(&plan.diagnostics);
    assert!(plan.requires_replace.is_empty());
    let planned = plan.planned_state.expect("planned");
    assert_eq!(get(&planned, "id"), get(&state, "id"));
    assert_eq!(get(&planned, "created_at"), get(&state, "created_at"));
    assert!(!get(&planned, "updated_at").is_known());
    let applied = h.apply_planned(ITEM, &state, &planned, &config2).await;
    assert_ok(&applied.diagnostics);
    let state2 = applied.new_state.expect("state");
    let row = h.row(&id).expect("row");
    assert_eq!((row.name.as_str(), row.quantity), ("Widget Pro", 12));
    assert_ne!(row.updated_at, row.created_at);
    assert_ne!(
        row.secret_fingerprint.as_deref(),
        Some(fingerprint.as_str())
    );
    assert_eq!(string(&state2, "updated_at"), row.updated_at);

    // Destroy.
    let destroyed = h.apply(ITEM, &state2, &Value::Null(config.ty())).await;
    assert!(destroyed.is_null());
    assert!(h.row(&id).is_none());
    assert_eq!(h.read(ITEM, &state2).await, None);
}

#[tokio::test]
async fn changing_the_sku_replaces_the_item() {
    let dir = TempDir::new();
    let h = harness(&dir).await;
    let state = h
        .apply(ITEM, &h.null_state(ITEM), &config_of(&widget()))
        .await;
    let mut changed = widget();
    changed.sku = "WID-002".into();
    let plan = h.plan(ITEM, &state, &config_of(&changed)).await;
    assert_ok(&plan.diagnostics);
    assert_eq!(
        plan.requires_replace,
        vec![vec![PathStep::Attr("sku".into())]]
    );
}

#[tokio::test]
async fn refresh_shows_drift_and_deletion() {
    let dir = TempDir::new();
    let h = harness(&dir).await;
    let config = config_of(&widget());
    let state = h.apply(ITEM, &h.null_state(ITEM), &config).await;
    let id = string(&state, "id");

    // Someone edits the row behind Terraform's back.
    h.store()
        .execute(&format!(
            "UPDATE items SET quantity = 7, name = 'Renamed', status = 'draft', \
             tags = '[\"red\"]' WHERE id = '{id}'"
        ))
        .expect("edit");
    let refreshed = h.read(ITEM, &state).await.expect("still there");
    assert_eq!(get(&refreshed, "quantity"), &Value::from(7));
    assert_eq!(get(&refreshed, "name"), &Value::from("Renamed"));
    assert_eq!(get(&refreshed, "status"), &Value::from("draft"));
    assert_eq!(
        get(&refreshed, "tags"),
        &Value::list(Type::String, vec![Value::from("red")])
    );
    // The plan puts the configuration back: default quantity 1 again.
    let plan = h.plan(ITEM, &refreshed, &config).await;
    assert_ok(&plan.diagnostics);
    let planned = plan.planned_state.expect("planned");
    assert_eq!(get(&planned, "quantity"), &Value::from(1));
    assert_eq!(get(&planned, "status"), &Value::from("active"));
    assert_eq!(get(&planned, "name"), &Value::from("Widget"));
    let fixed = h.apply_planned(ITEM, &refreshed, &planned, &config).await;
    assert_ok(&fixed.diagnostics);
    assert_eq!(h.row(&id).expect("row").quantity, 1);

    // Someone deletes it: refresh says it is gone.
    h.store()
        .execute(&format!("DELETE FROM items WHERE id = '{id}'"))
        .expect("delete");
    assert_eq!(h.read(ITEM, &state).await, None);
}

#[tokio::test]
async fn import_by_id() {
    let dir = TempDir::new();
    let h = harness(&dir).await;
    let config = config_of(&widget());
    let state = h.apply(ITEM, &h.null_state(ITEM), &config).await;
    let id = string(&state, "id");

    let imported = h.import(ITEM, &id).await;
    assert_ok(&imported.diagnostics);
    assert_eq!(imported.imported_resources.len(), 1);
    let imported_state = &imported.imported_resources[0].state;
    assert_eq!(imported_state, &state);
    // Terraform reads it next, then plans: no change.
    let read = h.read(ITEM, imported_state).await.expect("read");
    let plan = h.plan(ITEM, &read, &config).await;
    assert_eq!(plan.planned_state.as_ref(), Some(&read));

    let missing = h.import(ITEM, "itm-nope").await;
    assert!(missing.diagnostics.has_errors());
    assert!(lines(&missing.diagnostics)[0].contains("Cannot import non-existent remote object"));
}

#[tokio::test]
async fn a_label_unknown_at_plan_time() {
    let dir = TempDir::new();
    let h = harness(&dir).await;
    let first = h
        .apply(ITEM, &h.null_state(ITEM), &config_of(&widget()))
        .await;

    // label = "abc-${inventory_item.a.id}" while `a` is being created:
    // unknown, refined with the prefix Terraform knows.
    let mut b = widget();
    b.sku = "WID-B".into();
    let mut config = config_of(&b);
    let prefix = tfschema::Refinements {
        not_null: true,
        string_prefix: "abc-".into(),
        ..Default::default()
    };
    set(
        &mut config,
        "label",
        Value::unknown_refined(Type::String, prefix),
    );
    assert_ok(&h.validate(ITEM, &config).await);
    let null = h.null_state(ITEM);
    let plan = h.plan(ITEM, &null, &config).await;
    assert_ok(&plan.diagnostics);
    let planned = plan.planned_state.expect("planned");
    assert!(!get(&planned, "label").is_known());

    // At apply the value is known: Terraform plans again with it, then
    // applies that final plan.
    let label = format!("abc-{}", string(&first, "id"));
    set(&mut config, "label", Value::string(label.clone()));
    let state = h.apply(ITEM, &null, &config).await;
    assert_eq!(string(&state, "label"), label);

    // An unknown already known to start otherwise ("xyz-${...}") is refused
    // while planning; one whose known prefix is still too short to tell
    // passes.
    let refined = |prefix: &str| {
        Value::unknown_refined(
            Type::String,
            tfschema::Refinements {
                not_null: true,
                string_prefix: prefix.into(),
                ..Default::default()
            },
        )
    };
    set(&mut config, "label", refined("xyz-"));
    let d = lines(&h.validate(ITEM, &config).await);
    assert_eq!(d.len(), 1, "{d:#?}");
    assert!(d[0].starts_with("error|.label|"), "{d:#?}");
    set(&mut config, "label", refined("ab"));
    assert_ok(&h.validate(ITEM, &config).await);

    // A known label without the prefix is refused.
    set(&mut config, "label", Value::from("xyz-1"));
    let d = lines(&h.validate(ITEM, &config).await);
    assert_eq!(d.len(), 1, "{d:#?}");
    assert!(
        d[0].starts_with("error|.label|Invalid Attribute Value Match|"),
        "{d:#?}"
    );
}

#[tokio::test]
async fn validators_and_cross_attribute_rules() {
    let dir = TempDir::new();
    let h = harness(&dir).await;
    let mut bad = widget();
    bad.name = String::new();
    bad.sku = "lower".into();
    bad.status = Unknown::Known(Some("lost".into()));
    bad.quantity = Unknown::Known(Some(-1));
    bad.tags = Some(vec!["a".into(), "a".into()]);
    bad.attributes = Some(BTreeMap::from([("Bad Key".into(), "x".into())]));
    bad.description = Some("old".into()); // deprecated, and conflicts with notes
    bad.price = None; // currency needs price
    bad.location[0].units = Some(-3);
    bad.variant.get_mut("red").expect("red").size = Some("XXL".into());
    let mut got: Vec<String> = lines(&h.validate(ITEM, &config_of(&bad)).await)
        .into_iter()
        .map(|l| l.split('|').take(2).collect::<Vec<_>>().join("|"))
        .collect();
    got.sort();
    assert_eq!(
        got,
        [
            "error|.attributes[\"Bad Key\"]",
            "error|.currency",
            "error|.description",
            "error|.location[0].units",
            "error|.name",
            "error|.quantity",
            "error|.sku",
            "error|.status",
            "error|.tags",
            "error|.variant[\"red\"].size",
            "warning|.description",
        ]
    );
    // min_items/max_items of blocks are checked by Terraform itself, from
    // the schema (see blocks_nested_attributes_and_flags_in_the_schema).
}

#[tokio::test]
async fn a_write_only_secret_needs_terraform_1_11() {
    let dir = TempDir::new();
    let mut h = harness(&dir).await;
    h.write_only_allowed = false;
    let plan = h
        .plan(ITEM, &h.null_state(ITEM), &config_of(&widget()))
        .await;
    let d = lines(&plan.diagnostics);
    assert!(
        d.iter()
            .any(|l| l.starts_with("error|.api_secret|Write-only")),
        "{d:#?}"
    );
    let mut without = widget();
    without.api_secret = None;
    let plan = h
        .plan(ITEM, &h.null_state(ITEM), &config_of(&without))
        .await;
    assert_ok(&plan.diagnostics);
}

/// Release 0.1.0 (schema version 0) creates an item; release 0.2.0 reads
/// the same database, upgrades the state, and plans no change for the
/// equivalent configuration.
#[tokio::test]
async fn state_upgrade_from_version_0() {
    let dir = TempDir::new();
    let old = Harness::new(
        &dir,
        Options {
            schema_v0: true,
            ..Options::default()
        },
    )
    .await;
    assert_eq!(old.provider_schema_version(ITEM), 0);
    let v0 = ItemV0 {
        id: Unknown::Unknown,
        name: "Gadget".into(),
        sku: "GAD-1".into(),
        stock: 3,
        tags: Some("red,round".into()),
        price: Some(number("19.95")),
        created_at: Unknown::Unknown,
        updated_at: Unknown::Unknown,
        location: vec![Location {
            warehouse: "south".into(),
            shelf: None,
            units: Some(3),
        }],
    };
    let v0_config = config_of(&v0);
    let v0_state = old.apply(ITEM, &old.null_state(ITEM), &v0_config).await;
    assert_eq!(old.read(ITEM, &v0_state).await.as_ref(), Some(&v0_state));
    let id = string(&v0_state, "id");
    let row = old.row(&id).expect("row");
    assert_eq!(row.quantity, 3);
    assert_eq!(row.tags.as_deref(), Some(r#"["red","round"]"#));

    let new = harness(&dir).await;
    assert_eq!(new.provider_schema_version(ITEM), 1);
    let upgraded = new.upgrade(ITEM, 0, &v0_state).await;
    assert_ok(&upgraded.diagnostics);
    let upgraded = upgraded.upgraded_state.expect("upgraded");
    assert_eq!(get(&upgraded, "id"), get(&v0_state, "id"));
    assert_eq!(get(&upgraded, "quantity"), &Value::from(3));
    assert_eq!(
        get(&upgraded, "tags"),
        &Value::list(Type::String, vec![Value::from("red"), Value::from("round")])
    );
    let refreshed = new.read(ITEM, &upgraded).await.expect("read");
    assert_eq!(refreshed, upgraded);

    // The same item in version 1's words.
    let v1 = Item {
        name: "Gadget".into(),
        sku: "GAD-1".into(),
        quantity: Unknown::Known(Some(3)),
        status: Unknown::Known(None),
        price: Some(number("19.95")),
        currency: None,
        weight_kg: None,
        in_stock: None,
        tags: Some(vec!["red".into(), "round".into()]),
        categories: None,
        attributes: None,
        description: None,
        notes: None,
        internal_code: None,
        api_secret: None,
        label: None,
        dimensions: None,
        audit: Audit::default(),
        supplier: Set::new(),
        variant: BTreeMap::new(),
        components: None,
        location: v0.location.clone(),
        ..widget()
    };
    let plan = new.plan(ITEM, &refreshed, &config_of(&v1)).await;
    assert_ok(&plan.diagnostics);
    assert_eq!(plan.planned_state.as_ref(), Some(&refreshed), "no change");

    // State of the current version passes through; a newer one is refused.
    let same = new.upgrade(ITEM, 1, &refreshed).await;
    assert_eq!(same.upgraded_state.as_ref(), Some(&refreshed));
    assert!(new
        .upgrade(ITEM, 2, &refreshed)
        .await
        .diagnostics
        .has_errors());
}

trait SchemaVersion {
    fn provider_schema_version(&self, type_name: &str) -> i64;
}

impl SchemaVersion for Harness {
    fn provider_schema_version(&self, type_name: &str) -> i64 {
        use tfschema::server::raw::RawProvider;
        self.provider.schema().resources[type_name].version
    }
}

#[test]
fn blocks_nested_attributes_and_flags_in_the_schema() {
    let json: serde_json::Value =
        serde_json::from_str(&<Item as tfschema::TfSchema>::schema().to_json()).expect("json");
    assert_eq!(json["version"], 1);
    let attrs = &json["block"]["attributes"];
    assert_eq!(attrs["api_secret"]["write_only"], true);
    assert_eq!(attrs["internal_code"]["sensitive"], true);
    assert_eq!(attrs["description"]["deprecated"], true);
    assert_eq!(attrs["quantity"]["optional"], true);
    assert_eq!(attrs["quantity"]["computed"], true);
    assert_eq!(attrs["components"]["nested_type"]["nesting_mode"], "list");
    let blocks = &json["block"]["block_types"];
    let modes: Vec<(String, serde_json::Value)> =
        ["dimensions", "audit", "location", "supplier", "variant"]
            .iter()
            .map(|b| (b.to_string(), blocks[b]["nesting_mode"].clone()))
            .collect();
    assert_eq!(
        modes,
        [
            ("dimensions".into(), "single".into()),
            ("audit".into(), "group".into()),
            ("location".into(), "list".into()),
            ("supplier".into(), "set".into()),
            ("variant".into(), "map".into()),
        ]
    );
    assert_eq!(blocks["location"]["min_items"], 1);
    assert_eq!(blocks["location"]["max_items"], 5);
    assert_eq!(blocks["supplier"]["max_items"], 3);
}
