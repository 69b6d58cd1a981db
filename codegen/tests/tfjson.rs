//! The model of `terraform providers schema -json`: real Terraform output
//! read and written back byte for byte, every key Terraform 1.15 prints,
//! and clear errors for text that is not that output.

#![allow(clippy::unwrap_used, clippy::panic)]

use std::path::Path;

use tfschema::Type;
use tfschema_codegen::tfjson::{NestingMode, ProvidersSchema, StringKind};

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/tfjson")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Terraform prints the JSON and a newline.
fn round_trip(name: &str) -> ProvidersSchema {
    let text = data(name);
    let schema = ProvidersSchema::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        schema.to_json() + "\n",
        text,
        "{name}: written back differently"
    );
    schema
}

#[test]
fn terraform_output_round_trips_byte_for_byte() {
    for name in [
        "null-2.1.2-tf1.15.5.json",
        "null-2.1.2-tf1.0.3.json",
        "inventory-0.2.0-tf1.15.5.json",
        "inventory-0.2.0-tf1.0.3.json",
        "petstore-0.1.0-tf1.15.5.json",
    ] {
        round_trip(name);
    }
}

#[test]
fn inventory_sections_as_terraform_printed_them() {
    let schema = round_trip("inventory-0.2.0-tf1.15.5.json");
    assert_eq!(schema.format_version, "1.0");
    let p = &schema.provider_schemas["registry.terraform.io/tfschema/inventory"];
    let item = p.resource_schemas["inventory_item"].block.as_ref().unwrap();
    let modes: Vec<(&str, NestingMode, u64, u64)> = item
        .block_types
        .iter()
        .map(|(n, b)| (n.as_str(), b.nesting_mode, b.min_items, b.max_items))
        .collect();
    assert_eq!(
        modes,
        [
            ("audit", NestingMode::Group, 0, 0),
            ("dimensions", NestingMode::Single, 0, 0),
            ("location", NestingMode::List, 1, 5),
            ("supplier", NestingMode::Set, 0, 3),
            ("variant", NestingMode::Map, 0, 0),
        ]
    );
    let secret = &item.attributes["api_secret"];
    assert!(secret.write_only && secret.sensitive && secret.optional);
    assert!(item.attributes["description"].deprecated);
    assert_eq!(item.description_kind, Some(StringKind::Plain));
    let identity = &p.resource_identity_schemas["inventory_tag"];
    assert!(identity.attributes["key"].required_for_import);
    assert!(identity.attributes["item_id"].optional_for_import);
    let join = &p.functions["join_tags"];
    assert_eq!(join.parameters[0].name, "separator");
    assert_eq!(
        join.variadic_parameter.as_ref().unwrap().r#type,
        Type::String
    );
    assert!(p.list_resource_schemas.contains_key("inventory_item"));
    assert!(p.ephemeral_resource_schemas.contains_key("inventory_token"));
    assert!(p.action_schemas["inventory_restock"].block.is_some());
}

#[test]
fn nested_attributes_as_terraform_printed_them() {
    let schema = round_trip("petstore-0.1.0-tf1.15.5.json");
    let p = &schema.provider_schemas["registry.terraform.io/tfschema/petstore"];
    let pet = p.resource_schemas["petstore_pet"].block.as_ref().unwrap();
    let tags = pet.attributes["tags"].nested_type.as_ref().unwrap();
    assert_eq!(tags.nesting_mode, NestingMode::List);
    assert!(tags.attributes["id"].required);
    assert_eq!(pet.attributes["tags"].r#type, None);
}

/// Every key of Terraform 1.15's jsonprovider and jsonfunction structs, in
/// their order, written as Go's encoding/json writes it (`<`, `>` and `&`
/// escaped): reading and writing gives the same text.
#[test]
fn every_key_round_trips() {
    let text = concat!(
        r#"{"format_version":"1.0","provider_schemas":{"example.com/acme/all":{"#,
        r#""provider":{"version":0,"block":{"attributes":{"token":{"type":"string","description":"A \u003cb\u003etoken\u003c/b\u003e \u0026 more","description_kind":"markdown","optional":true,"sensitive":true}},"description":"The provider.","description_kind":"markdown"}},"#,
        r#""resource_schemas":{"all_thing":{"version":3,"block":{"attributes":{"#,
        r#""any":{"type":"dynamic","description_kind":"plain","optional":true},"#,
        r#""obj":{"type":["object",{"a":"string","b":["list","number"]},["b"]],"description_kind":"plain","optional":true},"#,
        r#""old":{"type":"string","description_kind":"plain","deprecated":true,"deprecation_message":"use new","optional":true},"#,
        r#""pair":{"type":["tuple",["string","bool"]],"description_kind":"plain","computed":true},"#,
        r#""rules":{"nested_type":{"attributes":{"port":{"type":"number","description_kind":"plain","required":true}},"nesting_mode":"set"},"description_kind":"plain","optional":true},"#,
        r#""secret":{"type":"string","description_kind":"plain","optional":true,"write_only":true}},"#,
        r#""block_types":{"g":{"nesting_mode":"group","block":{"description_kind":"plain"}},"m":{"nesting_mode":"map","block":{"description_kind":"plain","deprecated":true,"deprecation_message":"use g"},"min_items":1,"max_items":2}},"#,
        r#""description_kind":"plain","deprecated":true,"deprecation_message":"use all_other"}}},"#,
        r#""data_source_schemas":{"all_thing":{"version":0,"block":{"description_kind":"plain"}}},"#,
        r#""ephemeral_resource_schemas":{"all_token":{"version":0,"block":{"description_kind":"plain"}}},"#,
        r#""list_resource_schemas":{"all_thing":{"version":0,"block":{"description_kind":"plain"}}},"#,
        r#""functions":{"f":{"description":"d","summary":"s","deprecation_message":"gone","return_type":["map","string"],"parameters":[{"name":"x","description":"an x","is_nullable":true,"type":"dynamic"},{"type":"string"}],"variadic_parameter":{"name":"rest","type":"number"}},"g":{"return_type":"bool"}},"#,
        r#""resource_identity_schemas":{"all_thing":{"version":1,"attributes":{"id":{"type":"string","description":"The id.","required_for_import":true},"region":{"type":"string","optional_for_import":true}}}},"#,
        r#""action_schemas":{"all_go":{"block":{"attributes":{"n":{"type":"number","description_kind":"plain","required":true}},"description_kind":"plain"}}},"#,
        r#""state_store_schemas":{"all_store":{"version":0,"block":{"description_kind":"plain"}}}"#,
        r#"}}}"#
    );
    let schema = ProvidersSchema::parse(text).unwrap();
    assert_eq!(schema.to_json(), text);
    let p = &schema.provider_schemas["example.com/acme/all"];
    let thing = p.resource_schemas["all_thing"].block.as_ref().unwrap();
    assert_eq!(
        thing.attributes["obj"].r#type.as_ref().unwrap().to_json(),
        r#"["object",{"a":"string","b":["list","number"]},["b"]]"#
    );
    assert_eq!(thing.attributes["old"].deprecation_message, "use new");
    assert_eq!(
        p.provider
            .as_ref()
            .unwrap()
            .block
            .as_ref()
            .unwrap()
            .attributes["token"]
            .description,
        "A <b>token</b> & more"
    );
    assert!(p.functions["f"].parameters[0].is_nullable);
    assert_eq!(p.functions["f"].parameters[1].name, "");
}

/// Pretty-printed input reads the same; writing it gives Terraform's form.
#[test]
fn pretty_input_writes_terraforms_form() {
    let pretty = r#"{
  "provider_schemas": {
    "registry.terraform.io/hashicorp/x": {
      "resource_schemas": {"x_y": {"block": {"description_kind": "plain"}, "version": 0}}
    }
  },
  "format_version": "1.0"
}"#;
    let schema = ProvidersSchema::parse(pretty).unwrap();
    assert_eq!(
        schema.to_json(),
        r#"{"format_version":"1.0","provider_schemas":{"registry.terraform.io/hashicorp/x":{"resource_schemas":{"x_y":{"version":0,"block":{"description_kind":"plain"}}}}}}"#
    );
}

#[test]
fn text_that_is_not_the_output_is_refused_with_the_reason() {
    let cases = [
        ("not json", "expected ident at line 1 column 2"),
        ("{}", "missing field `format_version`"),
        (
            r#"{"format_version":"1.0","provider_schemas":{"p":{"resources":{}}}}"#,
            "unknown field `resources`",
        ),
        (
            r#"{"format_version":"1.0","provider_schemas":{"p":{"resource_schemas":{"r":{"version":0,"block":{"block_types":{"b":{"nesting_mode":"invalid","block":{}}}}}}}}}"#,
            "unknown variant `invalid`",
        ),
        (
            r#"{"format_version":"1.0","provider_schemas":{"p":{"resource_schemas":{"r":{"version":0,"block":{"attributes":{"a":{"type":"text"}}}}}}}}"#,
            "invalid type constraint",
        ),
        (
            r#"{"format_version":"1.0","provider_schemas":{"p":{"resource_schemas":{"r":{"block":{}}}}}}"#,
            "missing field `version`",
        ),
        (
            r#"{"format_version":"1.0","provider_schemas":{"p":{"functions":{"f":{"parameters":[]}}}}}"#,
            "missing field `return_type`",
        ),
    ];
    for (text, want) in cases {
        let err = ProvidersSchema::parse(text).expect_err(text).to_string();
        assert!(
            err.starts_with("not the output of `terraform providers schema -json`: "),
            "{err}"
        );
        assert!(err.contains(want), "{text}: {err} does not say {want:?}");
        assert!(err.contains(" line "), "{text}: {err} has no position");
    }
}
