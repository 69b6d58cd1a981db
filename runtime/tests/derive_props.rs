//! Property tests: random instances of rich derived models round-trip
//! through msgpack and JSON, with the derived bytes equal to the dynamic
//! codec's, the dynamic decoder and `from_value` agreeing, and the plan view
//! reading and rewriting the same bytes.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Debug;

use proptest::prelude::*;
use tfschema::{
    json, msgpack, FromValue, Number, NumberBound, Refined, Refinements, Set, TfDecode, TfEncode,
    TfSchema, TfType, TfValue, Unknown,
};

/// An ingress rule (a list block).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Rule {
    from_port: u16,
    to_port: u16,
    cidrs: Vec<String>,
    #[tf(optional, computed)]
    description: Unknown<Option<String>>,
}

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Timeouts {
    create: Option<String>,
    delete: Option<String>,
}

/// A network interface (nested attributes).
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Nic {
    subnet_id: String,
    #[tf(computed)]
    private_ip: Refined<String>,
}

/// A resource with a bit of everything.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Server {
    name: String,
    count: Option<i64>,
    port: u16,
    ratio: Option<f64>,
    big: Option<Number>,
    #[tf(computed)]
    id: Unknown<String>,
    #[tf(computed)]
    arn: Refined<String>,
    #[tf(optional, computed)]
    tags: Unknown<Option<BTreeMap<String, String>>>,
    labels: Option<HashMap<String, i64>>,
    groups: Option<Set<String>>,
    pair: Option<(String, bool)>,
    #[tf(block)]
    rules: Vec<Rule>,
    #[tf(block)]
    timeouts: Option<Timeouts>,
    #[tf(block)]
    origins: BTreeMap<String, Timeouts>,
    #[tf(nested)]
    nics: Option<Vec<Nic>>,
    #[tf(nested)]
    nic_set: Option<Set<Nic>>,
}

/// NFC text (precomposed characters only), with characters JSON escapes.
fn text() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 _.éü日本🦀\"\\\\\n\t-]{0,12}"
}

fn finite_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<i32>().prop_map(f64::from),
        prop::num::f64::NORMAL | prop::num::f64::SUBNORMAL | prop::num::f64::ZERO,
    ]
}

fn number() -> impl Strategy<Value = Number> {
    prop_oneof![
        any::<i64>().prop_map(Number::from_i64),
        "-?[0-9]{1,30}(\\.[0-9]{1,20})?(e-?[0-9]{1,3})?"
            .prop_map(|t| Number::parse(&t).expect("decimal text")),
    ]
}

fn unknown<T: Debug + Clone>(s: impl Strategy<Value = T>) -> impl Strategy<Value = Unknown<T>> {
    prop_oneof![1 => Just(Unknown::Unknown), 3 => s.prop_map(Unknown::Known)]
}

fn string_refinements() -> impl Strategy<Value = Refinements> {
    (any::<bool>(), "[a-z:-]{0,8}").prop_map(|(not_null, prefix)| Refinements {
        not_null,
        string_prefix: prefix,
        ..Refinements::default()
    })
}

fn refined_string() -> impl Strategy<Value = Refined<String>> {
    prop_oneof![
        1 => string_refinements().prop_map(Refined::Unknown),
        3 => text().prop_map(Refined::Known),
    ]
}

fn rule() -> impl Strategy<Value = Rule> {
    (
        any::<u16>(),
        any::<u16>(),
        prop::collection::vec(text(), 0..3),
        unknown(prop::option::of(text())),
    )
        .prop_map(|(from_port, to_port, cidrs, description)| Rule {
            from_port,
            to_port,
            cidrs,
            description,
        })
}

fn timeouts() -> impl Strategy<Value = Timeouts> {
    (prop::option::of(text()), prop::option::of(text()))
        .prop_map(|(create, delete)| Timeouts { create, delete })
}

fn nic() -> impl Strategy<Value = Nic> {
    (text(), refined_string()).prop_map(|(subnet_id, private_ip)| Nic {
        subnet_id,
        private_ip,
    })
}

fn server() -> impl Strategy<Value = Server> {
    let scalars = (
        text(),
        prop::option::of(any::<i64>()),
        any::<u16>(),
        prop::option::of(finite_f64()),
        prop::option::of(number()),
        unknown(text()),
        refined_string(),
        unknown(prop::option::of(prop::collection::btree_map(
            text(),
            text(),
            0..4,
        ))),
    );
    let collections = (
        prop::option::of(prop::collection::hash_map(text(), any::<i64>(), 0..4)),
        prop::option::of(prop::collection::vec(text(), 0..4).prop_map(Set::from)),
        prop::option::of((text(), any::<bool>())),
        prop::collection::vec(rule(), 0..3),
        prop::option::of(timeouts()),
        prop::collection::btree_map(text(), timeouts(), 0..3),
        prop::option::of(prop::collection::vec(nic(), 0..3)),
        prop::option::of(prop::collection::vec(nic(), 0..3).prop_map(Set::from)),
    );
    (scalars, collections).prop_map(
        |(
            (name, count, port, ratio, big, id, arn, tags),
            (labels, groups, pair, rules, timeouts, origins, nics, nic_set),
        )| Server {
            name,
            count,
            port,
            ratio,
            big,
            id,
            arn,
            tags,
            labels,
            groups,
            pair,
            rules,
            timeouts,
            origins,
            nics,
            nic_set,
        },
    )
}

/// Also: numbers with bounds as refinements of a computed number.
#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Sizing {
    #[tf(computed)]
    size: Refined<i64>,
    #[tf(optional, computed)]
    weights: Unknown<Option<Vec<Unknown<f64>>>>,
}

fn sizing() -> impl Strategy<Value = Sizing> {
    let bounds = (any::<bool>(), prop::option::of(any::<i32>()), any::<bool>()).prop_map(
        |(not_null, lower, inclusive)| Refinements {
            not_null,
            number_lower: lower.map(|v| NumberBound {
                value: Number::from_i64(v.into()),
                inclusive,
            }),
            ..Refinements::default()
        },
    );
    let size = prop_oneof![
        bounds.prop_map(Refined::Unknown),
        any::<i64>().prop_map(Refined::Known)
    ];
    let weights = unknown(prop::option::of(prop::collection::vec(
        unknown(finite_f64()),
        0..4,
    )));
    (size, weights).prop_map(|(size, weights)| Sizing { size, weights })
}

fn round_trip<T>(value: &T) -> Result<(), TestCaseError>
where
    T: TfEncode + for<'de> TfDecode<'de> + FromValue + PartialEq + Debug,
{
    let ty = T::tf_type();
    let bytes = msgpack::to_vec(value).expect("encode");
    let dynamic = msgpack::value_to_vec(&value.to_value(), &ty).expect("dynamic encode");
    prop_assert_eq!(&bytes, &dynamic);
    let back: T = msgpack::from_slice(&bytes).expect("decode");
    prop_assert_eq!(&back, value);
    let read = msgpack::value_from_slice(&bytes, &ty).expect("dynamic decode");
    prop_assert_eq!(&T::from_value(read).expect("from_value"), value);
    if value.to_value().is_wholly_known() {
        let text = json::to_string(value).expect("json");
        let dynamic_text =
            json::value_to_string(&value.to_value(), &ty).expect("dynamic json encode");
        prop_assert_eq!(&text, &dynamic_text);
        let back: T = json::from_slice(text.as_bytes()).expect("json decode");
        prop_assert_eq!(&back, value);
    } else {
        prop_assert!(json::to_string(value).is_err());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn servers_round_trip(value in server()) {
        round_trip(&value)?;
        // The plan view reads the apply view's bytes and writes them back.
        let bytes = msgpack::to_vec(&value).expect("encode");
        let plan: ServerPlan = msgpack::from_slice(&bytes).expect("plan decode");
        prop_assert_eq!(msgpack::to_vec(&plan).expect("plan encode"), bytes);
    }

    #[test]
    fn rules_round_trip(value in rule()) {
        round_trip(&value)?;
    }

    #[test]
    fn sizings_round_trip(value in sizing()) {
        round_trip(&value)?;
    }

    /// Any text, NFD included: the bytes are the dynamic codec's and a
    /// second round trip changes nothing (the first normalises to NFC).
    #[test]
    fn any_text_reaches_a_fixpoint(name in "\\PC{0,16}", cidr in "\\PC{0,8}") {
        let value = Rule {
            from_port: 1,
            to_port: 2,
            cidrs: vec![cidr],
            description: Unknown::Known(Some(name)),
        };
        let bytes = msgpack::to_vec(&value).expect("encode");
        let dynamic =
            msgpack::value_to_vec(&value.to_value(), &Rule::tf_type()).expect("dynamic encode");
        prop_assert_eq!(&bytes, &dynamic);
        let back: Rule = msgpack::from_slice(&bytes).expect("decode");
        prop_assert_eq!(msgpack::to_vec(&back).expect("re-encode"), bytes);
        let text = json::to_string(&value).expect("json");
        let back: Rule = json::from_slice(text.as_bytes()).expect("json decode");
        prop_assert_eq!(json::to_string(&back).expect("json re-encode"), text);
    }
}
