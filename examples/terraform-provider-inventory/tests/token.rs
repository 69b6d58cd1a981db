//! `inventory_token`, the ephemeral resource, through tfschema's test
//! harness (the real gRPC handlers, protocols 6 and 5): open issues a
//! token for an existing item (a row in `tokens`, its fingerprint in
//! `token_log`), renew pushes the expiry back, close deletes the row;
//! a missing item, a bad `ttl_seconds`, a renew after close and a token
//! revoked behind Terraform's back give errors.

#![allow(clippy::panic)]

mod common;

use common::TempDir;
use rusqlite::Connection;
use terraform_provider_inventory::item::fingerprint;
use terraform_provider_inventory::provider::Inventory;
use terraform_provider_inventory::store::{ItemRow, Store};
use terraform_provider_inventory::{provider, Options};
use tfschema::diag::Diagnostics;
use tfschema::server::testing::Harness;
use tfschema::server::typed::TypedProvider;
use tfschema::{Type, Value};

const TOKEN: &str = "inventory_token";

/// A configured harness over a fresh database, with one item; its id.
async fn setup(dir: &TempDir, options: Options) -> (Harness<TypedProvider<Inventory>>, String) {
    let db = dir.0.join("inventory.db");
    let h = Harness::new(provider(options));
    let h = if options.protocol5_only {
        h.protocol_5()
    } else {
        h
    };
    let d = h
        .configure(Value::object([(
            "database_path",
            Value::string(db.to_string_lossy()),
        )]))
        .await;
    assert!(d.is_empty(), "{d:?}");
    let item = Store::open(&db)
        .expect("open")
        .insert_item(ItemRow {
            name: "Vault".into(),
            sku: "VLT-001".into(),
            ..ItemRow::new()
        })
        .expect("insert");
    (h, item.id)
}

fn token_config(item_id: &str, ttl: Option<i64>) -> Value {
    Value::object([
        ("item_id", Value::from(item_id)),
        (
            "ttl_seconds",
            ttl.map_or(Value::Null(Type::Number), Value::from),
        ),
        ("token", Value::Null(Type::String)),
        ("expires_at", Value::Null(Type::String)),
    ])
}

fn string(value: &Value, name: &str) -> String {
    match value {
        Value::Object(attrs) => match &attrs[name] {
            Value::String(s) => s.clone(),
            other => panic!("{name} is {other:?}"),
        },
        other => panic!("{name} of {other:?}"),
    }
}

fn summaries(d: &Diagnostics) -> Vec<String> {
    d.iter()
        .map(|d| format!("{}|{}", d.path_string(), d.summary))
        .collect()
}

/// (id, token, expires_at) of every open token.
fn tokens(dir: &TempDir) -> Vec<(String, String, String)> {
    let c = Connection::open(dir.0.join("inventory.db")).expect("db");
    let mut stmt = c
        .prepare("SELECT id, token, expires_at FROM tokens ORDER BY created_at")
        .expect("prepare");
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows")
}

/// (fingerprint, renewals, closed) of every token opened.
fn token_log(dir: &TempDir) -> Vec<(String, i64, bool)> {
    let c = Connection::open(dir.0.join("inventory.db")).expect("db");
    let mut stmt = c
        .prepare(
            "SELECT fingerprint, renewals, closed_at IS NOT NULL FROM token_log ORDER BY opened_at",
        )
        .expect("prepare");
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows")
}

#[tokio::test]
async fn open_renew_close() {
    for options in [
        Options::default(),
        Options {
            protocol5_only: true,
            ..Options::default()
        },
    ] {
        let dir = TempDir::new();
        let (h, item) = setup(&dir, options).await;
        let config = token_config(&item, None);
        assert!(h.validate_ephemeral(TOKEN, &config).await.is_empty());
        let opened = h.open_ephemeral(TOKEN, &config).await;
        assert!(opened.diagnostics.is_empty(), "{:?}", opened.diagnostics);
        let token = string(&opened.result, "token");
        assert!(
            token.len() == 39
                && token.starts_with("invtok_")
                && token[7..].bytes().all(|b| b.is_ascii_hexdigit()),
            "{token}"
        );
        assert_eq!(string(&opened.result, "item_id"), item);
        let Value::Object(attrs) = &opened.result else {
            panic!("not an object")
        };
        assert_eq!(attrs["ttl_seconds"], Value::from(600), "the default");
        let rows = tokens(&dir);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].1, token, "the token row");
        assert_eq!(rows[0].2, string(&opened.result, "expires_at"));
        assert_eq!(token_log(&dir), [(fingerprint(&token), 0, false)]);
        // Renewed halfway through the ten minutes.
        let renew_at = opened.renew_at.expect("renew_at");
        let in_secs = renew_at
            .duration_since(std::time::SystemTime::now())
            .expect("in the future")
            .as_secs();
        assert!((295..=300).contains(&in_secs), "{in_secs}");

        let renewed = h.renew_ephemeral(TOKEN, opened.private.clone()).await;
        assert!(renewed.diagnostics.is_empty(), "{:?}", renewed.diagnostics);
        assert!(renewed.renew_at.is_some());
        assert!(tokens(&dir)[0].2 >= rows[0].2, "expiry pushed back");
        assert_eq!(token_log(&dir), [(fingerprint(&token), 1, false)]);

        // Closed with Open's private data, as Terraform does.
        assert!(h
            .close_ephemeral(TOKEN, opened.private.clone())
            .await
            .is_empty());
        assert!(tokens(&dir).is_empty(), "the token row is gone");
        assert_eq!(token_log(&dir), [(fingerprint(&token), 1, true)]);

        let late = h.renew_ephemeral(TOKEN, renewed.private).await;
        assert_eq!(summaries(&late.diagnostics), ["|Ephemeral resource closed"]);
    }
}

#[tokio::test]
async fn a_token_for_a_missing_item_is_refused_at_item_id() {
    let dir = TempDir::new();
    let (h, _) = setup(&dir, Options::default()).await;
    let opened = h
        .open_ephemeral(TOKEN, &token_config("itm-0000000000000000", Some(60)))
        .await;
    assert_eq!(summaries(&opened.diagnostics), [".item_id|Item not found"]);
    assert_eq!(opened.private, None);
    assert!(tokens(&dir).is_empty() && token_log(&dir).is_empty());
}

#[tokio::test]
async fn configuration_checks() {
    let dir = TempDir::new();
    let (h, item) = setup(&dir, Options::default()).await;
    let d = h
        .validate_ephemeral(TOKEN, &token_config(&item, Some(1)))
        .await;
    assert_eq!(summaries(&d), [".ttl_seconds|Invalid Attribute Value"]);
    let d = h.validate_ephemeral(TOKEN, &token_config("", None)).await;
    assert_eq!(summaries(&d), [".item_id|Invalid Attribute Value Length"]);
}

#[tokio::test]
async fn a_token_revoked_behind_terraforms_back_cannot_be_renewed() {
    let dir = TempDir::new();
    let (h, item) = setup(&dir, Options::default()).await;
    let opened = h.open_ephemeral(TOKEN, &token_config(&item, Some(2))).await;
    assert!(opened.diagnostics.is_empty());
    Connection::open(dir.0.join("inventory.db"))
        .expect("db")
        .execute("DELETE FROM tokens", [])
        .expect("delete");
    let renewed = h.renew_ephemeral(TOKEN, opened.private.clone()).await;
    assert_eq!(summaries(&renewed.diagnostics), ["|Token revoked"]);
    // Closing what is gone is fine.
    assert!(h.close_ephemeral(TOKEN, opened.private).await.is_empty());
}

#[test]
fn the_schema_of_inventory_token() {
    use tfschema::server::raw::RawProvider;
    let schema = provider(Options::default()).schema().ephemeral_resources[TOKEN].clone();
    let flags: Vec<_> = schema
        .block
        .attributes
        .iter()
        .map(|a| {
            (
                a.name.as_str(),
                a.required,
                a.optional,
                a.computed,
                a.sensitive,
            )
        })
        .collect();
    assert_eq!(
        flags,
        [
            ("expires_at", false, false, true, false),
            ("item_id", true, false, false, false),
            ("token", false, false, true, true),
            ("ttl_seconds", false, true, true, false),
        ]
    );
}
