//! [`TfType`]: the Terraform type a Rust type stands for, and what it can
//! hold besides a known value (null, unknown, `dynamic` inside).

use crate::refinement::RefineKind;
use crate::types::Type;

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
    /// the written `Option` does. [`Value`](crate::Value) holds nulls without saying so:
    /// it is `false` (write `Option<Value>` for an attribute that may be
    /// null).
    const CAN_BE_NULL: bool = false;

    /// Whether the type says its value may be unknown: [`Unknown<T>`](crate::Unknown) and
    /// [`Refined<T>`](crate::Refined), and `Option`/[`Sensitive`](crate::Sensitive) around one. A `computed`
    /// attribute needs it. Like [`CAN_BE_NULL`](Self::CAN_BE_NULL) it is
    /// `false` for [`Value`](crate::Value); and for collections, whose elements may be
    /// unknown while the collection itself is known.
    const CAN_BE_UNKNOWN: bool = false;

    /// The Terraform type constraint.
    fn tf_type() -> Type;
}
