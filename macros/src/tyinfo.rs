//! What the derive can tell about a field's Rust type from its syntax:
//! the wrappers around it (`Option`, `Unknown`, `Refined`, `Sensitive`) and
//! the collection shape used to infer a block's or nested attribute's
//! nesting mode. A name the derive does not know may be a type alias of
//! any of these; where that matters the generated code asks the compiler
//! (`TfType::CAN_BE_NULL`, `__private::BlockElem`).

use syn::{GenericArgument, PathArguments, Type};

/// The type inside invisible groups and parentheses. A type that reaches
/// the derive through a `macro_rules!` `$t:ty` fragment arrives wrapped in a
/// `Type::Group`.
pub fn ungroup(mut ty: &Type) -> &Type {
    loop {
        match ty {
            Type::Group(g) => ty = &g.elem,
            Type::Paren(p) => ty = &p.elem,
            _ => return ty,
        }
    }
}

/// The last path segment's name and its angle-bracketed type arguments.
pub fn head(ty: &Type) -> Option<(String, Vec<&Type>)> {
    let Type::Path(p) = ungroup(ty) else {
        return None;
    };
    if p.qself.is_some() {
        return None;
    }
    let seg = p.path.segments.last()?;
    let args = match &seg.arguments {
        PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|a| match a {
                GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    Some((seg.ident.to_string(), args))
}

fn single_arg<'a>(ty: &'a Type, names: &[&str]) -> Option<&'a Type> {
    match head(ty) {
        Some((name, args)) if names.contains(&name.as_str()) && args.len() == 1 => Some(args[0]),
        _ => None,
    }
}

/// `Option<T>` -> `T`.
pub fn option_inner(ty: &Type) -> Option<&Type> {
    single_arg(ty, &["Option"])
}

/// `Unknown<T>`/`Refined<T>` -> `T`.
pub fn unknown_inner(ty: &Type) -> Option<&Type> {
    single_arg(ty, &["Unknown", "Refined"])
}

/// Facts about a field type.
#[derive(Debug, Clone)]
pub struct Shape<'a> {
    /// `Unknown<..>`/`Refined<..>` at the top: the value may be unknown.
    pub can_be_unknown: bool,
    /// `Option<..>` (under any unknown wrapper): the value may be null.
    pub can_be_null: bool,
    /// `Option<Unknown<T>>`: the spelling to reject.
    pub option_of_unknown: bool,
    /// The type with `Unknown`/`Refined`/`Option`/`Sensitive` removed.
    pub core: &'a Type,
}

impl Shape<'_> {
    /// Whether the value may be null, when the written type tells: `Some`
    /// for a written `Option`, or for a type the derive knows inside the
    /// wrappers; `None` for a name that may be an alias of an `Option`.
    pub fn null(&self) -> Option<bool> {
        self.decided(self.can_be_null)
    }

    /// Whether the value may be unknown, when the written type tells (as
    /// [`null`](Self::null)).
    pub fn unknown(&self) -> Option<bool> {
        self.decided(self.can_be_unknown)
    }

    fn decided(&self, written: bool) -> Option<bool> {
        if written {
            Some(true)
        } else if builtin(self.core) || matches!(ungroup(self.core), Type::Tuple(_)) {
            Some(false)
        } else {
            None
        }
    }
}

pub fn shape(ty: &Type) -> Shape<'_> {
    let mut core = ty;
    let mut can_be_unknown = false;
    let mut can_be_null = false;
    let mut option_of_unknown = false;
    loop {
        if let Some(inner) = unknown_inner(core) {
            can_be_unknown = true;
            core = inner;
        } else if let Some(inner) = option_inner(core) {
            can_be_null = true;
            if unknown_inner(inner).is_some() {
                option_of_unknown = true;
            }
            core = inner;
        } else if let Some(inner) = single_arg(core, &["Sensitive"]) {
            core = inner;
        } else {
            break;
        }
    }
    Shape {
        can_be_unknown,
        can_be_null,
        option_of_unknown,
        core,
    }
}

/// A wrapper that says what a field holds besides a value; `with` modules
/// convert the type inside them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wrapper {
    Unknown,
    Refined,
    Option,
    Sensitive,
}

/// The wrappers around `ty`, outermost first, and the type inside them.
pub fn wrappers(ty: &Type) -> (Vec<Wrapper>, &Type) {
    let mut stack = Vec::new();
    let mut core = ty;
    loop {
        let wrapper = match head(core) {
            Some((name, args)) if args.len() == 1 => match name.as_str() {
                "Unknown" => Wrapper::Unknown,
                "Refined" => Wrapper::Refined,
                "Option" => Wrapper::Option,
                "Sensitive" => Wrapper::Sensitive,
                _ => break,
            },
            _ => break,
        };
        stack.push(wrapper);
        core = head(core).map_or(core, |(_, args)| args[0]);
    }
    (stack, core)
}

/// Whether `ty` is one of the primitive value types or std collections
/// (so it cannot be a block or nested attribute, and hides no wrapper).
pub fn builtin(ty: &Type) -> bool {
    if let Type::Reference(_) = ungroup(ty) {
        return true;
    }
    matches!(
        head(ty),
        Some((name, _)) if [
            "String", "str", "Cow", "Box", "CompactString", "bool", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16",
            "u32", "u64", "u128", "usize", "f32", "f64", "Number", "Value", "Vec", "Set", "BTreeSet",
            "HashSet", "BTreeMap", "HashMap",
        ].contains(&name.as_str())
    )
}

/// Whether `ty` names only the value types and wrappers of the std and
/// tfschema (`Unknown<Option<Vec<String>>>`, `&str`): a type without type
/// parameters that has a plan view, so the impls of the plan view need no
/// where-bound for it (should the name be another type's, the impl's body
/// still reports it at the field).
pub fn closed(ty: &Type) -> bool {
    let ty = ungroup(ty);
    if let Type::Reference(r) = ty {
        return matches!(ungroup(&r.elem), Type::Path(p) if p.path.is_ident("str"));
    }
    let Some((name, args)) = head(ty) else {
        return false;
    };
    let leaf = [
        "String",
        "CompactString",
        "bool",
        "i8",
        "i16",
        "i32",
        "i64",
        "i128",
        "isize",
        "u8",
        "u16",
        "u32",
        "u64",
        "u128",
        "usize",
        "f32",
        "f64",
        "Number",
        "Value",
    ];
    let wrapper = [
        "Option",
        "Unknown",
        "Refined",
        "Sensitive",
        "Vec",
        "Set",
        "BTreeSet",
        "HashSet",
        "BTreeMap",
        "HashMap",
    ];
    match args.as_slice() {
        [] => leaf.contains(&name.as_str()),
        args => wrapper.contains(&name.as_str()) && args.iter().all(|a| closed(a)),
    }
}

/// `ty` as written in a message: `BTreeMap<String, Rule>`, not the token
/// stream's `BTreeMap < String , Rule >`.
pub fn text(ty: &Type) -> String {
    let mut out = String::new();
    for token in quote::ToTokens::to_token_stream(ty).to_string().split(' ') {
        let glue = matches!(token, "<" | ">" | "," | "::" | ">>")
            || out.ends_with(['<', '&', ':'])
            || out.is_empty();
        if !glue {
            out.push(' ');
        }
        out.push_str(token);
    }
    out
}

/// Whether `ty` borrows: a reference or a lifetime anywhere in it.
pub fn borrows(ty: &Type) -> bool {
    fn walk(tokens: proc_macro2::TokenStream) -> bool {
        tokens.into_iter().any(|tt| match tt {
            proc_macro2::TokenTree::Punct(p) => p.as_char() == '\'' || p.as_char() == '&',
            proc_macro2::TokenTree::Group(g) => walk(g.stream()),
            _ => false,
        })
    }
    walk(quote::ToTokens::to_token_stream(ty))
}

/// The collection shape of a block or nested attribute's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collection {
    /// `S` itself.
    One,
    List,
    Set,
    /// A map with string keys.
    Map,
}

/// The element type and collection shape: `Vec<S>` -> (S, List), `Set<S>` /
/// `BTreeSet<S>` / `HashSet<S>` -> (S, Set), `BTreeMap<String, S>` /
/// `HashMap<String, S>` -> (S, Map), otherwise (ty, One).
pub fn collection(ty: &Type) -> (&Type, Collection) {
    match head(ty) {
        Some((name, args)) => match (name.as_str(), args.as_slice()) {
            ("Vec", [elem]) => (elem, Collection::List),
            ("Set" | "BTreeSet" | "HashSet", [elem, ..]) => (elem, Collection::Set),
            ("BTreeMap" | "HashMap", [_, elem, ..]) => (elem, Collection::Map),
            _ => (ty, Collection::One),
        },
        None => (ty, Collection::One),
    }
}

/// Whether `ty` is a map whose key type is clearly not string-like.
pub fn map_key_not_string(ty: &Type) -> Option<&Type> {
    match head(ty) {
        Some((name, args)) if (name == "BTreeMap" || name == "HashMap") && !args.is_empty() => {
            let key = args[0];
            // A string type, or a name the derive cannot read (an alias,
            // a type of another crate): `MapKey` decides for those.
            let ok = match ungroup(key) {
                Type::Reference(r) => matches!(&*r.elem, Type::Path(p) if p.path.is_ident("str")),
                _ => scalar(key) == Scalar::String || !builtin(key),
            };
            if ok {
                None
            } else {
                Some(key)
            }
        }
        _ => None,
    }
}

/// What kind of scalar a type is, for checking validators and default
/// literals against it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scalar {
    String,
    Number,
    Bool,
    /// `Value`, a struct, or a type we cannot see through: not checked.
    Other,
}

/// What kind of scalar `ty` is, for checking validators against it.
pub fn scalar(ty: &Type) -> Scalar {
    let ty = ungroup(ty);
    if let Type::Reference(r) = ty {
        return match ungroup(&r.elem) {
            Type::Path(p) if p.path.is_ident("str") => Scalar::String,
            _ => Scalar::Other,
        };
    }
    match head(ty) {
        Some((name, _)) => match name.as_str() {
            "String" | "str" | "Cow" | "Box" | "CompactString" => Scalar::String,
            "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32" | "u64"
            | "u128" | "usize" | "f32" | "f64" | "Number" => Scalar::Number,
            "bool" => Scalar::Bool,
            _ => Scalar::Other,
        },
        None => Scalar::Other,
    }
}
