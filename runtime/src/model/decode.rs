//! Decoding: [`TfDecode`], the one decode body of a type, written against
//! the format-neutral [`Source`]; each format is an implementation of it.
//!
//! [`TfDecode::decode`] is the one decode body of a type. The msgpack
//! [`Decoder`], the JSON [`Reader`] and the dynamic [`Value`] reader
//! ([`ValueSource`](crate::model::ValueSource)) implement [`Source`]; what
//! is particular to a format stays inside it: msgpack compares the attribute name expected next with
//! its pre-encoded bytes as a constant-size array and borrows strings from
//! the input; JSON reads numbers from strings and strings from numbers and
//! bools as go-cty does, and a missing attribute as null.

use std::borrow::Cow;

use crate::error::{Error, ErrorKind, Result};
use crate::json::read::{Reader, Token};
use crate::model::tf_type::TfType;
use crate::msgpack::{Decoder, UnknownExt};
use crate::number::Number;
use crate::refinement::RefineKind;
use crate::text::{is_nfc, nfc, nfc_owned};
use crate::types::Type;
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

// ---------------------------------------------------------------- JSON

/// A JSON number's text, accepting a numeric string as go-cty does.
fn json_number_text<'de>(r: &mut Reader<'de>) -> Result<Cow<'de, str>> {
    match r.peek()? {
        Token::Number => Ok(Cow::Borrowed(r.read_number_text()?)),
        Token::String => r.read_str(),
        Token::Null => Err(null_error()),
        other => Err(Error::mismatch("number", other.describe())),
    }
}

fn parse_number(text: &str) -> Result<Number> {
    Number::parse(text).map_err(|e| Error::invalid(e.to_string()))
}

/// A JSON number as an integer [`Number`], with a shortcut for plain
/// integer text: an optional `-` and 1 to 18 digits is an `i64`, which is
/// what [`Number::parse`] makes of it (`-0`, which it reads as a float, is
/// left to it).
pub(crate) fn json_integer(r: &mut Reader<'_>) -> Result<Number> {
    let text = json_number_text(r)?;
    let (neg, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, &*text),
    };
    if !digits.is_empty() && digits.len() <= 18 && digits.bytes().all(|b| b.is_ascii_digit()) {
        let v = digits
            .bytes()
            .fold(0i64, |v, b| v * 10 + i64::from(b - b'0'));
        if !(neg && v == 0) {
            return Ok(Number::from_i64(if neg { -v } else { v }));
        }
    }
    parse_number(&text)
}

/// A JSON string value, accepting a number or bool as go-cty does.
fn json_string<'de>(r: &mut Reader<'de>) -> Result<Cow<'de, str>> {
    match r.peek()? {
        Token::String => r.read_str(),
        Token::Number => Ok(Cow::Borrowed(r.read_number_text()?)),
        Token::Bool => Ok(Cow::Borrowed(if r.read_bool()? { "true" } else { "false" })),
        Token::Null => Err(null_error()),
        other => Err(Error::mismatch("string", other.describe())),
    }
}

pub(crate) fn cow_nfc(s: Cow<'_, str>) -> Cow<'_, str> {
    match s {
        Cow::Borrowed(b) => nfc(b),
        Cow::Owned(o) => Cow::Owned(nfc_owned(o)),
    }
}

/// The JSON counterpart of `explain_msgpack`.
#[cold]
pub(crate) fn explain_json(reader: &mut Reader<'_>, err: Error) -> Error {
    match reader.peek() {
        Ok(Token::Null) => null_error(),
        _ => err,
    }
}

impl<'de> Source<'de> for Reader<'de> {
    type Seq = bool;
    type Map = bool;
    type Object = bool;

    #[inline]
    fn take_null(&mut self) -> Result<bool> {
        Reader::take_null(self)
    }

    /// JSON has no unknowns.
    #[inline]
    fn is_unknown(&mut self) -> Result<bool> {
        Ok(false)
    }

    #[inline]
    fn unknown(&mut self, _: RefineKind) -> Result<UnknownExt> {
        Err(unknown_error())
    }

    #[inline]
    fn next_is_wholly_known(&mut self) -> Result<bool> {
        Ok(true)
    }

    #[inline]
    fn skip(&mut self) -> Result<()> {
        Reader::skip(self)
    }

    #[inline]
    fn bool(&mut self) -> Result<bool> {
        match self.peek()? {
            Token::Bool => self.read_bool(),
            // go-cty's lenient read of a bool from a string.
            Token::String => match &*self.read_str()? {
                "true" | "1" => Ok(true),
                "false" | "0" => Ok(false),
                other => Err(Error::invalid(format!(
                    "a bool is required, found the string {other:?}"
                ))),
            },
            Token::Null => Err(null_error()),
            other => Err(Error::mismatch("bool", other.describe())),
        }
    }

    #[inline]
    fn i64(&mut self, target: &str) -> Result<i64> {
        let n = json_integer(self)?;
        n.to_i64().ok_or_else(|| out_of_range(&n, target))
    }

    #[inline]
    fn u64(&mut self, target: &str) -> Result<u64> {
        let n = json_integer(self)?;
        n.to_u64().ok_or_else(|| out_of_range(&n, target))
    }

    /// As go-cty reads it: the text rounded to 512 bits, then to 53
    /// (`Number::parse(..).to_f64()`), with a shortcut for short decimals
    /// where the result is provably the same (see `simple_decimal_f64`).
    #[inline]
    fn f64(&mut self) -> Result<f64> {
        let text = json_number_text(self)?;
        if let Some(v) = crate::model::impls::simple_decimal_f64(&text) {
            return Ok(v);
        }
        Ok(parse_number(&text)?.to_f64())
    }

    #[inline]
    fn number(&mut self) -> Result<Number> {
        let text = json_number_text(self)?;
        parse_number(&text)
    }

    #[inline]
    fn str(&mut self) -> Result<Cow<'de, str>> {
        json_string(self).map(cow_nfc)
    }

    #[inline]
    fn borrowed_str(&mut self) -> Result<&'de str> {
        match json_string(self)? {
            Cow::Borrowed(s) if is_nfc(s) => Ok(s),
            Cow::Borrowed(_) => Err(unborrowable(
                "string is not in Unicode normal form C and cannot be borrowed as is; use Cow<str> or String",
            )),
            Cow::Owned(_) => Err(unborrowable(
                "a JSON string with escapes cannot be borrowed; use Cow<str> or String",
            )),
        }
    }

    #[inline]
    fn dynamic(&mut self) -> Result<Value> {
        crate::json::decode_from_reader(self, &Type::Dynamic, &crate::json::JsonOptions::default())
    }

    #[inline]
    fn begin_seq(&mut self, _: &str) -> Result<bool> {
        self.begin_array().map_err(|e| explain_json(self, e))?;
        Ok(true)
    }

    #[inline]
    fn begin_tuple(&mut self, _: usize) -> Result<bool> {
        self.begin_array().map_err(|e| explain_json(self, e))?;
        Ok(true)
    }

    #[inline]
    fn seq_len(_: &bool) -> Option<usize> {
        None
    }

    #[inline]
    fn next_element(&mut self, first: &mut bool) -> Result<bool> {
        Reader::next_element(self, first)
    }

    #[inline]
    fn end_seq(&mut self, _: bool) {}

    #[inline]
    fn begin_map(&mut self) -> Result<bool> {
        Reader::begin_object(self).map_err(|e| explain_json(self, e))?;
        Ok(true)
    }

    #[inline]
    fn next_map_key(&mut self, first: &mut bool) -> Result<Option<KeyText<'de>>> {
        Ok(Reader::next_key(self, first)?.map(|text| KeyText { text, nfc: false }))
    }

    #[inline]
    fn end_map(&mut self, _: bool) {}

    #[inline]
    fn begin_object(&mut self, _: usize) -> Result<bool> {
        Reader::begin_object(self).map_err(|e| explain_json(self, e))?;
        Ok(true)
    }

    #[inline]
    fn take_key<const M: usize, const J: usize>(
        &mut self,
        first: &mut bool,
        key: &AttrKey<M, J>,
    ) -> bool {
        self.next_key_is(first, &key.json)
    }

    #[inline]
    fn next_key(&mut self, first: &mut bool) -> Result<Option<Cow<'de, str>>> {
        Reader::next_key(self, first)
    }

    #[inline]
    fn end_object(&mut self, _: bool) {}

    #[cold]
    fn unknown_attribute(&mut self, name: &str) -> Result<()> {
        if self.ignores_unknown_attributes() {
            Reader::skip(self)
        } else {
            Err(unsupported_attribute(name))
        }
    }

    #[cold]
    fn missing<F>(
        &mut self,
        name: &str,
        read: impl FnOnce(&mut Decoder<'de>) -> Result<F>,
    ) -> Result<F> {
        read_null(read).map_err(|e| e.at_attr(name))
    }
}
