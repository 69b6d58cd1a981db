//! The writer of one generated file's structs: the structs in order, the
//! names they claimed, the `use` lines they need, and the warnings about
//! what they could not carry. Its methods live beside what they write
//! (`emit.rs`: models, attributes, blocks; `types.rs`: Rust types;
//! `validators.rs`, `identity.rs`).

use super::names::StructNames;
use crate::error::Warning;
use crate::model::Target;

/// Writes the structs of one file.
pub(super) struct FileEmitter<'w> {
    pub(super) target: Target,
    context: String,
    pub(super) names: StructNames,
    /// Finished structs, in the order they were started.
    pub(super) structs: Vec<String>,
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
        for s in &self.structs {
            out.push('\n');
            out.push_str(s);
        }
        out
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
