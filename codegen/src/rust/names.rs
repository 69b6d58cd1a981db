//! Rust identifiers for Terraform names: fields, structs and modules.
//!
//! Terraform names are `[a-z_][a-z0-9_]*`, so a field is the name itself
//! unless it is a Rust keyword (a raw identifier then) or one of the
//! keywords raw identifiers cannot spell (`self`, `super`, `crate`, `_`):
//! those get a `_` suffix and `#[tf(rename)]`.

use std::collections::BTreeSet;

/// Strict and reserved keywords of Rust 2015–2024, usable as `r#name`.
const RAW_OK: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "do", "dyn",
    "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl", "in", "let",
    "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref", "return",
    "static", "struct", "trait", "true", "try", "type", "typeof", "unsafe", "unsized", "use",
    "virtual", "where", "while", "yield",
];

/// Keywords that cannot be raw identifiers.
const NOT_RAW: &[&str] = &["self", "Self", "super", "crate", "_"];

/// Names the generated files use unqualified, so no struct may take them.
const RESERVED_TYPES: &[&str] = &[
    "BTreeMap",
    "Box",
    "Clone",
    "Debug",
    "Default",
    "Err",
    "None",
    "Number",
    "Ok",
    "Option",
    "PartialEq",
    "Refined",
    "Result",
    "Self",
    "Sensitive",
    "Set",
    "Some",
    "String",
    "TfSchema",
    "TfValue",
    "Unknown",
    "Value",
    "Vec",
];

/// A field name: the identifier to write and, when it differs from the
/// Terraform name, the rename.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldName {
    /// The Rust identifier (possibly `r#...`).
    pub ident: String,
    /// `Some(terraform name)` when `#[tf(rename)]` is needed.
    pub rename: Option<String>,
}

/// Whether the derive accepts `name` as a Terraform name.
pub fn valid_terraform_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// Picks field identifiers for the Terraform names of one struct, in
/// order; `None` for a name the derive cannot carry at all.
pub fn field_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<Option<FieldName>> {
    let names: Vec<&str> = names.into_iter().collect();
    // Names that are already plain identifiers keep them; the others
    // must not take one of those.
    let mut used: BTreeSet<String> = names
        .iter()
        .filter(|n| plain_ident(n))
        .map(|n| (*n).to_owned())
        .collect();
    names
        .iter()
        .map(|&name| {
            if !valid_terraform_name(name) {
                return None;
            }
            if plain_ident(name) {
                return Some(FieldName {
                    ident: name.to_owned(),
                    rename: None,
                });
            }
            if RAW_OK.contains(&name) {
                return Some(FieldName {
                    ident: format!("r#{name}"),
                    rename: None,
                });
            }
            // A keyword raw identifiers cannot spell, or a leading digit.
            let mut ident = if name.starts_with(|c: char| c.is_ascii_digit()) {
                format!("_{name}")
            } else {
                format!("{name}_")
            };
            while used.contains(&ident) || RAW_OK.contains(&ident.as_str()) {
                ident.push('_');
            }
            used.insert(ident.clone());
            Some(FieldName {
                ident,
                rename: Some(name.to_owned()),
            })
        })
        .collect()
}

fn plain_ident(name: &str) -> bool {
    valid_terraform_name(name)
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && !RAW_OK.contains(&name)
        && !NOT_RAW.contains(&name)
}

/// `pet_tag` -> `PetTag`; digits after the first character are kept.
pub fn pascal(name: &str) -> String {
    let mut out = String::new();
    for part in name.split(|c: char| !c.is_ascii_alphanumeric()) {
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.extend(chars.map(|c| c.to_ascii_lowercase()));
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'T');
    }
    out
}

/// Struct names of one file: unique, never a name the file uses
/// unqualified, and leaving room for the derive's `<Name>Plan` companion.
#[derive(Debug, Default)]
pub struct StructNames {
    used: BTreeSet<String>,
}

impl StructNames {
    /// A fresh name based on `wanted`.
    pub fn claim(&mut self, wanted: &str) -> String {
        let free = |n: &str, used: &BTreeSet<String>| {
            !RESERVED_TYPES.contains(&n)
                && !used.contains(n)
                && !used.contains(&format!("{n}Plan"))
                && !n
                    .strip_suffix("Plan")
                    .is_some_and(|base| used.contains(base))
        };
        let mut name = wanted.to_owned();
        if !free(&name, &self.used) {
            name = format!("{wanted}Model");
        }
        let mut n = 2;
        while !free(&name, &self.used) {
            name = format!("{wanted}{n}");
            n += 1;
        }
        self.used.insert(name.clone());
        name
    }
}

/// A module name for a resource or data source name (also the file stem).
pub fn module_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<(String, String)> {
    let mut used = BTreeSet::new();
    names
        .into_iter()
        .map(|name| {
            let mut stem: String = name
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() {
                        c.to_ascii_lowercase()
                    } else {
                        '_'
                    }
                })
                .collect();
            if stem.is_empty() || stem.starts_with(|c: char| c.is_ascii_digit()) {
                stem.insert(0, '_');
            }
            if NOT_RAW.contains(&stem.as_str()) || stem == "mod" {
                stem.push('_');
            }
            while used.contains(&stem) {
                stem.push('_');
            }
            used.insert(stem.clone());
            let ident = if RAW_OK.contains(&stem.as_str()) {
                format!("r#{stem}")
            } else {
                stem.clone()
            };
            (stem, ident)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_and_collisions() {
        let got = field_names(["type", "self", "self_", "id", "3d", "_"]);
        let idents: Vec<_> = got
            .iter()
            .map(|f| f.as_ref().map(|f| (f.ident.as_str(), f.rename.as_deref())))
            .collect();
        assert_eq!(
            idents,
            vec![
                Some(("r#type", None)),
                Some(("self__", Some("self"))),
                Some(("self_", None)),
                Some(("id", None)),
                Some(("_3d", Some("3d"))),
                Some(("__", Some("_"))),
            ]
        );
        assert_eq!(field_names(["Bad-Name"]), vec![None]);
    }

    #[test]
    fn struct_names_leave_room_for_plan_views() {
        let mut s = StructNames::default();
        assert_eq!(s.claim("Pet"), "Pet");
        assert_eq!(s.claim("PetPlan"), "PetPlanModel");
        assert_eq!(s.claim("Pet"), "PetModel");
        assert_eq!(s.claim("Pet"), "Pet2");
        assert_eq!(s.claim("String"), "StringModel");
        assert_eq!(pascal("order_2_item"), "Order2Item");
    }

    #[test]
    fn module_names_are_identifiers() {
        let got = module_names(["type", "self", "pet", "2x"]);
        assert_eq!(
            got,
            vec![
                ("type".into(), "r#type".into()),
                ("self_".into(), "self_".into()),
                ("pet".into(), "pet".into()),
                ("_2x".into(), "_2x".into()),
            ]
        );
    }
}
