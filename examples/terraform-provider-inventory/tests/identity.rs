//! Identities (`inventory_item` `{ id }`, `inventory_tag` `{ item_id, key }`,
//! `inventory_label` `{ item_id, name }`) and the move from `inventory_tag`
//! to `inventory_label`, through the gRPC handlers with tfschema's
//! harness, on protocols 6 and 5.

#![allow(clippy::panic)]

mod common;

use common::{lines, string, testing_harness, TempDir};
use terraform_provider_inventory::store::{ItemRow, Store, TagRow};
use terraform_provider_inventory::tag::Tag;
use terraform_provider_inventory::{provider, Options};
use tfschema::server::raw::{IdentityAttribute, IdentitySchema};
use tfschema::server::testing::{MoveFrom, StateResult};
use tfschema::{Type, Unknown, Value};

const TAG: &str = "inventory_tag";
const LABEL: &str = "inventory_label";
const SOURCE: &str = "registry.terraform.io/tfschema/inventory";

fn store(dir: &TempDir) -> Store {
    Store::open(&dir.0.join("inventory.db")).expect("open")
}

fn tag(key: &str, value: &str, item_id: Option<&str>) -> Value {
    common::config_of(&Tag {
        id: Unknown::Unknown,
        key: key.into(),
        value: Some(value.into()),
        item_id: item_id.map(str::to_owned),
        created_at: Unknown::Unknown,
    })
}

fn strings(pairs: &[(&str, Option<&str>)]) -> Value {
    Value::object(
        pairs
            .iter()
            .map(|(k, v)| (*k, v.map_or(Value::Null(Type::String), Value::from))),
    )
}

fn ok(what: &str, result: &StateResult) {
    assert!(
        !result.diagnostics.has_errors(),
        "{what}: {:#?}",
        lines(&result.diagnostics)
    );
}

fn attribute(name: &str, required: bool, description: &str) -> IdentityAttribute {
    IdentityAttribute {
        name: name.into(),
        ty: Type::String,
        required_for_import: required,
        optional_for_import: !required,
        description: description.into(),
    }
}

#[tokio::test]
async fn identity_schemas_as_the_models_say() {
    let dir = TempDir::new();
    let h = testing_harness(&dir, 6).await;
    let (schemas, d) = h.identity_schemas().await;
    assert!(d.is_empty(), "{:#?}", lines(&d));
    let item_on = "The id of the item the tag is on; null for a tag on no item.";
    let label_on = "The id of the item the label is on; null for a label on no item.";
    let want = [
        (
            "inventory_item",
            vec![attribute("id", true, "The item's id.")],
        ),
        (
            "inventory_label",
            vec![
                attribute("item_id", false, label_on),
                attribute("name", true, "The label's name."),
            ],
        ),
        (
            "inventory_tag",
            vec![
                attribute("item_id", false, item_on),
                attribute("key", true, "The tag's key."),
            ],
        ),
    ];
    let got: Vec<(&str, &IdentitySchema)> = schemas.iter().map(|(k, v)| (k.as_str(), v)).collect();
    assert_eq!(got.len(), want.len(), "{got:#?}");
    for ((name, schema), (want_name, attributes)) in got.iter().zip(want) {
        assert_eq!(*name, want_name);
        assert_eq!(schema.version, 0, "{name}");
        assert_eq!(schema.attributes, attributes, "{name}");
    }
    assert!(h.schema().move_resource_state);
    // Release 0.1.0 predates identities.
    let v0 = provider(Options {
        schema_v0: true,
        ..Options::default()
    });
    let v0 = tfschema::server::raw::RawProvider::schema(&v0);
    assert!(v0.identities.is_empty(), "{:?}", v0.identities);
    assert!(!v0.resources.contains_key(LABEL));
}

#[tokio::test]
async fn an_item_imported_by_identity() {
    let dir = TempDir::new();
    let h = testing_harness(&dir, 6).await;
    let row = store(&dir)
        .insert_item(ItemRow {
            name: "Imported".into(),
            sku: "IMP-001".into(),
            locations: Some(r#"[{"warehouse":"east","shelf":null,"units":null}]"#.into()),
            ..ItemRow::new()
        })
        .expect("insert");
    let imported = h
        .import_by_identity("inventory_item", &strings(&[("id", Some(&row.id))]))
        .await;
    ok("import by identity", &imported);
    assert_eq!(string(&imported.state, "sku"), "IMP-001");
    assert_eq!(imported.identity, Some(strings(&[("id", Some(&row.id))])));
    let read = h
        .read_with_identity(
            "inventory_item",
            &imported.state,
            imported.identity.as_ref(),
            Vec::new(),
        )
        .await;
    ok("read", &read);
    assert_eq!(read.identity, imported.identity);

    let missing = h
        .import_by_identity("inventory_item", &strings(&[("id", None)]))
        .await;
    assert_eq!(
        lines(&missing.diagnostics),
        ["error|.id|Missing required import identity attribute|The import identity must set \"id\", which is required for import (the identity's attributes: id)."]
    );
    let nothing = h
        .import_by_identity("inventory_item", &strings(&[("id", Some("itm-404"))]))
        .await;
    assert_eq!(
        lines(&nothing.diagnostics),
        ["error||Cannot import non-existent remote object|No object with id \"itm-404\" exists."]
    );
}

#[tokio::test]
async fn tags_have_identities_on_both_protocols() {
    for protocol in [6, 5] {
        let dir = TempDir::new();
        let h = testing_harness(&dir, protocol).await;
        let (_, created) = h
            .plan_and_apply(
                TAG,
                &Value::Null(h.resource_type(TAG)),
                &tag("env", "prod", None),
            )
            .await;
        ok("create", &created);
        let identity = strings(&[("item_id", None), ("key", Some("env"))]);
        assert_eq!(
            created.identity.as_ref(),
            Some(&identity),
            "protocol {protocol}"
        );

        // The value changes in place: the identity stays.
        let config = tag("env", "dev", None);
        let plan = h
            .plan_with_identity(TAG, &created.state, created.identity.as_ref(), &config)
            .await;
        assert_eq!(plan.planned_identity.as_ref(), Some(&identity));
        let updated = h.apply(TAG, &created.state, &plan, &config).await;
        ok("update", &updated);
        assert_eq!(updated.identity.as_ref(), Some(&identity));

        // The item is part of the identity: changing it replaces the tag.
        let moved_on = h
            .plan_with_identity(
                TAG,
                &updated.state,
                updated.identity.as_ref(),
                &tag("env", "dev", Some("itm-1")),
            )
            .await;
        assert_eq!(
            moved_on.requires_replace,
            [vec![tfschema::PathStep::Attr("item_id".into())]]
        );

        // Import by identity: the key alone names a tag on no item.
        let imported = h
            .import_by_identity(TAG, &strings(&[("item_id", None), ("key", Some("env"))]))
            .await;
        ok("import", &imported);
        assert_eq!(imported.state, updated.state, "protocol {protocol}");
        assert_eq!(imported.identity.as_ref(), Some(&identity));

        let missing = h
            .import_by_identity(TAG, &strings(&[("item_id", Some("itm-1")), ("key", None)]))
            .await;
        assert_eq!(
            lines(&missing.diagnostics),
            ["error|.key|Missing required import identity attribute|The import identity must set \"key\", which is required for import (the identity's attributes: item_id, key)."]
        );
        let elsewhere = h
            .import_by_identity(
                TAG,
                &strings(&[("item_id", Some("itm-1")), ("key", Some("env"))]),
            )
            .await;
        assert_eq!(
            lines(&elsewhere.diagnostics),
            ["error||Cannot import non-existent remote object|No tag \"env\" on item \"itm-1\" exists."]
        );
        store(&dir)
            .insert_tag(TagRow {
                key: "env".into(),
                ..TagRow::default()
            })
            .expect("insert");
        let two = h
            .import_by_identity(TAG, &strings(&[("item_id", None), ("key", Some("env"))]))
            .await;
        assert_eq!(
            lines(&two.diagnostics),
            ["error||Ambiguous import identity|2 tags \"env\" exist on no item; import one of them by id instead."]
        );
    }
}

#[tokio::test]
async fn a_tag_moves_to_a_label() {
    for protocol in [6, 5] {
        let dir = TempDir::new();
        let h = testing_harness(&dir, protocol).await;
        let (_, tag_state) = h
            .plan_and_apply(
                TAG,
                &Value::Null(h.resource_type(TAG)),
                &tag("env", "prod", Some("itm-7")),
            )
            .await;
        ok("create", &tag_state);
        let json =
            tfschema::json::value_to_string(&tag_state.state, &h.resource_type(TAG)).expect("json");
        let identity_json = r#"{"item_id":"itm-7","key":"env"}"#;
        let from = MoveFrom {
            provider_address: SOURCE,
            type_name: TAG,
            schema_version: 0,
            state_json: &json,
            identity_json: Some(identity_json),
        };
        let moved = h.move_state(LABEL, from).await;
        ok("move", &moved);
        let id = string(&tag_state.state, "id");
        assert_eq!(
            moved.state,
            Value::object([
                ("id", Value::from(id.as_str())),
                ("name", Value::from("env")),
                ("text", Value::from("prod")),
                ("item_id", Value::from("itm-7")),
                (
                    "created_at",
                    common::get(&tag_state.state, "created_at").clone()
                ),
            ]),
            "protocol {protocol}"
        );
        assert_eq!(
            moved.identity,
            Some(strings(&[
                ("item_id", Some("itm-7")),
                ("name", Some("env"))
            ]))
        );
        // The refresh Terraform runs next reads the same row.
        let read = h
            .read_with_identity(LABEL, &moved.state, moved.identity.as_ref(), Vec::new())
            .await;
        ok("read", &read);
        assert_eq!(read.state, moved.state);
        assert_eq!(read.identity, moved.identity);

        // Sources the label has no conversion for.
        for (provider_address, type_name) in [
            (SOURCE, "inventory_item"),
            ("registry.terraform.io/hashicorp/random", TAG),
        ] {
            let declined = h
                .move_state(
                    LABEL,
                    MoveFrom {
                        provider_address,
                        type_name,
                        ..from
                    },
                )
                .await;
            let d = lines(&declined.diagnostics);
            assert_eq!(d.len(), 1, "{d:#?}");
            assert!(
                d[0].starts_with(&format!("error||Unable to Move Resource State|The resource type \"inventory_label\" does not accept state moved from \"{type_name}\" of {provider_address} (schema version 0)")),
                "{d:#?}"
            );
        }
    }
}
