//! Encoding: [`TfEncode`], the one encode body of a type, written against
//! the format-neutral [`Sink`], and [`ValueSink`], the sink that builds a
//! dynamic [`Value`] (what [`TfEncode::to_value`] writes into).
//!
//! Each byte format implements [`Sink`] in its own module: the msgpack
//! [`Encoder`] in `msgpack/sink.rs`, the JSON [`JsonSink`] in
//! `json/sink.rs`. What is particular to a format stays there (attribute
//! names pre-encoded at compile time, the map header written with the
//! first name, presized lists). [`ValueSink`] is here because
//! `TfEncode::to_value` names it and it names `Sink`: two files would
//! import each other.

use std::collections::BTreeMap;

use crate::error::{Error, Result};
use crate::json::JsonSink;
use crate::model::tf_type::TfType;
use crate::msgpack::Encoder;
use crate::number::Number;
use crate::refinement::{RefineKind, Refinements};
use crate::types::Type;
use crate::value::{unify_element_type, Value};

/// The attributes of an object type as a derived struct writes them: the
/// names in go-cty's order (sorted), and what goes before each value in
/// each format, computed at compile time.
#[derive(Debug)]
pub struct ObjectShape {
    /// Attribute names, sorted.
    pub names: &'static [&'static str],
    /// The msgpack bytes before each value: the name as a msgpack string,
    /// preceded for the first by the map header.
    pub msgpack: &'static [&'static [u8]],
    /// The JSON text before each value: `{"name":` for the first,
    /// `,"name":` after.
    pub json: &'static [&'static str],
    /// The msgpack bytes of the whole object when it has no attributes.
    pub msgpack_empty: &'static [u8],
}

/// Which kind of sequence is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeqKind {
    /// A list.
    List,
    /// A set (the caller writes the elements merged and in go-cty's order).
    Set,
    /// A tuple.
    Tuple,
}

/// A place values are written to. The type functions are called only by
/// sinks that need the type (the [`Value`] builder, for nulls, unknowns and
/// empty collections); the byte formats ignore them.
pub trait Sink {
    /// What a sequence or map keeps while its elements are written.
    type Seq;

    /// Whether the sink refuses what its format cannot write: a collection
    /// of `dynamic` elements of different types (go-cty refuses those), a
    /// custom type that does not convert. The [`Value`] builder is lenient
    /// and writes what it can (a NaN or a failed conversion as a null).
    const STRICT: bool = true;

    /// A null.
    ///
    /// # Errors
    /// Not for the formats here.
    fn null(&mut self, ty: &dyn Fn() -> Type) -> Result<()>;

    /// An unknown of `kind`, with refinements when given.
    ///
    /// # Errors
    /// A format that cannot hold unknowns (JSON).
    fn unknown(
        &mut self,
        ty: &dyn Fn() -> Type,
        kind: RefineKind,
        refinements: Option<&Refinements>,
    ) -> Result<()>;

    /// A bool.
    ///
    /// # Errors
    /// Not for the formats here.
    fn bool(&mut self, v: bool) -> Result<()>;

    /// A signed integer.
    ///
    /// # Errors
    /// Not for the formats here.
    fn i64(&mut self, v: i64) -> Result<()>;

    /// An unsigned integer.
    ///
    /// # Errors
    /// Not for the formats here.
    fn u64(&mut self, v: u64) -> Result<()>;

    /// A float.
    ///
    /// # Errors
    /// NaN (no Terraform number), or infinity in JSON.
    fn f64(&mut self, v: f64) -> Result<()>;

    /// A number.
    ///
    /// # Errors
    /// Infinity in JSON.
    fn number(&mut self, v: &Number) -> Result<()>;

    /// A string (normalised to NFC by the sink).
    ///
    /// # Errors
    /// Not for the formats here.
    fn str(&mut self, v: &str) -> Result<()>;

    /// A `dynamic` value, written with its type.
    ///
    /// # Errors
    /// A value the format cannot write.
    fn dynamic(&mut self, v: &Value) -> Result<()>;

    /// Starts a sequence of `len` elements; `ty` is its type.
    ///
    /// # Errors
    /// Not for the formats here.
    fn begin_seq(&mut self, kind: SeqKind, len: usize, ty: &dyn Fn() -> Type) -> Result<Self::Seq>;

    /// Before element `index` of a sequence.
    ///
    /// # Errors
    /// Not for the formats here.
    fn element(&mut self, seq: &mut Self::Seq, index: usize) -> Result<()>;

    /// Ends a sequence.
    ///
    /// # Errors
    /// Not for the formats here.
    fn end_seq(&mut self, seq: Self::Seq) -> Result<()>;

    /// Starts a map of `len` entries whose values have type `elem`.
    ///
    /// # Errors
    /// Not for the formats here.
    fn begin_map(&mut self, len: usize, elem: &dyn Fn() -> Type) -> Result<Self::Seq>;

    /// The key of entry `index` (NFC, in order), before its value.
    ///
    /// # Errors
    /// Not for the formats here.
    fn key(&mut self, map: &mut Self::Seq, index: usize, key: &str) -> Result<()>;

    /// Ends a map.
    ///
    /// # Errors
    /// Not for the formats here.
    fn end_map(&mut self, map: Self::Seq) -> Result<()>;

    /// Starts an object of `shape`.
    ///
    /// # Errors
    /// Not for the formats here.
    fn begin_object(&mut self, shape: &'static ObjectShape) -> Result<()>;

    /// Before the value of attribute `index` of `shape`.
    ///
    /// # Errors
    /// Not for the formats here.
    fn attr(&mut self, shape: &'static ObjectShape, index: usize) -> Result<()>;

    /// Ends an object of `shape`.
    ///
    /// # Errors
    /// Not for the formats here.
    fn end_object(&mut self, shape: &'static ObjectShape) -> Result<()>;

    /// Writes a derived struct: its [`TfEncode::__encode_fields`]. Called
    /// by the derived [`TfEncode::encode`], not meant to be called or
    /// overridden elsewhere.
    ///
    /// A method of the sink rather than of the struct so that the compiler
    /// places a struct's encode for each format with that format's code
    /// (a generic instance goes to the codegen unit of its `Self` type's
    /// module): a crate's models then compile in several codegen units,
    /// in parallel, instead of all in the one of the module that defines
    /// them. The derived `encode` only forwards here and the body is
    /// `#[inline]`, so each body is compiled once per format, here.
    ///
    /// # Errors
    /// As [`TfEncode::encode`].
    #[doc(hidden)]
    fn __encode_object<T: TfEncode + ?Sized>(&mut self, value: &T) -> Result<()>
    where
        Self: Sized,
    {
        value.__encode_fields(self)
    }
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

#[cold]
pub(crate) fn nan_error() -> Error {
    Error::invalid("NaN cannot be written as a Terraform number")
}

/// Builds the dynamic [`Value`] of what is written.
#[derive(Debug, Default)]
pub struct ValueSink {
    stack: Vec<Frame>,
    done: Option<Value>,
}

#[derive(Debug)]
enum Frame {
    Seq(SeqKind, Type, Vec<Value>),
    Map(Type, BTreeMap<String, Value>, Option<String>),
    Object(BTreeMap<String, Value>, Option<&'static str>),
}

impl ValueSink {
    /// An empty builder.
    pub fn new() -> Self {
        ValueSink::default()
    }

    /// The value written (an untyped null if nothing was).
    pub fn finish(self) -> Value {
        self.done.unwrap_or(Value::Null(Type::Dynamic))
    }

    fn put(&mut self, v: Value) {
        match self.stack.last_mut() {
            None => self.done = Some(v),
            Some(Frame::Seq(_, _, items)) => items.push(v),
            Some(Frame::Map(_, items, key)) => {
                items.insert(key.take().unwrap_or_default(), v);
            }
            Some(Frame::Object(attrs, name)) => {
                attrs.insert(name.take().unwrap_or_default().to_string(), v);
            }
        }
    }
}

impl Sink for ValueSink {
    type Seq = ();
    const STRICT: bool = false;

    #[inline]
    fn null(&mut self, ty: &dyn Fn() -> Type) -> Result<()> {
        self.put(Value::Null(ty()));
        Ok(())
    }

    #[inline]
    fn unknown(
        &mut self,
        ty: &dyn Fn() -> Type,
        _: RefineKind,
        refinements: Option<&Refinements>,
    ) -> Result<()> {
        self.put(match refinements {
            Some(r) => Value::unknown_refined(ty(), r.clone()),
            None => Value::unknown(ty()),
        });
        Ok(())
    }

    #[inline]
    fn bool(&mut self, v: bool) -> Result<()> {
        self.put(Value::Bool(v));
        Ok(())
    }

    #[inline]
    fn i64(&mut self, v: i64) -> Result<()> {
        self.put(Value::Number(Number::from_i64(v)));
        Ok(())
    }

    #[inline]
    fn u64(&mut self, v: u64) -> Result<()> {
        self.put(Value::Number(Number::from_u64(v)));
        Ok(())
    }

    /// A NaN is written as a null number.
    #[inline]
    fn f64(&mut self, v: f64) -> Result<()> {
        self.put(match Number::from_f64(v) {
            Some(n) => Value::Number(n),
            None => Value::Null(Type::Number),
        });
        Ok(())
    }

    #[inline]
    fn number(&mut self, v: &Number) -> Result<()> {
        self.put(Value::Number(v.clone()));
        Ok(())
    }

    #[inline]
    fn str(&mut self, v: &str) -> Result<()> {
        self.put(Value::string(v));
        Ok(())
    }

    #[inline]
    fn dynamic(&mut self, v: &Value) -> Result<()> {
        self.put(v.clone());
        Ok(())
    }

    #[inline]
    fn begin_seq(&mut self, kind: SeqKind, len: usize, ty: &dyn Fn() -> Type) -> Result<()> {
        self.stack
            .push(Frame::Seq(kind, ty(), Vec::with_capacity(len.min(1 << 16))));
        Ok(())
    }

    #[inline]
    fn element(&mut self, _: &mut (), _: usize) -> Result<()> {
        Ok(())
    }

    #[inline]
    fn end_seq(&mut self, _: ()) -> Result<()> {
        let Some(Frame::Seq(kind, ty, items)) = self.stack.pop() else {
            return Err(Error::invalid("end of a sequence that was not begun"));
        };
        let value = match (kind, ty) {
            (SeqKind::Tuple, _) => Value::Tuple(items),
            (SeqKind::List, Type::List(e)) => Value::List(element(*e, &items), items),
            (SeqKind::Set, Type::Set(e)) => Value::Set(element(*e, &items), items),
            (SeqKind::List, e) => Value::List(e, items),
            (SeqKind::Set, e) => Value::Set(e, items),
        };
        self.put(value);
        Ok(())
    }

    #[inline]
    fn begin_map(&mut self, _: usize, elem: &dyn Fn() -> Type) -> Result<()> {
        self.stack.push(Frame::Map(elem(), BTreeMap::new(), None));
        Ok(())
    }

    #[inline]
    fn key(&mut self, _: &mut (), _: usize, key: &str) -> Result<()> {
        if let Some(Frame::Map(_, _, slot)) = self.stack.last_mut() {
            *slot = Some(key.to_string());
        }
        Ok(())
    }

    #[inline]
    fn end_map(&mut self, _: ()) -> Result<()> {
        let Some(Frame::Map(elem, items, _)) = self.stack.pop() else {
            return Err(Error::invalid("end of a map that was not begun"));
        };
        let elem = element(elem, items.values());
        self.put(Value::Map(elem, items));
        Ok(())
    }

    #[inline]
    fn begin_object(&mut self, _: &'static ObjectShape) -> Result<()> {
        self.stack.push(Frame::Object(BTreeMap::new(), None));
        Ok(())
    }

    #[inline]
    fn attr(&mut self, shape: &'static ObjectShape, index: usize) -> Result<()> {
        if let Some(Frame::Object(_, slot)) = self.stack.last_mut() {
            *slot = shape.names.get(index).copied();
        }
        Ok(())
    }

    #[inline]
    fn end_object(&mut self, _: &'static ObjectShape) -> Result<()> {
        let Some(Frame::Object(attrs, _)) = self.stack.pop() else {
            return Err(Error::invalid("end of an object that was not begun"));
        };
        self.put(Value::Object(attrs));
        Ok(())
    }
}

/// The element type of a collection value: the declared one, or for
/// `dynamic` elements the concrete type they share (as the decoders read
/// it back).
fn element<'a>(declared: Type, items: impl IntoIterator<Item = &'a Value>) -> Type {
    if declared.has_dynamic() {
        unify_element_type(&declared, items).unwrap_or(declared)
    } else {
        declared
    }
}
