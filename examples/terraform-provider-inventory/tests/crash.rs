//! A create whose answer was lost: the provider was killed after the row was
//! written and before Terraform recorded the item, so the next apply plans
//! the item again. The sku is the client token: that create adopts the row
//! instead of writing a second one, and refuses a row it did not write.

#![allow(clippy::panic)]

mod common;

use std::collections::BTreeMap;

use common::{assert_ok, config_of, lines, string, Harness, TempDir};
use terraform_provider_inventory::item::{Audit, Item, Location};
use terraform_provider_inventory::store::ItemFilter;
use terraform_provider_inventory::Options;
use tfschema::{Set, Unknown, Value};

const ITEM: &str = "inventory_item";

fn item(name: &str, sku: &str) -> Item {
    Item {
        id: Unknown::Unknown,
        name: name.into(),
        sku: sku.into(),
        quantity: Unknown::Known(Some(3)),
        status: Unknown::Known(None),
        price: None,
        currency: None,
        weight_kg: None,
        in_stock: None,
        tags: Some(vec!["crash".into()]),
        categories: None,
        attributes: None,
        description: None,
        notes: None,
        internal_code: None,
        api_secret: None,
        label: None,
        created_at: Unknown::Unknown,
        updated_at: Unknown::Unknown,
        dimensions: None,
        audit: Audit::default(),
        location: vec![Location {
            warehouse: "north".into(),
            shelf: None,
            units: None,
        }],
        supplier: Set::new(),
        variant: BTreeMap::new(),
        components: None,
    }
}

/// The rows with this sku.
fn rows_with_sku(h: &Harness, sku: &str) -> Vec<String> {
    h.store()
        .list_items(&ItemFilter::default())
        .expect("list")
        .into_iter()
        .filter(|r| r.sku == sku)
        .map(|r| r.id)
        .collect()
}

/// Plans a create from nothing and applies it: `(new state, diagnostic lines)`.
async fn create(h: &Harness, config: &Value) -> (Option<Value>, Vec<String>) {
    let null = h.null_state(ITEM);
    let plan = h.plan(ITEM, &null, config).await;
    assert_ok(&plan.diagnostics);
    let planned = plan.planned_state.expect("planned");
    let applied = h.apply_planned(ITEM, &null, &planned, config).await;
    (applied.new_state, lines(&applied.diagnostics))
}

#[tokio::test]
async fn a_create_retried_after_a_crash_adopts_the_row() {
    let dir = TempDir::new();
    let h = Harness::new(&dir, Options::default()).await;
    let config = config_of(&item("Crate", "CRASH-1"));

    // The first apply wrote the row; its answer never reached the state.
    let (first, warnings) = create(&h, &config).await;
    assert!(warnings.is_empty(), "{warnings:#?}");
    let id = string(&first.expect("state"), "id");

    // The next apply plans the item again (same configuration): the row is
    // taken over, with a warning, and nothing new is written.
    let (second, diagnostics) = create(&h, &config).await;
    let second = second.expect("adopted state");
    assert_eq!(string(&second, "id"), id);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert!(
        diagnostics[0].starts_with("warning||Existing item adopted|")
            && diagnostics[0].contains(&id),
        "{diagnostics:#?}"
    );
    assert_eq!(rows_with_sku(&h, "CRASH-1"), vec![id.clone()]);
    // The adopted state is what a refresh reads.
    assert_eq!(h.read(ITEM, &second).await.as_ref(), Some(&second));
}

#[tokio::test]
async fn a_row_with_the_sku_and_other_values_is_not_adopted() {
    let dir = TempDir::new();
    let h = Harness::new(&dir, Options::default()).await;
    let (first, _) = create(&h, &config_of(&item("Crate", "CRASH-2"))).await;
    let id = string(&first.expect("state"), "id");
    let before = h.row(&id).expect("row");

    let (state, diagnostics) = create(&h, &config_of(&item("Other crate", "CRASH-2"))).await;
    assert!(state.as_ref().is_none_or(Value::is_null), "{state:?}");
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert!(
        diagnostics[0].starts_with("error|.sku|Item already exists|")
            && diagnostics[0].contains(&format!("terraform import <address> {id}")),
        "{diagnostics:#?}"
    );
    assert_eq!(rows_with_sku(&h, "CRASH-2"), vec![id.clone()]);
    assert_eq!(h.row(&id), Some(before));
}

#[tokio::test]
async fn two_processes_creating_one_sku_write_one_row() {
    let dir = TempDir::new();
    // Two provider instances, each with its own connection, as two
    // Terraform runs would have.
    let a = Harness::new(&dir, Options::default()).await;
    let b = Harness::new(&dir, Options::default()).await;
    let config = config_of(&item("Crate", "CRASH-3"));
    let ((sa, da), (sb, db)) = tokio::join!(create(&a, &config), create(&b, &config));
    let (sa, sb) = (sa.expect("state a"), sb.expect("state b"));
    assert_eq!(string(&sa, "id"), string(&sb, "id"));
    // One of them inserted, the other adopted.
    let adopted = da
        .iter()
        .chain(&db)
        .filter(|l| l.contains("Existing item adopted"));
    assert_eq!(adopted.count(), 1, "{da:#?} {db:#?}");
    assert_eq!(rows_with_sku(&a, "CRASH-3"), vec![string(&sa, "id")]);
}
