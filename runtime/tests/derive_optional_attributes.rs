//! `#[tf(optional_attributes)]`: a struct used as an attribute's object type
//! marks its optional attributes optional, as plugin-go's
//! `tftypes.Object{OptionalAttributes}` and Terraform's type constraint
//! `["object",{"a":"string"},["a"]]` do. Checked against go-cty's vectors
//! (`shared/conformance/cty/encode.jsonl`, `object/optional-attrs/*`): the
//! type's JSON, and the msgpack of a value with all attributes set and with
//! the optional ones null.

use tfschema::{msgpack, Number, TfSchema, TfType, TfValue, Type};

/// `["object",{"a":"string","b":"number","c":"bool"},["b","c"]]`.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
#[tf(optional_attributes)]
struct Abc {
    a: String,
    b: Option<Number>,
    c: Option<bool>,
}

/// The same struct without the flag: a plain object type.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Plain {
    a: String,
    b: Option<Number>,
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Resource {
    shape: Option<Abc>,
    shapes: Option<Vec<Abc>>,
    plain: Option<Plain>,
}

const GO_CTY_TYPE: &str = r#"["object",{"a":"string","b":"number","c":"bool"},["b","c"]]"#;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn the_object_type_marks_the_optional_attributes() {
    let want: Type = GO_CTY_TYPE.parse().expect("go-cty's type");
    assert_eq!(Abc::tf_type(), want);
    assert_eq!(Abc::tf_type().to_json(), GO_CTY_TYPE);
    assert_eq!(
        Plain::tf_type().to_json(),
        r#"["object",{"a":"string","b":"number"}]"#
    );
    // In the schema, as the attribute's type (and inside a collection).
    let block = Resource::block();
    let ty = |name: &str| {
        block
            .attributes
            .iter()
            .find(|a| a.name == name)
            .expect("attribute")
            .ty
            .implied_type()
            .to_json()
    };
    assert_eq!(ty("shape"), GO_CTY_TYPE);
    assert_eq!(ty("shapes"), format!("[\"list\",{GO_CTY_TYPE}]"));
    // The struct's own block is a block: Terraform's blocks mark nothing.
    assert!(Abc::block().implied_type().to_json().ends_with("}]"));
}

#[test]
fn values_travel_as_go_cty_writes_them() {
    // object/optional-attrs/all-set
    let all = Abc {
        a: "x".into(),
        b: Some(Number::from(1)),
        c: Some(true),
    };
    let bytes = msgpack::to_vec(&all).expect("encode");
    assert_eq!(hex(&bytes), "83a161a178a16201a163c3");
    assert_eq!(msgpack::from_slice::<Abc>(&bytes).expect("decode"), all);
    // object/optional-attrs/missing: the optional attributes null.
    let missing = Abc {
        a: "x".into(),
        b: None,
        c: None,
    };
    let bytes = msgpack::to_vec(&missing).expect("encode");
    assert_eq!(hex(&bytes), "83a161a178a162c0a163c0");
    assert_eq!(msgpack::from_slice::<Abc>(&bytes).expect("decode"), missing);
    // The dynamic codec, with go-cty's type, reads the same bytes.
    let want: Type = GO_CTY_TYPE.parse().expect("go-cty's type");
    let value = msgpack::value_from_slice(&bytes, &want).expect("dynamic decode");
    assert_eq!(
        msgpack::value_to_vec(&value, &want).expect("dynamic encode"),
        bytes
    );
}

#[test]
fn a_model_holding_them_round_trips_in_both_codecs_and_its_plan_view() {
    use tfschema::{FromValue, TfEncode, Unknown};
    let shape = Abc {
        a: "x".into(),
        b: None,
        c: Some(false),
    };
    let r = Resource {
        shape: Some(shape.clone()),
        shapes: Some(vec![shape.clone()]),
        plain: None,
    };
    let bytes = msgpack::to_vec(&r).expect("encode");
    assert_eq!(msgpack::from_slice::<Resource>(&bytes).expect("decode"), r);
    let text = tfschema::json::to_string(&r).expect("json");
    assert_eq!(
        text,
        r#"{"plain":null,"shape":{"a":"x","b":null,"c":false},"shapes":[{"a":"x","b":null,"c":false}]}"#
    );
    assert_eq!(
        tfschema::json::from_slice::<Resource>(text.as_bytes()).expect("json decode"),
        r
    );
    assert_eq!(Resource::from_value(r.to_value()).expect("from value"), r);
    let plan: ResourcePlan = msgpack::from_slice(&bytes).expect("plan view");
    let planned = match plan.shape {
        Unknown::Known(Some(shape)) => Some(shape),
        _ => None,
    }
    .expect("the shape is known");
    assert_eq!(planned.a, Unknown::Known("x".to_owned()));
    assert_eq!(planned.c, Unknown::Known(Some(false)));
}

/// Some attributes optional: `["object",{"a":"string","b":"number","c":"bool"},["b"]]`.
/// Every field is an `Option` (an object's attributes may be null), and
/// the named ones are marked; `type` by its Terraform name, `c` through an
/// alias whose nullability the compiler checks.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
#[tf(optional_attributes("b", "type"))]
struct Some2 {
    a: Option<String>,
    b: Option<Number>,
    c: Option<bool>,
    #[tf(rename = "type")]
    kind: MaybeString,
}

type MaybeString = Option<String>;

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct HoldsSome {
    some: Option<Some2>,
}

#[test]
fn named_optional_attributes_are_the_only_ones_marked() {
    let want = r#"["object",{"a":"string","b":"number","c":"bool","type":"string"},["b","type"]]"#;
    assert_eq!(Some2::tf_type().to_json(), want);
    assert_eq!(want.parse::<Type>().expect("the type"), Some2::tf_type());
    let block = HoldsSome::block();
    assert_eq!(block.attributes[0].ty.implied_type().to_json(), want);
    // The values: every attribute present, null when left out.
    let v = Some2 {
        a: None,
        b: Some(Number::from(1)),
        c: None,
        kind: None,
    };
    let bytes = msgpack::to_vec(&v).expect("encode");
    assert_eq!(hex(&bytes), "84a161c0a16201a163c0a474797065c0");
    assert_eq!(msgpack::from_slice::<Some2>(&bytes).expect("decode"), v);
}
