//! List and map blocks whose element has a `dynamic` attribute. Terraform's
//! implied type for such a block is `dynamic`: a list block's value is a
//! tuple of objects (the elements may differ in the dynamic attribute's
//! type), a map block's an object, each sent with its type. The expected
//! values are written out by hand and the expected bytes come from the
//! dynamic codec (`value_to_vec`/`value_to_string`) applied to them.

use std::collections::{BTreeMap, HashMap};

use tfschema::{
    json, msgpack, FromValue, PathStep, TfEncode, TfSchema, TfType, TfValue, Type, Unknown, Value,
};

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Setting {
    name: String,
    value: Value,
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Config {
    id: String,
    #[tf(block)]
    setting: Vec<Setting>,
    #[tf(block)]
    by_key: BTreeMap<String, Setting>,
}

/// The same blocks, each of which may be absent (null).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Sparse {
    #[tf(block)]
    setting: Option<Vec<Setting>>,
    #[tf(block)]
    by_key: Option<BTreeMap<String, Setting>>,
}

fn obj<const N: usize>(attrs: [(&str, Value); N]) -> Value {
    Value::Object(attrs.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

fn setting(name: &str, value: Value) -> Setting {
    Setting {
        name: name.to_owned(),
        value,
    }
}

fn sample() -> Config {
    Config {
        id: "c1".to_owned(),
        setting: vec![
            setting("a", Value::string("text")),
            setting("b", Value::number(42)),
        ],
        by_key: BTreeMap::from([("k".to_owned(), setting("c", Value::Bool(true)))]),
    }
}

/// `sample()` written out by hand.
fn sample_value() -> Value {
    obj([
        ("id", Value::string("c1")),
        (
            "setting",
            Value::Tuple(vec![
                obj([
                    ("name", Value::string("a")),
                    ("value", Value::string("text")),
                ]),
                obj([("name", Value::string("b")), ("value", Value::number(42))]),
            ]),
        ),
        (
            "by_key",
            obj([(
                "k",
                obj([("name", Value::string("c")), ("value", Value::Bool(true))]),
            )]),
        ),
    ])
}

fn implied<T: TfSchema>() -> Type {
    T::block().implied_type()
}

#[test]
fn the_blocks_are_dynamic_in_the_implied_type() {
    let ty = implied::<Config>();
    let Type::Object(object) = &ty else {
        panic!("not an object type: {ty:?}");
    };
    assert_eq!(object.attr("setting"), Some(&Type::Dynamic));
    assert_eq!(object.attr("by_key"), Some(&Type::Dynamic));
    assert_eq!(object.attr("id"), Some(&Type::String));
    assert_eq!(Config::tf_type(), ty);
    assert_eq!(
        <Config as TfType>::tf_type(),
        <ConfigPlan as TfType>::tf_type()
    );
    const { assert!(Config::HAS_DYNAMIC) };
    const { assert!(ConfigPlan::HAS_DYNAMIC) };
}

#[test]
fn msgpack_is_the_dynamic_tuple_and_object() {
    let expected = msgpack::value_to_vec(&sample_value(), &implied::<Config>()).expect("encode");
    let bytes = msgpack::to_vec(&sample()).expect("encode");
    assert_eq!(bytes, expected);

    // After the key `setting` (attributes go in name order, so it is
    // last): the dynamic wrapper, a 2-element array whose first element is
    // the tuple type's JSON as bin.
    let key = b"\xa7setting";
    let at = bytes
        .windows(key.len())
        .position(|w| w == key)
        .expect("key setting")
        + key.len();
    let type_json = br#"["tuple",[["object",{"name":"string","value":"string"}],["object",{"name":"string","value":"number"}]]]"#;
    assert_eq!(bytes[at], 0x92, "the dynamic wrapper");
    assert_eq!(bytes[at + 1], 0xc4, "bin 8 header");
    assert_eq!(usize::from(bytes[at + 2]), type_json.len());
    assert_eq!(&bytes[at + 3..at + 3 + type_json.len()], type_json);

    let back: Config = msgpack::from_slice(&bytes).expect("decode");
    assert_eq!(back, sample());
    let plan: ConfigPlan = msgpack::from_slice(&bytes).expect("decode the plan view");
    assert_eq!(msgpack::to_vec(&plan).expect("encode the plan view"), bytes);
}

#[test]
fn json_is_the_dynamic_tuple_and_object() {
    let expected = json::value_to_string(&sample_value(), &implied::<Config>()).expect("encode");
    let text = json::to_string(&sample()).expect("encode");
    assert_eq!(text, expected);
    assert!(
        text.contains(r#""setting":{"value":[{"name":"a","value":"text"},"#),
        "{text}"
    );
    let back: Config = json::from_slice(text.as_bytes()).expect("decode");
    assert_eq!(back, sample());
    let plan: ConfigPlan = json::from_slice(text.as_bytes()).expect("decode the plan view");
    assert_eq!(json::to_string(&plan).expect("encode the plan view"), text);
}

#[test]
fn values_are_the_tuple_and_object() {
    assert_eq!(sample().to_value(), sample_value());
    assert_eq!(
        Config::from_value(sample_value()).expect("from_value"),
        sample()
    );
    // Through the dynamic codec's own reading of the bytes.
    let bytes = msgpack::to_vec(&sample()).expect("encode");
    let value = msgpack::value_from_slice(&bytes, &implied::<Config>()).expect("decode");
    assert_eq!(value, sample_value());
}

#[test]
fn empty_and_null_blocks() {
    let empty = Config {
        id: "c2".to_owned(),
        setting: Vec::new(),
        by_key: BTreeMap::new(),
    };
    let value = obj([
        ("id", Value::string("c2")),
        ("setting", Value::Tuple(Vec::new())),
        ("by_key", Value::Object(BTreeMap::new())),
    ]);
    assert_eq!(empty.to_value(), value);
    let bytes = msgpack::value_to_vec(&value, &implied::<Config>()).expect("encode");
    assert_eq!(msgpack::to_vec(&empty).expect("encode"), bytes);
    assert_eq!(
        msgpack::from_slice::<Config>(&bytes).expect("decode"),
        empty
    );
    let text = json::value_to_string(&value, &implied::<Config>()).expect("encode");
    assert_eq!(json::to_string(&empty).expect("encode"), text);
    assert_eq!(
        json::from_slice::<Config>(text.as_bytes()).expect("decode"),
        empty
    );

    // A null block is an untyped null: msgpack nil, JSON null (or absent).
    let none = Sparse {
        setting: None,
        by_key: None,
    };
    let value = obj([
        ("setting", Value::Null(Type::Dynamic)),
        ("by_key", Value::Null(Type::Dynamic)),
    ]);
    assert_eq!(none.to_value(), value);
    let bytes = msgpack::value_to_vec(&value, &implied::<Sparse>()).expect("encode");
    assert_eq!(msgpack::to_vec(&none).expect("encode"), bytes);
    assert_eq!(msgpack::from_slice::<Sparse>(&bytes).expect("decode"), none);
    let text = json::to_string(&none).expect("encode");
    assert_eq!(text, r#"{"by_key":null,"setting":null}"#);
    assert_eq!(
        json::from_slice::<Sparse>(text.as_bytes()).expect("decode"),
        none
    );
    assert_eq!(json::from_slice::<Sparse>(b"{}").expect("decode"), none);
    assert_eq!(Sparse::from_value(value).expect("from_value"), none);

    // A null list block where one is required.
    let err = msgpack::from_slice::<Config>(
        &msgpack::value_to_vec(
            &obj([
                ("id", Value::string("c3")),
                ("setting", Value::Null(Type::Dynamic)),
                ("by_key", Value::Object(BTreeMap::new())),
            ]),
            &implied::<Config>(),
        )
        .expect("encode"),
    )
    .expect_err("null");
    assert_eq!(err.path_string(), ".setting", "{err}");
}

#[test]
fn unknown_blocks_in_the_plan_view() {
    // Wholly unknown: Terraform sends an unknown of type dynamic.
    let value = obj([
        ("id", Value::unknown(Type::String)),
        ("setting", Value::unknown(Type::Dynamic)),
        ("by_key", Value::unknown(Type::Dynamic)),
    ]);
    let bytes = msgpack::value_to_vec(&value, &implied::<Config>()).expect("encode");
    let plan: ConfigPlan = msgpack::from_slice(&bytes).expect("decode");
    assert_eq!(plan.id, Unknown::Unknown);
    assert_eq!(plan.setting, Unknown::Unknown);
    assert_eq!(plan.by_key, Unknown::Unknown);
    assert_eq!(msgpack::to_vec(&plan).expect("encode"), bytes);
    assert_eq!(plan.to_value(), value);
    assert_eq!(ConfigPlan::from_value(value).expect("from_value"), plan);

    // Known blocks with unknown parts: an unknown name and an unknown
    // dynamic value in the first element, the second element unknown.
    let elem_ty = Type::object([("name", Type::String), ("value", Type::Dynamic)]);
    let value = obj([
        ("id", Value::string("c1")),
        (
            "setting",
            Value::Tuple(vec![
                obj([
                    ("name", Value::unknown(Type::String)),
                    ("value", Value::unknown(Type::Dynamic)),
                ]),
                Value::unknown(elem_ty.clone()),
            ]),
        ),
        ("by_key", obj([("k", Value::unknown(elem_ty))])),
    ]);
    let bytes = msgpack::value_to_vec(&value, &implied::<Config>()).expect("encode");
    let plan: ConfigPlan = msgpack::from_slice(&bytes).expect("decode");
    let Unknown::Known(items) = &plan.setting else {
        panic!("setting unknown: {plan:?}");
    };
    assert_eq!(items.len(), 2);
    let Unknown::Known(first) = &items[0] else {
        panic!("first element unknown: {plan:?}");
    };
    assert_eq!(first.name, Unknown::Unknown);
    assert_eq!(first.value, Value::unknown(Type::Dynamic));
    assert_eq!(items[1], Unknown::Unknown);
    let Unknown::Known(by_key) = &plan.by_key else {
        panic!("by_key unknown: {plan:?}");
    };
    assert_eq!(by_key.get("k"), Some(&Unknown::Unknown));
    assert_eq!(msgpack::to_vec(&plan).expect("encode"), bytes);
    assert_eq!(plan.to_value(), value);

    // The struct itself needs known values.
    let err = msgpack::from_slice::<Config>(&bytes).expect_err("unknown");
    assert_eq!(err.kind(), tfschema::ErrorKind::Unknown, "{err}");
}

#[test]
fn decode_errors_name_the_path() {
    let mut value = sample_value();
    let Value::Object(attrs) = &mut value else {
        unreachable!()
    };
    attrs.insert(
        "setting".to_owned(),
        Value::Tuple(vec![
            obj([
                ("name", Value::string("a")),
                ("value", Value::Null(Type::Dynamic)),
            ]),
            obj([("name", Value::Bool(true)), ("value", Value::number(1))]),
        ]),
    );
    let ty = implied::<Config>();
    let bytes = msgpack::value_to_vec(&value, &ty).expect("encode");
    let err = msgpack::from_slice::<Config>(&bytes).expect_err("a bool name");
    assert_eq!(err.path_string(), ".setting[1].name", "{err}");
    let text = json::value_to_string(&value, &ty).expect("encode");
    let err = json::from_slice::<Config>(text.as_bytes()).expect_err("a bool name");
    assert_eq!(err.path_string(), ".setting[1].name", "{err}");

    // An element that misses an attribute, in the map block.
    let mut value = sample_value();
    let Value::Object(attrs) = &mut value else {
        unreachable!()
    };
    attrs.insert(
        "by_key".to_owned(),
        obj([("k", obj([("value", Value::number(1))]))]),
    );
    let bytes = msgpack::value_to_vec(&value, &ty).expect("encode");
    let err = msgpack::from_slice::<Config>(&bytes).expect_err("name missing");
    let path: Vec<&PathStep> = err.path().collect();
    assert_eq!(
        path,
        [
            &PathStep::Attr("by_key".to_owned()),
            &PathStep::Key("k".to_owned()),
            &PathStep::Attr("name".to_owned()),
        ],
        "{err}"
    );

    // A list where the tuple belongs is still read (go-cty converts it).
    let mut value = sample_value();
    let Value::Object(attrs) = &mut value else {
        unreachable!()
    };
    let setting_ty = Type::object([("name", Type::String), ("value", Type::String)]);
    attrs.insert(
        "setting".to_owned(),
        Value::List(
            setting_ty,
            vec![obj([
                ("name", Value::string("a")),
                ("value", Value::string("x")),
            ])],
        ),
    );
    let bytes = msgpack::value_to_vec(&value, &ty).expect("encode");
    let back = msgpack::from_slice::<Config>(&bytes).expect("decode a list");
    assert_eq!(back.setting, vec![setting("a", Value::string("x"))]);
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Checked {
    #[tf(validate(length(min = 2)))]
    name: String,
    value: Value,
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Layered {
    #[tf(block)]
    by_key: HashMap<String, Checked>,
    /// A list block whose element has a dynamic list block itself.
    #[tf(block)]
    outer: Vec<Config>,
}

#[test]
fn validation_paths_go_through_the_tuple_and_object() {
    let value = obj([
        (
            "by_key",
            obj([(
                "k",
                obj([("name", Value::string("x")), ("value", Value::number(1))]),
            )]),
        ),
        ("outer", Value::Tuple(vec![sample_value()])),
    ]);
    let diags = Layered::validate_value(&value);
    let paths: Vec<String> = diags
        .iter()
        .map(|d| {
            d.path
                .iter()
                .map(|s| match s {
                    PathStep::Attr(a) => format!(".{a}"),
                    PathStep::Key(k) => format!("[{k:?}]"),
                    PathStep::Index(i) => format!("[{i}]"),
                })
                .collect()
        })
        .collect();
    assert_eq!(paths, [r#".by_key["k"].name"#], "{diags:?}");
}

#[test]
fn hash_map_and_nested_dynamic_blocks() {
    let layered = Layered {
        by_key: HashMap::from([(
            "k".to_owned(),
            Checked {
                name: "xy".to_owned(),
                value: Value::number(1),
            },
        )]),
        outer: vec![sample()],
    };
    let value = obj([
        (
            "by_key",
            obj([(
                "k",
                obj([("name", Value::string("xy")), ("value", Value::number(1))]),
            )]),
        ),
        ("outer", Value::Tuple(vec![sample_value()])),
    ]);
    assert_eq!(layered.to_value(), value);
    let ty = implied::<Layered>();
    let bytes = msgpack::value_to_vec(&value, &ty).expect("encode");
    assert_eq!(msgpack::to_vec(&layered).expect("encode"), bytes);
    assert_eq!(
        msgpack::from_slice::<Layered>(&bytes).expect("decode"),
        layered
    );
    let text = json::value_to_string(&value, &ty).expect("encode");
    assert_eq!(json::to_string(&layered).expect("encode"), text);
    assert_eq!(
        json::from_slice::<Layered>(text.as_bytes()).expect("decode"),
        layered
    );
    let plan: LayeredPlan = msgpack::from_slice(&bytes).expect("decode the plan view");
    assert_eq!(msgpack::to_vec(&plan).expect("encode the plan view"), bytes);
}
