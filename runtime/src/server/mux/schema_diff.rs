//! Whether two servers' provider (or provider_meta) schemas are the same,
//! and where they differ.
//!
//! As `tf6muxserver/schema_equality.go`: the order of attributes and of
//! nested blocks does not count, nor do a nested block's `min_items` and
//! `max_items`. The difference is written as one line per differing item,
//! with both servers' values (mux prints go-cmp's diff there instead).

use std::collections::BTreeSet;
use std::fmt::Debug;

use crate::server::proto::tfplugin6 as v6;

/// Equal once normalized.
pub(super) fn schema_equals(a: &v6::Schema, b: &v6::Schema) -> bool {
    normalized(a) == normalized(b)
}

fn normalized(schema: &v6::Schema) -> v6::Schema {
    let mut schema = schema.clone();
    if let Some(block) = &mut schema.block {
        normalize_block(block);
    }
    schema
}

fn normalize_block(block: &mut v6::schema::Block) {
    block.attributes.sort_by(|x, y| x.name.cmp(&y.name));
    block.attributes.iter_mut().for_each(normalize_attribute);
    block
        .block_types
        .sort_by(|x, y| x.type_name.cmp(&y.type_name));
    for nested in &mut block.block_types {
        nested.min_items = 0;
        nested.max_items = 0;
        if let Some(block) = &mut nested.block {
            normalize_block(block);
        }
    }
}

fn normalize_attribute(attribute: &mut v6::schema::Attribute) {
    if let Some(object) = &mut attribute.nested_type {
        object.attributes.sort_by(|x, y| x.name.cmp(&y.name));
        object.attributes.iter_mut().for_each(normalize_attribute);
    }
}

/// The differences between schema `a` of server `a_name` and schema `b`
/// of server `b_name`, one per line.
pub(super) fn schema_diff(a: &v6::Schema, a_name: &str, b: &v6::Schema, b_name: &str) -> String {
    let mut diff = Diff {
        lines: Vec::new(),
        names: (a_name, b_name),
    };
    diff.field("schema", "version", &a.version, &b.version);
    let empty = v6::schema::Block::default();
    let blocks = (a.block.as_ref(), b.block.as_ref());
    diff.block(
        "schema",
        blocks.0.unwrap_or(&empty),
        blocks.1.unwrap_or(&empty),
    );
    diff.lines.join("\n")
}

struct Diff<'a> {
    lines: Vec<String>,
    names: (&'a str, &'a str),
}

impl Diff<'_> {
    fn field<T: PartialEq + Debug>(&mut self, at: &str, field: &str, a: &T, b: &T) {
        if a != b {
            let (an, bn) = self.names;
            self.lines
                .push(format!("{at}: {field} is {a:?} in {an} but {b:?} in {bn}"));
        }
    }

    fn only_in(&mut self, at: &str, in_a: bool) {
        let name = if in_a { self.names.0 } else { self.names.1 };
        self.lines.push(format!("{at}: only in {name}"));
    }

    fn block(&mut self, at: &str, a: &v6::schema::Block, b: &v6::schema::Block) {
        self.field(at, "version", &a.version, &b.version);
        self.field(at, "description", &a.description, &b.description);
        self.field(
            at,
            "description_kind",
            &a.description_kind,
            &b.description_kind,
        );
        self.field(at, "deprecated", &a.deprecated, &b.deprecated);
        self.field(
            at,
            "deprecation_message",
            &a.deprecation_message,
            &b.deprecation_message,
        );
        self.field(at, "computed", &a.computed, &b.computed);
        self.attributes(at, &a.attributes, &b.attributes);
        let names: BTreeSet<&str> = (a.block_types.iter().chain(&b.block_types))
            .map(|n| n.type_name.as_str())
            .collect();
        for name in names {
            let at = format!("{at}.block {name:?}");
            let find = |blocks: &[v6::schema::NestedBlock]| {
                blocks.iter().find(|n| n.type_name == name).cloned()
            };
            match (find(&a.block_types), find(&b.block_types)) {
                (Some(x), Some(y)) => {
                    self.field(&at, "nesting", &x.nesting, &y.nesting);
                    let empty = v6::schema::Block::default();
                    let (x, y) = (x.block.unwrap_or_default(), y.block.unwrap_or_default());
                    if x != empty || y != empty {
                        self.block(&at, &x, &y);
                    }
                }
                (found, _) => self.only_in(&at, found.is_some()),
            }
        }
    }

    fn attributes(&mut self, at: &str, a: &[v6::schema::Attribute], b: &[v6::schema::Attribute]) {
        let names: BTreeSet<&str> = a.iter().chain(b).map(|x| x.name.as_str()).collect();
        for name in names {
            let at = format!("{at}.attribute {name:?}");
            let find =
                |list: &[v6::schema::Attribute]| list.iter().find(|x| x.name == name).cloned();
            let (x, y) = match (find(a), find(b)) {
                (Some(x), Some(y)) => (x, y),
                (found, _) => {
                    self.only_in(&at, found.is_some());
                    continue;
                }
            };
            let type_text = |t: &[u8]| String::from_utf8_lossy(t).into_owned();
            self.field(&at, "type", &type_text(&x.r#type), &type_text(&y.r#type));
            self.field(&at, "description", &x.description, &y.description);
            self.field(&at, "required", &x.required, &y.required);
            self.field(&at, "optional", &x.optional, &y.optional);
            self.field(&at, "computed", &x.computed, &y.computed);
            self.field(&at, "sensitive", &x.sensitive, &y.sensitive);
            self.field(
                &at,
                "description_kind",
                &x.description_kind,
                &y.description_kind,
            );
            self.field(&at, "deprecated", &x.deprecated, &y.deprecated);
            self.field(&at, "write_only", &x.write_only, &y.write_only);
            self.field(
                &at,
                "deprecation_message",
                &x.deprecation_message,
                &y.deprecation_message,
            );
            match (&x.nested_type, &y.nested_type) {
                (Some(p), Some(q)) => {
                    self.field(&at, "nesting", &p.nesting, &q.nesting);
                    self.attributes(&at, &p.attributes, &q.attributes);
                }
                (None, None) => {}
                (p, _) => {
                    let (an, bn) = self.names;
                    let (with, without) = if p.is_some() { (an, bn) } else { (bn, an) };
                    self.lines.push(format!(
                        "{at}: nested attributes in {with}, none in {without}"
                    ));
                }
            }
        }
    }
}
