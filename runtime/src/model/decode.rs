//! Decoding: [`TfDecode`], the one decode body of a type, written against
//! the format-neutral [`Source`], and [`FromValue`], decoding from a dynamic
//! [`Value`]; with the errors every source gives the same way (a null or an
//! unknown where a known value is required, a number out of range).
//!
//! Each format implements [`Source`] in its own module: the msgpack
//! [`Decoder`] in `msgpack/source.rs`, the JSON [`Reader`] in
//! `json/source.rs`, the dynamic [`Value`] in `value_source.rs`. What is
//! particular to a format stays there: msgpack compares the attribute name
//! expected next with its pre-encoded bytes and borrows strings from the
//! input; JSON reads numbers from strings and strings from numbers and bools
//! as go-cty does, and a missing attribute as null.

use std::borrow::Cow;

use crate::error::{Error, ErrorKind, Result};
use crate::json::read::Reader;
use crate::model::tf_type::TfType;
use crate::msgpack::{Decoder, UnknownExt};
use crate::number::Number;
use crate::refinement::RefineKind;
use crate::value::Value;

/// An attribute name as each format spells it, computed at compile time:
/// msgpack's string (header and bytes) and JSON's string literal.
#[derive(Debug)]
pub struct AttrKey<const M: usize, const J: usize> {
    /// The name.
    pub name: &'static str,
    /// The name as a msgpack string.
    pub msgpack: [u8; M],
    /// The name as a JSON string literal (quotes included).
    pub json: [u8; J],
}

/// A map key as read: the text, and whether the reader has normalised it
/// to NFC already (then a borrowed key is as in the input and NFC).
#[derive(Debug)]
pub struct KeyText<'de> {
    /// The key.
    pub text: Cow<'de, str>,
    /// Normalised to NFC by the reader.
    pub nfc: bool,
}

/// A place values are read from. The methods that read a value explain a
/// null or an unknown where a known value is required.
pub trait Source<'de> {
    /// What a sequence keeps while its elements are read.
    type Seq;
    /// What a map keeps while its entries are read.
    type Map;
    /// What an object keeps while its attributes are read.
    type Object;

    /// Consumes a null if one is next.
    ///
    /// # Errors
    /// Malformed input.
    fn take_null(&mut self) -> Result<bool>;

    /// Whether an unknown is next.
    ///
    /// # Errors
    /// Malformed input.
    fn is_unknown(&mut self) -> Result<bool>;

    /// Reads the unknown that is next, with its refinements of `kind`.
    ///
    /// # Errors
    /// Not an unknown; malformed refinements.
    fn unknown(&mut self, kind: RefineKind) -> Result<UnknownExt>;

    /// Whether the next value holds no unknown anywhere.
    ///
    /// # Errors
    /// Malformed input.
    fn next_is_wholly_known(&mut self) -> Result<bool>;

    /// Skips the next value.
    ///
    /// # Errors
    /// Malformed input.
    fn skip(&mut self) -> Result<()>;

    /// A bool.
    ///
    /// # Errors
    /// Another kind of value.
    fn bool(&mut self) -> Result<bool>;

    /// An integer that must fit `i64`; `target` names the Rust type in a
    /// range error.
    ///
    /// # Errors
    /// Another kind of value, or out of range.
    fn i64(&mut self, target: &str) -> Result<i64>;

    /// An integer that must fit `u64`.
    ///
    /// # Errors
    /// Another kind of value, or out of range.
    fn u64(&mut self, target: &str) -> Result<u64>;

    /// A number as the nearest `f64`.
    ///
    /// # Errors
    /// Another kind of value.
    fn f64(&mut self) -> Result<f64>;

    /// A number.
    ///
    /// # Errors
    /// Another kind of value.
    fn number(&mut self) -> Result<Number>;

    /// A string, in NFC.
    ///
    /// # Errors
    /// Another kind of value.
    fn str(&mut self) -> Result<Cow<'de, str>>;

    /// A string borrowed from the input as it is there (which must be NFC).
    ///
    /// # Errors
    /// Another kind of value; a string that is not NFC, has escapes, or
    /// does not come from an input.
    fn borrowed_str(&mut self) -> Result<&'de str>;

    /// A `dynamic` value, with its type.
    ///
    /// # Errors
    /// Malformed input.
    fn dynamic(&mut self) -> Result<Value>;

    /// Starts a list or set (`what` names it in errors).
    ///
    /// # Errors
    /// Another kind of value.
    fn begin_seq(&mut self, what: &str) -> Result<Self::Seq>;

    /// Starts a tuple of `len` elements.
    ///
    /// # Errors
    /// Another kind of value, or another length where the format says so
    /// up front.
    fn begin_tuple(&mut self, len: usize) -> Result<Self::Seq>;

    /// How many elements the sequence holds, when the format says.
    fn seq_len(seq: &Self::Seq) -> Option<usize>;

    /// Whether another element follows (then read it).
    ///
    /// # Errors
    /// Malformed input.
    fn next_element(&mut self, seq: &mut Self::Seq) -> Result<bool>;

    /// Ends a sequence all of whose elements were read.
    fn end_seq(&mut self, seq: Self::Seq);

    /// Starts a map.
    ///
    /// # Errors
    /// Another kind of value.
    fn begin_map(&mut self) -> Result<Self::Map>;

    /// The next entry's key (then read its value), or `None` at the end.
    ///
    /// # Errors
    /// A key that is not a string; malformed input.
    fn next_map_key(&mut self, map: &mut Self::Map) -> Result<Option<KeyText<'de>>>;

    /// Ends a map all of whose entries were read.
    fn end_map(&mut self, map: Self::Map);

    /// Starts an object of a struct with `attributes` attributes.
    ///
    /// # Errors
    /// Another kind of value, or (msgpack) another number of attributes.
    fn begin_object(&mut self, attributes: usize) -> Result<Self::Object>;

    /// Consumes the next attribute name if it is `key` (the cheap check of
    /// the name expected next: go-cty writes attributes sorted).
    fn take_key<const M: usize, const J: usize>(
        &mut self,
        object: &mut Self::Object,
        key: &AttrKey<M, J>,
    ) -> bool;

    /// The next attribute name, or `None` at the end of the object.
    ///
    /// # Errors
    /// A name that is not a string; malformed input.
    fn next_key(&mut self, object: &mut Self::Object) -> Result<Option<Cow<'de, str>>>;

    /// Ends an object.
    fn end_object(&mut self, object: Self::Object);

    /// An attribute `name` the type does not have, whose value is next: an
    /// error, unless the source skips such attributes (a JSON reader
    /// [`ignoring_unknown_attributes`](Reader::ignoring_unknown_attributes),
    /// for state upgrades).
    ///
    /// # Errors
    /// By default, always.
    #[cold]
    fn unknown_attribute(&mut self, name: &str) -> Result<()> {
        Err(unsupported_attribute(name))
    }

    /// The value of attribute `name`, absent from the input: an error in
    /// msgpack, which writes every attribute; null in JSON and in a
    /// [`Value`], read by `read_null` from a msgpack null.
    ///
    /// # Errors
    /// msgpack; an attribute that cannot be null.
    fn missing<F>(
        &mut self,
        name: &str,
        read_null: impl FnOnce(&mut Decoder<'de>) -> Result<F>,
    ) -> Result<F>;

    /// Reads a derived struct: its [`TfDecode::__decode_fields`]. Called
    /// by the derived [`TfDecode::decode`], not meant to be called or
    /// overridden elsewhere; a method of the source so that each format's
    /// decode of a struct compiles with that format's code (see
    /// [`Sink::__encode_object`](crate::model::Sink::__encode_object)).
    ///
    /// # Errors
    /// As [`TfDecode::decode`].
    #[doc(hidden)]
    fn __decode_object<T: TfDecode<'de>>(&mut self) -> Result<T>
    where
        Self: Sized,
    {
        T::__decode_fields(self)
    }
}

/// Decoding: one body per type, [`decode`](Self::decode), written against
/// the format-neutral [`Source`]; msgpack, JSON and the dynamic [`Value`]
/// are its implementations. `'de` is the input's lifetime, so fields such
/// as `&'de str` can borrow from it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be decoded from a Terraform value",
    label = "not decodable",
    note = "derive it with `#[derive(tfschema::TfSchema, tfschema::TfValue)]` or use a supported type"
)]
pub trait TfDecode<'de>: TfType + Sized {
    /// Reads a value from `src`.
    ///
    /// # Errors
    /// Input that does not fit the type; null where the type cannot be null;
    /// unknown where it cannot be unknown.
    fn decode<S: Source<'de>>(src: &mut S) -> Result<Self>;

    /// The decode body of a derived struct, which its `decode` reaches
    /// through [`Source::__decode_object`]; [`decode`](Self::decode) for
    /// other types. Not meant to be called or implemented elsewhere.
    ///
    /// # Errors
    /// As [`decode`](Self::decode).
    #[doc(hidden)]
    #[inline]
    fn __decode_fields<S: Source<'de>>(src: &mut S) -> Result<Self> {
        Self::decode(src)
    }

    /// Reads the msgpack form.
    ///
    /// # Errors
    /// As [`decode`](Self::decode).
    #[inline]
    fn decode_msgpack(dec: &mut Decoder<'de>) -> Result<Self> {
        Self::decode(dec)
    }

    /// Reads the JSON form.
    ///
    /// # Errors
    /// As [`decode`](Self::decode).
    fn decode_json(reader: &mut Reader<'de>) -> Result<Self> {
        Self::decode(reader)
    }
}

/// Conversion from a dynamic [`Value`] (owned types only): the type's own
/// [`TfDecode::decode`] reading the value through [`ValueSource`](crate::model::ValueSource).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be built from a dynamic Terraform value",
    label = "no conversion from `tfschema::Value`",
    note = "derive it with `#[derive(tfschema::TfSchema, tfschema::TfValue)]` or use a supported owned type (borrowed `&str` fields cannot come from a `Value`)"
)]
pub trait FromValue: TfType + Sized {
    /// The typed form of `value`.
    ///
    /// # Errors
    /// A value of another type, or null/unknown where the type cannot hold them.
    fn from_value(value: Value) -> Result<Self>;
}

/// The msgpack bytes of a null.
pub(crate) const NIL: &[u8] = &[0xc0];

/// Reads a value of a type from a null ("definitely null" refinements,
/// missing attributes).
///
/// # Errors
/// The type cannot be null.
#[cold]
#[inline(never)]
pub(crate) fn read_null<'de, F>(read: impl FnOnce(&mut Decoder<'de>) -> Result<F>) -> Result<F> {
    read(&mut Decoder::new(NIL))
}

#[cold]
pub(crate) fn null_error() -> Error {
    Error::new(
        ErrorKind::Type,
        "null where a value is required; use Option<T> to accept null",
    )
}

#[cold]
pub(crate) fn unknown_error() -> Error {
    Error::new(
        ErrorKind::Unknown,
        "unknown value where a known value is required; use Unknown<T> or Refined<T> to accept unknown",
    )
}

#[cold]
pub(crate) fn out_of_range(n: impl std::fmt::Display, target: &str) -> Error {
    Error::new(ErrorKind::Invalid, format!("{n} does not fit {target}"))
}

#[cold]
pub(crate) fn unsupported_attribute(name: &str) -> Error {
    Error::new(ErrorKind::Type, format!("unsupported attribute {name:?}"))
}

#[cold]
pub(crate) fn unborrowable(what: &str) -> Error {
    Error::invalid(what.to_string())
}
