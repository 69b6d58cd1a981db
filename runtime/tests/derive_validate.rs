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
