//! [`DynamicValue`]: a value of the plugin protocol kept as Terraform sent
//! it (msgpack or JSON bytes, with the schema type to read them with) and
//! decoded only when someone asks, into a model struct or a dynamic
//! [`Value`].
//!
//! The typed layer reads request bytes straight into the model and writes
//! the model straight back to msgpack; a raw provider chooses per value.

use std::fmt;
use std::sync::Arc;

use crate::diag::{Diagnostic, Diagnostics};
use crate::error::{Error, ErrorKind};
use crate::model::{TfDecode, TfEncode};
use crate::msgpack::UnknownsSeen;
use crate::tolerant;
use crate::types::Type;
use crate::value::Value;

/// A value of the plugin protocol, decoded on demand.
///
/// Request values arrive as bytes with their schema type: read one with
/// [`decode`](Self::decode) (into a model, borrowing strings from the
/// bytes) or [`to_value`](Self::to_value). Response values are built from a
/// model ([`from_model`](Self::from_model), written to msgpack at once) or
/// from a [`Value`] (`DynamicValue::from(value)`, written with the schema's
/// type when the answer is sent).
///
/// ```
/// use tfschema::server::raw::DynamicValue;
/// use tfschema::{Type, Value};
///
/// let ty = Type::object([("name", Type::String)]);
/// let value = Value::object([("name", Value::from("a"))]);
/// let bytes = tfschema::msgpack::value_to_vec(&value, &ty)?;
/// let dynamic = DynamicValue::msgpack(bytes, ty);
/// assert_eq!(dynamic.to_value()?, value);
/// let name: std::collections::BTreeMap<&str, &str> = dynamic.decode()?;
/// assert_eq!(name["name"], "a");
/// # Ok::<(), tfschema::Error>(())
/// ```
#[derive(Clone)]
pub struct DynamicValue {
    repr: Repr,
    /// What the value is, for diagnostics ("configuration", "prior state").
    what: &'static str,
}

#[derive(Clone)]
enum Repr {
    /// msgpack bytes and the type they are read with (shared: every value
    /// of a resource type holds the same one).
    Msgpack(Vec<u8>, Arc<Type>),
    /// JSON bytes and their type.
    Json(Vec<u8>, Arc<Type>),
    /// A dynamic value, written with the schema's type on the way out.
    Value(Value),
}

impl DynamicValue {
    /// msgpack bytes of a value of type `ty` (a [`Type`], or an
    /// `Arc<Type>` shared by many values).
    pub fn msgpack(bytes: Vec<u8>, ty: impl Into<Arc<Type>>) -> Self {
        DynamicValue {
            repr: Repr::Msgpack(bytes, ty.into()),
            what: "value",
        }
    }

    /// JSON bytes of a value of type `ty` (a [`Type`], or an `Arc<Type>`).
    pub fn json(bytes: Vec<u8>, ty: impl Into<Arc<Type>>) -> Self {
        DynamicValue {
            repr: Repr::Json(bytes, ty.into()),
            what: "value",
        }
    }

    /// A null of type `ty`.
    pub fn null(ty: Type) -> Self {
        DynamicValue::from(Value::Null(ty))
    }

    /// A model written to msgpack now.
    ///
    /// # Errors
    /// A value with no wire form (a NaN).
    pub fn from_model<T: TfEncode + ?Sized>(model: &T) -> Result<Self, Error> {
        Ok(DynamicValue {
            repr: Repr::Msgpack(crate::msgpack::to_vec(model)?, Arc::new(T::tf_type())),
            what: "value",
        })
    }

    /// Whether the value is null (without decoding it).
    pub fn is_null(&self) -> bool {
        match &self.repr {
            Repr::Msgpack(bytes, _) => bytes.is_empty() || bytes[..] == [0xc0],
            Repr::Json(bytes, _) => {
                let text = bytes.trim_ascii();
                text.is_empty() || text == b"null"
            }
            Repr::Value(v) => v.is_null(),
        }
    }

    /// The msgpack bytes, when the value is held as msgpack.
    pub fn as_msgpack(&self) -> Option<&[u8]> {
        match &self.repr {
            Repr::Msgpack(bytes, _) => Some(bytes),
            _ => None,
        }
    }

    /// Reads the value into `T`, which may borrow strings from it.
    ///
    /// # Errors
    /// Bytes that do not fit `T`, with the attribute path. A value built
    /// from a [`Value`] has no bytes to borrow from: read it with
    /// [`decode_owned`](Self::decode_owned) or [`to_value`](Self::to_value).
    pub fn decode<'a, T: TfDecode<'a>>(&'a self) -> Result<T, Error> {
        match &self.repr {
            Repr::Msgpack(bytes, _) if bytes.is_empty() => crate::msgpack::from_slice(&[0xc0]),
            Repr::Msgpack(bytes, _) => crate::msgpack::from_slice(bytes),
            Repr::Json(bytes, _) => crate::json::from_slice(bytes),
            Repr::Value(_) => Err(Error::new(
                ErrorKind::Invalid,
                "a value built from a dynamic Value has no bytes to borrow from; use decode_owned()",
            )),
        }
    }

    /// Reads the value into an owned `T`, whatever form it is held in.
    ///
    /// Only `T`'s msgpack decode runs: msgpack bytes are read straight
    /// into `T`; a [`Value`] or JSON is first written as msgpack (with
    /// `T`'s type). A provider thus compiles one decode per model, however
    /// its values arrive.
    ///
    /// # Errors
    /// As [`decode`](Self::decode).
    pub fn decode_owned<T: for<'de> TfDecode<'de>>(&self) -> Result<T, Error> {
        match &self.repr {
            Repr::Msgpack(bytes, _) if bytes.is_empty() => crate::msgpack::from_slice(&[0xc0]),
            Repr::Msgpack(bytes, _) => crate::msgpack::from_slice(bytes),
            Repr::Value(v) => crate::msgpack::decode_value_as(v),
            Repr::Json(..) => crate::msgpack::decode_value_as(&self.to_value()?),
        }
    }

    /// The dynamic [`Value`].
    ///
    /// # Errors
    /// Bytes that do not fit the type, with the attribute path.
    pub fn to_value(&self) -> Result<Value, Error> {
        match &self.repr {
            Repr::Msgpack(bytes, ty) if bytes.is_empty() => Ok(Value::Null(Type::clone(ty))),
            Repr::Msgpack(bytes, ty) => crate::msgpack::value_from_slice(bytes, ty),
            Repr::Json(bytes, ty) => crate::json::value_from_slice(bytes, ty),
            Repr::Value(v) => Ok(v.clone()),
        }
    }

    /// [`to_value`](Self::to_value), consuming the value.
    ///
    /// # Errors
    /// As [`to_value`](Self::to_value).
    pub fn into_value(self) -> Result<Value, Error> {
        match self.repr {
            Repr::Value(v) => Ok(v),
            _ => self.to_value(),
        }
    }

    /// Which unknowns the value holds, read without decoding it (bytes that
    /// cannot be read count as holding refined unknowns, so that callers
    /// take the path that decodes them and reports the error).
    pub(crate) fn unknowns(&self) -> UnknownsSeen {
        match &self.repr {
            Repr::Msgpack(bytes, _) if bytes.is_empty() => UnknownsSeen::default(),
            Repr::Msgpack(bytes, _) => {
                let mut seen = UnknownsSeen::default();
                let mut dec = crate::msgpack::Decoder::new(bytes);
                match dec.skip_noting(&mut seen).and_then(|()| dec.finish()) {
                    Ok(()) => seen,
                    Err(_) => UnknownsSeen {
                        any: true,
                        refined: true,
                    },
                }
            }
            // JSON cannot hold unknowns.
            Repr::Json(..) => UnknownsSeen::default(),
            Repr::Value(v) => {
                let known = v.is_wholly_known();
                UnknownsSeen {
                    any: !known,
                    refined: !known,
                }
            }
        }
    }

    /// Names the value for diagnostics ("configuration", "prior state").
    pub(crate) fn named(mut self, what: &'static str) -> Self {
        self.what = what;
        self
    }

    /// [`decode_owned`](Self::decode_owned), a failure as the error diagnostic
    /// "Invalid <what>" at the attribute path.
    pub(crate) fn read<T: for<'de> TfDecode<'de>>(&self) -> Result<T, Diagnostics> {
        self.decode_owned().map_err(|err| invalid(self.what, err))
    }

    /// [`read`](Self::read) for the validate hooks, past the values custom
    /// types refuse: each is an error diagnostic at its attribute (the
    /// module's summary, else "Invalid <what>") and reads as unknown.
    /// `value` is this value's [`to_value`](Self::to_value), which the
    /// caller already holds; it is read only when a refusal needs it.
    pub(crate) fn read_past_refusals<T: for<'de> TfDecode<'de>>(
        &self,
        value: &Value,
    ) -> Result<(T, Diagnostics), Diagnostics> {
        match self.decode_owned() {
            Ok(view) => Ok((view, Diagnostics::new())),
            Err(err) if err.is_refusal() => {
                tolerant::read_past_refusals(value, &format!("Invalid {}", self.what))
            }
            Err(err) => Err(invalid(self.what, err)),
        }
    }

    /// [`read`](Self::read), and whether the value holds an unknown with
    /// refinements (noted while reading msgpack, with no second pass).
    pub(crate) fn read_noting_refined<T: for<'de> TfDecode<'de>>(
        &self,
    ) -> Result<(T, bool), Diagnostics> {
        match &self.repr {
            Repr::Msgpack(bytes, _) if !bytes.is_empty() => {
                let mut dec = crate::msgpack::Decoder::new(bytes);
                let value = T::decode_msgpack(&mut dec)
                    .and_then(|value| dec.finish().map(|()| value))
                    .map_err(|err| invalid(self.what, err))?;
                Ok((value, dec.saw_refined_unknown()))
            }
            _ => Ok((self.read()?, self.unknowns().refined)),
        }
    }

    /// [`to_value`](Self::to_value), a failure as the error diagnostic
    /// "Invalid <what>" at the attribute path.
    pub(crate) fn read_value(&self) -> Result<Value, Diagnostics> {
        self.to_value().map_err(|err| invalid(self.what, err))
    }

    /// [`read_value`](Self::read_value), consuming the value (its bytes
    /// go back once read).
    pub(crate) fn into_read_value(self) -> Result<Value, Diagnostics> {
        let what = self.what;
        self.into_value().map_err(|err| invalid(what, err))
    }

    /// The msgpack to send for a value of type `ty`: held bytes as they
    /// are (moved, not copied), a [`Value`] written now.
    pub(crate) fn into_msgpack(self, ty: &Type) -> Result<Vec<u8>, Error> {
        match self.repr {
            Repr::Msgpack(bytes, _) => Ok(bytes),
            Repr::Json(..) => crate::msgpack::value_to_vec(&self.to_value()?, ty),
            Repr::Value(v) => crate::msgpack::value_to_vec(&v, ty),
        }
    }
}

impl From<Value> for DynamicValue {
    fn from(value: Value) -> Self {
        DynamicValue {
            repr: Repr::Value(value),
            what: "value",
        }
    }
}

impl fmt::Debug for DynamicValue {
    /// The form and size only: values may hold sensitive attributes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.repr {
            Repr::Msgpack(bytes, _) => write!(f, "DynamicValue(msgpack, {} bytes)", bytes.len()),
            Repr::Json(bytes, _) => write!(f, "DynamicValue(json, {} bytes)", bytes.len()),
            Repr::Value(_) => f.write_str("DynamicValue(value)"),
        }
    }
}

/// A decode failure of the request value `what` (of its bytes, or of a
/// form of it such as its `Value`) as the error diagnostic the protocol
/// layer gives ("Invalid configuration", at the path), or with the summary
/// a custom type's refusal gave ([`Error::summary`]).
pub(crate) fn invalid(what: &str, err: Error) -> Diagnostics {
    let summary = match err.summary() {
        Some(own) => own.to_owned(),
        None => format!("Invalid {what}"),
    };
    let mut diagnostic = Diagnostic::from(err);
    diagnostic.summary = summary;
    let mut diagnostics = Diagnostics::new();
    diagnostics.push(diagnostic);
    diagnostics
}
