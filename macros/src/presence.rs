//! `required`, `optional` and `computed`: an attribute's flags in the
//! schema, and the checks of the written flags against the field's type.
//!
//! The type decides what it can hold (`Option` may be null, `Unknown` and
//! `Refined` may be unknown). When the written type shows it, the derive
//! decides now; when it does not (a name such as `Keepers`, which may be an
//! alias of `Option<..>`), the generated code reads `TfType::CAN_BE_NULL` /
//! `CAN_BE_UNKNOWN` and asserts at compile time, at the flag.

use darling::util::Flag;
use darling::Error;
use proc_macro2::Span;

use crate::ast::Field;
use crate::tyinfo::{self, Shape};
use crate::valid::{TypeCheck, TypeRule};

/// Attribute flags.
#[derive(Clone, Copy)]
pub struct Flags {
    pub required: bool,
    pub optional: bool,
    pub computed: bool,
    /// None of the three written, and a type that does not show whether it
    /// can be null (a name): required or optional as
    /// `TfType::CAN_BE_NULL` says, read by the generated schema.
    pub inferred: bool,
}

impl Flags {
    /// A block's: it has none.
    pub const NONE: Flags = Flags {
        required: false,
        optional: false,
        computed: false,
        inferred: false,
    };
}

/// The flags of an attribute (or nested attributes), and the checks of the
/// written ones that the type's syntax could not settle. Mistakes the
/// syntax shows go to `errors`, at the flag.
pub fn attribute_flags(
    field: &Field,
    name: &str,
    shape: &Shape<'_>,
    errors: &mut darling::error::Accumulator,
) -> (Flags, Vec<TypeCheck>) {
    let required = field.required.is_present();
    let optional = field.optional.is_present();
    let computed = field.computed.is_present();
    let ty_span = syn::spanned::Spanned::span(&field.ty);
    // The type the messages name: a `with` field's value is its module's.
    let ty = match &field.with {
        Some(module) => {
            let module = &module.0;
            tyinfo::text(&syn::parse_quote!(#module::Wire))
        }
        None => tyinfo::text(&field.ty),
    };
    // A `with` field's value is its module's `Wire` inside the written
    // wrappers: a written wrapper settles it, the custom type inside does
    // not (the wire type may be an `Option`).
    let (null, unknown) = match &field.with {
        Some(_) => (shape.null().filter(|&n| n), shape.unknown().filter(|&u| u)),
        None => (shape.null(), shape.unknown()),
    };
    let mut checks = Vec::new();
    let mut check = |flag: &Flag, written: Option<bool>, rule, now: &str, later: String| {
        let span = flag_span(flag, ty_span);
        match written {
            Some(true) => {}
            Some(false) => errors.push(Error::custom(now).with_span(&span)),
            None => checks.push(TypeCheck {
                span,
                rule,
                message: later,
            }),
        }
    };

    if optional {
        check(
            &field.optional,
            null,
            TypeRule::CanBeNull,
            "an `optional` attribute can be null: use Option<T> (or Unknown<Option<T>>)",
            format!("`{name}`: an `optional` attribute can be null, and `{ty}` cannot: use Option<T> (or Unknown<Option<T>>)"),
        );
    }
    // `required` with `optional` or `computed` is reported by the caller.
    if required && !optional && !computed {
        check(
            &field.required,
            null.map(|null| !null),
            TypeRule::CannotBeNull,
            "a `required` attribute cannot be null: drop the Option",
            format!("`{name}`: a `required` attribute cannot be null, but `{ty}` is an Option: remove `required` (the attribute is then optional), or drop the Option"),
        );
    }
    if computed {
        check(
            &field.computed,
            unknown,
            TypeRule::CanBeUnknown,
            "a `computed` attribute can be unknown until apply: use Unknown<T> or Refined<T> (Unknown<Option<T>> when it may also be null)",
            format!("`{name}`: a `computed` attribute can be unknown until apply, and `{ty}` cannot: use Unknown<T> or Refined<T> (Unknown<Option<T>> when it may also be null)"),
        );
    }
    // `computed` alone means computed only, even when the value may be null
    // (`Unknown<Option<T>>`); `optional, computed` says both.
    let flags = match null {
        // No flag written: optional when the type can be null.
        Some(null) if !required && !optional && !computed => Flags {
            required: !null,
            optional: null,
            computed,
            inferred: false,
        },
        _ => Flags {
            required: required && !optional && !computed,
            optional,
            computed,
            inferred: !required && !optional && !computed,
        },
    };
    (flags, checks)
}

pub fn flag_span(flag: &Flag, fallback: Span) -> Span {
    if flag.is_present() {
        flag.span()
    } else {
        fallback
    }
}
