//! Identity models: a struct with `#[tf(identity)]` describes a resource
//! identity, the small versioned object Terraform 1.12+ stores beside a
//! resource's state to name the remote object ([`TfIdentity`]). Its
//! attributes are plain values: strings, numbers, bools or lists of them
//! ([`IdentityAttr`], checked at the field by the derive).

use std::borrow::Cow;

use crate::model::schema::TfSchema;
use crate::number::Number;

/// A model struct that is a resource identity: `#[derive(TfSchema,
/// TfValue)]` with `#[tf(identity)]`.
///
/// Its attributes are strings, numbers, bools or lists of them, never
/// computed, sensitive or write-only, without blocks, validators or plan
/// policies: Terraform's identity schema has a type and two flags per
/// attribute. A required attribute (`T`) is *required for import*, an
/// optional one (`Option<T>`) *optional for import*; `#[tf(version = N)]`
/// is the identity's own version.
///
/// ```
/// use tfschema::{TfIdentity, TfSchema, TfValue};
///
/// /// Names one item.
/// #[derive(TfSchema, TfValue)]
/// #[tf(identity)]
/// struct ItemIdentity {
///     /// The item's id.
///     id: String,
/// }
///
/// fn identity_model<T: TfIdentity>() -> i64 {
///     T::VERSION
/// }
/// assert_eq!(identity_model::<ItemIdentity>(), 0);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an identity model",
    label = "not declared `#[tf(identity)]`",
    note = "add `#[tf(identity)]` to the struct (beside `#[derive(tfschema::TfSchema, tfschema::TfValue)]`): its attributes then become the identity's"
)]
pub trait TfIdentity: TfSchema {}

/// A type an identity attribute can have: a string, number or bool, a
/// list of them, either in an `Option` (optional for import). Asserted by
/// `#[derive(TfSchema)]` on each field of an identity model.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the type of an identity attribute",
    label = "not a string, number, bool or a list of them",
    note = "identity attributes are primitives or lists of primitives (String, bool, integers, f64, Number, Vec of those); write `Option<T>` for one that is optional for import"
)]
pub trait IdentityAttr {}

/// A primitive an identity attribute or its list elements can be.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be an element of an identity attribute's list",
    label = "not a string, number or bool",
    note = "lists in an identity hold primitives (String, bool, integers, f64, Number)"
)]
pub trait IdentityPrimitive {}

macro_rules! primitives {
    ($($t:ty),*) => {$(
        impl IdentityPrimitive for $t {}
        impl IdentityAttr for $t {}
    )*};
}
primitives!(
    String,
    Box<str>,
    &str,
    Cow<'_, str>,
    bool,
    Number,
    f32,
    f64,
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
    usize
);

impl<T: IdentityPrimitive> IdentityAttr for Vec<T> {}

/// Null: not set in an `import` block, or absent from the object's
/// identity. `Option<Option<T>>` is refused by the derive.
impl<T: IdentityAttr> IdentityAttr for Option<T> {}

/// For the derive: compiles only when `T` can be an identity attribute.
pub const fn identity_attr<T: IdentityAttr + ?Sized>() {}
