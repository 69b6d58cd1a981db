//! Semantic equality: where a new value means the same as the prior one
//! (an attribute's `semantic_equal`), the prior spelling is kept.
//!
//! terraform-plugin-framework runs this on the state a create or update
//! returns (against the plan), on the state a read returns (against the
//! state it read) and on a data source's state (against its
//! configuration), so that an API that answers `+00:00` where the
//! configuration wrote `Z` does not make Terraform report "Provider
//! produced inconsistent result after apply", nor a read report drift. It
//! applies at every depth: in nested attributes and nested blocks, list
//! elements by index, map elements by key, and set elements paired with
//! their prior counterparts: an identical element first, else one whose
//! attributes are the same once each `semantic_key` attribute is replaced
//! by its key. The pairing is found by hash, so it takes time linear in
//! the set's size (the framework compares every pair of elements).
//! Attributes with `semantic_equal` but no key pair only identical set
//! elements.
//!
//! An attribute whose semantic equality judges its elements
//! (`PlanPolicy::semantic_elements`, a list, set or map of a custom type)
//! is compared element by element the same way: list elements by index,
//! map elements by key, set elements paired by their keys.
//!
//! A prior or new value that is null or unknown is left as it is, and so
//! is everything under it, as in the framework.

use std::collections::{HashMap, HashSet};

use super::super::walk::{walk, At, Counterpart, Flow, Nesting, Node, Object, Visitor};
use crate::schema::{Attribute, AttributeType, Block};
use crate::set::SameKey;
use crate::value::Value;

/// Keeps, in `new` (an object of `block`), the prior value of every
/// attribute whose `semantic_equal` says the new value means the same as
/// the one at its place in `prior` (see the module documentation).
///
/// The typed layer calls it on the states that create, update and read
/// return, and when planning; a raw provider calls it itself.
///
/// ```
/// use tfschema::schema::{Attribute, Block, SemanticEqual};
/// use tfschema::server::raw::keep_semantically_equal;
/// use tfschema::{Type, Value};
///
/// /// Two spellings of one instant: `Z` and `+00:00`.
/// fn same_instant(a: &Value, b: &Value) -> bool {
///     match (a, b) {
///         (Value::String(a), Value::String(b)) => {
///             a.replace("+00:00", "Z") == b.replace("+00:00", "Z")
///         }
///         _ => false,
///     }
/// }
///
/// let mut created = Attribute::new("created", Type::String);
/// created.computed = true;
/// created.plan.semantic_equal = Some(SemanticEqual(same_instant));
/// let mut block = Block::default();
/// block.attributes.push(created);
///
/// let planned = Value::object([("created", Value::from("2026-12-02T01:00:00Z"))]);
/// let mut applied = Value::object([("created", Value::from("2026-12-02T01:00:00+00:00"))]);
/// keep_semantically_equal(&block, &planned, &mut applied);
/// assert_eq!(applied, planned);
/// ```
pub fn keep_semantically_equal(block: &Block, prior: &Value, new: &mut Value) {
    if absent(prior) || absent(new) || !holds_semantic_equal(block) {
        return;
    }
    walk(block, new, Some(prior), &mut KeepSemanticallyEqual);
}

/// Whether `block` has an attribute with semantic equality, at any depth.
pub(crate) fn holds_semantic_equal(block: &Block) -> bool {
    Object::from(block).holds(&semantic)
}

fn semantic(a: &Attribute) -> bool {
    a.plan.semantic_equal.is_some() || a.plan.semantic_key.is_some()
}

/// Whether `new` means the same as `prior` for `a`: its `semantic_equal`,
/// else the equality of its keys; `None` without either.
fn semantically_equal(a: &Attribute, prior: &Value, new: &Value) -> Option<bool> {
    match (&a.plan.semantic_equal, &a.plan.semantic_key) {
        (Some(eq), _) => Some(eq.equal(prior, new)),
        (None, Some(key)) => Some(matches!(
            (key.key(prior), key.key(new)),
            (Some(p), Some(n)) if p == n
        )),
        (None, None) => None,
    }
}

fn keyed(a: &Attribute) -> bool {
    a.plan.semantic_key.is_some()
}

/// Whether two values are the same as Terraform judges a change: go-cty's
/// `Equals`, under which numbers that are not integers compare as float64
/// (so a state's float64 0.1 and a configuration's decimal 0.1 are no
/// change), or identical (including unknowns with the same refinements).
pub(super) fn same(a: &Value, b: &Value) -> bool {
    a == b || a.equals(b) == Some(true)
}

/// Null or unknown: nothing to compare, nothing to descend into.
fn absent(v: &Value) -> bool {
    matches!(v, Value::Null(_) | Value::Unknown(..))
}

/// The pass: the new value, paired with the prior one.
struct KeepSemanticallyEqual;

impl<'p> Visitor<Option<&'p Value>> for KeepSemanticallyEqual {
    fn enter(&mut self, at: At<'_, Option<&'p Value>>, value: &mut Value) -> Flow {
        let Some(prior) = at.other else {
            return Flow::Skip;
        };
        if absent(prior) || absent(value) {
            return Flow::Skip;
        }
        if let Node::Attribute(a) = at.node {
            if semantic(a) {
                if a.plan.semantic_elements {
                    keep_elements(a, prior, value);
                } else {
                    keep_leaf(a, prior, value);
                }
                return Flow::Skip;
            }
        }
        match at.node.object() {
            Some(object) if object.holds(&semantic) => Flow::Descend,
            _ => Flow::Skip,
        }
    }

    fn may_change(&self, object: Object<'_>) -> bool {
        object.holds(&semantic)
    }

    fn pair_set(
        &mut self,
        object: Object<'_>,
        items: &[Value],
        other: Option<&'p Value>,
    ) -> Vec<Option<&'p Value>> {
        let mut pairs = other.set_elements(items);
        let Some(Value::Set(_, priors)) = other else {
            return pairs;
        };
        if !object.holds(&keyed) || pairs.iter().all(Option::is_some) {
            return pairs;
        }
        // The prior elements no new one is identical to, by their form.
        let taken: HashSet<SameKey<'_>> = pairs.iter().flatten().map(|p| SameKey(p)).collect();
        let mut by_form: HashMap<Vec<u8>, Vec<&'p Value>> = HashMap::new();
        for prior in priors.iter().filter(|p| !taken.contains(&SameKey(p))) {
            by_form
                .entry(form_of(object, prior))
                .or_default()
                .push(prior);
        }
        for (pair, item) in pairs.iter_mut().zip(items) {
            if pair.is_none() {
                *pair = by_form.get_mut(&form_of(object, item)).and_then(Vec::pop);
            }
        }
        pairs
    }
}

/// Keeps the prior value of `new` when it differs but means the same.
fn keep_leaf(a: &Attribute, prior: &Value, new: &mut Value) {
    if absent(prior) || absent(new) || same(prior, new) {
        return;
    }
    if semantically_equal(a, prior, new) == Some(true) {
        *new = prior.clone();
    }
}

/// An attribute whose semantic equality judges its elements
/// (`PlanPolicy::semantic_elements`): list elements pair by index, map
/// elements by key, set elements as [`keep_set_elements`] pairs them.
fn keep_elements(a: &Attribute, prior: &Value, new: &mut Value) {
    match (prior, new) {
        (
            Value::List(_, priors) | Value::Tuple(priors),
            Value::List(_, items) | Value::Tuple(items),
        ) => {
            for (prior, item) in priors.iter().zip(items.iter_mut()) {
                keep_leaf(a, prior, item);
            }
        }
        (
            Value::Map(_, priors) | Value::Object(priors),
            Value::Map(_, items) | Value::Object(items),
        ) => {
            for (key, item) in items.iter_mut() {
                if let Some(prior) = priors.get(key) {
                    keep_leaf(a, prior, item);
                }
            }
        }
        (Value::Set(_, priors), Value::Set(elem, items)) => {
            // Merged and in go-cty's order again.
            let kept = keep_set_elements(a, priors, items).map(|k| Value::set(elem.clone(), k));
            if let Some(Value::Set(_, kept)) = kept {
                *items = kept;
            }
        }
        _ => {}
    }
}

/// The elements of a set with prior spellings kept: each new element that
/// no prior element is identical to pairs with a prior element that no new
/// one is identical to and that has the same `semantic_key`, found by hash
/// (terraform-plugin-framework compares every pair), and takes its value
/// when the two are semantically equal. `None` when nothing changes
/// (always without a key: identical elements need nothing kept).
fn keep_set_elements(a: &Attribute, priors: &[Value], items: &[Value]) -> Option<Vec<Value>> {
    let key = a.plan.semantic_key.as_ref()?;
    let new_ones: HashSet<SameKey<'_>> = items.iter().map(SameKey).collect();
    let old_ones: HashSet<SameKey<'_>> = priors.iter().map(SameKey).collect();
    let mut by_key: HashMap<Vec<u8>, Vec<&Value>> = HashMap::new();
    for prior in priors.iter().filter(|p| !new_ones.contains(&SameKey(p))) {
        if let Some(k) = key.key(prior) {
            by_key.entry(canonical_of(&k)).or_default().push(prior);
        }
    }
    let mut changed = false;
    let mut kept = items.to_vec();
    for item in kept.iter_mut() {
        if old_ones.contains(&SameKey(item)) {
            continue;
        }
        let Some(k) = key.key(item) else {
            continue;
        };
        let Some(prior) = by_key.get_mut(&canonical_of(&k)).and_then(Vec::pop) else {
            continue;
        };
        if semantically_equal(a, prior, item) == Some(true) {
            *item = prior.clone();
            changed = true;
        }
    }
    changed.then_some(kept)
}

/// The form of a set element: its bytes in a canonical encoding, with
/// each `semantic_key` attribute's key in place of its value, so that
/// elements that differ only in the spelling of such attributes have the
/// same form.
fn form_of(object: Object<'_>, value: &Value) -> Vec<u8> {
    let mut out = Vec::new();
    form(object, value, &mut out);
    out
}

fn form(object: Object<'_>, value: &Value, out: &mut Vec<u8>) {
    let Value::Object(attrs) = value else {
        return canonical(value, out);
    };
    out.push(b'o');
    for a in object.attributes {
        let Some(v) = attrs.get(&a.name) else {
            out.push(b'-');
            continue;
        };
        if a.plan.semantic_elements && a.plan.semantic_key.is_some() {
            elements_form(a, v, out);
            continue;
        }
        if let Some(key) = a.plan.semantic_key.as_ref().and_then(|k| k.key(v)) {
            out.push(b'k');
            canonical(&key, out);
            continue;
        }
        match (&a.ty, Node::Attribute(a).contents()) {
            (AttributeType::Nested(_), Some((inner, nesting))) => {
                nested_form(inner, nesting, v, out);
            }
            _ => canonical(v, out),
        }
    }
    for nb in object.blocks {
        match (attrs.get(&nb.type_name), Node::Block(nb).contents()) {
            (Some(v), Some((inner, nesting))) => nested_form(inner, nesting, v, out),
            _ => out.push(b'-'),
        }
    }
}

fn nested_form(object: Object<'_>, nesting: Nesting, value: &Value, out: &mut Vec<u8>) {
    let element = |item: &Value, out: &mut Vec<u8>| form(object, item, out);
    let is_collection = matches!(nesting, Nesting::List | Nesting::Map | Nesting::Set);
    if !(is_collection && collection(value, out, &element)) {
        form(object, value, out);
    }
}

/// The form of a collection whose elements have a `semantic_key`: each
/// element's key in its place (an element without one as it is), set
/// elements' forms sorted.
fn elements_form(a: &Attribute, value: &Value, out: &mut Vec<u8>) {
    let element =
        |v: &Value, out: &mut Vec<u8>| match a.plan.semantic_key.as_ref().and_then(|k| k.key(v)) {
            Some(key) => {
                out.push(b'k');
                canonical(&key, out);
            }
            None => canonical(v, out),
        };
    if !collection(value, out, &element) {
        canonical(value, out);
    }
}

fn canonical_of(value: &Value) -> Vec<u8> {
    let mut out = Vec::new();
    canonical(value, &mut out);
    out
}

/// A value in an unambiguous encoding: a tag, then lengths before
/// contents; set elements sorted by their encoding.
fn canonical(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Null(_) => out.push(b'n'),
        Value::Unknown(..) => out.push(b'u'),
        Value::Bool(b) => out.extend_from_slice(if *b { b"t" } else { b"f" }),
        Value::Number(n) => {
            out.push(b'#');
            bytes(n.to_string().as_bytes(), out);
        }
        Value::String(s) => {
            out.push(b'"');
            bytes(s.as_bytes(), out);
        }
        _ => {
            collection(value, out, &canonical);
        }
    }
}

/// A list, tuple, set, map or object in the canonical encoding, each
/// element written by `element` (set elements sorted by what it writes);
/// `false`, with nothing written, for any other value.
fn collection(value: &Value, out: &mut Vec<u8>, element: &dyn Fn(&Value, &mut Vec<u8>)) -> bool {
    match value {
        Value::List(_, items) | Value::Tuple(items) => {
            out.push(b'[');
            len(items.len(), out);
            items.iter().for_each(|item| element(item, out));
        }
        Value::Set(_, items) => {
            let mut each: Vec<Vec<u8>> = (items.iter())
                .map(|item| {
                    let mut one = Vec::new();
                    element(item, &mut one);
                    one
                })
                .collect();
            each.sort_unstable();
            out.push(b'{');
            len(each.len(), out);
            each.iter().for_each(|e| bytes(e, out));
        }
        Value::Map(_, items) | Value::Object(items) => {
            out.push(b'(');
            len(items.len(), out);
            for (k, item) in items {
                bytes(k.as_bytes(), out);
                element(item, out);
            }
        }
        _ => return false,
    }
    true
}

fn len(n: usize, out: &mut Vec<u8>) {
    out.extend_from_slice(&(n as u64).to_le_bytes());
}

fn bytes(b: &[u8], out: &mut Vec<u8>) {
    len(b.len(), out);
    out.extend_from_slice(b);
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::keep_semantically_equal;
    use crate::schema::{
        Attribute, AttributeType, Block, NestedBlock, NestedType, NestingMode, ObjectNesting,
        PlanPolicy, SemanticEqual, SemanticKey,
    };
    use crate::{Type, Value};

    thread_local! {
        /// Calls of [`instant_equal`] on this test's thread, to show set
        /// elements are not compared pairwise.
        static EQUAL_CALLS: Cell<usize> = const { Cell::new(0) };
    }

    /// A timestamp's instant, as far as these tests need: `+00:00` is `Z`.
    fn instant(v: &Value) -> Option<Value> {
        match v {
            Value::String(s) => Some(Value::from(s.replace("+00:00", "Z"))),
            _ => None,
        }
    }

    fn instant_equal(a: &Value, b: &Value) -> bool {
        EQUAL_CALLS.set(EQUAL_CALLS.get() + 1);
        matches!((instant(a), instant(b)), (Some(x), Some(y)) if x == y)
    }

    fn at(keyed: bool) -> Attribute {
        let mut a = Attribute::new("at", Type::String);
        a.optional = true;
        a.plan.semantic_equal = Some(SemanticEqual(instant_equal));
        if keyed {
            a.plan.semantic_key = Some(SemanticKey(instant));
        }
        a
    }

    fn name() -> Attribute {
        let mut a = Attribute::new("name", Type::String);
        a.required = true;
        a
    }

    fn block_of(nesting: NestingMode, inner: Block) -> NestedBlock {
        NestedBlock {
            type_name: "event".into(),
            block: inner,
            nesting,
            min_items: 0,
            max_items: 0,
            plan: PlanPolicy::default(),
        }
    }

    fn schema(nesting: NestingMode, keyed: bool) -> Block {
        let inner = Block {
            attributes: vec![name(), at(keyed)],
            ..Block::default()
        };
        Block {
            attributes: vec![at(keyed)],
            block_types: vec![block_of(nesting, inner)],
            ..Block::default()
        }
    }

    fn event(name: &str, at: &str) -> Value {
        Value::object([("name", Value::from(name)), ("at", Value::from(at))])
    }

    fn event_ty() -> Type {
        Type::object([("name", Type::String), ("at", Type::String)])
    }

    fn root(at: &str, events: Value) -> Value {
        Value::object([("at", Value::from(at)), ("event", events)])
    }

    const Z1: &str = "2026-12-02T01:00:00Z";
    const P1: &str = "2026-12-02T01:00:00+00:00";
    const Z2: &str = "2026-12-02T02:00:00Z";
    const P2: &str = "2026-12-02T02:00:00+00:00";
    const Z3: &str = "2026-12-02T03:00:00Z";

    #[test]
    fn an_attribute_keeps_the_prior_spelling_of_the_same_instant() {
        let block = schema(NestingMode::List, false);
        let list = |e: Vec<Value>| Value::List(event_ty(), e);
        let prior = root(Z1, list(vec![]));
        let mut new = root(P1, list(vec![]));
        keep_semantically_equal(&block, &prior, &mut new);
        assert_eq!(new, prior);
        // Another instant is a real change.
        let mut other = root(Z2, list(vec![]));
        keep_semantically_equal(&block, &prior, &mut other);
        assert_eq!(other, root(Z2, list(vec![])));
    }

    #[test]
    fn list_elements_pair_by_index_and_map_elements_by_key() {
        let block = schema(NestingMode::List, false);
        let list = |e: Vec<Value>| Value::List(event_ty(), e);
        let prior = root(Z1, list(vec![event("a", Z1), event("b", Z2)]));
        let mut new = root(Z1, list(vec![event("a", P1), event("b", Z3)]));
        keep_semantically_equal(&block, &prior, &mut new);
        assert_eq!(new, root(Z1, list(vec![event("a", Z1), event("b", Z3)])));

        let block = schema(NestingMode::Map, false);
        let map = |e: Vec<(&str, Value)>| {
            Value::Map(
                event_ty(),
                e.into_iter().map(|(k, v)| (k.to_owned(), v)).collect(),
            )
        };
        let prior = root(Z1, map(vec![("x", event("a", Z1)), ("y", event("b", Z2))]));
        let mut new = root(Z1, map(vec![("x", event("a", P2)), ("y", event("b", P2))]));
        keep_semantically_equal(&block, &prior, &mut new);
        // `x` is another instant; `y` the same one.
        let want = root(Z1, map(vec![("x", event("a", P2)), ("y", event("b", Z2))]));
        assert_eq!(new, want);
    }

    #[test]
    fn set_elements_pair_by_their_semantic_key() {
        let block = schema(NestingMode::Set, true);
        let set = |e: Vec<Value>| Value::set(event_ty(), e);
        let prior = root(
            Z1,
            set(vec![event("a", Z1), event("b", Z2), event("c", Z3)]),
        );
        // `a` and `b` respelled, `c` gone, `d` new.
        let mut new = root(
            P1,
            set(vec![event("b", P2), event("a", P1), event("d", P1)]),
        );
        keep_semantically_equal(&block, &prior, &mut new);
        let want = root(
            Z1,
            set(vec![event("a", Z1), event("b", Z2), event("d", P1)]),
        );
        assert_eq!(new, want);
    }

    #[test]
    fn without_a_key_only_identical_set_elements_pair() {
        let block = schema(NestingMode::Set, false);
        let set = |e: Vec<Value>| Value::set(event_ty(), e);
        let prior = root(Z1, set(vec![event("a", Z1)]));
        let mut new = root(Z1, set(vec![event("a", P1)]));
        keep_semantically_equal(&block, &prior, &mut new);
        assert_eq!(new, root(Z1, set(vec![event("a", P1)])));
    }

    #[test]
    fn set_elements_are_not_compared_pairwise() {
        let block = schema(NestingMode::Set, true);
        let n = 2_000;
        let spelled = |suffix: &str| {
            let items = (0..n)
                .map(|i| event("e", &format!("2026-12-02T01:00:{i:05}{suffix}")))
                .collect();
            root(Z1, Value::set(event_ty(), items))
        };
        let prior = spelled("Z");
        let mut new = spelled("+00:00");
        EQUAL_CALLS.set(0);
        keep_semantically_equal(&block, &prior, &mut new);
        assert_eq!(new, prior);
        // One comparison per element (and the root's), not one per pair.
        let calls = EQUAL_CALLS.get();
        assert!(calls <= n + 1, "{calls} comparisons for {n} elements");
    }

    #[test]
    fn nested_attributes_and_sets_inside_set_elements() {
        // A set nested attribute whose objects hold a set block-like
        // nested attribute of events.
        let events = Attribute {
            ty: AttributeType::Nested(NestedType {
                attributes: vec![name(), at(true)],
                nesting: ObjectNesting::Set,
            }),
            optional: true,
            ..Attribute::new("events", Type::String)
        };
        let group = Attribute {
            ty: AttributeType::Nested(NestedType {
                attributes: vec![name(), events],
                nesting: ObjectNesting::Set,
            }),
            optional: true,
            ..Attribute::new("group", Type::String)
        };
        let block = Block {
            attributes: vec![group],
            ..Block::default()
        };
        let group_ty = Type::object([("name", Type::String), ("events", Type::set(event_ty()))]);
        let group = |name: &str, events: Vec<Value>| {
            Value::object([
                ("name", Value::from(name)),
                ("events", Value::set(event_ty(), events)),
            ])
        };
        let doc =
            |groups: Vec<Value>| Value::object([("group", Value::set(group_ty.clone(), groups))]);
        let prior = doc(vec![
            group("g", vec![event("a", Z1), event("b", Z2)]),
            group("h", vec![event("a", Z3)]),
        ]);
        let mut new = doc(vec![
            group("h", vec![event("a", Z3)]),
            group("g", vec![event("b", P2), event("a", P1)]),
        ]);
        keep_semantically_equal(&block, &prior, &mut new);
        assert_eq!(new, prior);
    }

    #[test]
    fn a_key_alone_decides_equality() {
        let mut at = Attribute::new("at", Type::String);
        at.optional = true;
        at.plan.semantic_key = Some(SemanticKey(instant));
        let block = Block {
            attributes: vec![at],
            ..Block::default()
        };
        let prior = Value::object([("at", Value::from(Z1))]);
        let mut new = Value::object([("at", Value::from(P1))]);
        keep_semantically_equal(&block, &prior, &mut new);
        assert_eq!(new, prior);
        let mut later = Value::object([("at", Value::from(P2))]);
        keep_semantically_equal(&block, &prior, &mut later);
        assert_eq!(later, Value::object([("at", Value::from(P2))]));
    }

    /// An attribute of `ty` (a list, set or map of strings) whose
    /// elements are timestamps compared semantically.
    fn times(ty: Type, keyed: bool) -> Attribute {
        let mut a = at(keyed);
        a.name = "times".into();
        a.ty = AttributeType::Type(ty);
        a.plan.semantic_elements = true;
        a
    }

    fn strings(items: &[&str]) -> Vec<Value> {
        items.iter().map(|s| Value::from(*s)).collect()
    }

    fn doc_of(times: Value) -> Value {
        Value::object([("times", times)])
    }

    fn one(attr: Attribute, value: Value) -> (Block, Value) {
        let doc = Value::object([(attr.name.as_str(), value)]);
        let block = Block {
            attributes: vec![attr],
            ..Block::default()
        };
        (block, doc)
    }

    #[test]
    fn list_and_map_elements_of_an_element_wise_attribute() {
        let list = |items: &[&str]| Value::List(Type::String, strings(items));
        let (block, prior) = one(times(Type::list(Type::String), false), list(&[Z1, Z2, Z3]));
        // The first respelled, the second another instant, the third as it
        // was, a fourth new.
        let (_, mut new) = one(
            times(Type::list(Type::String), false),
            list(&[P1, Z3, Z3, P2]),
        );
        keep_semantically_equal(&block, &prior, &mut new);
        assert_eq!(new, doc_of(list(&[Z1, Z3, Z3, P2])));

        let map = |items: &[(&str, &str)]| {
            let items = items
                .iter()
                .map(|(k, v)| ((*k).to_owned(), Value::from(*v)));
            Value::Map(Type::String, items.collect())
        };
        let ty = Type::map(Type::String);
        let (block, prior) = one(times(ty.clone(), false), map(&[("a", Z1), ("b", Z2)]));
        let (_, mut new) = one(times(ty, false), map(&[("a", P1), ("b", P1), ("c", P2)]));
        keep_semantically_equal(&block, &prior, &mut new);
        // `b` is another instant than before, `c` has no prior element.
        let want = map(&[("a", Z1), ("b", P1), ("c", P2)]);
        assert_eq!(new, doc_of(want));
    }

    #[test]
    fn set_elements_of_an_element_wise_attribute_pair_by_key() {
        let set = |items: &[&str]| Value::set(Type::String, strings(items));
        let ty = Type::set(Type::String);
        let (block, prior) = one(times(ty.clone(), true), set(&[Z1, Z2]));
        // Both respelled, and one more.
        let (_, mut new) = one(times(ty.clone(), true), set(&[P2, P1, Z3]));
        keep_semantically_equal(&block, &prior, &mut new);
        assert_eq!(new, doc_of(set(&[Z1, Z2, Z3])));

        // A respelled element beside the prior spelling itself keeps its
        // own: the prior element is taken by its identical counterpart.
        let (_, mut both) = one(times(ty.clone(), true), set(&[Z1, P1]));
        keep_semantically_equal(&block, &prior, &mut both);
        assert_eq!(both, doc_of(set(&[Z1, P1])));

        // Without a key, set elements cannot be paired.
        let (block, prior) = one(times(ty.clone(), false), set(&[Z1]));
        let (_, mut new) = one(times(ty, false), set(&[P1]));
        keep_semantically_equal(&block, &prior, &mut new);
        assert_eq!(new, doc_of(set(&[P1])));
    }

    #[test]
    fn element_wise_sets_take_linear_time() {
        let n = 2_000;
        let spelled = |suffix: &str| {
            let items = (0..n)
                .map(|i| Value::from(format!("2026-12-02T01:00:{i:05}{suffix}")))
                .collect();
            Value::set(Type::String, items)
        };
        let ty = Type::set(Type::String);
        let (block, prior) = one(times(ty.clone(), true), spelled("Z"));
        let (_, mut new) = one(times(ty, true), spelled("+00:00"));
        EQUAL_CALLS.set(0);
        keep_semantically_equal(&block, &prior, &mut new);
        assert_eq!(new, prior);
        let calls = EQUAL_CALLS.get();
        assert!(calls <= n, "{calls} comparisons for {n} elements");
    }

    #[test]
    fn set_blocks_pair_by_the_keys_of_an_element_wise_attribute() {
        let inner = Block {
            attributes: vec![name(), times(Type::list(Type::String), true)],
            ..Block::default()
        };
        let block = Block {
            block_types: vec![block_of(NestingMode::Set, inner)],
            ..Block::default()
        };
        let ty = Type::object([("name", Type::String), ("times", Type::list(Type::String))]);
        let event = |name: &str, times: &[&str]| {
            Value::object([
                ("name", Value::from(name)),
                ("times", Value::List(Type::String, strings(times))),
            ])
        };
        let doc = |events: Vec<Value>| Value::object([("event", Value::set(ty.clone(), events))]);
        let prior = doc(vec![event("a", &[Z1, Z2]), event("b", &[Z3])]);
        let mut new = doc(vec![event("a", &[P1, P2]), event("b", &[Z3])]);
        keep_semantically_equal(&block, &prior, &mut new);
        assert_eq!(new, prior);
    }

    #[test]
    fn null_and_unknown_values_are_left_alone() {
        let block = schema(NestingMode::List, true);
        let list = |e: Vec<Value>| Value::List(event_ty(), e);
        let prior = Value::object([
            ("at", Value::Null(Type::String)),
            ("event", list(vec![event("a", Z1)])),
        ]);
        let unknown_list = Value::unknown(Type::list(event_ty()));
        let mut new = Value::object([("at", Value::from(P1)), ("event", unknown_list.clone())]);
        keep_semantically_equal(&block, &prior, &mut new);
        assert_eq!(
            new,
            Value::object([("at", Value::from(P1)), ("event", unknown_list)])
        );
    }
}
