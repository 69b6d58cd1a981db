//! The plan view of a type: the same shape, but every attribute (and every
//! collection element) may hold an unknown. Terraform can send unknowns for
//! any attribute while validating and planning; at apply, read and import
//! only computed attributes can still be unknown.
//!
//! `#[derive(TfValue)]` generates a companion `FooPlan` struct whose fields
//! are `<FieldType as TfPlan>::Plan`, or for a computed attribute
//! `<FieldType as TfPlan>::PlanOrNull`: the configuration leaves a computed
//! attribute null, and the plan view is also the configuration's view.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use crate::model::{Refined, Sensitive, Set, Unknown};
use crate::number::Number;
use crate::value::Value;

/// Maps a type to its plan view.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no plan view",
    label = "no plan view for this type",
    note = "derive it with `#[derive(tfschema::TfSchema, tfschema::TfValue)]` or use a supported type"
)]
pub trait TfPlan {
    /// The value when known, with its parts in plan form.
    type PlanInner;
    /// The plan form itself: may be unknown.
    type Plan;
    /// The known value, or null: `Option<PlanInner>` unless the type can
    /// be null already.
    type NullableInner;
    /// The plan form of a computed attribute: may be unknown, and may be
    /// null (as every computed attribute is in a configuration that does
    /// not set it).
    type PlanOrNull;
}

macro_rules! leaf {
    ($($t:ty),*) => {$(
        impl TfPlan for $t {
            type PlanInner = $t;
            type Plan = Unknown<$t>;
            type NullableInner = Option<$t>;
            type PlanOrNull = Unknown<Option<$t>>;
        }
    )*};
}
leaf!(
    String,
    Box<str>,
    bool,
    i8,
    i16,
    i32,
    i64,
    i128,
    isize,
    u8,
    u16,
    u32,
    u64,
    u128,
    usize,
    f32,
    f64,
    Number
);

#[cfg(feature = "compact_str")]
leaf!(compact_str::CompactString);

impl<'a> TfPlan for &'a str {
    type PlanInner = &'a str;
    type Plan = Unknown<&'a str>;
    type NullableInner = Option<&'a str>;
    type PlanOrNull = Unknown<Option<&'a str>>;
}

impl<'a> TfPlan for Cow<'a, str> {
    type PlanInner = Cow<'a, str>;
    type Plan = Unknown<Cow<'a, str>>;
    type NullableInner = Option<Cow<'a, str>>;
    type PlanOrNull = Unknown<Option<Cow<'a, str>>>;
}

/// A dynamic value holds nulls and unknowns itself.
impl TfPlan for Value {
    type PlanInner = Value;
    type Plan = Value;
    type NullableInner = Value;
    type PlanOrNull = Value;
}

impl<T: TfPlan> TfPlan for Option<T> {
    type PlanInner = Option<T::PlanInner>;
    type Plan = Unknown<Option<T::PlanInner>>;
    type NullableInner = Option<T::PlanInner>;
    type PlanOrNull = Unknown<Option<T::PlanInner>>;
}

impl<T: TfPlan> TfPlan for Unknown<T> {
    type PlanInner = T::PlanInner;
    type Plan = Unknown<T::PlanInner>;
    type NullableInner = T::NullableInner;
    type PlanOrNull = Unknown<T::NullableInner>;
}

impl<T: TfPlan> TfPlan for Refined<T> {
    type PlanInner = T::PlanInner;
    type Plan = Refined<T::PlanInner>;
    type NullableInner = T::NullableInner;
    type PlanOrNull = Refined<T::NullableInner>;
}

impl<T: TfPlan> TfPlan for Sensitive<T> {
    type PlanInner = Sensitive<T::PlanInner>;
    type Plan = Unknown<Sensitive<T::PlanInner>>;
    type NullableInner = Sensitive<T::NullableInner>;
    type PlanOrNull = Unknown<Sensitive<T::NullableInner>>;
}

impl<T: TfPlan> TfPlan for Vec<T> {
    type PlanInner = Vec<T::Plan>;
    type Plan = Unknown<Vec<T::Plan>>;
    type NullableInner = Option<Vec<T::Plan>>;
    type PlanOrNull = Unknown<Option<Vec<T::Plan>>>;
}

impl<T: TfPlan> TfPlan for Set<T> {
    type PlanInner = Set<T::Plan>;
    type Plan = Unknown<Set<T::Plan>>;
    type NullableInner = Option<Set<T::Plan>>;
    type PlanOrNull = Unknown<Option<Set<T::Plan>>>;
}

/// Elements of a std set may be unknown in a plan, which `Ord`/`Hash` sets
/// cannot hold: the plan view is a [`Set`].
impl<T: TfPlan> TfPlan for BTreeSet<T> {
    type PlanInner = Set<T::Plan>;
    type Plan = Unknown<Set<T::Plan>>;
    type NullableInner = Option<Set<T::Plan>>;
    type PlanOrNull = Unknown<Option<Set<T::Plan>>>;
}

impl<T: TfPlan, S> TfPlan for HashSet<T, S> {
    type PlanInner = Set<T::Plan>;
    type Plan = Unknown<Set<T::Plan>>;
    type NullableInner = Option<Set<T::Plan>>;
    type PlanOrNull = Unknown<Option<Set<T::Plan>>>;
}

impl<K: Ord, V: TfPlan> TfPlan for BTreeMap<K, V> {
    type PlanInner = BTreeMap<K, V::Plan>;
    type Plan = Unknown<BTreeMap<K, V::Plan>>;
    type NullableInner = Option<BTreeMap<K, V::Plan>>;
    type PlanOrNull = Unknown<Option<BTreeMap<K, V::Plan>>>;
}

impl<K, V: TfPlan, S> TfPlan for HashMap<K, V, S> {
    type PlanInner = HashMap<K, V::Plan, S>;
    type Plan = Unknown<HashMap<K, V::Plan, S>>;
    type NullableInner = Option<HashMap<K, V::Plan, S>>;
    type PlanOrNull = Unknown<Option<HashMap<K, V::Plan, S>>>;
}

macro_rules! tuple_plan {
    ($($name:ident),+) => {
        impl<$($name: TfPlan),+> TfPlan for ($($name,)+) {
            type PlanInner = ($($name::Plan,)+);
            type Plan = Unknown<($($name::Plan,)+)>;
            type NullableInner = Option<($($name::Plan,)+)>;
            type PlanOrNull = Unknown<Option<($($name::Plan,)+)>>;
        }
    };
}
tuple_plan!(A);
tuple_plan!(A, B);
tuple_plan!(A, B, C);
tuple_plan!(A, B, C, D);
tuple_plan!(A, B, C, D, E);
tuple_plan!(A, B, C, D, E, F);
