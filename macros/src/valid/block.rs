//! Blocks (`block`) and nested attributes (`nested`): fields whose value is
//! a struct, or a collection of one. The rules of the keys that only
//! blocks take (`nesting`, `min_items`, `max_items`), of the attribute keys
//! a block cannot take, of the ones it takes as Terraform allows
//! (`computed`, `deprecated`), and the nesting mode read from the written
//! type.

use darling::error::Accumulator;
use darling::util::SpannedValue;
use proc_macro2::Span;
use quote::ToTokens;
use syn::spanned::Spanned;

use super::model::{Flags, Kind, TypeCheck, TypeRule};
use super::report::{err_at, flag_span, refuse_flag, refuse_key};
use crate::ast::{Field, NestingArg};
use crate::tyinfo::{self, Collection, Shape};

/// The `nesting` written beside `block` or inside it.
pub fn nesting_arg(field: &Field) -> Option<&SpannedValue<NestingArg>> {
    field.nesting.as_ref().or_else(|| inner_nesting(field))
}

fn inner_nesting(field: &Field) -> Option<&SpannedValue<NestingArg>> {
    field.block.as_ref().and_then(|b| b.nesting.as_ref())
}

/// `nesting` may be written beside `block` or inside it, not both.
pub fn nesting_given_once(field: &Field, errors: &mut Accumulator) {
    if let (Some(inner), Some(_)) = (inner_nesting(field), &field.nesting) {
        errors.push(err_at(
            inner.span(),
            "`nesting` is given twice: keep either `block(nesting = ...)` or `nesting = ...`",
        ));
    }
}

pub fn block_or_nested(field: &Field, ident_span: Span, errors: &mut Accumulator) {
    if field.block.is_some() && field.nested.is_present() {
        errors.push(err_at(
            flag_span(&field.nested, ident_span),
            "a field is either a `block` or `nested` attributes, not both: remove one",
        ));
    }
}

/// The attribute keys a block cannot have, each at its key.
pub fn no_attribute_keys(field: &Field, errors: &mut Accumulator) {
    presence_follows_type(field, errors);
    refuse_flag(
        &field.sensitive,
        "a block cannot be `sensitive`; mark its attributes sensitive instead",
        errors,
    );
    refuse_flag(
        &field.write_only,
        "a block cannot be `write_only`; mark its attributes write-only instead",
        errors,
    );
    described_by_struct(field, errors);
}

/// A block's presence follows its type and `min_items`/`max_items`
/// (`computed` is a block's own flag, see [`computed_fits`]).
fn presence_follows_type(field: &Field, errors: &mut Accumulator) {
    for (flag, what) in [(&field.required, "required"), (&field.optional, "optional")] {
        refuse_flag(
            flag,
            &format!("`{what}` applies to attributes; a block's presence follows its type and min_items/max_items"),
            errors,
        );
    }
}

/// A block's description and its kind are its struct's.
fn described_by_struct(field: &Field, errors: &mut Accumulator) {
    refuse_key(
        &field.description,
        "a block's description is its struct's: put it on the struct (doc comment or #[tf(description = \"...\")])",
        errors,
    );
    refuse_flag(
        &field.markdown,
        "a block's description kind is its struct's: write #[tf(markdown)] on the struct",
        errors,
    );
}

/// `min_items`, `max_items` and `nesting` on a field that is not a block.
pub fn block_keys_need_block(field: &Field, errors: &mut Accumulator) {
    if field.block.is_some() {
        return;
    }
    for (opt, what) in [
        (&field.min_items, "min_items"),
        (&field.max_items, "max_items"),
    ] {
        refuse_key(
            opt,
            &format!("`{what}` applies to blocks (`#[tf(block)]`)"),
            errors,
        );
    }
    if let Some(n) = nesting_arg(field) {
        errors.push(err_at(
            n.span(),
            "`nesting` applies to blocks (`#[tf(block)]`)",
        ));
    }
}

/// A block's kind: its struct, its nesting and its item bounds.
pub fn block(
    field: &Field,
    name: &str,
    shape: &Shape<'_>,
    ident_span: Span,
    type_checks: &mut Vec<TypeCheck>,
    errors: &mut Accumulator,
) -> Kind {
    let (elem, collection) = tyinfo::collection(shape.core);
    let check = struct_elem(elem, collection, "block", name, errors);
    let opaque = check.is_some();
    type_checks.extend(check);
    let nesting = nesting(nesting_arg(field), collection, errors);
    group_never_null(nesting, shape, &field.ty, errors);
    let (min_default, max_default) = match nesting {
        NestingArg::Single if !shape.can_be_null => (1, 1),
        _ => (0, 0),
    };
    let min_items = field.min_items.as_ref().map_or(min_default, |v| **v);
    let max_items = field.max_items.as_ref().map_or(max_default, |v| **v);
    items_fit_nesting(field, nesting, errors);
    min_not_above_max(field, (min_items, max_items), ident_span, errors);
    computed_fits(field, nesting, min_items, errors);
    Kind::Block {
        elem: elem.clone(),
        opaque,
        nesting,
        min_items,
        max_items,
        computed: field.computed.is_present(),
    }
}

/// A computed block where Terraform allows one (its schema validation): not
/// a group block (never null, so nothing to compute), and none that must
/// appear (`min_items` above 0, a single block that is not an `Option`).
/// That every attribute and block inside is computed too is checked when
/// the schema is served (the struct is another derive's).
fn computed_fits(field: &Field, nesting: NestingArg, min_items: u64, errors: &mut Accumulator) {
    if !field.computed.is_present() {
        return;
    }
    let span = field.computed.span();
    if nesting == NestingArg::Group {
        errors.push(err_at(
            span,
            "a group block cannot be `computed` (Terraform refuses it): make it `Option<S>`, a single block",
        ));
    } else if min_items > 0 {
        let why = match nesting {
            NestingArg::Single => {
                "a single block that is not an `Option` must appear: make it `Option<S>`"
            }
            _ => "remove `min_items`",
        };
        errors.push(err_at(
            span,
            format!("a `computed` block cannot be required to appear (Terraform refuses `computed` with min_items > 0): {why}"),
        ));
    }
}

/// Nested attributes' kind: their struct and its collection.
pub fn nested(
    name: &str,
    flags: Flags,
    shape: &Shape<'_>,
    type_checks: &mut Vec<TypeCheck>,
    errors: &mut Accumulator,
) -> Kind {
    let (elem, nesting) = tyinfo::collection(shape.core);
    let check = struct_elem(elem, nesting, "nested", name, errors);
    let opaque = check.is_some();
    type_checks.extend(check);
    Kind::Nested {
        flags,
        elem: elem.clone(),
        opaque,
        nesting,
    }
}

/// The nesting mode: the written type's, which a written `nesting` may
/// only repeat, or `group` for a single struct.
fn nesting(
    arg: Option<&SpannedValue<NestingArg>>,
    collection: Collection,
    errors: &mut Accumulator,
) -> NestingArg {
    match (arg, collection) {
        (Some(n), Collection::One) if matches!(**n, NestingArg::Single | NestingArg::Group) => **n,
        (Some(n), _) if **n == NestingArg::Group => {
            errors.push(err_at(
                n.span(),
                "`nesting = \"group\"` takes a single struct, not a collection",
            ));
            NestingArg::Group
        }
        (Some(n), c) => {
            let inferred = nesting_of(c);
            if **n != inferred {
                errors.push(err_at(
                    n.span(),
                    format!("the field's type gives nesting \"{}\"; remove `nesting` or change the type", nesting_name(inferred)),
                ));
            }
            inferred
        }
        (None, c) => nesting_of(c),
    }
}

fn group_never_null(
    nesting: NestingArg,
    shape: &Shape<'_>,
    ty: &syn::Type,
    errors: &mut Accumulator,
) {
    if nesting == NestingArg::Group && shape.can_be_null {
        errors.push(err_at(
            ty.span(),
            "a group block is never null: drop the Option",
        ));
    }
}

/// A single block holds at most one item; group and map blocks take no
/// item bounds.
fn items_fit_nesting(field: &Field, nesting: NestingArg, errors: &mut Accumulator) {
    for (v, what) in [
        (&field.min_items, "min_items"),
        (&field.max_items, "max_items"),
    ] {
        let Some(v) = v else { continue };
        match nesting {
            NestingArg::Single if **v > 1 => errors.push(err_at(
                v.span(),
                format!("a single block (`S` or `Option<S>`) has `{what}` 0 or 1; for more, make the field a Vec<S> (list block)"),
            )),
            NestingArg::Group | NestingArg::Map => errors.push(err_at(
                v.span(),
                format!(
                    "`{what}` does not apply to {} blocks: remove it",
                    nesting_name(nesting)
                ),
            )),
            _ => {}
        }
    }
}

fn min_not_above_max(
    field: &Field,
    (min_items, max_items): (u64, u64),
    ident_span: Span,
    errors: &mut Accumulator,
) {
    if max_items != 0 && min_items > max_items {
        errors.push(err_at(
            field
                .min_items
                .as_ref()
                .map_or(ident_span, SpannedValue::span),
            "`min_items` is greater than `max_items`: lower `min_items` or raise `max_items`",
        ));
    }
}

/// Checks the struct `elem` of a block or nested attribute (`what`) whose
/// field's type reads as `collection` of it. Where that is a single struct
/// (`S`, `Option<S>`), `S` may be an alias of an `Option` or a collection,
/// which would decide the nesting: the check returned has the generated
/// code assert that it is a struct (reading it through `BlockElem`).
fn struct_elem(
    elem: &syn::Type,
    collection: Collection,
    what: &str,
    name: &str,
    errors: &mut Accumulator,
) -> Option<TypeCheck> {
    if tyinfo::builtin(elem) {
        errors.push(err_at(
            elem.span(),
            format!(
                "`{what}` needs a struct deriving TfSchema and TfValue as its element, not `{}`",
                elem.to_token_stream()
            ),
        ));
        return None;
    }
    (collection == Collection::One).then(|| TypeCheck {
        span: elem.span(),
        rule: TypeRule::Struct,
        message: format!(
            "`{name}`: `{what}` reads the nesting mode from the field's written type, and `{}` is an Option, a collection or a wrapper, not a struct: write it out in the field (`Option<S>`, `Vec<S>`, `Set<S>` or `BTreeMap<String, S>` of the struct `S`)",
            tyinfo::text(elem)
        ),
    })
}

fn nesting_of(c: Collection) -> NestingArg {
    match c {
        Collection::One => NestingArg::Single,
        Collection::List => NestingArg::List,
        Collection::Set => NestingArg::Set,
        Collection::Map => NestingArg::Map,
    }
}

fn nesting_name(n: NestingArg) -> &'static str {
    match n {
        NestingArg::Single => "single",
        NestingArg::List => "list",
        NestingArg::Set => "set",
        NestingArg::Map => "map",
        NestingArg::Group => "group",
    }
}
