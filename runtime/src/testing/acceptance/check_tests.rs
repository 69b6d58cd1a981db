//! The checks against a `terraform show -json` fixture, passing and
//! failing with Go's texts (terraform-plugin-testing's `testing.go` and
//! `testing_sets.go` format strings filled in by hand).

#![allow(clippy::unwrap_used)]

use super::*;
use crate::testing::acceptance::json::parse_state;

/// The shape of `terraform show -json` of a state (values trimmed).
fn state() -> State {
    parse_state(
        br#"{"format_version":"1.0","values":{
          "outputs":{"name":{"sensitive":false,"value":"bolt"},"count":{"sensitive":false,"value":3},
                     "list":{"sensitive":false,"value":["a","b"]}},
          "root_module":{"resources":[
            {"address":"inventory_item.a","mode":"managed","type":"inventory_item","name":"a",
             "values":{"id":"itm-1","tags":["blue","red"],"attributes":{},"notes":null,
                       "location":[{"warehouse":"north","bin":"7"},{"warehouse":"south","bin":"9"}]}},
            {"address":"inventory_item.b","mode":"managed","type":"inventory_item","name":"b",
             "values":{"id":"itm-2","parent":"itm-1","tags":[],"copy":"red"}}
          ]}}}"#,
    )
    .unwrap()
}

#[test]
fn resource_attr_texts() {
    let s = state();
    assert!(resource_attr("inventory_item.a", "tags.#", "2")(&s).is_ok());
    assert!(resource_attr("inventory_item.a", "tags.0", "blue")(&s).is_ok());
    assert!(resource_attr("inventory_item.a", "attributes.%", "0")(&s).is_ok());
    assert!(resource_attr("inventory_item.a", "notes.#", "0")(&s).is_ok());
    assert!(resource_attr("inventory_item.a", "location.0.warehouse", "north")(&s).is_ok());
    assert_eq!(
        resource_attr("inventory_item.a", "tags.0", "red")(&s).unwrap_err(),
        "inventory_item.a: Attribute 'tags.0' expected \"red\", got \"blue\""
    );
    assert_eq!(
        resource_attr("inventory_item.b", "nope", "x")(&s).unwrap_err(),
        "inventory_item.b: Attribute 'nope' not found"
    );
    assert_eq!(
        resource_attr("inventory_item.c", "id", "x")(&s).unwrap_err(),
        "Not found: inventory_item.c in [root]"
    );
    assert_eq!(
        resource_attr("inventory_item.a", "tags", "x")(&s).unwrap_err(),
        "inventory_item.a: list or set attribute 'tags' must be checked by element count key (tags.#) or element value keys (e.g. tags.0). Set element value checks should use TestCheckTypeSet functions instead."
    );
    assert_eq!(
        resource_attr("inventory_item.a", "attributes", "x")(&s).unwrap_err(),
        "inventory_item.a: map attribute 'attributes' must be checked by element count key (attributes.%) or element value keys (e.g. attributes.examplekey)."
    );
    assert_eq!(
        resource_attr("inventory_item.a", "location.1234567.bin", "7")(&s).unwrap_err(),
        "Error in test check: inventory_item.a: Attribute 'location.1234567.bin' not found\nTest check address \"location.1234567.bin\" likely indexes into TypeSet\nThis is currently not possible in the SDK"
    );
}

#[test]
fn set_no_attr_and_with() {
    let s = state();
    assert!(resource_attr_set("inventory_item.a", "id")(&s).is_ok());
    assert_eq!(
        resource_attr_set("inventory_item.a", "notes")(&s).unwrap_err(),
        "inventory_item.a: Attribute 'notes' expected to be set"
    );
    assert!(no_resource_attr("inventory_item.a", "notes")(&s).is_ok());
    assert!(no_resource_attr("inventory_item.b", "tags.#")(&s).is_ok());
    assert_eq!(
        no_resource_attr("inventory_item.a", "id")(&s).unwrap_err(),
        "inventory_item.a: Attribute 'id' found when not expected"
    );
    let starts = |v: &str| {
        if v.starts_with("itm-") {
            Ok(())
        } else {
            Err("no itm- prefix".to_owned())
        }
    };
    assert!(resource_attr_with("inventory_item.a", "id", starts)(&s).is_ok());
    assert_eq!(
        resource_attr_with("inventory_item.a", "tags.0", starts)(&s).unwrap_err(),
        "inventory_item.a: Attribute \"tags.0\" value: no itm- prefix"
    );
}

#[test]
fn match_and_pair() {
    let s = state();
    assert!(match_resource_attr("inventory_item.a", "id", "^itm-[0-9]+$")(&s).is_ok());
    assert_eq!(
        match_resource_attr("inventory_item.a", "id", "^x")(&s).unwrap_err(),
        "inventory_item.a: Attribute 'id' didn't match \"^x\", got \"itm-1\""
    );
    assert!(match_resource_attr("inventory_item.a", "id", "(")(&s)
        .unwrap_err()
        .contains("is not a regex"));
    assert!(resource_attr_pair("inventory_item.b", "parent", "inventory_item.a", "id")(&s).is_ok());
    assert!(
        resource_attr_pair("inventory_item.b", "tags.#", "inventory_item.a", "notes.#")(&s).is_ok()
    );
    assert_eq!(
        resource_attr_pair("inventory_item.b", "id", "inventory_item.a", "id")(&s).unwrap_err(),
        "inventory_item.b: Attribute 'id' expected \"itm-1\", got \"itm-2\""
    );
    assert_eq!(
        resource_attr_pair("inventory_item.b", "notes", "inventory_item.a", "id")(&s).unwrap_err(),
        "inventory_item.b: Attribute \"notes\" not set, but \"id\" is set in inventory_item.a as \"itm-1\""
    );
    assert_eq!(
        resource_attr_pair("inventory_item.b", "id", "inventory_item.a", "notes")(&s).unwrap_err(),
        "inventory_item.b: Attribute \"id\" is \"itm-2\", but \"notes\" is not set in inventory_item.a"
    );
    assert_eq!(
        resource_attr_pair("inventory_item.a", "id", "inventory_item.a", "id")(&s).unwrap_err(),
        "comparing self: resource inventory_item.a attribute id"
    );
}

#[test]
fn outputs() {
    let s = state();
    assert!(output("name", "bolt")(&s).is_ok());
    assert!(output("count", "3")(&s).is_ok());
    assert_eq!(
        output("name", "nut")(&s).unwrap_err(),
        "Output 'name': expected \"nut\", got &terraform.OutputState{Sensitive:false, Type:\"string\", Value:\"bolt\", mu:sync.Mutex{_:sync.noCopy{}, mu:sync.Mutex{state:0, sema:0x0}}}"
    );
    assert_eq!(
        output("missing", "x")(&s).unwrap_err(),
        "Not found: missing"
    );
    assert!(match_output("name", "^bo")(&s).is_ok());
    assert_eq!(
        match_output("name", "^x")(&s).unwrap_err(),
        "Output 'name': &terraform.OutputState{Sensitive:false, Type:\"string\", Value:\"bolt\", mu:sync.Mutex{_:sync.noCopy{}, mu:sync.Mutex{state:0, sema:0x0}}} didn't match \"^x\""
    );
    assert_eq!(
        match_output("list", "a")(&s).unwrap_err(),
        "unexpected type []interface {} for resource value"
    );
}

#[test]
fn type_sets() {
    let s = state();
    assert!(type_set_elem_attr("inventory_item.a", "tags.*", "red")(&s).is_ok());
    let err = type_set_elem_attr("inventory_item.a", "tags.*", "green")(&s).unwrap_err();
    assert!(
        err.starts_with("\"inventory_item.a\" error: no TypeSet element \"tags.*\", with value \"green\" in state: map[string]string{\"%\":\"5\", "),
        "{err}"
    );
    assert_eq!(
        type_set_elem_attr("inventory_item.a", "tags", "red")(&s).unwrap_err(),
        "\"inventory_item.a\" error: \"tags\" does not end with the special value \"*\""
    );
    assert!(
        type_set_elem_attr_pair("inventory_item.a", "tags.*", "inventory_item.b", "copy")(&s)
            .is_ok()
    );
    assert!(
        type_set_elem_attr_pair("inventory_item.a", "tags.*", "inventory_item.b", "id")(&s)
            .unwrap_err()
            .starts_with(
                "no TypeSet element \"tags.*\", with value \"itm-2\" in state: map[string]string{"
            )
    );
    assert_eq!(
        type_set_elem_attr_pair("inventory_item.a", "tags.*", "inventory_item.b", "nope")(&s)
            .unwrap_err(),
        "inventory_item.b: Attribute \"nope\" not set, cannot be checked against TypeSet"
    );
    assert!(type_set_elem_nested_attrs(
        "inventory_item.a",
        "location.*",
        [("warehouse", "south"), ("bin", "9")]
    )(&s)
    .is_ok());
    // Both values exist, but in different elements.
    let err = type_set_elem_nested_attrs(
        "inventory_item.a",
        "location.*",
        [("warehouse", "south"), ("bin", "7")],
    )(&s)
    .unwrap_err();
    assert!(
        err.starts_with("\"inventory_item.a\" no TypeSet element \"location.*\", with nested attrs map[string]string{\"bin\":\"7\", \"warehouse\":\"south\"} in state: "),
        "{err}"
    );
    assert_eq!(
        type_set_elem_nested_attrs("inventory_item.a", "location.*", [("bin", "")])(&s)
            .unwrap_err(),
        "map[string]string{\"bin\":\"\"} has no non-empty values"
    );
    assert!(
        match_type_set_elem_nested_attrs("inventory_item.a", "location.*", [("bin", "^9$")])(&s)
            .is_ok()
    );
    assert!(match_type_set_elem_nested_attrs("inventory_item.a", "location.*", [("bin", "^8$")])(&s)
        .unwrap_err()
        .starts_with("\"inventory_item.a\" no TypeSet element \"location.*\", with the regex provided, match in state: "));
}

#[test]
fn composed() {
    let s = state();
    let both = compose(vec![
        resource_attr("inventory_item.a", "id", "itm-1"),
        resource_attr("inventory_item.a", "id", "itm-2"),
    ]);
    assert_eq!(
        both(&s).unwrap_err(),
        "Check 2/2 error: inventory_item.a: Attribute 'id' expected \"itm-2\", got \"itm-1\""
    );
    let all = compose_aggregate(vec![
        resource_attr("inventory_item.a", "id", "x"),
        resource_attr("inventory_item.a", "id", "y"),
    ]);
    assert_eq!(all(&s).unwrap_err().lines().count(), 2);
}
