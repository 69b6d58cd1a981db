//! Typed values: the traits that connect Rust types to Terraform types, and
//! their implementations for the standard types and tfschema's wrappers.
//!
//! A type that is [`TfEncode`] and [`TfDecode`] can be written to and read
//! from both wire forms without going through [`Value`]. `#[derive(TfValue)]`
//! implements them for model structs by calling the same wire primitives the
//! dynamic codec uses, so both produce the same bytes.

mod ephemeral;
mod identity;
mod impls;
mod plan;
mod set_order;
mod sink;
mod source;
mod wrappers;

pub use ephemeral::EphemeralSchema;
#[doc(hidden)]
pub use identity::identity_attr;
pub use identity::{IdentityAttr, IdentityPrimitive, TfIdentity};
pub use impls::{KeyStr, MapKey};
pub use plan::TfPlan;
pub use sink::{JsonSink, MsgpackSeq, ObjectShape, SeqKind, Sink, ValueSink};
#[cfg(test)]
pub(crate) use source::json_integer;
pub(crate) use source::{cow_nfc, read_null};
pub use source::{AttrKey, KeyText, MsgpackLeft, Source, ValueSource};
pub use wrappers::{Refined, Sensitive, Set, Unknown};

use crate::error::{Error, ErrorKind, Result};
use crate::json::read::{Reader, Token};
use crate::msgpack::{Decoder, Encoder, Kind};
use crate::refinement::RefineKind;
use crate::types::Type;
use crate::value::Value;

/// A Rust type that stands for a Terraform type.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a Terraform value type",
    label = "no Terraform type for this",
    note = "use a supported type (String, bool, integers, f64, Number, Vec, Option, Set, maps with string keys, Value) or derive it with `#[derive(tfschema::TfSchema, tfschema::TfValue)]`"
)]
pub trait TfType {
    /// The refinements an unknown of this type can carry.
    const REFINE_KIND: RefineKind;

    /// Whether `dynamic` appears anywhere in the type (a `Value` field, or
    /// a collection or struct holding one). Known at compile time, so the
    /// derive can reject what Terraform forbids (a dynamic attribute in a
    /// set block) and codecs skip dynamic-only checks for other types.
    const HAS_DYNAMIC: bool = false;

    /// Whether the type says its value may be null: `Option<T>`, and the
    /// wrappers around one (`Unknown<Option<T>>`, `Refined<Option<T>>`,
    /// `Sensitive<Option<T>>`). The derive reads a field's optionality from
    /// it, so a type alias of `Option<T>` gives an optional attribute, as
    /// the written `Option` does. [`Value`] holds nulls without saying so:
    /// it is `false` (write `Option<Value>` for an attribute that may be
    /// null).
    const CAN_BE_NULL: bool = false;

    /// Whether the type says its value may be unknown: [`Unknown<T>`] and
    /// [`Refined<T>`], and `Option`/[`Sensitive`] around one. A `computed`
    /// attribute needs it. Like [`CAN_BE_NULL`](Self::CAN_BE_NULL) it is
    /// `false` for [`Value`]; and for collections, whose elements may be
    /// unknown while the collection itself is known.
    const CAN_BE_UNKNOWN: bool = false;

    /// The Terraform type constraint.
    fn tf_type() -> Type;
}

/// Encoding: one body per type, [`encode`](Self::encode), written against
/// the format-neutral [`Sink`]; msgpack, JSON and the dynamic [`Value`] are
/// its implementations.
///
/// ```
/// use tfschema::model::{SeqKind, Sink};
/// use tfschema::{TfEncode, TfType, Type};
///
/// /// A pair of coordinates, as a Terraform tuple.
/// struct Point(f64, f64);
///
/// impl TfType for Point {
///     const REFINE_KIND: tfschema::RefineKind = tfschema::RefineKind::Other;
///     fn tf_type() -> Type {
///         Type::Tuple(vec![Type::Number, Type::Number])
///     }
/// }
///
/// impl TfEncode for Point {
///     fn encode<S: Sink>(&self, sink: &mut S) -> tfschema::Result<()> {
///         let mut seq = sink.begin_seq(SeqKind::Tuple, 2, &Self::tf_type)?;
///         sink.element(&mut seq, 0)?;
///         sink.f64(self.0)?;
///         sink.element(&mut seq, 1)?;
///         sink.f64(self.1)?;
///         sink.end_seq(seq)
///     }
/// }
///
/// assert_eq!(tfschema::json::to_string(&Point(1.5, -2.0))?, "[1.5,-2]");
/// assert_eq!(Point(1.5, -2.0).to_value().ty(), Point::tf_type());
/// # Ok::<(), tfschema::Error>(())
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be encoded as a Terraform value",
    label = "not encodable",
    note = "derive it with `#[derive(tfschema::TfSchema, tfschema::TfValue)]` or use a supported type"
)]
pub trait TfEncode: TfType {
    /// Writes the value to `sink`.
    ///
    /// # Errors
    /// A value the sink's format cannot hold: NaN anywhere, unknowns and
    /// infinities in JSON.
    fn encode<S: Sink>(&self, sink: &mut S) -> Result<()>;

    /// The encode body of a derived struct, which its `encode` reaches
    /// through [`Sink::__encode_object`]; [`encode`](Self::encode) for
    /// other types. Not meant to be called or implemented elsewhere.
    ///
    /// # Errors
    /// As [`encode`](Self::encode).
    #[doc(hidden)]
    #[inline]
    fn __encode_fields<S: Sink>(&self, sink: &mut S) -> Result<()> {
        self.encode(sink)
    }

    /// Writes the msgpack form.
    ///
    /// # Errors
    /// A value with no wire form (NaN).
    #[inline]
    fn encode_msgpack(&self, enc: &mut Encoder) -> Result<()> {
        self.encode(enc)
    }

    /// Appends the JSON form.
    ///
    /// # Errors
    /// Unknowns and infinities, which JSON cannot represent.
    fn encode_json(&self, out: &mut String) -> Result<()> {
        self.encode(&mut JsonSink::new(out))
    }

    /// The dynamic [`Value`] (a NaN becomes a null number).
    fn to_value(&self) -> Value {
        let mut sink = ValueSink::new();
        match self.encode(&mut sink) {
            Ok(()) => sink.finish(),
            Err(_) => Value::Null(Self::tf_type()),
        }
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

/// A model struct: its schema block. Implemented by `#[derive(TfSchema)]`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no Terraform schema",
    label = "not a schema model",
    note = "add `#[derive(tfschema::TfSchema, tfschema::TfValue)]` to the struct"
)]
pub trait TfSchema {
    /// The schema version (`#[tf(version = N)]`), for state upgrades.
    const VERSION: i64 = 0;

    /// Whether a `write_only` attribute appears in the block or below it
    /// (Terraform forbids them in set blocks; the derive checks that at
    /// compile time).
    const HAS_WRITE_ONLY: bool = false;

    /// Whether an attribute or block in the block or below it has a plan
    /// policy (`requires_replace`, `requires_replace_if`,
    /// `use_state_for_unknown`, `default`, `semantic_equal`): the derive
    /// refuses them under an ephemeral resource, which is never planned.
    const HAS_PLAN_POLICY: bool = false;

    /// The block this struct describes.
    fn block() -> crate::schema::Block;

    /// The versioned schema.
    fn schema() -> crate::schema::Schema {
        crate::schema::Schema {
            version: Self::VERSION,
            block: Self::block(),
        }
    }

    /// Whether the schema uses nested attributes, which only protocol 6 can
    /// describe.
    fn requires_protocol_6() -> bool {
        Self::block().requires_protocol_6()
    }

    /// Runs the `#[tf(validate(...))]` validators, the cross-attribute rules
    /// and the deprecation warnings on `value` (an object of this block,
    /// usually from the plan view), adding diagnostics at `path` and below.
    /// Unknown and null values are skipped.
    fn validate(
        value: &Value,
        path: &mut Vec<crate::error::PathStep>,
        diags: &mut crate::diag::Diagnostics,
    ) {
        let _ = (value, path, diags);
    }

    /// [`validate`](Self::validate) from the top of the block.
    fn validate_value(value: &Value) -> crate::diag::Diagnostics {
        let mut diags = crate::diag::Diagnostics::new();
        Self::validate(value, &mut Vec::new(), &mut diags);
        diags
    }
}

/// Conversion from a dynamic [`Value`] (owned types only): the type's own
/// [`TfDecode::decode`] reading the value through [`ValueSource`].
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

impl<T: for<'de> TfDecode<'de>> FromValue for T {
    fn from_value(value: Value) -> Result<Self> {
        T::decode(&mut ValueSource::new(value))
    }
}

/// Turns a failed read of a required value into a clear error when what was
/// there is a null or an unknown. Call it before anything is consumed.
#[cold]
pub(crate) fn explain_msgpack(dec: &Decoder<'_>, err: Error) -> Error {
    match dec.peek_kind() {
        Ok(Kind::Nil) => null_error(),
        Ok(Kind::Ext) => unknown_error(),
        _ => err,
    }
}

/// The JSON counterpart of [`explain_msgpack`].
#[cold]
pub(crate) fn explain_json(reader: &mut Reader<'_>, err: Error) -> Error {
    match reader.peek() {
        Ok(Token::Null) => null_error(),
        _ => err,
    }
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
