//! Helpers for the code `#[derive(TfSchema, TfValue)]` generates. Not a
//! public API: names and signatures may change in any release.
//!
//! Generated code names everything through this module (never bare `Option`
//! or `Result`), so user types that shadow prelude names cannot break it.

pub use core::default::Default;
pub use core::fmt;
pub use core::option::Option::{self, None, Some};
pub use core::result::Result::{self, Err, Ok};
pub use std::boxed::Box;
pub use std::collections::BTreeMap;
pub use std::string::String;
pub use std::vec;
pub use std::vec::Vec;

pub use std::sync::OnceLock;

pub use regex::Regex;

pub use crate::diag::Diagnostics;
pub use crate::error::{Error, ErrorKind, PathStep, WireError};
pub use crate::json::read::Reader;
pub use crate::model::identity::identity_attr;
pub use crate::model::{AttrKey, ObjectShape, Sink, Source};
pub use crate::msgpack::{Decoder, Encoder};
pub use crate::number::Number;
pub use crate::refinement::RefineKind;
pub use crate::schema::{
    Attribute, AttributeType, Block, NestedBlock, NestedType, NestingMode, ObjectNesting,
    PlanPolicy, ReplaceIf, ReplaceIfRequest, ReplaceIfResponse, SemanticEqual, SemanticKey,
    StringKind,
};
use crate::tolerant::past_refusals;
pub use crate::types::Type;
pub use crate::validate::Ctx;
pub use crate::Set;
/// The attribute validators `#[tf(validate(...))]` calls.
pub mod validate {
    pub use crate::validate::choice::{none_of, none_of_case_insensitive, one_of_case_insensitive};
    pub use crate::validate::combine::{any, any_with_all_warnings, warn};
    pub use crate::validate::strings::{length, prefix, regex, utf8_length};
    pub use crate::validate::write_only::prefer_write_only_attribute;
    pub use crate::validate::{items, keys, no_null_values, one_of, range, unique};
}
pub use crate::value::Value;
pub use crate::{
    EphemeralSchema, FromValue, Refined, Sensitive, TfDecode, TfEncode, TfIdentity, TfPlan,
    TfSchema, TfType, Unknown,
};

/// An attribute's flags as the derive writes them, in its [`AttrSpec`].
#[derive(Debug, Clone, Copy)]
pub struct AttrFlags {
    pub required: bool,
    pub optional: bool,
    pub computed: bool,
    pub sensitive: bool,
    pub deprecated: bool,
    /// What to use instead (empty when not deprecated).
    pub deprecation_message: &'static str,
    pub write_only: bool,
    pub markdown: bool,
}

impl AttrFlags {
    /// The flags in one short call (the derive writes one per attribute).
    #[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
    pub const fn of(
        required: bool,
        optional: bool,
        computed: bool,
        sensitive: bool,
        deprecated: bool,
        write_only: bool,
        markdown: bool,
        deprecation_message: &'static str,
    ) -> AttrFlags {
        AttrFlags {
            required,
            optional,
            computed,
            sensitive,
            deprecated,
            deprecation_message,
            write_only,
            markdown,
        }
    }
}

fn string_kind(markdown: bool) -> StringKind {
    if markdown {
        StringKind::Markdown
    } else {
        StringKind::Plain
    }
}

// A derived `block()` is one call of `block_of` with two constant tables
// (`&'static [AttrSpec]`, `&'static [BlockSpec]`) the derive writes in an
// inline `const` block: the per-model code is data the compiler evaluates
// once, with no temporaries to drop, and the loop that builds the schema
// from it is compiled once, here. The field types' schemas come in as
// function pointers (`<T as TfType>::tf_type`, `<E as TfSchema>::block`),
// named at the field's span so that a type that is not a Terraform type is
// still reported there.

/// The type of an attribute of a derived block.
#[derive(Debug, Clone, Copy)]
pub enum AttrTy {
    /// A plain attribute: its type's `TfType::tf_type` (or its `with`
    /// module's wire type's).
    Type(fn() -> Type),
    /// Nested attributes: the element struct's `TfSchema::block`.
    Nested(fn() -> Block, ObjectNesting),
}

/// An attribute of a derived block, as a constant.
#[derive(Debug, Clone, Copy)]
pub struct AttrSpec {
    /// The attribute's name.
    pub name: &'static str,
    /// Its type.
    pub ty: AttrTy,
    /// Its description.
    pub description: &'static str,
    /// Its flags.
    pub flags: AttrFlags,
    /// Its plan policy when it has one (`None`: [`PlanPolicy::NONE`]); a
    /// function because a default is a `Value`, built at run time.
    pub plan: Option<fn() -> PlanPolicy>,
}

/// A block field's own flags: `deprecated = "..."` (empty when not
/// deprecated) and `computed`.
#[derive(Debug, Clone, Copy)]
pub struct BlockFlags {
    pub deprecation_message: Option<&'static str>,
    pub computed: bool,
}

/// A nested block of a derived block, as a constant. The field's
/// `deprecated` and `computed` go on the nested block's own block, where
/// the protocol carries them.
#[derive(Debug, Clone, Copy)]
pub struct BlockSpec {
    /// The block's type name.
    pub name: &'static str,
    /// The element struct's `TfSchema::block`.
    pub block: fn() -> Block,
    /// Its nesting mode.
    pub nesting: NestingMode,
    /// `min_items`.
    pub min_items: u64,
    /// `max_items`.
    pub max_items: u64,
    /// Its flags.
    pub flags: BlockFlags,
    /// Its plan policy (see [`AttrSpec::plan`]).
    pub plan: Option<fn() -> PlanPolicy>,
}

fn plan_of(plan: Option<fn() -> PlanPolicy>) -> PlanPolicy {
    plan.map_or(PlanPolicy::NONE, |plan| plan())
}

fn attribute(spec: &AttrSpec) -> Attribute {
    let flags = spec.flags;
    let ty = match spec.ty {
        AttrTy::Type(tf_type) => AttributeType::Type(tf_type()),
        AttrTy::Nested(block, nesting) => AttributeType::Nested(NestedType {
            attributes: block().attributes,
            nesting,
        }),
    };
    Attribute {
        name: String::from(spec.name),
        ty,
        description: String::from(spec.description),
        description_kind: string_kind(flags.markdown),
        required: flags.required,
        optional: flags.optional,
        computed: flags.computed,
        sensitive: flags.sensitive,
        deprecated: flags.deprecated,
        deprecation_message: String::from(flags.deprecation_message),
        write_only: flags.write_only,
        plan: plan_of(spec.plan),
    }
}

fn nested_block(spec: &BlockSpec) -> NestedBlock {
    let mut block = (spec.block)();
    if let Some(message) = spec.flags.deprecation_message {
        block.deprecated = true;
        block.deprecation_message = String::from(message);
    }
    block.computed = spec.flags.computed;
    NestedBlock {
        type_name: String::from(spec.name),
        block,
        nesting: spec.nesting,
        min_items: spec.min_items,
        max_items: spec.max_items,
        plan: plan_of(spec.plan),
    }
}

/// The object type of a `#[tf(optional_attributes)]` struct: its block's
/// implied type with the optional attributes marked optional, as the type
/// of an attribute (plugin-go's `tftypes.Object{OptionalAttributes}`).
#[inline(never)]
pub fn object_with_optional(block: Block) -> Type {
    let optional: Vec<String> = block
        .attributes
        .iter()
        .filter(|a| a.optional)
        .map(|a| a.name.clone())
        .collect();
    mark_optional(block, optional)
}

/// The object type of a `#[tf(optional_attributes("a", ...))]` struct: its
/// block's implied type with the named attributes marked optional (the
/// derive checked that each is one of its attributes, and may be null).
#[inline(never)]
pub fn object_with_named_optional(block: Block, names: &[&str]) -> Type {
    let optional = names.iter().map(|n| String::from(*n)).collect();
    mark_optional(block, optional)
}

fn mark_optional(block: Block, optional: Vec<String>) -> Type {
    let implied = block.implied_type();
    let Type::Object(object) = &implied else {
        return implied;
    };
    // Every name is one of the block's attributes, so of its object.
    match (**object).clone().with_optional(optional) {
        Ok(marked) => Type::Object(Box::new(marked)),
        Err(_) => implied,
    }
}

/// A derived block: its attributes and nested blocks from the derive's
/// constant tables, in their order.
#[inline(never)]
pub fn block_of(
    attributes: &'static [AttrSpec],
    block_types: &'static [BlockSpec],
    description: &'static str,
    markdown: bool,
    deprecation_message: Option<&'static str>,
) -> Block {
    Block {
        attributes: attributes.iter().map(attribute).collect(),
        block_types: block_types.iter().map(nested_block).collect(),
        description: String::from(description),
        description_kind: string_kind(markdown),
        deprecated: deprecation_message.is_some(),
        deprecation_message: String::from(deprecation_message.unwrap_or_default()),
        computed: false,
    }
}

#[cold]
pub fn duplicate_attribute(name: &str) -> Error {
    Error::new(
        ErrorKind::Invalid,
        format!("duplicate object attribute {name:?}"),
    )
}

// The three per-field helpers below take the field's codec as a function
// pointer, not a generic closure: a field type that is not a Terraform type
// is then reported once, at the field. Optimised builds inline them, so the
// pointer is a constant and the call direct; debug builds (where
// `debug_assertions` is the usual sign) keep them as calls, which compile
// faster.

/// Writes attribute `index` of an object of `shape`: its name, then the
/// value through `encode` (the field type's, or its `with` module's), with
/// an error placed at the attribute. One generic body in the library
/// instead of a closure per field in every derive: the compiler checks it
/// once.
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn encode_attr<S: Sink, T: ?Sized>(
    sink: &mut S,
    shape: &'static ObjectShape,
    index: usize,
    value: &T,
    encode: fn(&T, &mut S) -> Result<(), Error>,
) -> Result<(), Error> {
    sink.attr(shape, index)?;
    encode(value, sink).map_err(|e| e.at_attr(shape.names[index]))
}

/// Reads attribute `name` into its slot through `decode`: an error if the
/// slot is already filled (the attribute came twice), and any error of
/// `decode` placed at the attribute.
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn decode_attr<'de, S: Source<'de>, T>(
    src: &mut S,
    slot: &mut Option<T>,
    name: &'static str,
    decode: fn(&mut S) -> Result<T, Error>,
) -> Result<(), Error> {
    if slot.is_some() {
        return Err(duplicate_attribute(name));
    }
    *slot = Some(decode(src).map_err(|e| e.at_attr(name))?);
    Ok(())
}

/// Fills the slot of attribute `name` when the input did not have it with
/// what the source makes of a missing attribute ([`Source::missing`]: an
/// error in msgpack, `read_null` of a null elsewhere).
#[cfg_attr(not(debug_assertions), inline(always))]
pub fn fill_attr<'de, S: Source<'de>, T>(
    src: &mut S,
    slot: &mut Option<T>,
    name: &'static str,
    read_null: fn(&mut Decoder<'de>) -> Result<T, Error>,
) -> Result<(), Error> {
    if slot.is_none() {
        *slot = Some(src.missing(name, read_null)?);
    }
    Ok(())
}

/// The index of attribute `name` in `shape`, for a name read out of
/// order (a derived decode first compares the name expected next): a
/// binary search, the names being sorted as go-cty sorts them (by bytes).
pub fn attr_index(shape: &ObjectShape, name: &str) -> Option<usize> {
    shape.names.binary_search(&name).ok()
}

/// The error of a derived decode that finds a slot empty after
/// [`fill_attr`] filled them all: never returned.
#[cold]
pub fn unfilled_attribute() -> Error {
    Error::new(ErrorKind::Invalid, "an attribute was left unread")
}

/// The regex for `pattern`, compiled once; `None` if it does not compile
/// (the derive checks patterns at compile time, so that is unreachable for
/// generated code).
pub fn cached_regex(cell: &'static OnceLock<Regex>, pattern: &str) -> Option<&'static Regex> {
    if let Some(re) = cell.get() {
        return Some(re);
    }
    let re = Regex::new(pattern).ok()?;
    Some(cell.get_or_init(|| re))
}

/// A number from a literal's text (the derive writes only valid literals).
pub fn number(text: &str) -> Option<Number> {
    Number::parse(text).ok()
}

/// A number value from a literal's text.
pub fn number_value(text: &str) -> Value {
    match Number::parse(text) {
        Ok(n) => Value::Number(n),
        Err(_) => Value::Null(Type::Number),
    }
}

/// Validates the objects of a block or nested attribute, however nested:
/// list elements and map values get their step; set elements keep the
/// set's path (Terraform cannot address them).
#[inline]
pub fn validate_nested<T: TfSchema + ?Sized>(
    value: &Value,
    root: &Value,
    path: &mut Vec<PathStep>,
    diags: &mut Diagnostics,
) {
    each_nested(value, root, path, diags, T::validate);
}

/// The walk of [`validate_nested`], compiled once: `validate` runs on each
/// object.
fn each_nested(
    value: &Value,
    root: &Value,
    path: &mut Vec<PathStep>,
    diags: &mut Diagnostics,
    validate: Validate,
) {
    match value {
        Value::Object(_) => validate(value, root, path, diags),
        Value::List(_, items) | Value::Tuple(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(PathStep::Index(i as u64));
                validate(item, root, path, diags);
                path.pop();
            }
        }
        Value::Set(_, items) => {
            for item in items {
                validate(item, root, path, diags);
            }
        }
        Value::Map(_, items) => {
            for (k, item) in items {
                path.push(PathStep::Key(k.clone()));
                validate(item, root, path, diags);
                path.pop();
            }
        }
        _ => {}
    }
}

/// A block's validation ([`TfSchema::validate`]).
type Validate = fn(&Value, &Value, &mut Vec<PathStep>, &mut Diagnostics);

/// Warns when a deprecated attribute is set.
pub fn deprecated(value: &Value, message: &str, path: &[PathStep], diags: &mut Diagnostics) {
    if !value.is_null() {
        let detail = deprecation_detail(message, "attribute", path);
        diags.warning(path, "Attribute Deprecated", detail);
    }
}

/// Warns when a deprecated block is written: not null, not an empty list,
/// set or map, and not an object of absent values (how an absent block, a
/// group block's included, reads).
pub fn deprecated_block(value: &Value, message: &str, path: &[PathStep], diags: &mut Diagnostics) {
    fn absent(value: &Value) -> bool {
        match value {
            Value::Null(_) => true,
            Value::List(_, xs) | Value::Set(_, xs) => xs.is_empty(),
            Value::Map(_, m) => m.is_empty(),
            Value::Object(attrs) => attrs.values().all(absent),
            _ => false,
        }
    }
    if !absent(value) {
        let detail = deprecation_detail(message, "block", path);
        diags.warning(path, "Block Deprecated", detail);
    }
}

pub use crate::rules::{Rule, Sum};

/// A deprecation warning's detail: the message, or for a deprecation
/// without one (`#[tf(deprecated)]`) the words Terraform 1.15 itself uses
/// for such an attribute or block where its value is used (the Go framework
/// has no deprecation without a message to copy).
fn deprecation_detail(message: &str, what: &str, path: &[PathStep]) -> String {
    if !message.is_empty() {
        return String::from(message);
    }
    // Terraform's path notation, without the leading dot.
    let at: String = path.iter().map(ToString::to_string).collect();
    let at = at.strip_prefix('.').unwrap_or(&at);
    format!(
        "Deprecated resource {what} {at:?} used. Refer to the provider documentation for details."
    )
}

/// Checks the cross-attribute rule declared on `this` of the object
/// `object` at `path` in `root`, naming `others` (path expressions the
/// derive checked).
pub fn check_rule(
    rule: Rule,
    object: &Value,
    root: &Value,
    this: &str,
    others: &[&str],
    path: &[PathStep],
    diags: &mut Diagnostics,
) {
    let (scope, others) = scoped(object, root, others, path);
    crate::rules::check_rule(rule, scope, this, &others, diags);
}

/// Checks an integer sum rule (`at_least_sum_of` and the others) declared
/// on `this`, as [`check_rule`].
pub fn check_sum(
    sum: Sum,
    object: &Value,
    root: &Value,
    this: &str,
    others: &[&str],
    path: &[PathStep],
    diags: &mut Diagnostics,
) {
    let (scope, others) = scoped(object, root, others, path);
    crate::rules::check_sum(sum, scope, this, &others, diags);
}

/// Where a rule of the object at `path` is checked, and its expressions
/// (texts the derive checked).
fn scoped<'a>(
    object: &'a Value,
    root: &'a Value,
    others: &[&str],
    path: &'a [PathStep],
) -> (crate::rules::Scope<'a, 'a>, Vec<crate::path::Expression>) {
    let others = (others.iter())
        .map(|t| crate::path::Expression::of_checked(t))
        .collect();
    let scope = crate::rules::Scope {
        root,
        object,
        base: path,
    };
    (scope, others)
}

pub use crate::rules::{ConfigRule, ConfigValidator};

/// A configuration validator over path expressions the derive checked
/// (`#[tf(config_validators(...))]`).
pub fn config_validator(kind: ConfigRule, texts: &[&str]) -> ConfigValidator {
    ConfigValidator::of_checked(kind, texts)
}

/// The plan view a `validate_with` hook gets of an object: a value a custom
/// type refuses reads as unknown, so the hook runs whatever the module
/// says (the refusal itself is reported once, where the typed server reads
/// the whole configuration's view); `None` when the object does not read
/// at all.
///
/// It runs for every object a hook is on, each element of a block among
/// them, so it reads a copy of the `Value` through
/// [`ValueSource`](crate::model::ValueSource): the server's path through
/// msgpack (`tolerant::read_past_refusals`) would first build the view's whole
/// `Type` for each object.
pub fn hook_view<T: for<'de> TfDecode<'de>>(value: &Value) -> Option<T> {
    let mut view = None;
    past_refusals(value, "", &mut |current| {
        view = Some(T::decode(&mut crate::model::ValueSource::new(
            current.clone(),
        ))?);
        Ok(())
    })
    .ok()?;
    view
}

/// Adds `found` (from a `validate_with` hook, with paths relative to the
/// struct) to `diags`, below `path`.
pub fn extend_at(diags: &mut Diagnostics, path: &[PathStep], found: Diagnostics) {
    for mut d in found {
        let mut full = path.to_vec();
        full.append(&mut d.path);
        d.path = full;
        diags.push(d);
    }
}

// ------------------------------------------------------ #[tf(with = module)]

/// How a `#[tf(with = module)]` field is written and read: through the
/// module's wire type. The derive implements it on a marker type per field
/// for the custom type itself (calling `module::to_wire`/`from_wire`);
/// [`WithOption`], [`WithUnknown`], [`WithRefined`] and [`WithSensitive`]
/// lift it through the wrappers the field's type puts around it.
pub trait WithShape {
    /// The field's type.
    type Field;
    /// The Terraform value type it travels as.
    type Wire: TfType + TfEncode + for<'de> TfDecode<'de>;

    /// # Errors
    /// The module's `to_wire` failed.
    fn to_wire(field: &Self::Field) -> Result<Self::Wire, Error>;

    /// # Errors
    /// The module's `from_wire` failed.
    fn from_wire(wire: Self::Wire) -> Result<Self::Field, Error>;

    /// Writes the field through its wire type.
    ///
    /// # Errors
    /// As [`to_wire`](Self::to_wire) and [`TfEncode::encode`]; a lenient
    /// sink (the `Value` builder) gets a null for a value `to_wire`
    /// rejects, as a NaN float is.
    #[inline]
    fn encode<S: Sink>(field: &Self::Field, sink: &mut S) -> Result<(), Error> {
        match Self::to_wire(field) {
            Ok(wire) => wire.encode(sink),
            Err(e) if S::STRICT => Err(e),
            Err(_) => sink.null(&<Self::Wire as TfType>::tf_type),
        }
    }

    /// Reads the field through its wire type.
    ///
    /// # Errors
    /// As [`TfDecode::decode`] and [`from_wire`](Self::from_wire).
    #[inline]
    fn decode<'de, S: Source<'de>>(src: &mut S) -> Result<Self::Field, Error> {
        Self::from_wire(Self::Wire::decode(src)?)
    }
}

/// A module's `Result<_, E>` as the codecs' error: a refusal
/// ([`Error::is_refusal`]) of kind [`ErrorKind::Invalid`] with the words of
/// `E` (a [`WireError`]'s summary and detail, or any `Display`'s message);
/// the caller adds the attribute path.
///
/// # Errors
/// `result` is an error.
#[inline]
pub fn with_result<T, E: Into<WireError>>(result: Result<T, E>) -> Result<T, Error> {
    result.map_err(|e| Error::refused(e.into()))
}

/// `Option<T>` around a `with` type: null stays null.
#[derive(Debug)]
pub struct WithOption<S>(core::marker::PhantomData<S>);

impl<S: WithShape> WithShape for WithOption<S> {
    type Field = Option<S::Field>;
    type Wire = Option<S::Wire>;
    fn to_wire(field: &Self::Field) -> Result<Self::Wire, Error> {
        field.as_ref().map(S::to_wire).transpose()
    }
    fn from_wire(wire: Self::Wire) -> Result<Self::Field, Error> {
        wire.map(S::from_wire).transpose()
    }
}

/// `Sensitive<T>` around a `with` type.
#[derive(Debug)]
pub struct WithSensitive<S>(core::marker::PhantomData<S>);

impl<S: WithShape> WithShape for WithSensitive<S> {
    type Field = Sensitive<S::Field>;
    type Wire = Sensitive<S::Wire>;
    fn to_wire(field: &Self::Field) -> Result<Self::Wire, Error> {
        S::to_wire(&field.0).map(Sensitive)
    }
    fn from_wire(wire: Self::Wire) -> Result<Self::Field, Error> {
        S::from_wire(wire.0).map(Sensitive)
    }
}

/// Reads a value that may be unknown as a whole or only in parts (an
/// unknown list element, say). A custom type is built from a wholly known
/// wire value only, so a partly unknown one reads as `partly` gives.
#[inline]
fn decode_maybe_partly_unknown<'de, S: Source<'de>, W: TfDecode<'de>, F>(
    src: &mut S,
    partly: impl FnOnce() -> F,
    convert: impl FnOnce(W) -> Result<F, Error>,
) -> Result<F, Error> {
    if src.is_unknown()? || src.next_is_wholly_known()? {
        convert(W::decode(src)?)
    } else {
        src.skip()?;
        Ok(partly())
    }
}

/// `Unknown<T>` around a `with` type: unknown stays unknown, and so does a
/// partly unknown wire value (see `decode_maybe_partly_unknown`).
#[derive(Debug)]
pub struct WithUnknown<S>(core::marker::PhantomData<S>);

impl<S: WithShape> WithShape for WithUnknown<S> {
    type Field = Unknown<S::Field>;
    type Wire = Unknown<S::Wire>;
    fn to_wire(field: &Self::Field) -> Result<Self::Wire, Error> {
        match field {
            Unknown::Known(v) => S::to_wire(v).map(Unknown::Known),
            Unknown::Unknown => Ok(Unknown::Unknown),
        }
    }
    fn from_wire(wire: Self::Wire) -> Result<Self::Field, Error> {
        match wire {
            Unknown::Known(w) => S::from_wire(w).map(Unknown::Known),
            Unknown::Unknown => Ok(Unknown::Unknown),
        }
    }
    fn decode<'de, Src: Source<'de>>(src: &mut Src) -> Result<Self::Field, Error> {
        decode_maybe_partly_unknown(src, || Unknown::Unknown, Self::from_wire)
    }
}

/// `Refined<T>` around a `with` type: refinements are kept (of the wire
/// type's kind); a partly unknown wire value reads as an unknown that
/// knows nothing.
#[derive(Debug)]
pub struct WithRefined<S>(core::marker::PhantomData<S>);

impl<S: WithShape> WithShape for WithRefined<S> {
    type Field = Refined<S::Field>;
    type Wire = Refined<S::Wire>;
    fn to_wire(field: &Self::Field) -> Result<Self::Wire, Error> {
        match field {
            Refined::Known(v) => S::to_wire(v).map(Refined::Known),
            Refined::Unknown(r) => Ok(Refined::Unknown(r.clone())),
        }
    }
    fn from_wire(wire: Self::Wire) -> Result<Self::Field, Error> {
        match wire {
            Refined::Known(w) => S::from_wire(w).map(Refined::Known),
            Refined::Unknown(r) => Ok(Refined::Unknown(r)),
        }
    }
    fn decode<'de, Src: Source<'de>>(src: &mut Src) -> Result<Self::Field, Error> {
        decode_maybe_partly_unknown(
            src,
            || Refined::Unknown(Default::default()),
            Self::from_wire,
        )
    }
}

/// `Vec<T>` of a `with` type (`#[tf(with = module, each)]`): the module
/// converts each element; the attribute is a list of its wire type. A
/// refused element is reported at its index.
#[derive(Debug)]
pub struct WithList<S>(core::marker::PhantomData<S>);

impl<S: WithShape> WithShape for WithList<S> {
    type Field = Vec<S::Field>;
    type Wire = Vec<S::Wire>;
    fn to_wire(field: &Self::Field) -> Result<Self::Wire, Error> {
        (field.iter().enumerate())
            .map(|(i, v)| S::to_wire(v).map_err(|e| e.at_index(i)))
            .collect()
    }
    fn from_wire(wire: Self::Wire) -> Result<Self::Field, Error> {
        (wire.into_iter().enumerate())
            .map(|(i, w)| S::from_wire(w).map_err(|e| e.at_index(i)))
            .collect()
    }
}

/// A set `C` (`HashSet<T>`, `BTreeSet<T>`, or [`Set<T>`](crate::Set)
/// when `T` has a codec of its own) of a `with` type
/// (`#[tf(with = module, each)]`): the module converts each element; the
/// attribute is a set of its wire type, whose elements go in go-cty's order
/// (elements whose wire values are equal merge). A refused element is
/// reported at the set (Terraform cannot address set elements).
#[derive(Debug)]
pub struct WithSet<S, C>(core::marker::PhantomData<(S, C)>);

impl<S: WithShape, C> WithShape for WithSet<S, C>
where
    C: FromIterator<S::Field>,
    for<'a> &'a C: IntoIterator<Item = &'a S::Field>,
{
    type Field = C;
    type Wire = crate::Set<S::Wire>;
    fn to_wire(field: &C) -> Result<Self::Wire, Error> {
        field.into_iter().map(S::to_wire).collect()
    }
    fn from_wire(wire: Self::Wire) -> Result<C, Error> {
        wire.into_iter().map(S::from_wire).collect()
    }
}

/// A map `C` from strings (`BTreeMap<String, T>`, `HashMap<String, T>`) of
/// a `with` type (`#[tf(with = module, each)]`): the module converts each
/// element; the attribute is a map of its wire type. A refused element is
/// reported at its key.
#[derive(Debug)]
pub struct WithMap<S, C>(core::marker::PhantomData<(S, C)>);

impl<S: WithShape, C> WithShape for WithMap<S, C>
where
    C: FromIterator<(String, S::Field)>,
    for<'a> &'a C: IntoIterator<Item = (&'a String, &'a S::Field)>,
{
    type Field = C;
    type Wire = BTreeMap<String, S::Wire>;
    fn to_wire(field: &C) -> Result<Self::Wire, Error> {
        (field.into_iter())
            .map(|(k, v)| Ok((k.clone(), S::to_wire(v).map_err(|e| e.at_key(k))?)))
            .collect()
    }
    fn from_wire(wire: Self::Wire) -> Result<C, Error> {
        (wire.into_iter())
            .map(|(k, w)| match S::from_wire(w) {
                Ok(v) => Ok((k, v)),
                Err(e) => Err(e.at_key(&k)),
            })
            .collect()
    }
}

/// The value of `default = path::to::fn` on a `with` field: the function's
/// custom value through the module's `to_wire`.
///
/// # Panics
/// When `to_wire` rejects the default: a bug in the provider, reported
/// when the schema is built (at start-up) rather than planned as null.
#[allow(clippy::panic)]
pub fn with_default<T, W: TfEncode, E: Into<WireError>>(
    name: &str,
    value: &T,
    to_wire: fn(&T) -> Result<W, E>,
) -> Value {
    match to_wire(value) {
        Ok(wire) => wire.to_value(),
        Err(e) => panic!(
            "the default of attribute {name:?} does not convert: {}",
            e.into().detail()
        ),
    }
}

/// A function `#[tf(requires_replace_if = path)]` can name, in one of the
/// two shapes [`ReplaceIf`] documents (`Shape` tells them apart, so that
/// one function type cannot be both).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a `requires_replace_if` function",
    label = "not `fn(&ReplaceIfRequest<'_>) -> bool` nor `fn(&ReplaceIfRequest<'_>, &mut ReplaceIfResponse)`",
    note = "`requires_replace_if` takes a function of one of two shapes (the types are in `tfschema::schema`): `fn(&ReplaceIfRequest<'_>) -> bool`, whether the change needs a new resource, or Go's `RequiresReplaceIfFunc` shape `fn(&ReplaceIfRequest<'_>, &mut ReplaceIfResponse)`, which sets `requires_replace` and may add `diagnostics`"
)]
pub trait ReplaceIfFn<Shape> {
    /// Answers for `change` in `response`.
    fn decide(&self, change: &ReplaceIfRequest<'_>, response: &mut ReplaceIfResponse);
}

/// [`ReplaceIfFn`]'s shape `fn(&ReplaceIfRequest<'_>) -> bool`.
#[derive(Debug)]
pub enum ReplaceIfBool {}

/// [`ReplaceIfFn`]'s shape `fn(&ReplaceIfRequest<'_>, &mut ReplaceIfResponse)`.
#[derive(Debug)]
pub enum ReplaceIfGo {}

impl<F: Fn(&ReplaceIfRequest<'_>) -> bool> ReplaceIfFn<ReplaceIfBool> for F {
    fn decide(&self, change: &ReplaceIfRequest<'_>, response: &mut ReplaceIfResponse) {
        response.requires_replace = self(change);
    }
}

impl<F: Fn(&ReplaceIfRequest<'_>, &mut ReplaceIfResponse)> ReplaceIfFn<ReplaceIfGo> for F {
    fn decide(&self, change: &ReplaceIfRequest<'_>, response: &mut ReplaceIfResponse) {
        self(change, response);
    }
}

/// Calls a `requires_replace_if` function of either shape (the generated
/// [`ReplaceIf`] closure's body).
pub fn replace_if<S, F: ReplaceIfFn<S>>(
    f: F,
    change: &ReplaceIfRequest<'_>,
    response: &mut ReplaceIfResponse,
) {
    f.decide(change, response);
}

/// The `semantic_equal` of a `with` field over dynamic values: both must be
/// known, non-null and convert, else `false`.
pub fn with_semantic_equal<W: FromValue, T, E>(
    prior: &Value,
    new: &Value,
    from_wire: fn(W) -> Result<T, E>,
    equal: fn(&T, &T) -> bool,
) -> bool {
    let custom = |v: &Value| -> Option<T> {
        if v.is_null() || !v.is_wholly_known() {
            return None;
        }
        from_wire(W::from_value(v.clone()).ok()?).ok()
    };
    match (custom(prior), custom(new)) {
        (Some(a), Some(b)) => equal(&a, &b),
        _ => false,
    }
}

/// The `semantic_key` of a `with` field over dynamic values: the key of the
/// converted value, `None` when it is null, unknown or does not convert.
pub fn with_semantic_key<W: FromValue, T, E, K: TfEncode>(
    value: &Value,
    from_wire: fn(W) -> Result<T, E>,
    key: fn(&T) -> K,
) -> Option<Value> {
    if value.is_null() || !value.is_wholly_known() {
        return None;
    }
    let custom = from_wire(W::from_value(value.clone()).ok()?).ok()?;
    Some(key(&custom).to_value())
}

/// Semantic equality through `semantic_key`: both values have keys, and
/// they are the same.
pub fn with_semantic_key_equal<W: FromValue, T, E, K: TfEncode>(
    prior: &Value,
    new: &Value,
    from_wire: fn(W) -> Result<T, E>,
    key: fn(&T) -> K,
) -> bool {
    match (
        with_semantic_key(prior, from_wire, key),
        with_semantic_key(new, from_wire, key),
    ) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

// ------------------------------------ list and map blocks with a `dynamic`

/// How a list or map block field is written and read when its element has
/// a `dynamic` attribute. Terraform's implied type for such a block is
/// `dynamic`: a list block's value is a tuple of objects (the elements may
/// differ in the dynamic attribute's concrete type), a map block's an
/// object, each sent with its type like any dynamic value. Whether `T`'s
/// element has one is known only to the compiler (`T::HAS_DYNAMIC`), so
/// every method chooses at compile time; without it `T`'s own codec runs.
#[derive(Debug)]
pub struct DynamicBlock<T>(core::marker::PhantomData<T>);

impl<T: TfEncode> DynamicBlock<T> {
    /// Writes the field: with a `dynamic` attribute, as the dynamic value
    /// [`to_value`](Self::to_value) gives.
    ///
    /// # Errors
    /// As [`TfEncode::encode`].
    #[inline]
    pub fn encode<S: Sink>(field: &T, sink: &mut S) -> Result<(), Error> {
        if T::HAS_DYNAMIC {
            Self::to_value(field).encode(sink)
        } else {
            field.encode(sink)
        }
    }

    /// The field's value; with a `dynamic` attribute a tuple (list block)
    /// or object (map block), an untyped null or an unknown of type
    /// `dynamic`.
    pub fn to_value(field: &T) -> Value {
        let value = field.to_value();
        if !T::HAS_DYNAMIC {
            return value;
        }
        match value {
            Value::List(_, items) | Value::Set(_, items) => Value::Tuple(items),
            Value::Map(_, items) => Value::Object(items),
            Value::Null(_) => Value::Null(Type::Dynamic),
            // The elements' types are unknown too.
            Value::Unknown(..) => Value::unknown(Type::Dynamic),
            other => other,
        }
    }
}

impl<T> DynamicBlock<T> {
    /// Reads the field: with a `dynamic` attribute, as a dynamic value (a
    /// null is an untyped null: go-cty writes no type for it) read into
    /// `T` through [`ValueSource`](crate::model::ValueSource).
    ///
    /// # Errors
    /// As [`TfDecode::decode`].
    #[inline]
    pub fn decode<'de, S: Source<'de>>(src: &mut S) -> Result<T, Error>
    where
        T: TfDecode<'de>,
    {
        if !T::HAS_DYNAMIC {
            return T::decode(src);
        }
        let value = if src.take_null()? {
            Value::Null(Type::Dynamic)
        } else {
            src.dynamic()?
        };
        T::decode(&mut crate::model::ValueSource::new(value))
    }
}

/// Validates the elements of a map block: a map value, or for a map block
/// with a `dynamic` attribute an object (see [`DynamicBlock`]), each
/// element at its key.
#[inline]
pub fn validate_block_map<T: TfSchema + ?Sized>(
    value: &Value,
    root: &Value,
    path: &mut Vec<PathStep>,
    diags: &mut Diagnostics,
) {
    each_block_map_element(value, root, path, diags, T::validate);
}

/// The walk of [`validate_block_map`], compiled once.
fn each_block_map_element(
    value: &Value,
    root: &Value,
    path: &mut Vec<PathStep>,
    diags: &mut Diagnostics,
    validate: Validate,
) {
    match value {
        Value::Map(_, items) | Value::Object(items) => {
            for (k, item) in items {
                path.push(PathStep::Key(k.clone()));
                validate(item, root, path, diags);
                path.pop();
            }
        }
        _ => each_nested(value, root, path, diags, validate),
    }
}

// ------------------------------------- single blocks written as one name

/// The struct of a single block or single nested attribute whose field type
/// is written as one name (`timeouts: Timeouts`). The derive reads the
/// nesting mode from how the field's type is written, and a type alias can
/// hide an `Option`, a collection or a wrapper behind the name: for those
/// this trait is implemented with [`Kind`](Self::Kind) [`NotStruct`], which
/// the derive asserts against at the field. The error then says to write
/// the type out, and is the only one: naming the struct through
/// [`Elem`](Self::Elem) type-checks for these types too.
pub trait BlockElem {
    /// The struct.
    type Elem: TfSchema + ?Sized;
    /// [`IsStruct`] or [`NotStruct`]: an associated type rather than a
    /// const, so that a type that is neither is reported as "no Terraform
    /// schema", as everywhere else.
    type Kind: ElemKind;
}

/// Whether a [`BlockElem`] is the struct itself.
pub trait ElemKind {
    const STRUCT: bool;
}

/// The [`BlockElem::Kind`] of a struct.
#[derive(Debug)]
pub struct IsStruct;

/// The [`BlockElem::Kind`] of an `Option`, a collection or a wrapper.
#[derive(Debug)]
pub struct NotStruct;

impl ElemKind for IsStruct {
    const STRUCT: bool = true;
}

impl ElemKind for NotStruct {
    const STRUCT: bool = false;
}

impl<T: TfSchema + ?Sized> BlockElem for T {
    type Elem = T;
    type Kind = IsStruct;
}

macro_rules! hidden_block_elem {
    ($($ty:ty => [$($param:ident),*];)*) => {$(
        impl<T: TfSchema, $($param),*> BlockElem for $ty {
            type Elem = T;
            type Kind = NotStruct;
        }
    )*};
}

hidden_block_elem! {
    Option<T> => [];
    Unknown<T> => [];
    Refined<T> => [];
    Sensitive<T> => [];
    Vec<T> => [];
    crate::model::Set<T> => [];
    std::collections::BTreeSet<T> => [];
    std::collections::HashSet<T, S> => [S];
    BTreeMap<K, T> => [K];
    std::collections::HashMap<K, T, S> => [K, S];
}

// ---------------------------------------------------- #[tfschema::function]

#[cfg(feature = "server")]
pub use crate::server::raw::{DynamicValue, FunctionError, FunctionParameter, FunctionSignature};
#[cfg(feature = "server")]
pub use crate::server::typed::function::{
    holds_null, holds_unknown, parameter as function_parameter, result as function_result,
    signature as function_signature,
};
#[cfg(feature = "server")]
pub use crate::server::typed::{Function, FunctionArgs, FunctionReturn};
