//! go-cty's set semantics, in O(n log n): the order in which a set is
//! iterated and written, and which elements merge ([`Value::set`], and
//! go-cty's set hash text of a value).
//!
//! Each element gets one sort key (a string, number or bool as itself; any
//! other value as go-cty's set hash text), computed once. Elements are
//! sorted stably by it, and only elements with equal keys can merge: equal
//! primitives always do, unknowns never do, and wholly known values whose
//! hash texts collide are told apart by [`ExactKey`], a hash that agrees
//! with go-cty's `Equals`. No two elements are compared pairwise.
//!
//! A set decoded from the wire is normally in that order already (Terraform
//! and tfschema write sets so): one pass comparing neighbours' keys tells,
//! and such a set is kept as it came, without the sort.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use crate::number::Number;
use crate::text::Quoting;
use crate::types::Type;
use crate::value::Value;

impl Value {
    /// A set: equal known elements merge (the first one stays), unknown
    /// elements never merge, and the order is go-cty's (known elements
    /// first: strings bytewise, numbers numerically, false before true,
    /// other types by go-cty's set hash text; then unknowns; then null).
    pub fn set(elem: Type, items: Vec<Value>) -> Value {
        Value::Set(elem, canonical_set(items))
    }

    /// Appends go-cty's set hash text of this value (used to order sets of
    /// non-primitive elements).
    pub(crate) fn write_set_hash(&self, out: &mut String) {
        match self {
            Value::Unknown(..) => out.push('?'),
            Value::Null(_) => out.push('~'),
            Value::Number(n) => n.write_go_string(out),
            Value::Bool(b) => out.push(if *b { 'T' } else { 'F' }),
            Value::String(s) => go_quote(out, s),
            Value::Map(_, items) => {
                out.push('{');
                for (k, v) in items {
                    go_quote(out, k);
                    out.push(':');
                    v.write_set_hash(out);
                    out.push(';');
                }
                out.push('}');
            }
            Value::List(_, items) | Value::Set(_, items) => {
                out.push('[');
                for v in items {
                    v.write_set_hash(out);
                    out.push(';');
                }
                out.push(']');
            }
            Value::Object(attrs) => {
                out.push('<');
                for v in attrs.values() {
                    v.write_set_hash(out);
                    out.push(';');
                }
                out.push('>');
            }
            Value::Tuple(items) => {
                out.push('<');
                for v in items {
                    v.write_set_hash(out);
                    out.push(';');
                }
                out.push('>');
            }
        }
    }
}

/// Go's `%q` for the set hash, as go-cty's `makeSetHashBytes` writes strings.
fn go_quote(out: &mut String, s: &str) {
    Quoting::GO_SET_HASH.write(out, s);
}

/// Sort key of a set element, as go-cty's `setRules.Less`: known values
/// first, then unknowns, then null.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum SetKey<'a> {
    Known(KnownKey<'a>),
    Unknown,
    Null,
}

#[derive(PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum KnownKey<'a> {
    Bool(bool),
    Number(&'a Number),
    String(&'a str),
    /// go-cty's set hash text (borrowed from a buffer when only two
    /// neighbours are compared).
    Hash(Cow<'a, str>),
}

pub(crate) fn set_key(v: &Value) -> SetKey<'_> {
    primitive_key(v).unwrap_or_else(|| {
        let mut hash = String::new();
        v.write_set_hash(&mut hash);
        SetKey::Known(KnownKey::Hash(Cow::Owned(hash)))
    })
}

/// The key of a value that is its own key (null, unknown, bool, number,
/// string); `None` for a value keyed by its hash text.
fn primitive_key(v: &Value) -> Option<SetKey<'_>> {
    Some(match v {
        Value::Null(_) => SetKey::Null,
        Value::Unknown(..) => SetKey::Unknown,
        Value::Bool(b) => SetKey::Known(KnownKey::Bool(*b)),
        Value::Number(n) => SetKey::Known(KnownKey::Number(n)),
        Value::String(s) => SetKey::Known(KnownKey::String(s)),
        _ => return None,
    })
}

/// The key of `v`, its hash text (if it needs one) written into `buf`,
/// which the key borrows: neighbours are compared with two buffers reused
/// for every element, not a string allocated per element.
fn key_in<'a>(v: &'a Value, buf: &'a mut String) -> SetKey<'a> {
    match primitive_key(v) {
        Some(key) => key,
        None => {
            buf.clear();
            v.write_set_hash(buf);
            SetKey::Known(KnownKey::Hash(Cow::Borrowed(buf)))
        }
    }
}

/// Whether `items` already are a set as go-cty keeps it: each element's
/// key below its successor's, or both unknown (unknowns never merge and
/// keep their order). Then sorting and merging would change nothing, as
/// for every set Terraform sends (it writes sets in this order). One pass
/// comparing neighbours, each element's key computed once.
fn in_canonical_order(items: &[Value]) -> bool {
    let Some((first, rest)) = items.split_first() else {
        return true;
    };
    let (mut prev_buf, mut buf) = (String::new(), String::new());
    // The previous element's hash text stays in `prev_buf` from its turn.
    key_in(first, &mut prev_buf);
    let mut prev = first;
    for item in rest {
        let key = key_in(item, &mut buf);
        let prev_key =
            primitive_key(prev).unwrap_or(SetKey::Known(KnownKey::Hash(Cow::Borrowed(&prev_buf))));
        let ordered = match (&prev_key, &key) {
            (SetKey::Unknown, SetKey::Unknown) => true,
            _ => prev_key < key,
        };
        if !ordered {
            return false;
        }
        std::mem::swap(&mut prev_buf, &mut buf);
        prev = item;
    }
    true
}

/// The elements go-cty keeps of a set built from `values`, in its order:
/// indices into `values`. Of equal known elements the first stays; unknown
/// elements (and values holding one) never merge; nulls merge.
pub(crate) fn set_members(values: &[Value]) -> Vec<usize> {
    let keys: Vec<SetKey<'_>> = values.iter().map(set_key).collect();
    let mut order: Vec<usize> = (0..values.len()).collect();
    // Stable: elements with equal keys keep their input order, as go-cty's
    // sort.SliceStable over insertion order does.
    order.sort_by(|&a, &b| keys[a].cmp(&keys[b]));
    let mut kept = Vec::with_capacity(order.len());
    let mut start = 0;
    while start < order.len() {
        let key = &keys[order[start]];
        let end = start
            + order[start..]
                .iter()
                .take_while(|&&i| keys[i].cmp(key) == Ordering::Equal)
                .count();
        let run = &order[start..end];
        match key {
            SetKey::Unknown => kept.extend_from_slice(run),
            // Equal primitives are the same value; nulls are all equal.
            SetKey::Null | SetKey::Known(KnownKey::Bool(_) | KnownKey::Number(_)) => {
                kept.push(run[0]);
            }
            SetKey::Known(KnownKey::String(_)) => kept.push(run[0]),
            SetKey::Known(KnownKey::Hash(_)) if run.len() == 1 => kept.push(run[0]),
            // A hash collision (numbers agree to 10 digits, or unknowns in
            // the same places): keep each distinct wholly known value once.
            SetKey::Known(KnownKey::Hash(_)) => {
                let mut seen = HashSet::with_capacity(run.len());
                kept.extend(run.iter().copied().filter(|&i| {
                    !values[i].is_wholly_known() || seen.insert(ExactKey(&values[i]))
                }));
            }
        }
        start = end;
    }
    kept
}

/// Merges equal known elements (keeping the first) and orders the rest as
/// go-cty iterates a set.
pub(crate) fn canonical_set(items: Vec<Value>) -> Vec<Value> {
    if in_canonical_order(&items) {
        return items;
    }
    let members = set_members(&items);
    take_in_order(items, &members)
}

/// The elements of `items` at `indices`, in that order (each index at most
/// once). Already in order and complete: `items` itself.
pub(crate) fn take_in_order<T>(items: Vec<T>, indices: &[usize]) -> Vec<T> {
    if indices.len() == items.len() && indices.iter().enumerate().all(|(i, &j)| i == j) {
        return items;
    }
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    indices.iter().filter_map(|&i| slots[i].take()).collect()
}

/// A wholly known value as a hash key that agrees with go-cty's `Equals`:
/// equal values hash alike (numbers hash by their nearest `f64`, which is
/// what [`numbers_equal`](crate::value::numbers_equal) compares when either side is not an integer, and
/// exact for integers up to 2^53).
///
/// Integers beyond 2^53 that `numbers_equal` finds equal to a non-integer
/// (by rounding both to the same `f64`) hash alike too, since both hash by
/// that `f64`; types are not part of the key, as `Equals` ignores them.
#[derive(Clone, Copy)]
pub(crate) struct ExactKey<'a>(pub(crate) &'a Value);

impl PartialEq for ExactKey<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.equals(other.0) == Some(true)
    }
}

impl Eq for ExactKey<'_> {}

impl Hash for ExactKey<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_value(self.0, state);
    }
}

fn hash_value<H: Hasher>(v: &Value, state: &mut H) {
    match v {
        Value::Null(_) => state.write_u8(0),
        Value::Unknown(..) => state.write_u8(1),
        Value::Bool(b) => {
            state.write_u8(2);
            b.hash(state);
        }
        Value::Number(n) => {
            state.write_u8(3);
            // +0.0 and -0.0 are equal numbers.
            let f = n.to_f64();
            state.write_u64(if f == 0.0 { 0 } else { f.to_bits() });
        }
        Value::String(s) => {
            state.write_u8(4);
            s.hash(state);
        }
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            state.write_u8(5);
            state.write_usize(items.len());
            items.iter().for_each(|i| hash_value(i, state));
        }
        Value::Map(_, items) | Value::Object(items) => {
            state.write_u8(6);
            state.write_usize(items.len());
            for (k, v) in items {
                k.hash(state);
                hash_value(v, state);
            }
        }
    }
}

/// A value as a hash key with structural equality (`==`, types and exact
/// numbers included): for finding an element's identical counterpart
/// among many without comparing each pair.
#[cfg_attr(not(feature = "server"), allow(dead_code))]
#[derive(Clone, Copy)]
pub(crate) struct SameKey<'a>(pub(crate) &'a Value);

impl PartialEq for SameKey<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl Eq for SameKey<'_> {}

impl Hash for SameKey<'_> {
    /// Structurally equal values are `Equals`-equal or both hold unknowns
    /// in the same places, so [`ExactKey`]'s hash serves.
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_value(self.0, state);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::types::Type;

    pub(crate) fn s(v: &str) -> Value {
        Value::string(v)
    }

    pub(crate) fn n(text: &str) -> Value {
        Value::Number(Number::parse(text).expect("number"))
    }

    /// The integers written without Go's general formatting hash as it
    /// writes them (whose own cases are Go's output), at the edges of the shortcut and
    /// beyond them, in every origin a number has.
    #[test]
    fn integer_hash_text_is_go_string() {
        let mut ints = vec![0i64, 1, -1, 9, 10, 65_535, -65_536, 1_000_000];
        for edge in [9_999_999_999i64, 10_000_000_000, 12_345_678_905] {
            ints.extend([edge - 1, edge, edge + 1, -edge]);
        }
        for i in ints {
            let numbers = [
                Number::from_i64(i),
                Number::parse(&i.to_string()).expect("number"),
                Number::parse(&format!("{i}.0")).expect("number"),
                Number::from_f64(i as f64).expect("number"),
            ];
            for number in numbers {
                let mut text = String::new();
                Value::Number(number.clone()).write_set_hash(&mut text);
                let mut general = String::new();
                number.write_go_general(&mut general);
                assert_eq!(text, general, "{i}");
            }
        }
        let mut text = String::new();
        let negative_zero = Number::from_f64(-0.0).expect("number");
        Value::Number(negative_zero).write_set_hash(&mut text);
        assert_eq!(text, "-0");
    }

    pub(crate) fn obj(id: Value, name: &str) -> Value {
        Value::object([("id", id), ("name", s(name))])
    }

    #[test]
    fn primitives_merge_in_place_and_nulls_merge() {
        let items = vec![s("b"), s("a"), s("b"), Value::Null(Type::String), s("a")];
        let members = set_members(&items);
        assert_eq!(members, [1, 0, 3]);
        let numbers = vec![n("2"), n("1.0"), n("1"), n("0.5")];
        assert_eq!(set_members(&numbers), [3, 1, 0]);
    }

    #[test]
    fn unknowns_never_merge_and_keep_insertion_order() {
        let u = || Value::unknown(Type::String);
        let items = vec![u(), s("x"), u(), u()];
        assert_eq!(set_members(&items), [1, 0, 2, 3]);
        // Objects holding an unknown share a hash text, and never merge.
        let items = vec![
            obj(Value::unknown(Type::String), "a"),
            obj(Value::unknown(Type::String), "a"),
        ];
        assert_eq!(set_members(&items), [0, 1]);
    }

    /// Numbers that agree to 10 significant digits give objects the same
    /// hash text: they stay apart (in insertion order) unless equal.
    #[test]
    fn hash_collisions_are_told_apart_exactly() {
        let items = vec![
            obj(n("1.00000000002"), "a"),
            obj(n("1.00000000001"), "a"),
            obj(n("1.00000000002"), "a"),
            obj(n("1.00000000001"), "a"),
            obj(n("0.5"), "a"),
        ];
        assert_eq!(set_members(&items), [4, 0, 1]);
        // The float64 0.1 and the decimal 0.1 are equal numbers in go-cty.
        let f = Value::Number(Number::from_f64(0.1).expect("finite"));
        let items = vec![obj(f, "a"), obj(n("0.1"), "a")];
        assert_eq!(set_members(&items), [0]);
    }

    /// A set of 50,000 unknowns or of colliding objects is built without
    /// comparing elements pairwise (over a billion comparisons, which
    /// would take this test from milliseconds to about a minute).
    #[test]
    fn large_runs_of_equal_keys_stay_linear() {
        let unknowns = vec![Value::unknown(Type::String); 50_000];
        assert_eq!(set_members(&unknowns).len(), 50_000);
        let colliding: Vec<Value> = (0..50_000)
            .map(|i| obj(n(&format!("1.0000000000{i:05}")), "a"))
            .collect();
        assert_eq!(set_members(&colliding).len(), 50_000);
    }

    #[test]
    fn exact_keys_agree_with_equals() {
        use std::collections::HashSet;
        let zero = Value::Number(Number::from_f64(0.0).expect("finite"));
        let neg_zero = Value::Number(Number::from_f64(-0.0).expect("finite"));
        let values = [zero, neg_zero, n("0"), n("1"), n("1.0")];
        let keys: HashSet<ExactKey<'_>> = values.iter().map(ExactKey).collect();
        assert_eq!(keys.len(), 2);
    }

    #[test]
    fn sets_merge_and_order_primitives() {
        let set = Value::set(Type::String, vec![s("c"), s("a"), s("b"), s("a")]);
        assert_eq!(set, Value::Set(Type::String, vec![s("a"), s("b"), s("c")]));
        let set = Value::set(Type::String, vec![s("e\u{301}"), s("\u{e9}")]);
        assert_eq!(set, Value::Set(Type::String, vec![s("\u{e9}")]));
        let one = Value::Number(Number::from_i64(1));
        let one_f = Value::Number(Number::from_f64(1.0).expect("finite"));
        let set = Value::set(Type::Number, vec![one.clone(), one_f]);
        assert_eq!(set, Value::Set(Type::Number, vec![one]));
        let set = Value::set(
            Type::String,
            vec![
                Value::Null(Type::String),
                Value::unknown(Type::String),
                s("z"),
                Value::unknown(Type::String),
            ],
        );
        let Value::Set(_, items) = set else {
            panic!("set")
        };
        assert_eq!(items.len(), 4, "unknowns never merge");
        assert_eq!(items[0], s("z"));
        assert!(!items[1].is_known() && !items[2].is_known());
        assert!(items[3].is_null());
    }

    /// A set's elements as msgpack in the order given (written as a list,
    /// which has the same bytes), decoded as a set.
    fn decode_as_set(elem: Type, items: Vec<Value>) -> Vec<Value> {
        let bytes = crate::msgpack::value_to_vec(
            &Value::List(elem.clone(), items),
            &Type::List(Box::new(elem.clone())),
        )
        .expect("encode");
        match crate::msgpack::value_from_slice(&bytes, &Type::Set(Box::new(elem))) {
            Ok(Value::Set(_, items)) => items,
            other => panic!("not a set: {other:?}"),
        }
    }

    /// Decoding checks the order in one pass and sorts only when it must:
    /// a set out of order (or with elements to merge) comes out in go-cty's
    /// order, one already in it comes out as it went in.
    #[test]
    fn decoded_sets_are_canonical_in_or_out_of_order() {
        let obj = |n: i64, st: &str| Value::object([("n", Value::from(n)), ("s", s(st))]);
        let ty = Type::object([("n", Type::Number), ("s", Type::String)]);
        // By hash text (attributes by name): <10;"x";> < <9;"a";> < <9;"b";>.
        let canonical = vec![obj(10, "x"), obj(9, "a"), obj(9, "b")];
        let shuffled = vec![obj(9, "b"), obj(10, "x"), obj(9, "a")];
        assert_eq!(decode_as_set(ty.clone(), shuffled), canonical);
        assert_eq!(decode_as_set(ty.clone(), canonical.clone()), canonical);
        // In order but with a duplicate: merged as ever.
        let doubled = vec![obj(10, "x"), obj(9, "a"), obj(9, "a"), obj(9, "b")];
        assert_eq!(decode_as_set(ty, doubled), canonical);
        let strings = vec![s("a"), s("a"), s("b")];
        assert_eq!(decode_as_set(Type::String, strings), [s("a"), s("b")]);
        let nulls = vec![s("a"), Value::Null(Type::String), Value::Null(Type::String)];
        assert_eq!(
            decode_as_set(Type::String, nulls),
            [s("a"), Value::Null(Type::String)]
        );
        // Unknowns in order never merge.
        let u = Value::unknown(Type::String);
        let unknowns = vec![s("a"), u.clone(), u.clone()];
        assert_eq!(decode_as_set(Type::String, unknowns).len(), 3);
        let out_of_order = vec![u.clone(), s("b"), s("a")];
        let items = decode_as_set(Type::String, out_of_order);
        assert_eq!(items[..2], [s("a"), s("b")]);
        assert!(!items[2].is_known());
    }

    #[test]
    fn canonical_order_is_told_by_neighbours() {
        let u = || Value::unknown(Type::String);
        let null = || Value::Null(Type::String);
        assert!(in_canonical_order(&[]));
        assert!(in_canonical_order(&[s("a"), s("b"), u(), u(), null()]));
        assert!(in_canonical_order(&[obj(n("10"), "a"), obj(n("9"), "a")]));
        assert!(!in_canonical_order(&[s("b"), s("a")]));
        assert!(
            !in_canonical_order(&[s("a"), s("a")]),
            "equal keys may merge"
        );
        assert!(!in_canonical_order(&[null(), null()]));
        assert!(!in_canonical_order(&[u(), s("a")]));
        assert!(!in_canonical_order(&[obj(n("9"), "a"), obj(n("10"), "a")]));
        assert!(!in_canonical_order(&[obj(n("9"), "a"), obj(n("9"), "a")]));
    }

    #[test]
    fn objects_in_sets_order_by_hash_text() {
        // go-cty vector set/object/order: numbers hash as %.10g text, so the
        // object with n=10 sorts before the one with n=9.
        let obj = |n: Value, st: &str| Value::object([("n", n), ("s", s(st))]);
        let set = Value::set(
            Type::object([("n", Type::Number), ("s", Type::String)]),
            vec![
                obj(Value::from(9), "x"),
                obj(Value::Null(Type::Number), "z"),
                obj(Value::from(10), "x"),
                obj(Value::from(-5), "b"),
                obj(Value::from(9), "a"),
            ],
        );
        let Value::Set(_, items) = set else {
            panic!("set")
        };
        let order: Vec<String> = items
            .iter()
            .map(|v| {
                let mut h = String::new();
                v.write_set_hash(&mut h);
                h
            })
            .collect();
        assert_eq!(
            order,
            [
                "<-5;\"b\";>",
                "<10;\"x\";>",
                "<9;\"a\";>",
                "<9;\"x\";>",
                "<~;\"z\";>"
            ]
        );
    }
}
