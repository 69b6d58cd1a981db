//! The writer of one generated file's structs: the structs in order, the
//! names they claimed, the `use` lines they need, and the warnings about
//! what they could not carry. Its methods live beside what they write
//! (`emit.rs`: models, attributes, blocks; `types.rs`: Rust types;
//! `validators.rs`, `identity.rs`).

use std::collections::BTreeMap;

use super::names::StructNames;
use crate::error::Warning;
use crate::model::Target;

/// Writes the structs of one file.
pub(super) struct FileEmitter<'w> {
    pub(super) target: Target,
    context: String,
    pub(super) names: StructNames,
    /// Finished structs and aliases, in the order they were started (an
    /// empty one was dropped, see [`FileEmitter::settle`]).
    pub(super) structs: Vec<String>,
    /// The nested structs written so far by their shape
    /// ([`FileEmitter::shape_key`]), to write each shape once.
    shapes: BTreeMap<String, String>,
    /// The aliases written instead of a struct, to the struct.
    aliases: BTreeMap<String, String>,
    pub(super) uses_unknown: bool,
    pub(super) uses_set: bool,
    pub(super) uses_number: bool,
    pub(super) uses_map: bool,
    pub(super) uses_value: bool,
    warnings: &'w mut Vec<Warning>,
}

impl<'w> FileEmitter<'w> {
    pub(super) fn new(target: Target, context: String, warnings: &'w mut Vec<Warning>) -> Self {
        FileEmitter {
            target,
            context,
            names: StructNames::default(),
            structs: Vec::new(),
            shapes: BTreeMap::new(),
            aliases: BTreeMap::new(),
            uses_unknown: false,
            uses_set: false,
            uses_number: false,
            uses_map: false,
            uses_value: false,
            warnings,
        }
    }

    pub(super) fn warn(&mut self, path: &[String], action: &str, reason: impl Into<String>) {
        let warning = Warning::at(&self.context, path, action, reason.into());
        self.warnings.push(warning);
    }

    /// The `use` lines and the structs.
    pub(super) fn finish(self, header: &str) -> String {
        let mut out = header.to_owned();
        out.push('\n');
        out.push_str(&self.uses(&[]));
        for s in self.structs.iter().filter(|s| !s.is_empty()) {
            out.push('\n');
            out.push_str(s);
        }
        out
    }

    /// Puts the nested struct `name`, written as `text`, in its `slot`,
    /// unless the file already has a struct of the same shape (the same
    /// text but for the names, its own and, through earlier aliases, its
    /// children's): then `name` becomes a type alias of that struct, and
    /// what was written for its children (aliases too) is dropped.
    /// Terraform schemas repeat shapes (AWS's `aws_wafv2_web_acl` nests
    /// the same statement blocks under each other: 2,986 structs written
    /// one per path, 46% of the provider's 6,455), and every struct costs
    /// the compiler its derive, while an alias costs nothing. Every path
    /// keeps its own name.
    pub(super) fn settle(&mut self, slot: usize, name: &str, text: String) {
        let key = self.shape_key(name, &text);
        if let Some(earlier) = self.shapes.get(&key).cloned() {
            for s in &mut self.structs[slot + 1..] {
                s.clear();
            }
            self.structs[slot] =
                format!("/// The same shape as [`{earlier}`].\npub type {name} = {earlier};\n");
            self.aliases.insert(name.to_owned(), earlier);
        } else {
            self.shapes.insert(key, name.to_owned());
            self.structs[slot] = text;
        }
    }

    /// `text` with `name` left out and every alias replaced by its struct.
    fn shape_key(&self, name: &str, text: &str) -> String {
        let mut key = String::with_capacity(text.len());
        let mut word = String::new();
        let flush = |word: &mut String, key: &mut String| {
            if word == name {
                key.push('_');
            } else {
                key.push_str(self.aliases.get(word.as_str()).unwrap_or(word));
            }
            word.clear();
        };
        for c in text.chars() {
            if c.is_ascii_alphanumeric() || c == '_' {
                word.push(c);
            } else {
                flush(&mut word, &mut key);
                key.push(c);
            }
        }
        flush(&mut word, &mut key);
        key
    }

    /// `use` lines for what the structs name, plus `extra` from tfschema.
    pub(super) fn uses(&self, extra: &[&str]) -> String {
        let mut out = String::new();
        if self.uses_map {
            out.push_str("use std::collections::BTreeMap;\n\n");
        }
        let mut items = vec!["TfSchema", "TfValue"];
        for (used, item) in [
            (self.uses_number, "Number"),
            (self.uses_set, "Set"),
            (self.uses_unknown, "Unknown"),
            (self.uses_value, "Value"),
        ] {
            if used {
                items.push(item);
            }
        }
        items.extend_from_slice(extra);
        items.sort_unstable();
        out.push_str(&format!("use tfschema::{{{}}};\n", items.join(", ")));
        out
    }
}

/// Whether `///` lines carry the description exactly (the derive strips one
/// leading space per line, trims the whole and joins the lines of a
/// paragraph): no surrounding blank space, no line break inside a paragraph
/// (one survives only next to an empty line), no blank space at a line's end
/// (rustfmt removes it), no carriage return, no control or
/// bidirectional-override characters (rustc refuses those in comments).
pub(super) fn doc_survives(d: &str) -> bool {
    let lines: Vec<&str> = d.split('\n').collect();
    d == d.trim()
        && !d.is_empty()
        && lines.windows(2).all(|w| w[0].is_empty() || w[1].is_empty())
        && lines.iter().all(|l| *l == l.trim_end())
        && !d.chars().any(|c| {
            (c.is_control() && c != '\n' && c != '\t')
                || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        })
}

pub(super) fn doc_comment(d: &str, indent: &str) -> String {
    d.split('\n')
        .map(|l| {
            if l.is_empty() {
                format!("{indent}///\n")
            } else {
                format!("{indent}/// {l}\n")
            }
        })
        .collect()
}

/// A Rust string literal (Debug's escapes are Rust's).
pub(crate) fn rust_str(s: &str) -> String {
    format!("{s:?}")
}

#[cfg(test)]
mod tests {
    use super::doc_survives;

    #[test]
    fn a_line_break_inside_a_paragraph_needs_the_attribute() {
        assert!(doc_survives("One paragraph."));
        assert!(doc_survives("One.\n\nTwo."));
        // The derive joins a paragraph's lines, so these would change.
        assert!(!doc_survives("One\nparagraph."));
        assert!(!doc_survives("- a\n- b"));
        assert!(!doc_survives("One.\n  \nTwo."));
        assert!(!doc_survives(" leading"));
    }
}
