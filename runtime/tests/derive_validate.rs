//! `#[tf(validate(...))]`, cross-attribute rules and deprecation warnings,
//! run on plan-view values with unknowns and nulls.

use std::collections::BTreeMap;

use tfschema::{msgpack, Set, TfEncode, TfSchema, TfValue, Unknown, Value};

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Rule {
    #[tf(validate(range(min = 1, max = 65535)))]
    port: i64,
    #[tf(validate(one_of("tcp", "udp")))]
    protocol: Option<String>,
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Server {
    #[tf(validate(length(min = 1, max = 8), regex = "^[a-z][a-z0-9-]*$"))]
    name: String,
    #[tf(validate(items(max = 2), unique, length(max = 5)))]
    tags: Option<Vec<String>>,
    #[tf(validate(keys(regex = "^[a-z_]+$"), items(min = 1)))]
    labels: Option<BTreeMap<String, String>>,
    #[tf(sensitive, validate(regex = "^[0-9]{4,}$"))]
    pin: Option<String>,
    #[tf(conflicts_with = ["image_id"])]
    snapshot_id: Option<String>,
    #[tf(exactly_one_of = ["snapshot_id"])]
    image_id: Option<String>,
    #[tf(required_with = ["zone"])]
    region: Option<String>,
    zone: Option<String>,
    #[tf(deprecated = "use `zone` instead")]
    datacenter: Option<String>,
    #[tf(block)]
    rule: Vec<Rule>,
    #[tf(block)]
    extra: Option<Set<Rule>>,
}

fn valid() -> Server {
    Server {
        name: "web-1".into(),
        tags: Some(vec!["a".into(), "b".into()]),
        labels: Some(BTreeMap::from([("env".into(), "prod".into())])),
        pin: Some("1234".into()),
        snapshot_id: None,
        image_id: Some("img".into()),
        region: None,
        zone: None,
        datacenter: None,
        rule: vec![Rule {
            port: 443,
            protocol: Some("tcp".into()),
        }],
        extra: None,
    }
}

fn diags_of(v: &Value) -> Vec<String> {
    Server::validate_value(v)
        .iter()
        .map(|d| format!("{}|{}|{}", d.path_string(), d.summary, d.detail))
        .collect()
}

#[test]
fn a_valid_value_has_no_diagnostics() {
    assert_eq!(diags_of(&valid().to_value()), Vec::<String>::new());
}

#[test]
fn each_validator_reports_at_its_path() {
    let mut s = valid();
    s.name = "Web_Server_01".into();
    s.tags = Some(vec!["a".into(), "toolong".into(), "a".into()]);
    s.labels = Some(BTreeMap::from([("Bad".into(), "x".into())]));
    s.rule.push(Rule {
        port: 70000,
        protocol: Some("icmp".into()),
    });
    let got = diags_of(&s.to_value());
    let want = [
        ".labels[\"Bad\"]|Invalid Attribute Value Match|Attribute labels[\"Bad\"] value must match regular expression '^[a-z_]+$', got: Bad",
        ".name|Invalid Attribute Value Length|Attribute name string length must be between 1 and 8, got: 13",
        ".name|Invalid Attribute Value Match|Attribute name value must match regular expression '^[a-z][a-z0-9-]*$', got: Web_Server_01",
        ".rule[1].port|Invalid Attribute Value|Attribute rule[1].port value must be between 1 and 65535, got: 70000",
        ".rule[1].protocol|Invalid Attribute Value Match|Attribute rule[1].protocol value must be one of: [\"tcp\" \"udp\"], got: \"icmp\"",
        ".tags|Invalid Attribute Value|Attribute tags list must contain at most 2 elements, got: 3",
        ".tags|Duplicate List Value|Attribute tags elements must be unique; element 2 repeats element 0, got: \"a\"",
        ".tags[1]|Invalid Attribute Value Length|Attribute tags[1] string length must be at most 5, got: 7",
    ];
    let mut got_sorted = got.clone();
    got_sorted.sort();
    let mut want_sorted: Vec<String> = want.iter().map(|s| s.to_string()).collect();
    want_sorted.sort();
    assert_eq!(got_sorted, want_sorted, "{got:#?}");
}

#[test]
fn sensitive_values_are_not_echoed() {
    let mut s = valid();
    s.pin = Some("12ab".into());
    let got = diags_of(&s.to_value());
    assert_eq!(got.len(), 1);
    assert!(got[0].starts_with(".pin|"), "{got:?}");
    assert!(!got[0].contains("12ab"), "{got:?}");
}

#[test]
fn cross_attribute_rules() {
    let mut s = valid();
    s.snapshot_id = Some("snap".into());
    s.region = Some("eu".into());
    let got = diags_of(&s.to_value());
    // Go's texts (terraform-plugin-framework-validators,
    // internal/schemavalidator/{conflicts_with,exactly_one_of,also_requires}.go):
    // the matched attribute first, full paths.
    assert!(got.contains(&".snapshot_id|Invalid Attribute Combination|Attribute \"image_id\" cannot be specified when \"snapshot_id\" is specified".to_string()), "{got:#?}");
    assert!(got.contains(&".image_id|Invalid Attribute Combination|2 attributes specified when one (and only one) of [snapshot_id] is required".to_string()), "{got:#?}");
    assert!(got.contains(&".region|Invalid Attribute Combination|Attribute \"zone\" must be specified when \"region\" is specified".to_string()), "{got:#?}");
    let mut none = valid();
    none.image_id = None;
    let got = diags_of(&none.to_value());
    assert!(got.contains(&".image_id|Invalid Attribute Combination|No attribute specified when one (and only one) of [snapshot_id] is required".to_string()), "{got:#?}");
}

#[test]
fn deprecated_attributes_warn_when_set() {
    let mut s = valid();
    s.datacenter = Some("dc1".into());
    let diags = Server::validate_value(&s.to_value());
    assert_eq!(diags.len(), 1);
    let d = diags.iter().next().expect("one");
    assert_eq!(d.severity, tfschema::diag::Severity::Warning);
    assert_eq!(d.path_string(), ".datacenter");
    assert_eq!(d.detail, "use `zone` instead");
    assert!(!diags.has_errors());
}

#[test]
fn unknown_and_null_values_are_skipped() {
    // A plan in which the validated attributes are unknown: nothing to say
    // yet, and rules involving an unknown are left for later.
    let plan = ServerPlan {
        name: Unknown::Unknown,
        tags: Unknown::Known(Some(vec![
            Unknown::Unknown,
            Unknown::Known("waytoolong".into()),
        ])),
        labels: Unknown::Unknown,
        pin: Unknown::Known(None),
        snapshot_id: Unknown::Known(Some("snap".into())),
        image_id: Unknown::Unknown,
        region: Unknown::Known(Some("eu".into())),
        zone: Unknown::Unknown,
        datacenter: Unknown::Known(None),
        rule: Unknown::Known(vec![Unknown::Known(RulePlan {
            port: Unknown::Unknown,
            protocol: Unknown::Known(Some("icmp".into())),
        })]),
        extra: Unknown::Unknown,
    };
    let got = diags_of(&plan.to_value());
    assert_eq!(
        got,
        [
            ".rule[0].protocol|Invalid Attribute Value Match|Attribute rule[0].protocol value must be one of: [\"tcp\" \"udp\"], got: \"icmp\"",
            ".tags[1]|Invalid Attribute Value Length|Attribute tags[1] string length must be at most 5, got: 10",
        ]
    );
    // The plan view decodes from the wire and validates the same way.
    let bytes = msgpack::to_vec(&plan).expect("encode");
    let decoded: ServerPlan = msgpack::from_slice(&bytes).expect("decode");
    assert_eq!(diags_of(&decoded.to_value()), got);
}

#[test]
fn set_elements_keep_the_set_path() {
    let mut s = valid();
    s.extra = Some(
        vec![Rule {
            port: 0,
            protocol: None,
        }]
        .into(),
    );
    let got = diags_of(&s.to_value());
    assert_eq!(got.len(), 1);
    assert!(got[0].starts_with(".extra.port|"), "{got:?}");
}

/// `validate_with`: a typed hook over the plan view, after the attribute
/// validators; its paths are relative to the struct.
fn window_is_ordered(plan: &WindowPlan) -> tfschema::diag::Diagnostics {
    let mut diags = tfschema::diag::Diagnostics::new();
    if let (Unknown::Known(start), Unknown::Known(end)) = (&plan.start_hour, &plan.end_hour) {
        if start >= end {
            diags.error(
                &[tfschema::PathStep::Attr("end_hour".into())],
                "Invalid maintenance window",
                format!("end_hour ({end}) must be after start_hour ({start})"),
            );
        }
    }
    diags
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
#[tf(validate_with = window_is_ordered)]
struct Window {
    #[tf(validate(range(min = 0, max = 23)))]
    start_hour: i64,
    #[tf(validate(range(min = 0, max = 23)))]
    end_hour: i64,
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Maintenance {
    #[tf(block)]
    window: Vec<Window>,
}

#[test]
fn validate_with_runs_the_typed_hook_below_the_block_path() {
    let m = Maintenance {
        window: vec![
            Window {
                start_hour: 2,
                end_hour: 4,
            },
            Window {
                start_hour: 5,
                end_hour: 3,
            },
        ],
    };
    let got: Vec<String> = Maintenance::validate_value(&m.to_value())
        .iter()
        .map(|d| format!("{}|{}", d.path_string(), d.detail))
        .collect();
    assert_eq!(
        got,
        [".window[1].end_hour|end_hour (3) must be after start_hour (5)"]
    );
    // Unknown hours: the hook has nothing to say.
    let plan = WindowPlan {
        start_hour: Unknown::Unknown,
        end_hour: Unknown::Known(1),
    };
    assert!(Window::validate_value(&plan.to_value()).is_empty());
}

/// Where a host used to live.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
#[tf(deprecated)]
struct Placement {
    zone: Option<String>,
}

/// Deprecations without a message (`#[tf(deprecated)]`), as a Go provider's
/// printed schema has them: `"deprecated": true` and no message.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Host {
    #[tf(deprecated)]
    label: Option<String>,
    #[tf(block, deprecated)]
    rule: Vec<Rule>,
    #[tf(block)]
    placement: Option<Placement>,
}

/// A resource type deprecated as a whole, without a message.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
#[tf(deprecated)]
struct OldHost {
    name: String,
}

#[test]
fn a_deprecation_without_a_message_is_deprecated_with_an_empty_message() {
    let block = Host::block();
    assert!(block.attributes[0].deprecated);
    assert_eq!(block.attributes[0].deprecation_message, "");
    let nested = |name: &str| {
        &block
            .block_types
            .iter()
            .find(|b| b.type_name == name)
            .expect("block")
            .block
    };
    assert!(nested("rule").deprecated && nested("rule").deprecation_message.is_empty());
    // The struct's own deprecation, on the block it is the model of.
    assert!(nested("placement").deprecated);
    assert!(nested("placement").deprecation_message.is_empty());
    let old = OldHost::block();
    assert!(old.deprecated && old.deprecation_message.is_empty());
    // As Terraform 1.15.5 prints a Go (SDKv2) schema with such
    // deprecations: `deprecated` and no `deprecation_message`.
    let json: serde_json::Value = serde_json::from_str(&block.to_json()).expect("json");
    assert_eq!(
        json,
        serde_json::json!({
            "attributes": {
                "label": {
                    "type": "string",
                    "description_kind": "plain",
                    "optional": true,
                    "deprecated": true
                }
            },
            "block_types": {
                "placement": {
                    "nesting_mode": "single",
                    "block": {
                        "attributes": {
                            "zone": {"type": "string", "description_kind": "plain", "optional": true}
                        },
                        "description": "Where a host used to live.",
                        "description_kind": "plain",
                        "deprecated": true
                    }
                },
                "rule": {
                    "nesting_mode": "list",
                    "block": {
                        "attributes": {
                            "port": {"type": "number", "description_kind": "plain", "required": true},
                            "protocol": {"type": "string", "description_kind": "plain", "optional": true}
                        },
                        "description_kind": "plain",
                        "deprecated": true
                    }
                }
            },
            "description": "Deprecations without a message (`#[tf(deprecated)]`), as a Go provider's printed schema has them: `\"deprecated\": true` and no message.",
            "description_kind": "plain"
        })
    );
}

#[test]
fn a_deprecation_without_a_message_warns_in_terraforms_words() {
    let host = Host {
        label: Some("old".into()),
        rule: vec![Rule {
            port: 22,
            protocol: None,
        }],
        placement: Some(Placement { zone: None }),
    };
    let got: Vec<(String, String, String)> = Host::validate_value(&host.to_value())
        .iter()
        .map(|d| {
            assert_eq!(d.severity, tfschema::diag::Severity::Warning);
            (d.path_string(), d.summary.clone(), d.detail.clone())
        })
        .collect();
    // The struct's deprecation is the schema's alone, as a message's is.
    assert_eq!(
        got,
        [
            (
                ".label".to_owned(),
                "Attribute Deprecated".to_owned(),
                "Deprecated resource attribute \"label\" used. Refer to the provider documentation for details.".to_owned()
            ),
            (
                ".rule".to_owned(),
                "Block Deprecated".to_owned(),
                "Deprecated resource block \"rule\" used. Refer to the provider documentation for details.".to_owned()
            ),
        ]
    );
    // Nothing set, nothing to say.
    let unset = Host {
        label: None,
        rule: Vec::new(),
        placement: None,
    };
    assert!(Host::validate_value(&unset.to_value()).is_empty());
}
