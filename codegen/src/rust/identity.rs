//! A resource's identity model: `#[tf(identity, version = N)]`, each
//! attribute `T` (required for import) or `Option<T>` (optional for
//! import), of the types an identity may have.

use super::emitter::{doc_comment, doc_survives, rust_str, FileEmitter};
use super::names;
use crate::model::{ElementType, Identity};

impl FileEmitter<'_> {
    /// Writes the identity struct; returns its name.
    pub(super) fn identity(&mut self, wanted: &str, identity: &Identity, full: &str) -> String {
        let name = self.names.claim(wanted);
        let mut out = format!("// The identity of `{full}`.\n");
        out.push_str("#[derive(Debug, Clone, PartialEq, TfSchema, TfValue)]\n");
        if identity.version != 0 {
            out.push_str(&format!(
                "#[tf(identity, version = {})]\n",
                identity.version
            ));
        } else {
            out.push_str("#[tf(identity)]\n");
        }
        out.push_str(&format!("pub struct {name} {{\n"));
        let fields = names::field_names(identity.attributes.iter().map(|a| a.name.as_str()));
        for (a, f) in identity.attributes.iter().zip(fields) {
            let path = vec!["identity".to_owned(), a.name.clone()];
            let Some(f) = f else {
                self.warn(
                    &path,
                    "skipping identity attribute",
                    "the name is not a Terraform identifier ([a-z0-9_]+)",
                );
                continue;
            };
            if !identity_type(&a.element_type) {
                self.warn(
                    &path,
                    "skipping identity attribute",
                    "an identity attribute is a string, number, bool or a list of them in the derive",
                );
                continue;
            }
            let Ok(ty) = self.element_type(&name, &a.element_type, &path) else {
                continue;
            };
            let mut flags = Vec::new();
            match &a.description {
                Some(d) if doc_survives(d) => out.push_str(&doc_comment(d, "    ")),
                Some(d) => flags.push(format!("description = {}", rust_str(d))),
                None => {}
            }
            if let Some(r) = &f.rename {
                flags.push(format!("rename = {}", rust_str(r)));
            }
            if !flags.is_empty() {
                out.push_str(&format!("    #[tf({})]\n", flags.join(", ")));
            }
            let ty = if a.required_for_import {
                ty
            } else {
                format!("Option<{ty}>")
            };
            out.push_str(&format!("    pub {}: {ty},\n", f.ident));
        }
        out.push_str("}\n");
        self.structs.push(out);
        name
    }
}

/// The types the derive allows in an identity.
fn identity_type(e: &ElementType) -> bool {
    match e {
        ElementType::String | ElementType::Number | ElementType::Bool => true,
        ElementType::List(inner) => matches!(
            **inner,
            ElementType::String | ElementType::Number | ElementType::Bool
        ),
        _ => false,
    }
}
