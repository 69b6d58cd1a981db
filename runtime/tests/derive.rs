//! `#[derive(TfSchema, TfValue)]` on a realistic resource model: the schema
//! in the `providers schema -json` shape, derived bytes equal to the dynamic
//! codec's, and the plan view holding unknowns everywhere.

use std::collections::BTreeMap;

use tfschema::{
    json, msgpack, Refined, Refinements, Set, TfPlan, TfSchema, TfType, TfValue, Unknown, Value,
};

/// An EBS volume attached to the instance.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct EbsBlockDevice {
    /// Device name, e.g. /dev/sdf.
    device_name: String,
    #[tf(optional, computed)]
    volume_size: Unknown<Option<i64>>,
    encrypted: Option<bool>,
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct RootBlockDevice {
    volume_type: Option<String>,
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Timeouts {
    create: Option<String>,
}

/// A network interface (nested attributes: protocol 6).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct NetworkInterface {
    subnet_id: String,
    #[tf(computed)]
    private_ip: Unknown<String>,
}

/// A virtual machine.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
#[tf(version = 1)]
struct Instance {
    /// The instance ID.
    #[tf(computed)]
    id: Unknown<String>,
    /// The machine image.
    ami: String,
    #[tf(rename = "type")]
    instance_type: Option<String>,
    #[tf(computed)]
    arn: Refined<String>,
    #[tf(optional, computed)]
    tags: Unknown<Option<BTreeMap<String, String>>>,
    #[tf(sensitive, description = "Passed to cloud-init.", markdown)]
    user_data: Option<String>,
    security_groups: Option<Set<String>>,
    ports: Option<Vec<u16>>,
    weight: Option<f64>,
    #[tf(block)]
    ebs_block_device: Vec<EbsBlockDevice>,
    #[tf(block, max_items = 1)]
    root_block_device: Vec<RootBlockDevice>,
    #[tf(block)]
    timeouts: Option<Timeouts>,
    #[tf(nested)]
    network_interfaces: Option<Vec<NetworkInterface>>,
    #[tf(skip)]
    cache: u32,
}

fn json_value(text: &str) -> serde_json::Value {
    serde_json::from_str(text).expect("json")
}

#[test]
fn schema_matches_the_providers_schema_json_shape() {
    // Written by hand from the model above, in the shape Terraform prints
    // (cf. tests/data/terraform schema samples).
    let want = json_value(
        r#"{
        "version": 1,
        "block": {
          "attributes": {
            "ami": {"type": "string", "description": "The machine image.", "description_kind": "plain", "required": true},
            "arn": {"type": "string", "description_kind": "plain", "computed": true},
            "id": {"type": "string", "description": "The instance ID.", "description_kind": "plain", "computed": true},
            "network_interfaces": {
              "nested_type": {
                "attributes": {
                  "private_ip": {"type": "string", "description_kind": "plain", "computed": true},
                  "subnet_id": {"type": "string", "description_kind": "plain", "required": true}
                },
                "nesting_mode": "list"
              },
              "description_kind": "plain",
              "optional": true
            },
            "ports": {"type": ["list", "number"], "description_kind": "plain", "optional": true},
            "security_groups": {"type": ["set", "string"], "description_kind": "plain", "optional": true},
            "tags": {"type": ["map", "string"], "description_kind": "plain", "optional": true, "computed": true},
            "type": {"type": "string", "description_kind": "plain", "optional": true},
            "user_data": {"type": "string", "description": "Passed to cloud-init.", "description_kind": "markdown", "optional": true, "sensitive": true},
            "weight": {"type": "number", "description_kind": "plain", "optional": true}
          },
          "block_types": {
            "ebs_block_device": {
              "nesting_mode": "list",
              "block": {
                "attributes": {
                  "device_name": {"type": "string", "description": "Device name, e.g. /dev/sdf.", "description_kind": "plain", "required": true},
                  "encrypted": {"type": "bool", "description_kind": "plain", "optional": true},
                  "volume_size": {"type": "number", "description_kind": "plain", "optional": true, "computed": true}
                },
                "description": "An EBS volume attached to the instance.",
                "description_kind": "plain"
              }
            },
            "root_block_device": {
              "nesting_mode": "list",
              "block": {
                "attributes": {"volume_type": {"type": "string", "description_kind": "plain", "optional": true}},
                "description_kind": "plain"
              },
              "max_items": 1
            },
            "timeouts": {
              "nesting_mode": "single",
              "block": {
                "attributes": {"create": {"type": "string", "description_kind": "plain", "optional": true}},
                "description_kind": "plain"
              }
            }
          },
          "description": "A virtual machine.",
          "description_kind": "plain"
        }
      }"#,
    );
    assert_eq!(json_value(&Instance::schema().to_json()), want);
    assert!(Instance::requires_protocol_6());
    assert!(!EbsBlockDevice::requires_protocol_6());
}

fn sample() -> Instance {
    Instance {
        id: Unknown::Known("i-123".into()),
        ami: "ami-0c55".into(),
        instance_type: Some("t3.micro".into()),
        arn: Refined::Unknown(Refinements {
            not_null: true,
            string_prefix: "arn:aws:ec2:".into(),
            ..Refinements::default()
        }),
        tags: Unknown::Known(Some(BTreeMap::from([("Name".into(), "web".into())]))),
        user_data: None,
        security_groups: Some(vec!["b".to_string(), "a".to_string()].into()),
        ports: Some(vec![22, 443]),
        weight: Some(0.5),
        ebs_block_device: vec![EbsBlockDevice {
            device_name: "/dev/sdf".into(),
            volume_size: Unknown::Unknown,
            encrypted: Some(false),
        }],
        root_block_device: vec![],
        timeouts: None,
        network_interfaces: Some(vec![NetworkInterface {
            subnet_id: "subnet-1".into(),
            private_ip: Unknown::Unknown,
        }]),
        cache: 0,
    }
}

#[test]
fn derived_bytes_equal_the_dynamic_codec() {
    let value = sample();
    let ty = Instance::tf_type();
    let derived = msgpack::to_vec(&value).expect("encode");
    let dynamic =
        msgpack::value_to_vec(&tfschema::TfEncode::to_value(&value), &ty).expect("dynamic");
    assert_eq!(hex::encode(&derived), hex::encode(&dynamic));
    let back: Instance = msgpack::from_slice(&derived).expect("decode");
    assert_eq!(back, value);
    // The dynamic decoder reads the derived bytes as the same value.
    let dyn_value = msgpack::value_from_slice(&derived, &ty).expect("dynamic decode");
    assert_eq!(dyn_value, tfschema::TfEncode::to_value(&value));
}

#[test]
fn json_round_trip_of_a_known_value() {
    let mut value = sample();
    value.arn = Refined::Known("arn:aws:ec2:x".into());
    value.ebs_block_device[0].volume_size = Unknown::Known(Some(8));
    value.network_interfaces = Some(vec![]);
    let text = json::to_string(&value).expect("json");
    let ty = Instance::tf_type();
    let dynamic =
        json::value_to_string(&tfschema::TfEncode::to_value(&value), &ty).expect("dynamic json");
    assert_eq!(text, dynamic);
    let back: Instance = json::from_slice(text.as_bytes()).expect("decode");
    assert_eq!(back, value);
    // Unknowns cannot be written as JSON.
    assert!(json::to_string(&sample()).is_err());
}

#[test]
fn apply_view_rejects_unknowns_where_the_plan_view_accepts_them() {
    // A plan in which even the required `ami` and a block's required
    // attribute are unknown, as during `terraform validate` with variables.
    let ty = Instance::tf_type();
    let Value::Object(mut attrs) = tfschema::TfEncode::to_value(&sample()) else {
        panic!("object")
    };
    attrs.insert("ami".into(), Value::unknown(tfschema::Type::String));
    let mut ebs = attrs.remove("ebs_block_device").expect("ebs");
    if let Value::List(_, items) = &mut ebs {
        if let Value::Object(block) = &mut items[0] {
            block.insert("device_name".into(), Value::unknown(tfschema::Type::String));
        }
    }
    attrs.insert("ebs_block_device".into(), ebs);
    attrs.insert(
        "ports".into(),
        Value::List(
            tfschema::Type::Number,
            vec![Value::unknown(tfschema::Type::Number)],
        ),
    );
    let bytes = msgpack::value_to_vec(&Value::Object(attrs), &ty).expect("encode");

    let err = msgpack::from_slice::<Instance>(&bytes).expect_err("apply view");
    assert_eq!(err.path_string(), ".ami", "{err}");
    assert_eq!(err.kind(), tfschema::ErrorKind::Unknown);

    let plan: InstancePlan = msgpack::from_slice(&bytes).expect("plan view");
    assert_eq!(plan.ami, Unknown::Unknown);
    let Unknown::Known(ebs) = &plan.ebs_block_device else {
        panic!("known list")
    };
    assert_eq!(
        ebs[0],
        Unknown::Known(EbsBlockDevicePlan {
            device_name: Unknown::Unknown,
            volume_size: Unknown::Unknown,
            encrypted: Unknown::Known(Some(false)),
        })
    );
    assert_eq!(plan.ports, Unknown::Known(Some(vec![Unknown::Unknown])));
    // The plan view writes the same bytes back.
    assert_eq!(msgpack::to_vec(&plan).expect("encode"), bytes);
    // A wholly unknown block list and a wholly unknown object.
    let unknown_plan: Unknown<InstancePlan> = msgpack::from_slice(&[0xd4, 0, 0]).expect("unknown");
    assert_eq!(unknown_plan, Unknown::Unknown);
    let _: <Instance as TfPlan>::Plan = unknown_plan;
}

#[test]
fn decode_errors_name_the_path() {
    let ty = Instance::tf_type();
    let mut v = tfschema::TfEncode::to_value(&sample());
    if let Value::Object(attrs) = &mut v {
        attrs.insert(
            "ports".into(),
            Value::List(tfschema::Type::Number, vec![Value::from(70000)]),
        );
    }
    let bytes = msgpack::value_to_vec(&v, &ty).expect("encode");
    let err = msgpack::from_slice::<Instance>(&bytes).expect_err("u16 range");
    assert_eq!(err.path_string(), ".ports[0]");
    assert!(err.to_string().contains("70000 does not fit u16"), "{err}");
    // Missing and extra attributes.
    let err = msgpack::from_slice::<RootBlockDevice>(&[0x80]).expect_err("missing");
    assert!(
        err.to_string()
            .contains("1 attributes is required (0 given)"),
        "{err}"
    );
    let err = msgpack::from_slice::<RootBlockDevice>(&[0x81, 0xa1, b'x', 0xc0]).expect_err("extra");
    assert!(
        err.to_string().contains("unsupported attribute \"x\""),
        "{err}"
    );
    // JSON: a missing attribute is null, an unknown one an error.
    let t: Timeouts = json::from_slice(b"{}").expect("missing is null");
    assert_eq!(t, Timeouts { create: None });
    let err = json::from_slice::<EbsBlockDevice>(b"{}").expect_err("required");
    assert_eq!(err.path_string(), ".device_name");
}

/// Borrows its strings from the input.
#[derive(TfSchema, TfValue, Debug, PartialEq)]
struct Borrowed<'a> {
    name: &'a str,
    tags: Vec<&'a str>,
    note: Option<std::borrow::Cow<'a, str>>,
}

#[test]
fn borrowed_fields_point_into_the_input() {
    let owned = Borrowed {
        name: "web",
        tags: vec!["a", "b"],
        note: Some("n".into()),
    };
    let bytes = msgpack::to_vec(&owned).expect("encode");
    let back: Borrowed<'_> = msgpack::from_slice(&bytes).expect("decode");
    assert_eq!(back, owned);
    let range = bytes.as_ptr_range();
    assert!(range.contains(&back.name.as_ptr()));
    assert!(back.tags.iter().all(|t| range.contains(&t.as_ptr())));
    let plan: BorrowedPlan<'_> = msgpack::from_slice(&bytes).expect("plan");
    assert_eq!(plan.name, Unknown::Known("web"));
}

/// A state written by an older schema holds attributes the model no longer
/// has: a strict read refuses them at the attribute, a reader ignoring
/// unknown attributes (what state upgrades use) skips them and their
/// values, at every level.
#[test]
fn unknown_attributes_are_refused_or_skipped() {
    let json = br#"{"device_name":"/dev/sdf","encrypted":null,"iops":{"max":[1,2,{"x":"y"}]},"volume_size":8,"zz":"last"}"#;
    let err = json::from_slice::<EbsBlockDevice>(json).expect_err("strict");
    assert!(
        err.to_string().contains("unsupported attribute \"iops\""),
        "{err}"
    );

    let mut reader = json::Reader::new(json)
        .expect("utf-8")
        .ignoring_unknown_attributes();
    let device =
        <EbsBlockDevice as tfschema::TfDecode<'_>>::decode_json(&mut reader).expect("lenient");
    reader.finish().expect("all read");
    assert_eq!(
        device,
        EbsBlockDevice {
            device_name: "/dev/sdf".into(),
            volume_size: Unknown::Known(Some(8)),
            encrypted: None,
        }
    );
    // msgpack always carries exactly the schema's attributes: no leniency.
    let value = Value::object([
        ("device_name", Value::from("a")),
        ("encrypted", Value::Null(tfschema::Type::Bool)),
        ("extra", Value::from(1)),
        ("volume_size", Value::from(1)),
    ]);
    let ty = value.ty();
    let bytes = msgpack::value_to_vec(&value, &ty).expect("encode");
    assert!(msgpack::from_slice::<EbsBlockDevice>(&bytes).is_err());
}

/// `CompactString` (feature `compact_str`) is a string like `String` in
/// every position: the same schema, the same bytes in both formats and as
/// a `Value`, map keys, sets, unknowns and the plan view.
#[cfg(feature = "compact_str")]
#[test]
fn compact_strings_code_as_strings() {
    use compact_str::CompactString as Cs;
    use tfschema::{Set, TfEncode, TfType, Unknown};

    #[derive(TfSchema, TfValue, Debug, PartialEq)]
    struct Owned {
        name: String,
        note: Option<String>,
        labels: BTreeMap<String, String>,
        tags: Set<String>,
        #[tf(computed)]
        id: Unknown<String>,
    }
    #[derive(TfSchema, TfValue, Debug, PartialEq)]
    struct Compact {
        name: Cs,
        note: Option<Cs>,
        labels: BTreeMap<Cs, Cs>,
        tags: Set<Cs>,
        #[tf(computed)]
        id: Unknown<Cs>,
    }
    assert_eq!(Owned::block(), Compact::block());
    assert_eq!(Owned::tf_type(), Compact::tf_type());
    let long = "a label value longer than twenty-four bytes";
    let owned = Owned {
        name: "widget".into(),
        note: None,
        labels: BTreeMap::from([("env".into(), "prod".into()), ("x".into(), long.into())]),
        tags: ["b", "a", "b"].map(String::from).into_iter().collect(),
        id: Unknown::Unknown,
    };
    let bytes = msgpack::to_vec(&owned).expect("encode");
    let compact: Compact = msgpack::from_slice(&bytes).expect("decode");
    assert_eq!(compact.labels[&Cs::from("x")], long);
    assert_eq!(compact.tags.iter().collect::<Vec<_>>(), ["a", "b"]);
    assert_eq!(msgpack::to_vec(&compact).expect("encode"), bytes);
    assert_eq!(compact.to_value(), owned.to_value());
    let known = Compact {
        id: Unknown::Known("itm-1".into()),
        ..compact
    };
    let text = json::to_string(&known).expect("json");
    let back: Compact = json::from_slice(text.as_bytes()).expect("json decode");
    assert_eq!(back, known);
    let plan: CompactPlan = msgpack::from_slice(&bytes).expect("plan view");
    assert_eq!(plan.name, Unknown::Known(Cs::from("widget")));
    assert_eq!(plan.id, Unknown::Unknown);
}
