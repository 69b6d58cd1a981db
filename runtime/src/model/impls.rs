//! [`TfType`], [`TfEncode`], [`TfDecode`] and [`FromValue`] for the standard
//! types: strings, bool, integers, floats, [`Number`], `Option`, `Vec`,
//! maps with string keys, `BTreeSet`/`HashSet`, tuples and [`Value`].

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::hash::{BuildHasher, Hash};

use crate::error::{Error, ErrorKind, Result};
use crate::model::decode::out_of_range;
use crate::model::set_order::{element_key, sorted_order, OwnedKey};
use crate::model::{KeyText, SeqKind, Sink, Source, TfDecode, TfEncode, TfType};
use crate::number::Number;
use crate::refinement::RefineKind;
use crate::text::{cow_nfc, is_nfc, nfc};
use crate::types::Type;
use crate::value::Value;

// ---------------------------------------------------------------- helpers

/// Collections of `dynamic` elements must hold one concrete type (the
/// decoders, like go-cty, reject anything else): checked before writing.
pub(crate) fn check_dynamic_elements<'a, T: TfEncode + 'a>(
    items: impl Iterator<Item = &'a T>,
) -> Result<()> {
    if !T::HAS_DYNAMIC {
        return Ok(());
    }
    let values: Vec<Value> = items.map(TfEncode::to_value).collect();
    crate::value::unify_element_type(&T::tf_type(), &values).map(drop)
}

// ---------------------------------------------------------------- numbers

/// The 64-bit-or-narrower integers: each is read as its 64-bit family
/// (`$wide`) and range-checked.
macro_rules! int {
    ($($t:ty => $wide:ty, $read:ident, $to:ident, $from:ident, $write:ident;)*) => {$(
        impl TfType for $t {
            const REFINE_KIND: RefineKind = RefineKind::Number;
            fn tf_type() -> Type { Type::Number }
        }
        impl TfEncode for $t {
            #[inline]
            fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
                sink.$write(*self as $wide)
            }
        }
        impl<'de> TfDecode<'de> for $t {
            #[inline]
            fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
                let v = src.$write(stringify!($t))?;
                <$t>::try_from(v).map_err(|_| out_of_range(v, stringify!($t)))
            }
        }

    )*};
}
int! {
    i8 => i64, read_i64, to_i64, from_i64, i64;
    i16 => i64, read_i64, to_i64, from_i64, i64;
    i32 => i64, read_i64, to_i64, from_i64, i64;
    i64 => i64, read_i64, to_i64, from_i64, i64;
    isize => i64, read_i64, to_i64, from_i64, i64;
    u8 => u64, read_u64, to_u64, from_u64, u64;
    u16 => u64, read_u64, to_u64, from_u64, u64;
    u32 => u64, read_u64, to_u64, from_u64, u64;
    u64 => u64, read_u64, to_u64, from_u64, u64;
    usize => u64, read_u64, to_u64, from_u64, u64;
}

macro_rules! wide_int {
    ($($t:ty => $to:ident),*) => {$(
        impl TfType for $t {
            const REFINE_KIND: RefineKind = RefineKind::Number;
            fn tf_type() -> Type { Type::Number }
        }
        impl TfEncode for $t {
            fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
                sink.number(&Number::from(*self))
            }
        }
        impl<'de> TfDecode<'de> for $t {
            fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
                let n = src.number()?;
                n.$to().ok_or_else(|| out_of_range(&n, stringify!($t)))
            }
        }

    )*};
}
wide_int!(i128 => to_i128, u128 => to_u128);

macro_rules! float {
    ($($t:ty),*) => {$(
        impl TfType for $t {
            const REFINE_KIND: RefineKind = RefineKind::Number;
            fn tf_type() -> Type { Type::Number }
        }
        impl TfEncode for $t {
            #[inline]
            fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
                sink.f64(f64::from(*self))
            }
        }
        impl<'de> TfDecode<'de> for $t {
            /// Rounds to nearest when the number has more precision.
            #[inline]
            fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
                Ok(src.f64()? as $t)
            }
        }

    )*};
}
float!(f32, f64);

impl TfType for Number {
    const REFINE_KIND: RefineKind = RefineKind::Number;
    fn tf_type() -> Type {
        Type::Number
    }
}

impl TfEncode for Number {
    fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
        sink.number(self)
    }
}

impl<'de> TfDecode<'de> for Number {
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        src.number()
    }
}

// ---------------------------------------------------------------- bool

impl TfType for bool {
    const REFINE_KIND: RefineKind = RefineKind::Other;
    fn tf_type() -> Type {
        Type::Bool
    }
}

impl TfEncode for bool {
    #[inline]
    fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
        sink.bool(*self)
    }
}

impl<'de> TfDecode<'de> for bool {
    #[inline]
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        src.bool()
    }
}

// ---------------------------------------------------------------- strings

macro_rules! string_common {
    ($t:ty) => {
        impl TfType for $t {
            const REFINE_KIND: RefineKind = RefineKind::String;
            fn tf_type() -> Type {
                Type::String
            }
        }
        impl TfEncode for $t {
            #[inline]
            fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
                sink.str(self)
            }
        }
    };
}

string_common!(String);
string_common!(Box<str>);
string_common!(&str);
string_common!(Cow<'_, str>);
#[cfg(feature = "compact_str")]
string_common!(compact_str::CompactString);

impl<'de> TfDecode<'de> for String {
    #[inline]
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        src.str().map(Cow::into_owned)
    }
}

impl<'de> TfDecode<'de> for Box<str> {
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        String::decode(src).map(String::into_boxed_str)
    }
}

impl<'de> TfDecode<'de> for Cow<'de, str> {
    #[inline]
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        src.str()
    }
}

/// Strings of up to 24 bytes are stored inline: decoding them allocates
/// nothing (feature `compact_str`).
#[cfg(feature = "compact_str")]
impl<'de> TfDecode<'de> for compact_str::CompactString {
    #[inline]
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        Ok(match src.str()? {
            Cow::Borrowed(s) => compact_str::CompactString::new(s),
            Cow::Owned(s) => compact_str::CompactString::from(s),
        })
    }
}

impl<'de> TfDecode<'de> for &'de str {
    #[inline]
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        src.borrowed_str()
    }
}

// ---------------------------------------------------------------- Option

impl<T: TfType> TfType for Option<T> {
    const REFINE_KIND: RefineKind = T::REFINE_KIND;
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    const CAN_BE_NULL: bool = true;
    const CAN_BE_UNKNOWN: bool = T::CAN_BE_UNKNOWN;
    fn tf_type() -> Type {
        T::tf_type()
    }
}

impl<T: TfEncode> TfEncode for Option<T> {
    #[inline]
    fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
        match self {
            Some(v) => v.encode(sink),
            None => sink.null(&T::tf_type),
        }
    }
}

impl<'de, T: TfDecode<'de>> TfDecode<'de> for Option<T> {
    /// An unknown is passed on to `T` (go-cty checks unknown before null).
    #[inline]
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        if src.take_null()? {
            Ok(None)
        } else {
            T::decode(src).map(Some)
        }
    }
}

// ---------------------------------------------------------------- lists

impl<T: TfType> TfType for Vec<T> {
    const REFINE_KIND: RefineKind = RefineKind::Collection;
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    fn tf_type() -> Type {
        Type::list(T::tf_type())
    }
}

impl<T: TfEncode> TfEncode for Vec<T> {
    #[inline]
    fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
        encode_seq(sink, SeqKind::List, &Self::tf_type, self.iter())
    }
}

/// Writes a sequence of the items; shared by lists, sets and tuples of
/// the same type. Elements of a `dynamic` type must share one concrete type
/// (go-cty refuses anything else): checked first by the strict sinks.
#[inline]
pub(crate) fn encode_seq<'a, S: Sink, T: TfEncode + 'a>(
    sink: &mut S,
    kind: SeqKind,
    ty: &dyn Fn() -> Type,
    items: impl ExactSizeIterator<Item = &'a T> + Clone,
) -> Result<()> {
    if S::STRICT && T::HAS_DYNAMIC {
        check_dynamic_elements(items.clone())?;
    }
    let mut seq = sink.begin_seq(kind, items.len(), ty)?;
    for (i, item) in items.enumerate() {
        sink.element(&mut seq, i)?;
        item.encode(sink).map_err(|e| e.at_index(i))?;
    }
    sink.end_seq(seq)
}

/// Reads a list or set (`what`) element by element; shared by lists and
/// sets.
#[inline]
pub(crate) fn decode_seq<'de, S: Source<'de>, T: TfDecode<'de>>(
    src: &mut S,
    what: &str,
) -> Result<Vec<T>> {
    let mut seq = src.begin_seq(what)?;
    let mut items = Vec::with_capacity(S::seq_len(&seq).unwrap_or(0));
    while src.next_element(&mut seq)? {
        let i = items.len();
        items.push(T::decode(src).map_err(|e| e.at_index(i))?);
    }
    src.end_seq(seq);
    Ok(items)
}

impl<'de, T: TfDecode<'de>> TfDecode<'de> for Vec<T> {
    #[inline]
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        decode_seq(src, "list")
    }
}

// ---------------------------------------------------------------- std sets

/// Writes set elements in go-cty's order (strings bytewise, numbers
/// numerically, false before true, others by go-cty's set hash text).
pub(crate) fn encode_set<'a, S: Sink, T: TfEncode + 'a>(
    sink: &mut S,
    ty: &dyn Fn() -> Type,
    items: impl Iterator<Item = &'a T>,
) -> Result<()> {
    let items: Vec<&T> = items.collect();
    let keys: Vec<(OwnedKey, bool)> = items.iter().map(|v| element_key(*v)).collect();
    let order = sorted_order(&keys);
    encode_seq(sink, SeqKind::Set, ty, order.iter().map(|&i| items[i]))
}

impl<T: TfType> TfType for BTreeSet<T> {
    const REFINE_KIND: RefineKind = RefineKind::Collection;
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    fn tf_type() -> Type {
        Type::set(T::tf_type())
    }
}

impl<T: TfEncode> TfEncode for BTreeSet<T> {
    fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
        encode_set(sink, &Self::tf_type, self.iter())
    }
}

impl<'de, T: TfDecode<'de> + Ord> TfDecode<'de> for BTreeSet<T> {
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        Ok(decode_seq::<S, T>(src, "set")?.into_iter().collect())
    }
}

impl<T: TfType, S> TfType for HashSet<T, S> {
    const REFINE_KIND: RefineKind = RefineKind::Collection;
    const HAS_DYNAMIC: bool = T::HAS_DYNAMIC;
    fn tf_type() -> Type {
        Type::set(T::tf_type())
    }
}

impl<T: TfEncode, H> TfEncode for HashSet<T, H> {
    fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
        encode_set(sink, &Self::tf_type, self.iter())
    }
}

impl<'de, T: TfDecode<'de> + Eq + Hash, H: BuildHasher + Default> TfDecode<'de> for HashSet<T, H> {
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        Ok(decode_seq::<S, T>(src, "set")?.into_iter().collect())
    }
}

// ---------------------------------------------------------------- maps

/// A string-like map key, for writing.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a Terraform map key",
    note = "Terraform map keys are strings: use String, Box<str>, Cow<str>, &str or CompactString"
)]
pub trait KeyStr {
    /// The key as written (normalised to NFC on write).
    fn key_str(&self) -> &str;
}

/// A string-like map key, for reading.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a Terraform map key",
    note = "Terraform map keys are strings: use String, Box<str>, Cow<str>, &str or CompactString"
)]
pub trait MapKey<'de>: KeyStr + Sized {
    /// The key from the wire.
    ///
    /// # Errors
    /// A key that cannot be borrowed as is (`&str` only).
    fn from_key(key: Cow<'de, str>) -> Result<Self>;

    /// The key from the wire, known to be NFC already (the msgpack reader
    /// normalises keys as it reads them), so it is not checked again; by
    /// default the same as [`from_key`](Self::from_key).
    ///
    /// # Errors
    /// As [`from_key`](Self::from_key).
    #[inline]
    fn from_nfc_key(key: Cow<'de, str>) -> Result<Self> {
        Self::from_key(key)
    }
}

impl KeyStr for String {
    fn key_str(&self) -> &str {
        self
    }
}
impl KeyStr for Box<str> {
    fn key_str(&self) -> &str {
        self
    }
}
impl KeyStr for Cow<'_, str> {
    fn key_str(&self) -> &str {
        self
    }
}
impl KeyStr for &str {
    fn key_str(&self) -> &str {
        self
    }
}

#[cfg(feature = "compact_str")]
impl KeyStr for compact_str::CompactString {
    fn key_str(&self) -> &str {
        self
    }
}

#[cfg(feature = "compact_str")]
impl<'de> MapKey<'de> for compact_str::CompactString {
    fn from_key(key: Cow<'de, str>) -> Result<Self> {
        Ok(compact_str::CompactString::from(cow_nfc(key)))
    }
    #[inline]
    fn from_nfc_key(key: Cow<'de, str>) -> Result<Self> {
        Ok(match key {
            Cow::Borrowed(k) => compact_str::CompactString::new(k),
            Cow::Owned(k) => compact_str::CompactString::from(k),
        })
    }
}

impl<'de> MapKey<'de> for String {
    fn from_key(key: Cow<'de, str>) -> Result<Self> {
        Ok(cow_nfc(key).into_owned())
    }
    #[inline]
    fn from_nfc_key(key: Cow<'de, str>) -> Result<Self> {
        Ok(key.into_owned())
    }
}

impl<'de> MapKey<'de> for Box<str> {
    fn from_key(key: Cow<'de, str>) -> Result<Self> {
        Ok(cow_nfc(key).into_owned().into_boxed_str())
    }
    #[inline]
    fn from_nfc_key(key: Cow<'de, str>) -> Result<Self> {
        Ok(key.into_owned().into_boxed_str())
    }
}

impl<'de> MapKey<'de> for Cow<'de, str> {
    fn from_key(key: Cow<'de, str>) -> Result<Self> {
        Ok(cow_nfc(key))
    }
    #[inline]
    fn from_nfc_key(key: Cow<'de, str>) -> Result<Self> {
        Ok(key)
    }
}

impl<'de> MapKey<'de> for &'de str {
    fn from_key(key: Cow<'de, str>) -> Result<Self> {
        match key {
            Cow::Borrowed(k) if is_nfc(k) => Ok(k),
            _ => Err(unborrowable_key()),
        }
    }
    #[inline]
    fn from_nfc_key(key: Cow<'de, str>) -> Result<Self> {
        match key {
            Cow::Borrowed(k) => Ok(k),
            // Normalised on the way in: not as in the input.
            Cow::Owned(_) => Err(unborrowable_key()),
        }
    }
}

#[cold]
fn unborrowable_key() -> Error {
    Error::invalid("map key cannot be borrowed as is; use String or Cow<str> keys")
}

/// Map entries with NFC keys in bytewise order, as go-cty writes them.
/// `sorted`: the caller iterates in key order already (a `BTreeMap`).
fn ordered_entries<'a, K: KeyStr + 'a, V: 'a>(
    entries: impl Iterator<Item = (&'a K, &'a V)>,
    sorted: bool,
) -> Vec<(Cow<'a, str>, &'a V)> {
    let (keys, values): (Vec<Cow<'a, str>>, Vec<&'a V>) =
        entries.map(|(k, v)| (nfc(k.key_str()), v)).unzip();
    key_order(keys, sorted)
        .into_iter()
        .map(|(key, i)| (key, values[i]))
        .collect()
}

/// Map keys with their positions, in go-cty's order (bytewise). Not
/// generic, so one sort is compiled for every map type.
fn key_order(keys: Vec<Cow<'_, str>>, sorted: bool) -> Vec<(Cow<'_, str>, usize)> {
    let mut keys: Vec<(Cow<'_, str>, usize)> = keys.into_iter().zip(0..).collect();
    if !sorted || keys.iter().any(|(k, _)| matches!(k, Cow::Owned(_))) {
        keys.sort_by(|a, b| a.0.cmp(&b.0));
    }
    keys
}

/// Writes a map; shared by the map types. `sorted`: the entries come in
/// key order (a `BTreeMap`), so when every key is NFC already they are
/// written as they come, without a copy.
pub(crate) fn encode_map<'a, S: Sink, K: KeyStr + 'a, V: TfEncode + 'a>(
    sink: &mut S,
    entries: impl ExactSizeIterator<Item = (&'a K, &'a V)> + Clone,
    sorted: bool,
) -> Result<()> {
    if S::STRICT && V::HAS_DYNAMIC {
        check_dynamic_elements(entries.clone().map(|(_, v)| v))?;
    }
    if sorted && entries.clone().all(|(k, _)| is_nfc(k.key_str())) {
        let mut map = sink.begin_map(entries.len(), &V::tf_type)?;
        for (i, (key, value)) in entries.enumerate() {
            let key = key.key_str();
            sink.key(&mut map, i, key)?;
            value.encode(sink).map_err(|e| e.at_key(key))?;
        }
        return sink.end_map(map);
    }
    let entries = ordered_entries(entries, sorted);
    let mut map = sink.begin_map(entries.len(), &V::tf_type)?;
    for (i, (key, value)) in entries.iter().enumerate() {
        sink.key(&mut map, i, key)?;
        value.encode(sink).map_err(|e| e.at_key(key))?;
    }
    sink.end_map(map)
}

/// Reads map entries; `insert` returns false for a duplicated key.
#[inline]
pub(crate) fn decode_map<'de, S: Source<'de>, K: MapKey<'de>, V: TfDecode<'de>>(
    src: &mut S,
    mut insert: impl FnMut(K, V) -> bool,
) -> Result<()> {
    let mut map = src.begin_map()?;
    while let Some(KeyText { text, nfc }) = src.next_map_key(&mut map)? {
        let value = V::decode(src).map_err(|e| e.at_key(&text))?;
        // Kept for messages; a copy only when the key was normalised or
        // unescaped.
        let shown = text.clone();
        let key = if nfc {
            K::from_nfc_key(text)
        } else {
            K::from_key(text)
        };
        let key = key.map_err(|e| e.at_key(&shown))?;
        if !insert(key, value) {
            return Err(Error::invalid(format!("duplicate map key {shown:?}")));
        }
    }
    src.end_map(map);
    Ok(())
}

impl<K, V: TfType> TfType for BTreeMap<K, V> {
    const REFINE_KIND: RefineKind = RefineKind::Collection;
    const HAS_DYNAMIC: bool = V::HAS_DYNAMIC;
    fn tf_type() -> Type {
        Type::map(V::tf_type())
    }
}

impl<K: KeyStr, V: TfEncode> TfEncode for BTreeMap<K, V> {
    fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
        // BTreeMap<String> iterates bytewise: already go-cty's order.
        encode_map(sink, self.iter(), true)
    }
}

impl<'de, K: MapKey<'de> + Ord, V: TfDecode<'de>> TfDecode<'de> for BTreeMap<K, V> {
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        let mut map = BTreeMap::new();
        decode_map(src, |k, v| map.insert(k, v).is_none())?;
        Ok(map)
    }
}

impl<K, V: TfType, S> TfType for HashMap<K, V, S> {
    const REFINE_KIND: RefineKind = RefineKind::Collection;
    const HAS_DYNAMIC: bool = V::HAS_DYNAMIC;
    fn tf_type() -> Type {
        Type::map(V::tf_type())
    }
}

impl<K: KeyStr, V: TfEncode, H> TfEncode for HashMap<K, V, H> {
    fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
        encode_map(sink, self.iter(), false)
    }
}

impl<'de, K: MapKey<'de> + Eq + Hash, V: TfDecode<'de>, H: BuildHasher + Default> TfDecode<'de>
    for HashMap<K, V, H>
{
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        let mut map = HashMap::default();
        decode_map(src, |k, v| map.insert(k, v).is_none())?;
        Ok(map)
    }
}

// ---------------------------------------------------------------- tuples

macro_rules! tuple {
    ($len:literal: $($name:ident $idx:tt),+) => {
        impl<$($name: TfType),+> TfType for ($($name,)+) {
            const REFINE_KIND: RefineKind = RefineKind::Other;
            const HAS_DYNAMIC: bool = false $(|| $name::HAS_DYNAMIC)+;
            fn tf_type() -> Type {
                Type::Tuple(vec![$($name::tf_type()),+])
            }
        }
        impl<$($name: TfEncode),+> TfEncode for ($($name,)+) {
            fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
                let mut seq = sink.begin_seq(SeqKind::Tuple, $len, &Self::tf_type)?;
                $(
                    sink.element(&mut seq, $idx)?;
                    self.$idx.encode(sink).map_err(|e| e.at_index($idx))?;
                )+
                sink.end_seq(seq)
            }
        }
        impl<'de, $($name: TfDecode<'de>),+> TfDecode<'de> for ($($name,)+) {
            fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
                let mut seq = src.begin_tuple($len)?;
                let value = ($(
                    {
                        if !src.next_element(&mut seq)? {
                            return Err(Error::new(ErrorKind::Type, format!("a tuple of length {} is required", $len)));
                        }
                        $name::decode(src).map_err(|e| e.at_index($idx))?
                    },
                )+);
                if src.next_element(&mut seq)? {
                    return Err(Error::new(ErrorKind::Type, format!("a tuple of length {} is required", $len)));
                }
                src.end_seq(seq);
                Ok(value)
            }
        }

    };
}
tuple!(1: A 0);
tuple!(2: A 0, B 1);
tuple!(3: A 0, B 1, C 2);
tuple!(4: A 0, B 1, C 2, D 3);
tuple!(5: A 0, B 1, C 2, D 3, E 4);
tuple!(6: A 0, B 1, C 2, D 3, E 4, F 5);

// ---------------------------------------------------------------- Value

impl TfType for Value {
    const REFINE_KIND: RefineKind = RefineKind::Dynamic;
    const HAS_DYNAMIC: bool = true;
    fn tf_type() -> Type {
        Type::Dynamic
    }
}

impl TfEncode for Value {
    fn encode<S: Sink>(&self, sink: &mut S) -> Result<()> {
        sink.dynamic(self)
    }
}

impl<'de> TfDecode<'de> for Value {
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self> {
        src.dynamic()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::msgpack::encode::PRESIZE_MIN_ITEMS;
    use crate::msgpack::Decoder;
    use crate::msgpack::Encoder;

    /// Map keys arrive NFC-checked from the msgpack reader: a borrowed key
    /// that had to be normalised is an error at that key, owned keys take
    /// the normalised form.
    #[test]
    fn msgpack_map_keys_are_normalised_once() {
        // {"e\u{301}": "v"}: an NFD key.
        let input = [0x81, 0xa3, 0x65, 0xcc, 0x81, 0xa1, b'v'];
        let err = BTreeMap::<&str, &str>::decode_msgpack(&mut Decoder::new(&input))
            .expect_err("NFD key borrowed");
        assert!(err.to_string().contains("cannot be borrowed"), "{err}");
        assert!(err.to_string().contains('\u{e9}'), "{err}");
        for decoded in [
            BTreeMap::<String, &str>::decode_msgpack(&mut Decoder::new(&input))
                .map(|m| m.into_keys().collect::<Vec<_>>()),
            BTreeMap::<Cow<'_, str>, &str>::decode_msgpack(&mut Decoder::new(&input))
                .map(|m| m.into_keys().map(Cow::into_owned).collect()),
            HashMap::<Box<str>, &str>::decode_msgpack(&mut Decoder::new(&input))
                .map(|m| m.into_keys().map(String::from).collect()),
        ] {
            assert_eq!(decoded.expect("owned keys"), ["\u{e9}"]);
        }
        let dup = [0x82, 0xa1, b'k', 0x01, 0xa1, b'k', 0x02];
        let err =
            BTreeMap::<&str, i64>::decode_msgpack(&mut Decoder::new(&dup)).expect_err("duplicate");
        assert!(err.to_string().contains("duplicate map key"), "{err}");
    }

    /// Lists of at least `PRESIZE_MIN_ITEMS` reserve room after their first
    /// item; what is written does not depend on it, whatever the sizes.
    #[test]
    fn presized_lists_write_the_same_bytes() {
        for first in ["", "x", &"long".repeat(1000)] {
            let mut items = vec![first.to_string()];
            items.extend((0..PRESIZE_MIN_ITEMS + 1).map(|i| "y".repeat(i % 40)));
            let mut presized = Encoder::new();
            items.encode_msgpack(&mut presized).expect("list");
            let mut plain = Encoder::new();
            plain.write_array_len(items.len());
            for item in &items {
                plain.write_str(item);
            }
            assert_eq!(presized.as_bytes(), plain.as_bytes());
        }
    }

    /// A `BTreeMap` is written in one optimistic pass; a key that is not
    /// NFC or a failing value hands over to the general path, so the result
    /// is always what the general (`HashMap`) path gives.
    #[test]
    fn sorted_maps_fall_back_to_the_general_path() {
        let keys: [&[&str]; 5] = [
            &["a", "b", "c"],
            &["a", "e\u{301}", "f", "\u{e9}x"],
            &["\u{212b}", "B", "z"],
            &["Cafe\u{301}", "Cafb", "Cafz"],
            &[],
        ];
        for keys in keys {
            let tree: BTreeMap<String, i64> = keys
                .iter()
                .enumerate()
                .map(|(i, k)| (k.to_string(), i as i64))
                .collect();
            let hash: HashMap<String, i64> = tree.clone().into_iter().collect();
            let (mut a, mut b) = (Encoder::new(), Encoder::new());
            tree.encode_msgpack(&mut a).expect("msgpack");
            hash.encode_msgpack(&mut b).expect("msgpack");
            assert_eq!(a.as_bytes(), b.as_bytes(), "{keys:?}");
            let (mut a, mut b) = (String::new(), String::new());
            tree.encode_json(&mut a).expect("json");
            hash.encode_json(&mut b).expect("json");
            assert_eq!(a, b, "{keys:?}");
        }
        // A failing value: the same error as the general path.
        let tree: BTreeMap<String, f64> = [("a".to_string(), 1.0), ("b".to_string(), f64::NAN)]
            .into_iter()
            .collect();
        let hash: HashMap<String, f64> = tree.clone().into_iter().collect();
        let mut a = Encoder::new();
        a.write_nil();
        let ea = tree.encode_msgpack(&mut a).expect_err("NaN");
        let eb = hash.encode_msgpack(&mut Encoder::new()).expect_err("NaN");
        assert_eq!(ea.to_string(), eb.to_string());
        let (mut ja, mut jb) = (String::new(), String::new());
        let ja_err = tree.encode_json(&mut ja).expect_err("NaN");
        let jb_err = hash.encode_json(&mut jb).expect_err("NaN");
        assert_eq!(ja_err.to_string(), jb_err.to_string());
    }
}
