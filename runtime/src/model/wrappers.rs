//! The wrappers that say what a field can hold besides a known value:
//! [`Unknown<T>`] (may be unknown), [`Refined<T>`] (may be unknown, with its
//! refinements kept), [`Set<T>`] (Terraform's set semantics) and
//! [`Sensitive<T>`] (redacted in `Debug`).

use std::fmt;

use crate::error::Result;
use crate::model::impls::{decode_seq, encode_seq};
use crate::model::set_order;
use crate::model::{read_null, SeqKind, Sink, Source, TfDecode, TfEncode, TfType};
use crate::msgpack::UnknownExt;
use crate::refinement::{RefineKind, Refinements};
use crate::set::take_in_order;
use crate::types::Type;

/// A value that may be unknown until apply. Refinements are dropped on
/// decode and never written (an unknown is written as `d4 00 00`); use
/// [`Refined<T>`] to keep them.
///
/// "May be unknown, and null when known" is `Unknown<Option<T>>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Unknown<T> {
    /// The value is known.
    Known(T),
    /// Not known until apply.
    Unknown,
}

impl<T> Unknown<T> {
    /// The value, if known.
    pub fn known(&self) -> Option<&T> {
        match self {
            Unknown::Known(v) => Some(v),
            Unknown::Unknown => None,
        }
    }

    /// The value, if known.
    pub fn into_known(self) -> Option<T> {
        match self {
            Unknown::Known(v) => Some(v),
            Unknown::Unknown => None,
        }
    }

    /// Whether the value is known.
    pub fn is_known(&self) -> bool {
        matches!(self, Unknown::Known(_))
    }
}

impl<T> From<T> for Unknown<T> {
    fn from(v: T) -> Self {
        Unknown::Known(v)
    }
}

impl<T: TfType> TfType for Unknown<T> {
    const REFINE_KIND: RefineKind = T::REFINE_KIND;
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    const CAN_BE_NULL: bool = T::CAN_BE_NULL;
    const CAN_BE_UNKNOWN: bool = true;
    fn tf_type() -> Type {
        T::tf_type()
    }
}

impl<T: TfEncode> TfEncode for Unknown<T> {
    #[inline]
    fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
        match self {
            Unknown::Known(v) => v.encode(sink),
            Unknown::Unknown => sink.unknown(&T::tf_type, T::REFINE_KIND, None),
        }
    }
}

impl<'de, T: TfDecode<'de>> TfDecode<'de> for Unknown<T> {
    #[inline]
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        if !src.is_unknown()? {
            return T::decode(src).map(Unknown::Known);
        }
        match src.unknown(T::REFINE_KIND)? {
            UnknownExt::Unknown(_) => Ok(Unknown::Unknown),
            // A "definitely null" refinement is a known null, as in go-cty.
            UnknownExt::Null => read_null(T::decode).map(Unknown::Known),
        }
    }
}

/// A value that may be unknown until apply, with what is known about it
/// (not null, a string prefix, number or length bounds) kept both ways.
#[derive(Debug, Clone, PartialEq)]
pub enum Refined<T> {
    /// The value is known.
    Known(T),
    /// Not known until apply; what is known about it.
    Unknown(Refinements),
}

impl<T> Refined<T> {
    /// The value, if known.
    pub fn known(&self) -> Option<&T> {
        match self {
            Refined::Known(v) => Some(v),
            Refined::Unknown(_) => None,
        }
    }

    /// The refinements, if unknown.
    pub fn refinements(&self) -> Option<&Refinements> {
        match self {
            Refined::Known(_) => None,
            Refined::Unknown(r) => Some(r),
        }
    }
}

impl<T> From<T> for Refined<T> {
    fn from(v: T) -> Self {
        Refined::Known(v)
    }
}

impl<T: TfType> TfType for Refined<T> {
    const REFINE_KIND: RefineKind = T::REFINE_KIND;
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    const CAN_BE_NULL: bool = T::CAN_BE_NULL;
    const CAN_BE_UNKNOWN: bool = true;
    fn tf_type() -> Type {
        T::tf_type()
    }
}

impl<T: TfEncode> TfEncode for Refined<T> {
    #[inline]
    fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
        match self {
            Refined::Known(v) => v.encode(sink),
            Refined::Unknown(r) => sink.unknown(&T::tf_type, T::REFINE_KIND, Some(r)),
        }
    }
}

impl<'de, T: TfDecode<'de>> TfDecode<'de> for Refined<T> {
    #[inline]
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        if !src.is_unknown()? {
            return T::decode(src).map(Refined::Known);
        }
        match src.unknown(T::REFINE_KIND)? {
            UnknownExt::Unknown(r) => Ok(Refined::Unknown(r)),
            UnknownExt::Null => read_null(T::decode).map(Refined::Known),
        }
    }
}

/// A Terraform set: equal known elements merge (the first one stays) and
/// unknown elements never merge.
///
/// The elements are kept, iterated and written in go-cty's order (strings
/// bytewise, numbers numerically, false before true, other values by
/// go-cty's set hash text; then unknowns; then null). A set read from
/// Terraform is already in that order, so it is written back as it came.
/// Building a set of `n` elements costs O(n log n): each element's sort key
/// is computed once, and no two elements are compared pairwise.
///
/// ```
/// use tfschema::Set;
///
/// let mut tags: Set<String> = ["b", "a", "b"].map(String::from).into_iter().collect();
/// assert!(tags.insert("c".to_string()));
/// assert!(!tags.insert("a".to_string()));
/// assert_eq!(tags.iter().collect::<Vec<_>>(), ["a", "b", "c"]);
/// ```
#[derive(Clone)]
pub struct Set<T> {
    items: Vec<T>,
}

impl<T> Set<T> {
    /// An empty set.
    pub fn new() -> Self {
        Set { items: Vec::new() }
    }

    /// The elements in go-cty's order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }

    /// How many elements.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether empty.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The elements, in go-cty's order.
    pub fn into_vec(self) -> Vec<T> {
        self.items
    }
}

impl<T: TfEncode> Set<T> {
    /// Adds `value` unless an equal known element is present; returns
    /// whether it was added. Unknown values are always added. Equality is
    /// go-cty's; the element goes to its place in go-cty's order, found by
    /// binary search (O(log n) keys written by the elements' encode, no
    /// dynamic value).
    pub fn insert(&mut self, value: T) -> bool {
        match set_order::typed_insert_position(&self.items, &value) {
            Some(at) => {
                self.items.insert(at, value);
                true
            }
            None => false,
        }
    }

    /// `items` merged and ordered as go-cty would: sort keys written once
    /// per element by its encode.
    fn from_elements(items: Vec<T>) -> Self {
        if items.len() <= 1 {
            return Set { items };
        }
        let members = set_order::typed_members(&items);
        Set {
            items: take_in_order(items, &members),
        }
    }
}

impl<T> Default for Set<T> {
    fn default() -> Self {
        Set::new()
    }
}

impl<T: fmt::Debug> fmt::Debug for Set<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(&self.items).finish()
    }
}

impl<T: PartialEq> PartialEq for Set<T> {
    /// The same elements. Both sets are in go-cty's order, so they are
    /// compared element by element; elements that go-cty cannot order
    /// (distinct values whose set hash texts collide) stay in insertion
    /// order, so two sets holding such elements compare equal only when
    /// they were added in the same order.
    fn eq(&self, other: &Self) -> bool {
        self.items == other.items
    }
}

impl<T: TfEncode> FromIterator<T> for Set<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Set::from_elements(iter.into_iter().collect())
    }
}

impl<T: TfEncode> From<Vec<T>> for Set<T> {
    fn from(items: Vec<T>) -> Self {
        Set::from_elements(items)
    }
}

impl<'a, T> IntoIterator for &'a Set<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<T> IntoIterator for Set<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<T: TfType> TfType for Set<T> {
    const REFINE_KIND: RefineKind = RefineKind::Collection;
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    fn tf_type() -> Type {
        Type::set(T::tf_type())
    }
}

impl<T: TfEncode> TfEncode for Set<T> {
    fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
        // The elements are merged and in go-cty's order already.
        encode_seq(sink, SeqKind::Set, &Self::tf_type, self.items.iter())
    }
}

impl<'de, T: TfDecode<'de> + TfEncode> TfDecode<'de> for Set<T> {
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        decode_seq(src, "set").map(Set::from_elements)
    }
}

/// A value that must not be shown: `Debug` prints `Sensitive(***)`. On the
/// wire it is `T`.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Sensitive<T>(pub T);

impl<T> fmt::Debug for Sensitive<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Sensitive(***)")
    }
}

impl<T: TfType> TfType for Sensitive<T> {
    const REFINE_KIND: RefineKind = T::REFINE_KIND;
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    const CAN_BE_NULL: bool = T::CAN_BE_NULL;
    const CAN_BE_UNKNOWN: bool = T::CAN_BE_UNKNOWN;
    fn tf_type() -> Type {
        T::tf_type()
    }
}

impl<T: TfEncode> TfEncode for Sensitive<T> {
    fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
        self.0.encode(sink)
    }
}

impl<'de, T: TfDecode<'de>> TfDecode<'de> for Sensitive<T> {
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        T::decode(src).map(Sensitive)
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;

    thread_local! {
        static TO_VALUE_CALLS: Cell<usize> = const { Cell::new(0) };
    }

    /// A number that counts how often it is turned into a `Value` (what
    /// set keys are computed from).
    #[derive(Debug, Clone, PartialEq)]
    struct Counted(i64);

    impl TfType for Counted {
        const REFINE_KIND: RefineKind = RefineKind::Number;
        fn tf_type() -> Type {
            Type::Number
        }
    }

    impl TfEncode for Counted {
        fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
            // Counts every encode: to any format, and to a `Value` (what set
            // keys are computed from).
            TO_VALUE_CALLS.with(|c| c.set(c.get() + 1));
            self.0.encode(sink)
        }
    }

    fn calls() -> usize {
        TO_VALUE_CALLS.with(|c| c.replace(0))
    }

    /// Building a set computes each element's key once; inserting into a
    /// set of n elements looks at O(log n) of them. Pairwise comparison
    /// would need n² / 2 and n.
    #[test]
    fn set_keys_are_computed_once_per_element() {
        calls();
        let n: i64 = 4096;
        let set: Set<Counted> = (0..n).rev().map(|i| Counted(i * 2)).collect();
        assert_eq!(calls(), n as usize);
        assert_eq!(set.iter().next(), Some(&Counted(0)));
        let mut set = set;
        assert!(set.insert(Counted(101)));
        assert!(calls() <= 2 + 13, "binary search plus a look back");
        assert!(!set.insert(Counted(4000)));
        let c = calls();
        assert!(c <= 2 + 13, "{c}");
        let items: Vec<i64> = set.iter().map(|c| c.0).collect();
        assert!(items.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(items.len(), n as usize + 1);
    }

    #[test]
    fn sets_keep_go_cty_order_whatever_the_insertion_order() {
        let mut a: Set<String> = Set::new();
        for v in ["b", "c", "a", "b"] {
            a.insert(v.to_string());
        }
        let b: Set<String> = ["a", "c", "b"].map(String::from).into_iter().collect();
        assert_eq!(a, b);
        assert_eq!(a.into_vec(), ["a", "b", "c"]);
        let unknowns: Set<Unknown<String>> = vec![
            Unknown::Unknown,
            Unknown::Known("z".to_string()),
            Unknown::Unknown,
        ]
        .into();
        assert_eq!(
            unknowns.into_vec(),
            [
                Unknown::Known("z".to_string()),
                Unknown::Unknown,
                Unknown::Unknown
            ]
        );
    }
}
