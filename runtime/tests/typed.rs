//! The typed codecs (std types and tfschema's wrappers) against the dynamic
//! codec, which the go-cty corpus pins: same bytes, same JSON, and values
//! that come back equal.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::Debug;

use tfschema::{
    json, msgpack, ErrorKind, FromValue, Number, NumberBound, Refined, Refinements, Sensitive, Set,
    TfDecode, TfEncode, Unknown, Value,
};

/// Typed msgpack equals dynamic msgpack of `to_value()`; decoding gives the
/// value back; JSON likewise where JSON can hold the value.
fn check<T>(value: T)
where
    T: TfEncode + for<'de> TfDecode<'de> + FromValue + PartialEq + Debug,
{
    let ty = T::tf_type();
    let dynamic = value.to_value();
    let typed_bytes = msgpack::to_vec(&value).expect("typed encode");
    let dynamic_bytes = msgpack::value_to_vec(&dynamic, &ty).expect("dynamic encode");
    assert_eq!(
        hex::encode(&typed_bytes),
        hex::encode(&dynamic_bytes),
        "{value:?}"
    );
    let back: T = msgpack::from_slice(&typed_bytes).expect("typed decode");
    assert_eq!(back, value);
    let from_dynamic = msgpack::value_from_slice(&typed_bytes, &ty).expect("dynamic decode");
    assert_eq!(T::from_value(from_dynamic).expect("from_value"), value);
    if dynamic.is_wholly_known() {
        let text = json::to_string(&value).expect("typed json");
        assert_eq!(
            text,
            json::value_to_string(&dynamic, &ty).expect("dynamic json")
        );
        let back: T = json::from_slice(text.as_bytes()).expect("typed json decode");
        assert_eq!(back, value);
    } else {
        let err = json::to_string(&value).expect_err("unknown in JSON");
        assert_eq!(err.kind(), ErrorKind::Unknown);
    }
}

#[test]
fn primitives_match_the_dynamic_codec() {
    for v in [0i64, 1, -1, 127, 128, 200, -200, 65536, i64::MIN, i64::MAX] {
        check(v);
    }
    check(u64::MAX); // written as decimal text, as go-cty
    check(255u8);
    check(-3i8);
    check(i128::MAX);
    check(u128::MAX);
    for v in [0.5f64, -1.5, 0.1, 1e20, 3.0, f64::MIN_POSITIVE, 123456.789] {
        check(v);
    }
    check(0.25f32);
    check(Number::parse("0.1").expect("number"));
    check(Number::parse("1e400").expect("number"));
    check(true);
    check(String::from("héllo"));
    check(Box::<str>::from("x"));
    check(Some(String::from("x")));
    check(None::<String>);
    check(vec![1i64, 2, 3]);
    check(Vec::<String>::new());
    check(BTreeMap::from([
        ("b".to_string(), 1i64),
        ("a".to_string(), 2),
    ]));
    check(HashMap::from([
        ("z".to_string(), true),
        ("é".to_string(), false),
        ("A".to_string(), true),
    ]));
    check(BTreeSet::from(["c".to_string(), "a".to_string()]));
    check(HashSet::from([10i64, 9, -1]));
    check(("a".to_string(), 1i64, true));
    check(Value::object([("x", Value::from(1))]));
    check(Sensitive(String::from("hunter2")));
}

#[test]
fn unknown_and_refined() {
    check(Unknown::<String>::Unknown);
    check(Unknown::Known(String::from("a")));
    check(Unknown::<Option<String>>::Known(None));
    check(vec![Unknown::Known(1i64), Unknown::Unknown]);
    let r = Refinements {
        not_null: true,
        string_prefix: "ami-".into(),
        ..Refinements::default()
    };
    check(Refined::<String>::Unknown(r.clone()));
    // The bytes are go-cty's (vector refined/string/not-null-prefix shape).
    assert_eq!(
        hex::encode(msgpack::to_vec(&Refined::<String>::Unknown(r)).expect("encode")),
        "c7090c8201c202a4616d692d"
    );
    let bounds = Refinements {
        number_lower: Some(NumberBound {
            value: Number::from_i64(0),
            inclusive: true,
        }),
        ..Refinements::default()
    };
    check(Refined::<i64>::Unknown(bounds));
    // Unknown<T> drops refinements.
    let u: Unknown<String> =
        msgpack::from_slice(&hex::decode("c7090c8201c202a4616d692d").expect("hex"))
            .expect("decode");
    assert_eq!(u, Unknown::Unknown);
    // A "definitely null" refinement is a known null.
    let n: Unknown<Option<String>> =
        msgpack::from_slice(&[0xc7, 0x03, 0x0c, 0x81, 0x01, 0xc3]).expect("decode");
    assert_eq!(n, Unknown::Known(None));
}

#[test]
fn sets_merge_and_write_in_go_cty_order() {
    let set: Set<String> = vec!["b".to_string(), "a".to_string(), "b".to_string()].into();
    assert_eq!(set.len(), 2);
    assert_eq!(
        hex::encode(msgpack::to_vec(&set).expect("encode")),
        "92a161a162"
    );
    let set: Set<Unknown<String>> = vec![
        Unknown::Unknown,
        Unknown::Known("z".into()),
        Unknown::Unknown,
    ]
    .into();
    assert_eq!(set.len(), 3, "unknowns never merge");
    assert_eq!(
        hex::encode(msgpack::to_vec(&set).expect("encode")),
        "93a17ad40000d40000"
    );
    check(set);
    let numbers: Set<f64> = vec![1.0, 1.0, 0.5].into();
    assert_eq!(numbers.len(), 2);
    check(numbers);
}

#[test]
fn null_and_unknown_errors_say_what_to_use() {
    let err = msgpack::from_slice::<String>(&[0xc0]).expect_err("null");
    assert!(err.to_string().contains("use Option<T>"), "{err}");
    let err = msgpack::from_slice::<i64>(&[0xd4, 0, 0]).expect_err("unknown");
    assert_eq!(err.kind(), ErrorKind::Unknown);
    assert!(err.to_string().contains("use Unknown<T>"), "{err}");
    let err =
        msgpack::from_slice::<Vec<String>>(&[0x92, 0xa1, b'a', 0xc0]).expect_err("null element");
    assert_eq!(err.path_string(), "[1]");
    let err = msgpack::from_slice::<u8>(&[0xcd, 0x01, 0x00]).expect_err("range");
    assert!(err.to_string().contains("256 does not fit u8"), "{err}");
    let err =
        msgpack::from_slice::<i64>(&[0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0]).expect_err("fraction");
    assert!(err.to_string().contains("does not fit"), "{err}");
    let err = json::from_slice::<BTreeMap<String, i64>>(br#"{"a": 1, "a": 2}"#).expect_err("dup");
    assert!(err.to_string().contains("duplicate map key"), "{err}");
    let err = msgpack::from_slice::<f64>(&[0xcb, 0x7f, 0xf8, 0, 0, 0, 0, 0, 1]).expect_err("NaN");
    assert_eq!(err.kind(), ErrorKind::Invalid);
    assert!(msgpack::to_vec(&f64::NAN).is_err());
}

#[test]
fn borrowed_strings_point_into_the_input() {
    let input = msgpack::to_vec(&vec!["alpha".to_string(), "beta".to_string()]).expect("encode");
    let strs: Vec<&str> = msgpack::from_slice(&input).expect("decode");
    let range = input.as_ptr_range();
    for s in &strs {
        assert!(range.contains(&s.as_ptr()), "{s} was copied");
    }
    let cows: Vec<Cow<'_, str>> = msgpack::from_slice(&input).expect("decode");
    assert!(cows.iter().all(|c| matches!(c, Cow::Borrowed(_))));
    // NFD cannot be borrowed, but Cow normalises it.
    let nfd = [0x91, 0xa3, 0x65, 0xcc, 0x81];
    assert!(msgpack::from_slice::<Vec<&str>>(&nfd).is_err());
    let cows: Vec<Cow<'_, str>> = msgpack::from_slice(&nfd).expect("decode");
    assert_eq!(cows[0], "\u{e9}");
    // JSON borrows too, when the string has no escapes.
    let text = br#"["plain"]"#;
    let strs: Vec<&str> = json::from_slice(text).expect("decode");
    assert!(text.as_ptr_range().contains(&strs[0].as_ptr()));
    assert!(json::from_slice::<Vec<&str>>(br#"["a\nb"]"#).is_err());
}

#[test]
fn json_reads_leniently_like_go_cty() {
    assert_eq!(json::from_slice::<i64>(br#""5""#).expect("n"), 5);
    assert_eq!(json::from_slice::<String>(b"5").expect("s"), "5");
    assert_eq!(json::from_slice::<String>(b"true").expect("s"), "true");
    assert!(json::from_slice::<bool>(br#""1""#).expect("b"));
    assert!(json::from_slice::<bool>(br#""yes""#).is_err());
}
