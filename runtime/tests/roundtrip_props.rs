//! Property tests over random types and values (issue 2, "Tests that must
//! exist"): msgpack and JSON round trips, and decoders that never panic on
//! mutated input.
//!
//! The default case counts keep the file fast in debug builds; set
//! `PROPTEST_CASES` to run more (e.g. `PROPTEST_CASES=5000 cargo test
//! --test roundtrip_props`).

use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::Config;
use tfschema::{json, msgpack, Number, NumberBound, ObjectType, Refinements, Type, Value};

// ---------------------------------------------------------------------------
// Configuration

/// `PROPTEST_CASES` when set, else `default`.
fn config(default: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default);
    Config {
        cases,
        // Failures are minimised and printed; no regression files are
        // written into the source tree.
        failure_persistence: None,
        ..Config::default()
    }
}

// ---------------------------------------------------------------------------
// Types

/// Attribute names: sorted and distinct once collected into the object's
/// map. Includes names that JSON escapes and a non-ASCII (NFC) one.
const ATTR_NAMES: &[&str] = &[
    "a", "b", "id", "name", "port", "rule", "tags", "x-y", "a_b", "Z", "ü", "<&>", "",
];

fn attr_name() -> impl Strategy<Value = String> {
    prop::sample::select(ATTR_NAMES).prop_map(str::to_owned)
}

/// Random types: every kind, nested at most a few levels, small objects and
/// tuples.
fn any_type() -> BoxedStrategy<Type> {
    type_tree(true, 4, 24)
}

/// Random types without `dynamic` anywhere: what a dynamic slot inside a
/// collection holds (a collection's elements share one concrete type).
fn concrete_type(depth: u32) -> BoxedStrategy<Type> {
    type_tree(false, depth, 8)
}

fn type_tree(dynamic: bool, depth: u32, size: u32) -> BoxedStrategy<Type> {
    let leaf = if dynamic {
        prop_oneof![
            Just(Type::String),
            Just(Type::Number),
            Just(Type::Bool),
            Just(Type::Dynamic),
        ]
        .boxed()
    } else {
        prop_oneof![Just(Type::String), Just(Type::Number), Just(Type::Bool)].boxed()
    };
    leaf.prop_recursive(depth, size, 4, |inner| {
        prop_oneof![
            inner.clone().prop_map(Type::list),
            inner.clone().prop_map(Type::set),
            inner.clone().prop_map(Type::map),
            prop::collection::btree_map(attr_name(), inner.clone(), 0..4)
                .prop_map(|attrs| Type::Object(Box::new(ObjectType::new(attrs)))),
            prop::collection::vec(inner, 0..4).prop_map(Type::Tuple),
        ]
    })
    .boxed()
}

/// A random type whose objects may mark some attributes optional (only type
/// JSON carries those).
fn any_type_with_optional() -> impl Strategy<Value = Type> {
    (any_type(), any::<u64>()).prop_map(|(ty, seed)| mark_optional(ty, seed))
}

fn mark_optional(ty: Type, seed: u64) -> Type {
    match ty {
        Type::List(e) => Type::list(mark_optional(*e, seed.rotate_left(7))),
        Type::Set(e) => Type::set(mark_optional(*e, seed.rotate_left(11))),
        Type::Map(e) => Type::map(mark_optional(*e, seed.rotate_left(13))),
        Type::Tuple(elems) => Type::Tuple(
            elems
                .into_iter()
                .enumerate()
                .map(|(i, t)| mark_optional(t, seed.rotate_left(i as u32 + 3)))
                .collect(),
        ),
        Type::Object(o) => {
            let attrs: Vec<(String, Type)> = o
                .attrs()
                .iter()
                .enumerate()
                .map(|(i, (k, t))| {
                    (
                        k.clone(),
                        mark_optional(t.clone(), seed.rotate_left(i as u32 + 17)),
                    )
                })
                .collect();
            let optional: Vec<String> = attrs
                .iter()
                .enumerate()
                .filter(|(i, _)| seed >> (i % 64) & 1 == 1)
                .map(|(_, (k, _))| k.clone())
                .collect();
            let object = ObjectType::new(attrs)
                .with_optional(optional)
                .expect("optional names are attributes");
            Type::Object(Box::new(object))
        }
        other => other,
    }
}

// ---------------------------------------------------------------------------
// Numbers and strings

/// Decimal text: integer part, optional fraction, optional exponent.
fn decimal_text() -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        "[0-9]{1,25}",
        prop::option::of("[0-9]{1,25}"),
        prop::option::of(-320i32..320),
    )
        .prop_map(|(neg, int, frac, exp)| {
            let mut s = String::new();
            if neg {
                s.push('-');
            }
            s.push_str(&int);
            if let Some(frac) = frac {
                s.push('.');
                s.push_str(&frac);
            }
            if let Some(exp) = exp {
                s.push_str(&format!("e{exp}"));
            }
            s
        })
}

/// Numbers of every origin: i64, u64, f64 (incl. -0, subnormals and, when
/// `infinities`, the infinities), decimal text, huge integers, fixed tricky
/// values.
fn number(infinities: bool) -> BoxedStrategy<Number> {
    let finite = prop_oneof![
        3 => any::<i64>().prop_map(Number::from_i64),
        2 => (-1000i64..1000).prop_map(Number::from_i64),
        1 => any::<u64>().prop_map(Number::from_u64),
        3 => any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| Number::from_f64(f).expect("finite")),
        1 => any::<i128>().prop_map(Number::from),
        3 => decimal_text().prop_map(|s| Number::parse(&s).expect("generated decimal text")),
        1 => "[1-9][0-9]{20,200}".prop_map(|s| Number::parse(&s).expect("huge integer")),
        1 => prop::sample::select(vec![
            "0.1", "-0.1", "0.5", "1e-7", "123.456", "1e400", "-0", "5e-324",
            "1.7976931348623157e308", "9007199254740993", "18446744073709551616",
            "0.30000000000000004",
        ])
        .prop_map(|s| Number::parse(s).expect("fixed number text")),
    ];
    // Negative zero is left out: go-cty hashes it as "-0" in sets of
    // non-primitive elements, so `[[-0], [0]]` is a set of two elements
    // that msgpack writes as two equal `[0]`, which read back as one (see
    // the report; go-cty does the same).
    let finite = finite.prop_map(|n| {
        if n.is_sign_negative() && n == Number::from_i64(0) {
            Number::from_i64(0)
        } else {
            n
        }
    });
    if infinities {
        prop_oneof![
            20 => finite,
            1 => any::<bool>().prop_map(Number::infinity),
        ]
        .boxed()
    } else {
        finite.boxed()
    }
}

/// Numbers whose decimal text is exact: integers and parsed text.
fn exact_number() -> impl Strategy<Value = Number> {
    prop_oneof![
        any::<i64>().prop_map(Number::from_i64),
        any::<u64>().prop_map(Number::from_u64),
        any::<i128>().prop_map(Number::from),
        decimal_text().prop_map(|s| Number::parse(&s).expect("generated decimal text")),
        "[1-9][0-9]{100,300}(\\.[0-9]{1,100})?"
            .prop_map(|s| Number::parse(&s).expect("long decimal text")),
        ("[1-9]{1,30}", -2000i32..2000)
            .prop_map(|(m, e)| Number::parse(&format!("{m}p{e}")).expect("binary exponent")),
    ]
}

/// Strings: ASCII, escapes, non-ASCII in both NFC and NFD spellings,
/// astral characters, random Unicode.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[a-z0-9 ._-]{0,12}",
        1 => prop::sample::select(vec![
            "Café", "Cafe\u{301}", "\u{e9}", "e\u{301}", "\u{212b}", "A\u{30a}", "한국어",
            "\u{1100}\u{1161}\u{11a8}", "🎉", "<a href=\"x\">&amp;</a>", "line\u{2028}sep",
            "tab\tnew\nline\r\u{0}\u{1f}\u{7f}", "\u{feff}bom", "ﬁ", "\u{344}",
        ])
        .prop_map(str::to_owned),
        2 => any::<String>().prop_map(|s| s.chars().take(12).collect()),
    ]
}

/// A string in Unicode NFC (the form the codecs keep).
fn nfc(s: String) -> String {
    match Value::string(s) {
        Value::String(s) => s,
        _ => unreachable!("Value::string makes a string"),
    }
}

// ---------------------------------------------------------------------------
// Values

/// Refinements that fit `ty` (dynamic takes none), with consistent bounds.
fn refinements_for(ty: &Type) -> BoxedStrategy<Refinements> {
    let not_null = any::<bool>();
    match ty {
        Type::String => (not_null, prop::option::of(text()))
            .prop_map(|(not_null, prefix)| Refinements {
                not_null,
                string_prefix: prefix.map(nfc).unwrap_or_default(),
                ..Refinements::default()
            })
            .boxed(),
        Type::Number => (
            not_null,
            prop::option::of((number(false), any::<bool>())),
            prop::option::of((number(false), any::<bool>())),
        )
            .prop_map(|(not_null, lo, hi)| {
                let mut r = Refinements {
                    not_null,
                    number_lower: lo.map(|(value, inclusive)| NumberBound { value, inclusive }),
                    number_upper: hi.map(|(value, inclusive)| NumberBound { value, inclusive }),
                    ..Refinements::default()
                };
                // Keep the bounds consistent: drop the upper one otherwise.
                if let (Some(lo), Some(hi)) = (&r.number_lower, &r.number_upper) {
                    let ok = if lo.inclusive && hi.inclusive {
                        lo.value <= hi.value
                    } else {
                        lo.value < hi.value
                    };
                    if !ok {
                        r.number_upper = None;
                    }
                }
                r
            })
            .boxed(),
        Type::List(_) | Type::Set(_) | Type::Map(_) => (
            not_null,
            prop_oneof![Just(0u64), 0u64..5, any::<u64>()],
            prop::option::of(prop_oneof![0u64..6, any::<u64>()]),
        )
            .prop_map(|(not_null, min, max)| Refinements {
                not_null,
                length_min: min,
                length_max: max.filter(|&m| m >= min),
                ..Refinements::default()
            })
            .boxed(),
        Type::Dynamic => Just(Refinements::default()).boxed(),
        Type::Bool | Type::Object(_) | Type::Tuple(_) => not_null
            .prop_map(|not_null| Refinements {
                not_null,
                ..Refinements::default()
            })
            .boxed(),
    }
}

/// Generation switches.
#[derive(Clone, Copy, Debug)]
struct Opts {
    /// Unknowns (possibly refined) may appear.
    unknowns: bool,
    /// Infinite numbers may appear.
    infinities: bool,
}

const ALL: Opts = Opts {
    unknowns: true,
    infinities: true,
};
const JSONABLE: Opts = Opts {
    unknowns: false,
    infinities: false,
};

/// A known, non-null value of `ty`, built canonically (NFC strings, merged
/// and ordered sets, element types as the decoders report them), so that
/// `decode(encode(v)) == v` is expected.
fn known_value(ty: &Type, opts: Opts, depth: u32) -> BoxedStrategy<Value> {
    let max_len = if depth >= 3 { 2 } else { 4 };
    match ty {
        Type::String => text().prop_map(Value::string).boxed(),
        Type::Number => number(opts.infinities).prop_map(Value::Number).boxed(),
        Type::Bool => any::<bool>().prop_map(Value::Bool).boxed(),
        Type::Dynamic => {
            // A value of a random type (or an untyped null); deeper down
            // only small types without dynamic, to bound the size.
            let ty = if depth < 2 {
                any_type()
            } else {
                concrete_type(1)
            };
            let inner = ty.prop_flat_map(move |ty| value(&ty, opts, depth + 1));
            prop_oneof![
                8 => inner,
                1 => Just(Value::Null(Type::Dynamic)),
            ]
            .boxed()
        }
        Type::List(elem) | Type::Set(elem) | Type::Map(elem) => {
            let kind = match ty {
                Type::List(_) => 0,
                Type::Set(_) => 1,
                _ => 2,
            };
            let declared = (**elem).clone();
            // A collection's elements share one type. For a `dynamic`
            // element type pick one concrete type for all of them; for an
            // element type with `dynamic` deeper inside, keep the elements
            // whose type is the first one's (go-cty cannot hold others).
            let items: BoxedStrategy<Type> = if declared == Type::Dynamic {
                concrete_type(if depth < 2 { 2 } else { 1 })
            } else {
                Just(declared.clone()).boxed()
            };
            items
                .prop_flat_map(move |concrete| {
                    let declared = declared.clone();
                    let item = value(&concrete, opts, depth + 1);
                    let keys = prop::collection::vec(text(), 0..=max_len);
                    (prop::collection::vec(item, 0..=max_len), keys).prop_map(
                        move |(mut items, keys)| {
                            if let Some(first) = items.first().map(Value::ty) {
                                items.retain(|v| v.ty() == first);
                            }
                            let elem_ty = element_type(&declared, &items);
                            match kind {
                                0 => Value::list(elem_ty, items),
                                1 => Value::set(elem_ty, items),
                                _ => {
                                    let map = Value::map(elem_ty, keys.into_iter().zip(items));
                                    let Value::Map(_, items) = map else {
                                        unreachable!("Value::map makes a map")
                                    };
                                    let values: Vec<Value> = items.values().cloned().collect();
                                    Value::Map(element_type(&declared, &values), items)
                                }
                            }
                        },
                    )
                })
                .boxed()
        }
        Type::Object(object) => {
            let attrs: Vec<(String, BoxedStrategy<Value>)> = object
                .attrs()
                .iter()
                .map(|(name, t)| (name.clone(), value(t, opts, depth + 1)))
                .collect();
            let names: Vec<String> = attrs.iter().map(|(n, _)| n.clone()).collect();
            let strategies: Vec<BoxedStrategy<Value>> = attrs.into_iter().map(|(_, s)| s).collect();
            strategies
                .prop_map(move |values| {
                    Value::Object(
                        names
                            .iter()
                            .cloned()
                            .zip(values)
                            .collect::<BTreeMap<_, _>>(),
                    )
                })
                .boxed()
        }
        Type::Tuple(elems) => {
            let strategies: Vec<BoxedStrategy<Value>> =
                elems.iter().map(|t| value(t, opts, depth + 1)).collect();
            strategies.prop_map(Value::Tuple).boxed()
        }
    }
}

/// The element type the decoders report: the elements' common type, or the
/// declared one when there are none.
fn element_type(declared: &Type, items: &[Value]) -> Type {
    items.first().map_or_else(|| declared.clone(), Value::ty)
}

/// Any value of `ty`: known, null, or (when allowed) an unknown with
/// refinements that fit, simplified as the decoders simplify them.
fn value(ty: &Type, opts: Opts, depth: u32) -> BoxedStrategy<Value> {
    let known = known_value(ty, opts, depth);
    let null = Just(Value::Null(ty.clone()));
    if opts.unknowns {
        let t = ty.clone();
        let unknown = refinements_for(ty).prop_map(move |r| Value::unknown_refined(t.clone(), r));
        prop_oneof![8 => known, 1 => null, 1 => unknown].boxed()
    } else {
        prop_oneof![8 => known, 1 => null].boxed()
    }
}

fn typed_value(opts: Opts) -> impl Strategy<Value = (Type, Value)> {
    any_type().prop_flat_map(move |ty| {
        let v = value(&ty, opts, 0);
        (Just(ty), v)
    })
}

// ---------------------------------------------------------------------------
// Helpers

/// Whether every number in `value` is an integer whose decimal text is
/// exact. (A float64 integer beyond 2^53 is written as its shortest 53-bit
/// text, which is another integer once read back.)
fn only_exact_integers(value: &Value) -> bool {
    match value {
        Value::Number(n) => {
            n.is_integer()
                && n.to_decimal_string()
                    .ok()
                    .and_then(|t| Number::parse(&t).ok())
                    .is_some_and(|back| back == *n)
        }
        Value::Unknown(..) | Value::Null(_) | Value::Bool(_) | Value::String(_) => true,
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            items.iter().all(only_exact_integers)
        }
        Value::Map(_, items) | Value::Object(items) => items.values().all(only_exact_integers),
    }
}

/// Equal values, except that a number may come back from the wire as a
/// different number with the same decimal text: go-cty writes a float64
/// integer beyond 2^63 as its shortest text, which reads back at 512 bits.
fn equivalent(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => same_number(x, y),
        (Value::Unknown(t1, r1), Value::Unknown(t2, r2)) => {
            let bound = |x: &Option<NumberBound>, y: &Option<NumberBound>| match (x, y) {
                (None, None) => true,
                (Some(x), Some(y)) => x.inclusive == y.inclusive && same_number(&x.value, &y.value),
                _ => false,
            };
            t1 == t2
                && r1.not_null == r2.not_null
                && r1.string_prefix == r2.string_prefix
                && r1.length_min == r2.length_min
                && r1.length_max == r2.length_max
                && bound(&r1.number_lower, &r2.number_lower)
                && bound(&r1.number_upper, &r2.number_upper)
        }
        (Value::List(t1, x), Value::List(t2, y)) | (Value::Set(t1, x), Value::Set(t2, y)) => {
            t1 == t2 && x.len() == y.len() && x.iter().zip(y).all(|(a, b)| equivalent(a, b))
        }
        (Value::Tuple(x), Value::Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| equivalent(a, b))
        }
        (Value::Map(t1, x), Value::Map(t2, y)) => t1 == t2 && same_entries(x, y),
        (Value::Object(x), Value::Object(y)) => same_entries(x, y),
        _ => a == b,
    }
}

fn same_entries(x: &BTreeMap<String, Value>, y: &BTreeMap<String, Value>) -> bool {
    x.len() == y.len()
        && x.iter()
            .zip(y)
            .all(|((k1, v1), (k2, v2))| k1 == k2 && equivalent(v1, v2))
}

fn same_number(x: &Number, y: &Number) -> bool {
    x == y
        || matches!(
            (x.to_decimal_string(), y.to_decimal_string()),
            (Ok(a), Ok(b)) if a == b && x.is_integer() && x.to_f64() == y.to_f64()
        )
}

/// Where and how to damage a valid encoding.
#[derive(Clone, Debug)]
enum Mutation {
    Flip { at: usize, bit: u8 },
    Set { at: usize, byte: u8 },
    Insert { at: usize, byte: u8 },
    Delete { at: usize },
    Truncate { at: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let at = any::<usize>();
    prop_oneof![
        (at, 0u8..8).prop_map(|(at, bit)| Mutation::Flip { at, bit }),
        (at, any::<u8>()).prop_map(|(at, byte)| Mutation::Set { at, byte }),
        (at, any::<u8>()).prop_map(|(at, byte)| Mutation::Insert { at, byte }),
        at.prop_map(|at| Mutation::Delete { at }),
        at.prop_map(|at| Mutation::Truncate { at }),
    ]
}

/// Applies the mutations, each at its position modulo the current length.
fn mutate(mut bytes: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for m in mutations {
        let len = bytes.len();
        match *m {
            Mutation::Flip { at, bit } if len > 0 => bytes[at % len] ^= 1 << bit,
            Mutation::Set { at, byte } if len > 0 => bytes[at % len] = byte,
            Mutation::Insert { at, byte } => bytes.insert(at % (len + 1), byte),
            Mutation::Delete { at } if len > 0 => {
                bytes.remove(at % len);
            }
            Mutation::Truncate { at } => bytes.truncate(at % (len + 1)),
            _ => {}
        }
    }
    bytes
}

/// Bytes that are interesting to insert in JSON text.
fn json_mutation() -> impl Strategy<Value = Mutation> {
    let at = any::<usize>();
    let byte =
        prop::sample::select(b"[]{}\",:\\0123456789.eE+-nulltruefalse \x00\xff\xc3u".to_vec());
    prop_oneof![
        (at, byte.clone()).prop_map(|(at, byte)| Mutation::Set { at, byte }),
        (at, byte).prop_map(|(at, byte)| Mutation::Insert { at, byte }),
        at.prop_map(|at| Mutation::Delete { at }),
        at.prop_map(|at| Mutation::Truncate { at }),
        (at, 0u8..8).prop_map(|(at, bit)| Mutation::Flip { at, bit }),
    ]
}

// ---------------------------------------------------------------------------
// Properties

proptest! {
    #![proptest_config(config(512))]

    /// msgpack encode -> decode -> encode gives the same bytes, the decoded
    /// value is the value (built canonically), and it re-encodes identically.
    #[test]
    fn msgpack_round_trip((ty, value) in typed_value(ALL)) {
        let bytes = msgpack::value_to_vec(&value, &ty)
            .map_err(|e| TestCaseError::fail(format!("encode: {e}")))?;
        let decoded = msgpack::value_from_slice(&bytes, &ty)
            .map_err(|e| TestCaseError::fail(format!("decode {}: {e}", hex::encode(&bytes))))?;
        let again = msgpack::value_to_vec(&decoded, &ty)
            .map_err(|e| TestCaseError::fail(format!("re-encode: {e}")))?;
        prop_assert_eq!(hex::encode(&again), hex::encode(&bytes));
        prop_assert!(
            equivalent(&decoded, &value),
            "decoded {:?}\nfrom {}\nwanted {:?}",
            decoded,
            hex::encode(&bytes),
            value
        );
    }

    /// For wholly-known values without infinities, JSON encode -> decode ->
    /// encode gives the same text; and JSON -> msgpack gives the msgpack of
    /// the value when only integers are involved (go-cty reads JSON numbers
    /// as 512-bit decimals, so the float64 0.1 comes back as the decimal 0.1
    /// and is then written differently in msgpack).
    #[test]
    fn json_round_trip((ty, value) in typed_value(JSONABLE)) {
        prop_assert!(value.is_wholly_known());
        let text = json::value_to_string(&value, &ty)
            .map_err(|e| TestCaseError::fail(format!("encode: {e}")))?;
        let decoded = json::value_from_slice(text.as_bytes(), &ty)
            .map_err(|e| TestCaseError::fail(format!("decode {text}: {e}")))?;
        let again = json::value_to_string(&decoded, &ty)
            .map_err(|e| TestCaseError::fail(format!("re-encode: {e}")))?;
        prop_assert_eq!(&again, &text);
        if only_exact_integers(&value) {
            let want = msgpack::value_to_vec(&value, &ty)
                .map_err(|e| TestCaseError::fail(format!("msgpack: {e}")))?;
            let got = msgpack::value_to_vec(&decoded, &ty)
                .map_err(|e| TestCaseError::fail(format!("msgpack of decoded: {e}")))?;
            prop_assert_eq!(hex::encode(got), hex::encode(want), "JSON {}", text);
            prop_assert!(equivalent(&decoded, &value), "decoded {:?}\nfrom {}", decoded, text);
        }
    }

    /// Strings are written in NFC whatever the value holds, so a string in
    /// NFD and its NFC form encode to the same bytes and text.
    #[test]
    fn strings_encode_normalised(s in text()) {
        let raw = Value::String(s.clone());
        let normal = Value::string(s);
        prop_assert_eq!(
            msgpack::value_to_vec(&raw, &Type::String).expect("raw"),
            msgpack::value_to_vec(&normal, &Type::String).expect("normal")
        );
        prop_assert_eq!(
            json::value_to_string(&raw, &Type::String).expect("raw"),
            json::value_to_string(&normal, &Type::String).expect("normal")
        );
    }

    /// Type-constraint JSON round-trips, optional attributes included.
    #[test]
    fn type_json_round_trip(ty in any_type_with_optional()) {
        let text = ty.to_json();
        let parsed = Type::from_json(text.as_bytes())
            .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(parsed.to_json(), text);
        prop_assert_eq!(parsed, ty);
    }

    /// The decimal text of a number parsed from text, or of an integer,
    /// parses back to an equal number with the same text. One exception,
    /// faithful to Go's `big.Float` (`roundShortest` takes half an ulp on
    /// both sides, but below a power of two the gap is half as wide): the
    /// text of a 512-bit power of two may read back as the number just
    /// below it, which prints the same text.
    #[test]
    fn number_text_round_trip(n in exact_number()) {
        let text = n.to_decimal_string().expect("finite");
        let back = Number::parse(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(back.to_decimal_string().expect("finite"), text.clone());
        if back != n {
            prop_assert!(back.to_decimal_string().expect("finite").len() > 150, "{}", text);
            prop_assert!(back.to_f64().abs() <= n.to_f64().abs(), "{}", text);
        }
    }

    /// Exact-size integers and short decimal text always read back equal.
    #[test]
    fn short_number_text_round_trip(n in prop_oneof![
        any::<i64>().prop_map(Number::from_i64),
        any::<u64>().prop_map(Number::from_u64),
        any::<i128>().prop_map(Number::from),
        decimal_text().prop_map(|s| Number::parse(&s).expect("generated decimal text")),
    ]) {
        let text = n.to_decimal_string().expect("finite");
        let back = Number::parse(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&back, &n, "{}", text);
        prop_assert_eq!(back.to_decimal_string().expect("finite"), text);
    }

    /// The decimal text of a float64 is the shortest that reads back to the
    /// same float64 (it is not exact: 0.1 is not the float64 0.1).
    #[test]
    fn float_text_round_trip(f in any::<f64>().prop_filter("finite", |f| f.is_finite())) {
        let n = Number::from_f64(f).expect("finite");
        let text = n.to_decimal_string().expect("finite");
        let back = Number::parse(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(back.to_f64().to_bits(), if f == 0.0 { back.to_f64().to_bits() } else { f.to_bits() }, "{}", text);
        prop_assert_eq!(back.to_f64(), f, "{}", text);
        prop_assert_eq!(back.to_decimal_string().expect("finite").parse::<f64>().ok(), Some(f));
    }

    /// The msgpack decoder returns Ok or Err, never panics, on damaged
    /// encodings, under the value's own type and under `dynamic`; whatever
    /// it accepts re-encodes.
    #[test]
    fn msgpack_decoder_survives_mutations(
        (ty, value) in typed_value(ALL),
        mutations in prop::collection::vec(mutation(), 1..5),
    ) {
        let bytes = msgpack::value_to_vec(&value, &ty).expect("encode");
        let damaged = mutate(bytes, &mutations);
        for t in [&ty, &Type::Dynamic] {
            if let Ok(v) = msgpack::value_from_slice(&damaged, t) {
                let again = msgpack::value_to_vec(&v, t)
                    .map_err(|e| TestCaseError::fail(format!("accepted value does not encode: {e}")))?;
                let back = msgpack::value_from_slice(&again, t)
                    .map_err(|e| TestCaseError::fail(format!("re-encoding does not decode: {e}")))?;
                prop_assert_eq!(msgpack::value_to_vec(&back, t).expect("encode"), again);
            }
        }
    }

    /// Same for dynamic values: damage the wrapper and the type JSON inside.
    #[test]
    fn msgpack_dynamic_decoder_survives_mutations(
        (_ty, value) in typed_value(ALL),
        mutations in prop::collection::vec(mutation(), 1..5),
    ) {
        let bytes = msgpack::value_to_vec(&value, &Type::Dynamic).expect("encode");
        let damaged = mutate(bytes, &mutations);
        let _ = msgpack::value_from_slice(&damaged, &Type::Dynamic);
    }

    /// The JSON decoder returns Ok or Err, never panics, on damaged text.
    #[test]
    fn json_decoder_survives_mutations(
        (ty, value) in typed_value(JSONABLE),
        mutations in prop::collection::vec(json_mutation(), 1..5),
    ) {
        let text = json::value_to_string(&value, &ty).expect("encode");
        let damaged = mutate(text.into_bytes(), &mutations);
        for t in [&ty, &Type::Dynamic] {
            if let Ok(v) = json::value_from_slice(&damaged, t) {
                // Whatever is accepted goes through msgpack.
                let bytes = msgpack::value_to_vec(&v, t)
                    .map_err(|e| TestCaseError::fail(format!("accepted value does not encode: {e}")))?;
                prop_assert!(msgpack::value_from_slice(&bytes, t).is_ok());
            }
        }
        let dynamic = json::value_to_string(&value, &Type::Dynamic).expect("encode");
        let damaged = mutate(dynamic.into_bytes(), &mutations);
        let _ = json::value_from_slice(&damaged, &Type::Dynamic);
    }

    /// Arbitrary bytes never panic the msgpack decoder, whatever the type.
    #[test]
    fn msgpack_decoder_survives_random_bytes(
        ty in any_type(),
        bytes in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        let _ = msgpack::value_from_slice(&bytes, &ty);
        let _ = msgpack::value_from_slice(&bytes, &Type::Dynamic);
    }
}
