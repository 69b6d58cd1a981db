//! The order of a typed set ([`Set<T>`](crate::Set), `BTreeSet`,
//! `HashSet`) as go-cty's, without building a [`Value`] per element: each
//! element's sort key is written by its own encode into a [`KeySink`], and
//! only the elements of a hash collision become values, to be told apart
//! exactly. The value-level rules it follows are in `crate::set`.

use std::collections::HashSet;

use crate::error::Result;
use crate::model::{ObjectShape, SeqKind, Sink, TfEncode};
use crate::msgpack::value::decode_value;
use crate::msgpack::{Decoder, Encoder};
use crate::number::Number;
use crate::refinement::{RefineKind, Refinements};
use crate::set::{set_key, ExactKey, KnownKey, SetKey};
use crate::text::{nfc, Quoting};
use crate::types::Type;
use crate::value::Value;

/// The sort key of a typed set element, written by the element's own
/// encode (no [`Value`] is built): a top-level string, number or bool as
/// itself, anything else as go-cty's set hash text.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum OwnedKey {
    Known(OwnedKnown),
    Unknown,
    Null,
}

/// The known part of an [`OwnedKey`], ordered as [`KnownKey`].
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum OwnedKnown {
    Bool(bool),
    Number(Number),
    String(String),
    Hash(String),
}

impl OwnedKey {
    /// Whether an element with this key can merge with another of the same
    /// key (`holds_unknown`: an unknown appears inside it).
    fn merges(&self, holds_unknown: bool) -> bool {
        match self {
            OwnedKey::Unknown => false,
            OwnedKey::Known(OwnedKnown::Hash(_)) => !holds_unknown,
            _ => true,
        }
    }

    /// Whether equal keys mean equal elements (no hash collision).
    fn exact(&self) -> bool {
        !matches!(self, OwnedKey::Known(OwnedKnown::Hash(_)))
    }
}

/// The key of `element` and whether an unknown appears inside it.
pub(crate) fn element_key<T: TfEncode + ?Sized>(element: &T) -> (OwnedKey, bool) {
    let mut sink = KeySink::default();
    if element.encode(&mut sink).is_err() {
        // Only lenient failures reach here (the sink refuses nothing).
        return (OwnedKey::Null, false);
    }
    let key = match sink.top {
        Some(Top::Null) => OwnedKey::Null,
        Some(Top::Unknown) => OwnedKey::Unknown,
        Some(Top::Bool(b)) => OwnedKey::Known(OwnedKnown::Bool(b)),
        Some(Top::Number(n)) => OwnedKey::Known(OwnedKnown::Number(n)),
        Some(Top::String(s)) => OwnedKey::Known(OwnedKnown::String(s)),
        None => OwnedKey::Known(OwnedKnown::Hash(sink.hash)),
    };
    (key, sink.unknown)
}

/// The order and members of a typed set: indices into `items` of the
/// elements kept, in go-cty's order (as [`set_members`] on their values).
/// Keys are computed once per element; values are built only for the
/// elements of a hash collision, to tell them apart exactly.
pub(crate) fn typed_members<T: TfEncode>(items: &[T]) -> Vec<usize> {
    let keys: Vec<(OwnedKey, bool)> = items.iter().map(element_key).collect();
    members_by_key(&keys, &|i| exact_value(&items[i]))
}

/// [`typed_members`] once the keys are known, with `value` giving an
/// element's [`Value`] for a hash collision. Not generic, so one sort is
/// compiled for every element type.
fn members_by_key(keys: &[(OwnedKey, bool)], value: &dyn Fn(usize) -> Value) -> Vec<usize> {
    // A set decoded from Terraform comes in go-cty's order, nothing to
    // merge: each key below the next, or both unknown. Checked in one pass
    // over neighbours; only a set out of order is sorted.
    let in_order = keys.windows(2).all(|pair| match (&pair[0].0, &pair[1].0) {
        (OwnedKey::Unknown, OwnedKey::Unknown) => true,
        (a, b) => a < b,
    });
    if in_order {
        return (0..keys.len()).collect();
    }
    let order = sorted_order(keys);
    let mut kept = Vec::with_capacity(order.len());
    let mut start = 0;
    while start < order.len() {
        let key = &keys[order[start]].0;
        let end = start
            + order[start..]
                .iter()
                .take_while(|&&i| keys[i].0 == *key)
                .count();
        let run = &order[start..end];
        if run.len() == 1 || matches!(key, OwnedKey::Unknown) {
            kept.extend_from_slice(run);
        } else if key.exact() {
            kept.push(run[0]);
        } else {
            let values: Vec<Value> = run.iter().map(|&i| value(i)).collect();
            let mut seen = HashSet::with_capacity(run.len());
            kept.extend(
                run.iter()
                    .zip(&values)
                    .filter_map(|(&i, v)| (keys[i].1 || seen.insert(ExactKey(v))).then_some(i)),
            );
        }
        start = end;
    }
    kept
}

/// Indices of `keys` sorted by key, stably (equal keys keep their order,
/// as go-cty's `sort.SliceStable`). Not generic: one sort is compiled for
/// every element type.
pub(crate) fn sorted_order(keys: &[(OwnedKey, bool)]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by(|&a, &b| keys[a].0.cmp(&keys[b].0));
    order
}

/// A set element as a [`Value`], to tell it apart from the others of a
/// hash collision (through its msgpack encode, which every element type
/// has compiled anyway). A NaN is a null, as in `to_value`.
fn exact_value<T: TfEncode>(item: &T) -> Value {
    let ty = T::tf_type();
    let mut enc = Encoder::new();
    let value = match item.encode_msgpack(&mut enc) {
        Ok(()) => decode_value(&mut Decoder::new(enc.as_bytes()), &ty).ok(),
        Err(_) => None,
    };
    value.unwrap_or(Value::Null(ty))
}

/// Where `new` goes in a typed set already in go-cty's order: after every
/// element with a key at most its own, or `None` when an equal known
/// element is there. O(log n) keys computed (and a value or two on a hash
/// collision).
pub(crate) fn typed_insert_position<T: TfEncode>(items: &[T], new: &T) -> Option<usize> {
    let (key, holds_unknown) = element_key(new);
    // Bisection; `lo` moves only past a probe whose key is at most `key`,
    // so the last such probe is the element just before the place, whose
    // key the look back below then needs not compute again.
    let (mut lo, mut hi) = (0, items.len());
    let mut before: Option<OwnedKey> = None;
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let probe = element_key(&items[mid]).0;
        if probe <= key {
            lo = mid + 1;
            before = Some(probe);
        } else {
            hi = mid;
        }
    }
    let at = lo;
    if !key.merges(holds_unknown) {
        return Some(at);
    }
    let new_value = (!key.exact()).then(|| exact_value(new));
    for (i, item) in items[..at].iter().enumerate().rev() {
        let same = match before.take() {
            Some(k) if i + 1 == at => k == key,
            _ => element_key(item).0 == key,
        };
        if !same {
            break;
        }
        match &new_value {
            None => return None,
            Some(v) if ExactKey(&exact_value(item)) == ExactKey(v) => return None,
            Some(_) => {}
        }
    }
    Some(at)
}

/// What a [`KeySink`] saw at the top level.
#[derive(Debug)]
enum Top {
    Null,
    Unknown,
    Bool(bool),
    Number(Number),
    String(String),
}

/// Writes go-cty's set hash text of what is encoded into it, and keeps a
/// top-level primitive as itself.
#[derive(Debug, Default)]
struct KeySink {
    hash: String,
    depth: usize,
    top: Option<Top>,
    unknown: bool,
}

impl KeySink {
    /// A scalar: kept as the key at the top level, else hashed.
    fn scalar(&mut self, top: impl FnOnce() -> Top, hash: impl FnOnce(&mut String)) {
        if self.depth == 0 {
            self.top = Some(top());
        } else {
            hash(&mut self.hash);
        }
    }

    fn open(&mut self, c: char) {
        self.depth += 1;
        self.hash.push(c);
    }

    fn close(&mut self, any: bool, c: char) {
        if any {
            self.hash.push(';');
        }
        self.hash.push(c);
        self.depth -= 1;
    }
}

impl Sink for KeySink {
    /// How many elements were begun, and the closing character.
    type Seq = (usize, char);
    const STRICT: bool = false;

    fn null(&mut self, _: &dyn Fn() -> Type) -> Result<()> {
        self.scalar(|| Top::Null, |h| h.push('~'));
        Ok(())
    }

    fn unknown(
        &mut self,
        _: &dyn Fn() -> Type,
        _: RefineKind,
        _: Option<&Refinements>,
    ) -> Result<()> {
        self.unknown |= self.depth > 0;
        self.scalar(|| Top::Unknown, |h| h.push('?'));
        Ok(())
    }

    fn bool(&mut self, v: bool) -> Result<()> {
        self.scalar(|| Top::Bool(v), |h| h.push(if v { 'T' } else { 'F' }));
        Ok(())
    }

    fn i64(&mut self, v: i64) -> Result<()> {
        self.number(&Number::from_i64(v))
    }

    fn u64(&mut self, v: u64) -> Result<()> {
        self.number(&Number::from_u64(v))
    }

    /// A NaN is a null number, as in a `Value`.
    fn f64(&mut self, v: f64) -> Result<()> {
        match Number::from_f64(v) {
            Some(n) => self.number(&n),
            None => self.null(&|| Type::Number),
        }
    }

    fn number(&mut self, v: &Number) -> Result<()> {
        self.scalar(|| Top::Number(v.clone()), |h| v.write_go_string(h));
        Ok(())
    }

    fn str(&mut self, v: &str) -> Result<()> {
        let v = nfc(v);
        self.scalar(
            || Top::String(v.clone().into_owned()),
            |h| Quoting::GO_SET_HASH.write(h, &v),
        );
        Ok(())
    }

    fn dynamic(&mut self, v: &Value) -> Result<()> {
        if self.depth == 0 {
            // A set of `dynamic`: the value's own key.
            self.top = match set_key(v) {
                SetKey::Null => Some(Top::Null),
                SetKey::Unknown => Some(Top::Unknown),
                SetKey::Known(KnownKey::Bool(b)) => Some(Top::Bool(b)),
                SetKey::Known(KnownKey::Number(n)) => Some(Top::Number(n.clone())),
                SetKey::Known(KnownKey::String(s)) => Some(Top::String(s.to_string())),
                SetKey::Known(KnownKey::Hash(h)) => {
                    self.hash = h.into_owned();
                    None
                }
            };
        } else {
            v.write_set_hash(&mut self.hash);
        }
        self.unknown |= !v.is_wholly_known() && (self.depth > 0 || v.is_known());
        Ok(())
    }

    fn begin_seq(&mut self, kind: SeqKind, _: usize, _: &dyn Fn() -> Type) -> Result<Self::Seq> {
        let (open, close) = if kind == SeqKind::Tuple {
            ('<', '>')
        } else {
            ('[', ']')
        };
        self.open(open);
        Ok((0, close))
    }

    fn element(&mut self, seq: &mut Self::Seq, index: usize) -> Result<()> {
        if index > 0 {
            self.hash.push(';');
        }
        seq.0 = index + 1;
        Ok(())
    }

    fn end_seq(&mut self, (count, close): Self::Seq) -> Result<()> {
        self.close(count > 0, close);
        Ok(())
    }

    fn begin_map(&mut self, _: usize, _: &dyn Fn() -> Type) -> Result<Self::Seq> {
        self.open('{');
        Ok((0, '}'))
    }

    fn key(&mut self, map: &mut Self::Seq, index: usize, key: &str) -> Result<()> {
        if index > 0 {
            self.hash.push(';');
        }
        Quoting::GO_SET_HASH.write(&mut self.hash, key);
        self.hash.push(':');
        map.0 = index + 1;
        Ok(())
    }

    fn end_map(&mut self, (count, close): Self::Seq) -> Result<()> {
        self.close(count > 0, close);
        Ok(())
    }

    fn begin_object(&mut self, _: &'static ObjectShape) -> Result<()> {
        self.open('<');
        Ok(())
    }

    fn attr(&mut self, _: &'static ObjectShape, index: usize) -> Result<()> {
        if index > 0 {
            self.hash.push(';');
        }
        Ok(())
    }

    fn end_object(&mut self, shape: &'static ObjectShape) -> Result<()> {
        self.close(!shape.names.is_empty(), '>');
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::set::set_members;
    use crate::set::tests::{n, obj, s};

    #[test]
    fn insert_finds_the_place_and_the_duplicate() {
        let set: Vec<Value> = ["a", "c", "e"].map(s).to_vec();
        let at = |v: &Value| typed_insert_position(&set, v);
        assert_eq!(at(&s("d")), Some(2));
        assert_eq!(at(&s("f")), Some(3));
        assert_eq!(at(&s("c")), None);
        assert_eq!(at(&Value::unknown(Type::String)), Some(3));
        let objects = vec![obj(n("1.00000000001"), "a"), obj(n("2"), "a")];
        let at = |v: &Value| typed_insert_position(&objects, v);
        assert_eq!(at(&obj(n("1.00000000002"), "a")), Some(1));
        assert_eq!(at(&obj(n("1.00000000001"), "a")), None);
        assert_eq!(at(&obj(Value::unknown(Type::Number), "a")), Some(2));
    }

    /// A typed set in go-cty's order is kept as it is (one pass over
    /// neighbours); out of order or with equal neighbours it is sorted and
    /// merged.
    #[test]
    fn typed_sets_in_order_are_checked_not_sorted() {
        use crate::Unknown;
        let strings = |xs: &[&str]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(typed_members(&strings(&["a", "b", "c"])), [0, 1, 2]);
        assert_eq!(typed_members(&strings(&["b", "c", "a"])), [2, 0, 1]);
        assert_eq!(typed_members(&strings(&["a", "a", "b"])), [0, 2]);
        let unknowns: Vec<Unknown<String>> = vec![
            Unknown::Known("a".into()),
            Unknown::Unknown,
            Unknown::Unknown,
        ];
        assert_eq!(typed_members(&unknowns), [0, 1, 2]);
        let unknown_first: Vec<Unknown<String>> =
            vec![Unknown::Unknown, Unknown::Known("a".into())];
        assert_eq!(typed_members(&unknown_first), [1, 0]);
    }

    /// Keys written by an element's encode order and merge a set as the
    /// keys of its dynamic value do.
    #[test]
    fn typed_keys_agree_with_value_keys() {
        use crate::Unknown;
        type Obj = std::collections::BTreeMap<String, Unknown<Option<f64>>>;
        let obj = |n: Option<f64>, k: &str| -> Obj {
            [(k.to_string(), Unknown::Known(n))].into_iter().collect()
        };
        let items: Vec<Obj> = vec![
            obj(Some(9.0), "x"),
            obj(None, "z"),
            obj(Some(10.0), "x"),
            obj(Some(-5.0), "b"),
            obj(Some(9.0), "x"),
            obj(Some(1.000_000_000_02), "a"),
            obj(Some(1.000_000_000_01), "a"),
            [("u".to_string(), Unknown::Unknown)].into_iter().collect(),
            [("u".to_string(), Unknown::Unknown)].into_iter().collect(),
        ];
        let values: Vec<Value> = items.iter().map(crate::TfEncode::to_value).collect();
        assert_eq!(typed_members(&items), set_members(&values));
        let strings = ["b", "e\u{301}", "a", "\u{e9}", "b"].map(String::from);
        let values: Vec<Value> = strings.iter().map(|s| Value::string(s.as_str())).collect();
        assert_eq!(typed_members(&strings), set_members(&values));
    }
}
