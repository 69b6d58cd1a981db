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

/// An [`OwnedKey`] borrowed from the [`KeySink`] that wrote it, ordered
/// alike (the same variants in the same order, compared field by field).
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum KeyRef<'a> {
    Known(KnownRef<'a>),
    Unknown,
    Null,
}

/// The known part of a [`KeyRef`], ordered as [`OwnedKnown`].
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum KnownRef<'a> {
    Bool(bool),
    Number(&'a Number),
    String(&'a str),
    Hash(&'a str),
}

impl From<KeyRef<'_>> for OwnedKey {
    fn from(key: KeyRef<'_>) -> OwnedKey {
        match key {
            KeyRef::Known(known) => OwnedKey::Known(match known {
                KnownRef::Bool(b) => OwnedKnown::Bool(b),
                KnownRef::Number(n) => OwnedKnown::Number(n.clone()),
                KnownRef::String(s) => OwnedKnown::String(s.to_owned()),
                KnownRef::Hash(h) => OwnedKnown::Hash(h.to_owned()),
            }),
            KeyRef::Unknown => OwnedKey::Unknown,
            KeyRef::Null => OwnedKey::Null,
        }
    }
}

/// The key of `element` and whether an unknown appears inside it.
pub(crate) fn element_key<T: TfEncode + ?Sized>(element: &T) -> (OwnedKey, bool) {
    let mut sink = KeySink::default();
    sink.write(element);
    sink.owned()
}

/// The order and members of a typed set: indices into `items` of the
/// elements kept, in go-cty's order (as [`set_members`] on their values).
///
/// A set in that order already, with nothing to merge (as Terraform sends
/// every set), is checked in one pass over neighbours, whose keys two
/// buffers hold in turn: no allocation per element. Any other set has
/// every key computed and sorted; the keys the pass computed before it
/// stopped are computed again but for the last two (so once per element
/// for a set out of order from the start, at most twice in all). Values
/// are built only for the elements of a hash collision, to tell them
/// apart exactly.
pub(crate) fn typed_members<T: TfEncode>(items: &[T]) -> Vec<usize> {
    let Some(Break { at, before, key }) = first_break(items) else {
        return (0..items.len()).collect();
    };
    let mut keys: Vec<(OwnedKey, bool)> = Vec::with_capacity(items.len());
    keys.extend(items[..at.saturating_sub(1)].iter().map(element_key));
    keys.extend(before);
    keys.push(key);
    keys.extend(items[at + 1..].iter().map(element_key));
    members_by_key(&keys, &|i| exact_value(&items[i]))
}

/// Where a set stops being in go-cty's order: the element at `at`, its
/// key, and the key of the one before it.
struct Break {
    at: usize,
    before: Option<(OwnedKey, bool)>,
    key: (OwnedKey, bool),
}

/// The first element whose key is not above the one before it (unless
/// both are unknown), or whose encode fails; `None` for a set in go-cty's
/// order with nothing to merge. The two sinks take turns, so their
/// buffers serve every element.
fn first_break<T: TfEncode>(items: &[T]) -> Option<Break> {
    let (mut before, mut next) = (KeySink::default(), KeySink::default());
    for (at, item) in items.iter().enumerate() {
        let follows = match next.write(item) {
            Some(key) => at == 0 || ascending(before.written(), key),
            None => false,
        };
        if !follows {
            return Some(Break {
                at,
                before: (at > 0).then(|| before.owned()),
                key: next.owned(),
            });
        }
        std::mem::swap(&mut before, &mut next);
    }
    None
}

/// Whether `b` may follow `a` in a set in go-cty's order that needs no
/// merging.
fn ascending(a: KeyRef<'_>, b: KeyRef<'_>) -> bool {
    match (&a, &b) {
        (KeyRef::Unknown, KeyRef::Unknown) => true,
        _ => a < b,
    }
}

/// [`typed_members`] once the keys are known, with `value` giving an
/// element's [`Value`] for a hash collision. Not generic, so one sort is
/// compiled for every element type.
fn members_by_key(keys: &[(OwnedKey, bool)], value: &dyn Fn(usize) -> Value) -> Vec<usize> {
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
    /// A string, held in the sink's text buffer (which no hash text
    /// shares at the top level), so that its buffer serves every key.
    String,
}

/// Writes go-cty's set hash text of what is encoded into it, and keeps a
/// top-level primitive as itself.
#[derive(Debug, Default)]
struct KeySink {
    /// go-cty's set hash text, or a top-level string itself.
    hash: String,
    depth: usize,
    top: Option<Top>,
    unknown: bool,
}

impl KeySink {
    /// Writes `element`'s key, into this sink's buffers as they are (no
    /// allocation once they are large enough); `None` when the element's
    /// encode fails (only a lenient failure can: the sink refuses
    /// nothing), and the key is then null's.
    fn write<T: TfEncode + ?Sized>(&mut self, element: &T) -> Option<KeyRef<'_>> {
        self.hash.clear();
        self.depth = 0;
        self.top = None;
        self.unknown = false;
        if element.encode(self).is_err() {
            self.top = Some(Top::Null);
            self.unknown = false;
            return None;
        }
        Some(self.written())
    }

    /// The key written last, owned, and whether an unknown appears inside
    /// it.
    fn owned(&self) -> (OwnedKey, bool) {
        (self.written().into(), self.unknown)
    }

    /// The key written last.
    fn written(&self) -> KeyRef<'_> {
        match &self.top {
            Some(Top::Null) => KeyRef::Null,
            Some(Top::Unknown) => KeyRef::Unknown,
            Some(Top::Bool(b)) => KeyRef::Known(KnownRef::Bool(*b)),
            Some(Top::Number(n)) => KeyRef::Known(KnownRef::Number(n)),
            Some(Top::String) => KeyRef::Known(KnownRef::String(&self.hash)),
            None => KeyRef::Known(KnownRef::Hash(&self.hash)),
        }
    }

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
        if self.depth == 0 {
            self.hash.push_str(&v);
            self.top = Some(Top::String);
        } else {
            Quoting::GO_SET_HASH.write(&mut self.hash, &v);
        }
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
                SetKey::Known(KnownKey::String(s)) => {
                    self.hash.push_str(s);
                    Some(Top::String)
                }
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
        // Out of order after a longer run in order: the run's keys are
        // computed again, and the duplicate merges with the first "a".
        assert_eq!(
            typed_members(&strings(&["a", "b", "c", "d", "a"])),
            [0, 1, 2, 3]
        );
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
        // The members in go-cty's order are kept as they are.
        let sorted: Vec<Obj> = set_members(&values)
            .into_iter()
            .map(|i| items[i].clone())
            .collect();
        assert_eq!(
            typed_members(&sorted),
            (0..sorted.len()).collect::<Vec<_>>()
        );
        let strings = ["b", "e\u{301}", "a", "\u{e9}", "b"].map(String::from);
        let values: Vec<Value> = strings.iter().map(|s| Value::string(s.as_str())).collect();
        assert_eq!(typed_members(&strings), set_members(&values));
    }
}
