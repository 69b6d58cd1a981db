//! The "## Schema" section of a page: attributes and blocks in Required /
//! Optional / Read-Only groups, each nested block, nested attribute type and
//! object type in a "### Nested Schema for `path`" section below, and the
//! identity schema of the Import section; laid out as tfplugindocs'
//! `schemamd` lays them out.
//!
//! Where tfplugindocs stops with an error, this renders: a `group` block
//! reads as a single block, a tuple type as `Tuple`, and a block that is
//! neither required, optional nor read-only by tfplugindocs' rules goes
//! under Read-Only with a warning. Terraform accepts that last shape and
//! SDKv2 providers write it (an optional, computed `TypeList` with
//! `MaxItems: 1` whose fields are all computed, as in the AWS provider's
//! `aws_dynamodb_table` data source): nothing in it can be set, so a reader
//! looks for it with what the provider reports.

use std::fmt::Write as _;

use tfschema::Type;

use super::error::DocsError;
use crate::tfjson::{Attribute, Block, BlockType, IdentitySchema, NestedType, NestingMode};

/// What a page shows for a schema without a block.
pub(crate) static EMPTY_BLOCK: Block = Block {
    attributes: std::collections::BTreeMap::new(),
    block_types: std::collections::BTreeMap::new(),
    description: String::new(),
    description_kind: None,
    deprecated: false,
    deprecation_message: String::new(),
};

/// The note tfplugindocs writes once above a group holding a write-only
/// argument.
const WRITE_ONLY_NOTE: &str = "> **NOTE**: [Write-only arguments](https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments) are supported in Terraform 1.11 and later.\n\n";
const WRITE_ONLY: &str =
    "[Write-only](https://developer.hashicorp.com/terraform/language/resources/ephemeral#write-only-arguments)";

/// The three groups, with their titles at the top level and below.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Group {
    Required,
    Optional,
    ReadOnly,
}

impl Group {
    const ALL: [Group; 3] = [Group::Required, Group::Optional, Group::ReadOnly];

    fn title(self, root: bool) -> &'static str {
        match (self, root) {
            (Group::Required, true) => "### Required",
            (Group::Optional, true) => "### Optional",
            (Group::ReadOnly, true) => "### Read-Only",
            (Group::Required, false) => "Required:",
            (Group::Optional, false) => "Optional:",
            (Group::ReadOnly, false) => "Read-Only:",
        }
    }

    fn of_attribute(a: &Attribute) -> Option<Group> {
        if a.required {
            Some(Group::Required)
        } else if a.optional {
            Some(Group::Optional)
        } else if a.computed {
            Some(Group::ReadOnly)
        } else {
            None
        }
    }

    fn of_block(b: &BlockType) -> Option<Group> {
        if b.min_items > 0 {
            Some(Group::Required)
        } else if block_is_optional(b) {
            Some(Group::Optional)
        } else if block_is_read_only(b) {
            Some(Group::ReadOnly)
        } else {
            None
        }
    }
}

/// A block with no minimum that is empty or has something to set.
fn block_is_optional(b: &BlockType) -> bool {
    if b.min_items > 0 {
        return false;
    }
    let inner = inner(b);
    if inner.block_types.is_empty() && inner.attributes.is_empty() {
        return true;
    }
    inner
        .block_types
        .values()
        .any(|c| c.min_items > 0 || block_is_optional(c))
        || inner.attributes.values().any(|a| a.required || a.optional)
}

/// A block whose every leaf is read-only.
fn block_is_read_only(b: &BlockType) -> bool {
    if b.min_items != 0 || b.max_items != 0 {
        return false;
    }
    let inner = inner(b);
    inner.block_types.values().all(block_is_read_only)
        && inner
            .attributes
            .values()
            .all(|a| a.computed && !a.optional && !a.required)
}

fn block_has_write_only(b: &BlockType) -> bool {
    let inner = inner(b);
    inner.block_types.values().any(block_has_write_only)
        || inner.attributes.values().any(|a| a.write_only)
}

fn inner(b: &BlockType) -> &Block {
    b.block.as_ref().unwrap_or(&EMPTY_BLOCK)
}

/// What a "Nested Schema" section below describes.
enum Nested<'a> {
    Block(&'a Block),
    Object(&'a Type),
    Attributes(&'a NestedType),
}

struct Section<'a> {
    anchor: String,
    path: Vec<String>,
    what: Nested<'a>,
    /// The group of the attribute that led here (object types' children
    /// are titled with it).
    group: Group,
}

/// `## Schema` and everything under it, for a resource's (or data
/// source's, ...) top-level block.
/// What the schema makes the page say, with what deserves a warning (one
/// message per block placed by this renderer's own rule, naming its path).
pub(crate) fn render(block: &Block, warnings: &mut Vec<String>) -> Result<String, DocsError> {
    let mut out = String::from("## Schema\n\n");
    block_children(&mut out, warnings, &[], block, true)?;
    Ok(out)
}

/// `### Identity Schema` with the attributes required and optional for
/// import.
pub(crate) fn render_identity(identity: &IdentitySchema) -> Result<String, DocsError> {
    let mut out = String::from("### Identity Schema\n\n");
    let mut required = Vec::new();
    let mut optional = Vec::new();
    for (name, a) in &identity.attributes {
        if a.required_for_import {
            required.push((name, a));
        } else if a.optional_for_import {
            optional.push((name, a));
        } else {
            return Err(DocsError::schema(format!(
                "identity attribute {name:?} is neither required nor optional for import"
            )));
        }
    }
    let list =
        |out: &mut String, title: &str, items: &[(&String, &crate::tfjson::IdentityAttribute)]| {
            for (i, (name, a)) in items.iter().enumerate() {
                if i == 0 {
                    out.push_str(title);
                }
                let ty = a.r#type.as_ref().map(type_name).unwrap_or_default();
                let _ = write!(out, "- `{name}` ({ty})");
                push_description(out, &a.description);
                out.push('\n');
            }
        };
    list(&mut out, "#### Required\n\n", &required);
    out.push('\n');
    list(&mut out, "#### Optional\n\n", &optional);
    Ok(out)
}

fn block_children(
    out: &mut String,
    warnings: &mut Vec<String>,
    parents: &[String],
    block: &Block,
    root: bool,
) -> Result<(), DocsError> {
    // (group, name, is a block)
    let mut members: Vec<(Group, &str, bool)> = Vec::new();
    for (name, b) in &block.block_types {
        let group = Group::of_block(b).unwrap_or_else(|| {
            warnings.push(format!(
                "block {:?} has nothing to set but is not read-only by tfplugindocs' rules \
                 (which refuse it: {}); listed under Read-Only",
                path_of(parents, name),
                not_read_only_because(b)
            ));
            Group::ReadOnly
        });
        members.push((group, name, true));
    }
    for (name, a) in &block.attributes {
        // tfplugindocs lists a top-level `id` without a description as
        // read-only, whatever its flags.
        let group = if root_id(parents, name, a) {
            Some(Group::ReadOnly)
        } else {
            Group::of_attribute(a)
        };
        let group = group.ok_or_else(|| {
            DocsError::schema(format!(
                "attribute {:?} is neither required, optional nor computed",
                path_of(parents, name)
            ))
        })?;
        members.push((group, name, false));
    }
    let mut sections = Vec::new();
    for group in Group::ALL {
        let mut names: Vec<(&str, bool)> = members
            .iter()
            .filter(|(g, _, _)| *g == group)
            .map(|(_, n, b)| (*n, *b))
            .collect();
        if names.is_empty() {
            continue;
        }
        names.sort_unstable();
        out.push_str(group.title(root));
        out.push_str("\n\n");
        let write_only = names.iter().any(|(n, is_block)| {
            if *is_block {
                block_has_write_only(&block.block_types[*n])
            } else {
                block.attributes[*n].write_only
            }
        });
        if write_only {
            out.push_str(WRITE_ONLY_NOTE);
        }
        for (name, is_block) in names {
            let path = path_vec(parents, name);
            if is_block {
                sections.push(block_line(out, path, &block.block_types[name])?);
            } else {
                let a = &block.attributes[name];
                let description = if root_id(parents, name, a) {
                    "The ID of this resource."
                } else {
                    &a.description
                };
                sections.extend(attribute_line(out, path, a, description, group)?);
            }
        }
        out.push('\n');
    }
    nested_sections(out, warnings, sections)
}

/// Why [`block_is_read_only`] says no to a block with nothing to set.
fn not_read_only_because(b: &BlockType) -> String {
    if b.max_items != 0 {
        return format!("it has max_items {}", b.max_items);
    }
    let inner = inner(b);
    match inner
        .block_types
        .iter()
        .find(|(_, c)| !block_is_read_only(c))
    {
        Some((name, _)) => format!("its block {name:?} is not read-only"),
        None => "an attribute is not computed".to_owned(),
    }
}

fn root_id(parents: &[String], name: &str, a: &Attribute) -> bool {
    parents.is_empty() && name.eq_ignore_ascii_case("id") && a.description.is_empty()
}

fn block_line<'a>(
    out: &mut String,
    path: Vec<String>,
    b: &'a BlockType,
) -> Result<Section<'a>, DocsError> {
    let name = path.last().map(String::as_str).unwrap_or_default();
    let _ = write!(out, "- `{name}` (Block");
    out.push_str(match b.nesting_mode {
        NestingMode::Single | NestingMode::Group => "",
        NestingMode::List => " List",
        NestingMode::Set => " Set",
        NestingMode::Map => " Map",
    });
    match b.nesting_mode {
        NestingMode::Single | NestingMode::Group => out.push_str(match Group::of_block(b) {
            Some(Group::Required) => ", Required",
            Some(Group::Optional) => ", Optional",
            Some(Group::ReadOnly) | None => ", Read-only",
        }),
        _ if b.min_items > 0 => {
            let _ = write!(out, ", Min: {}", b.min_items);
        }
        _ => {}
    }
    if b.max_items > 0 {
        let _ = write!(out, ", Max: {}", b.max_items);
    }
    let inner = inner(b);
    if inner.deprecated {
        out.push_str(", Deprecated");
    }
    out.push(')');
    push_description(out, &inner.description);
    let anchor = format!("nestedblock--{}", path.join("--"));
    let _ = writeln!(out, " (see [below for nested schema](#{anchor}))");
    Ok(Section {
        anchor,
        path,
        what: Nested::Block(inner),
        group: Group::Optional,
    })
}

fn attribute_line<'a>(
    out: &mut String,
    path: Vec<String>,
    a: &'a Attribute,
    description: &str,
    group: Group,
) -> Result<Option<Section<'a>>, DocsError> {
    let name = path.last().map(String::as_str).unwrap_or_default();
    let _ = write!(out, "- `{name}` ");
    let anchor = format!("nestedatt--{}", path.join("--"));
    let section = match (&a.nested_type, &a.r#type) {
        (Some(nested), _) => {
            out.push_str("(Attributes");
            out.push_str(match nested.nesting_mode {
                NestingMode::Single | NestingMode::Group => "",
                NestingMode::List => " List",
                NestingMode::Set => " Set",
                NestingMode::Map => " Map",
            });
            flags(out, a);
            // Blank lines would end the list item: tfplugindocs keeps the
            // paragraphs apart with a Markdown line break instead.
            push_description(out, &collapse_blank_lines(description));
            Some(Nested::Attributes(nested))
        }
        (None, Some(ty)) => {
            out.push('(');
            out.push_str(&type_name(ty));
            flags(out, a);
            push_description(out, description);
            match ty {
                Type::Object(_) => Some(Nested::Object(ty)),
                Type::List(e) | Type::Set(e) | Type::Map(e) if matches!(**e, Type::Object(_)) => {
                    Some(Nested::Object(e))
                }
                _ => None,
            }
        }
        (None, None) => {
            return Err(DocsError::schema(format!(
                "attribute {:?} has neither a type nor nested attributes",
                path.join(".")
            )))
        }
    };
    let section = section.map(|what| {
        let _ = write!(out, " (see [below for nested schema](#{anchor}))");
        Section {
            anchor,
            path,
            what,
            group,
        }
    });
    out.push('\n');
    Ok(section)
}

/// `, Sensitive`, `, Deprecated`, `, [Write-only](...)` and the closing
/// parenthesis.
fn flags(out: &mut String, a: &Attribute) {
    if a.sensitive {
        out.push_str(", Sensitive");
    }
    if a.deprecated {
        out.push_str(", Deprecated");
    }
    if a.write_only {
        out.push_str(", ");
        out.push_str(WRITE_ONLY);
    }
    out.push(')');
}

fn nested_sections(
    out: &mut String,
    warnings: &mut Vec<String>,
    sections: Vec<Section<'_>>,
) -> Result<(), DocsError> {
    for s in sections {
        let _ = write!(
            out,
            "<a id=\"{}\"></a>\n### Nested Schema for `{}`\n\n",
            s.anchor,
            s.path.join(".")
        );
        match s.what {
            Nested::Block(b) => block_children(out, warnings, &s.path, b, false)?,
            Nested::Object(ty) => object_children(out, warnings, &s.path, ty, s.group)?,
            Nested::Attributes(n) => nested_attribute_children(out, warnings, &s.path, n, s.group)?,
        }
        out.push('\n');
    }
    Ok(())
}

/// An object type's attributes: no flags of their own, all under the
/// title of the attribute that holds the object.
fn object_children(
    out: &mut String,
    warnings: &mut Vec<String>,
    parents: &[String],
    ty: &Type,
    group: Group,
) -> Result<(), DocsError> {
    out.push_str(group.title(false));
    out.push_str("\n\n");
    let Type::Object(object) = ty else {
        return Ok(());
    };
    let mut sections = Vec::new();
    for (name, attr_ty) in object.attrs() {
        let path = path_vec(parents, name);
        let _ = write!(out, "- `{name}` ({})", type_name(attr_ty));
        let anchor = format!("nestedobjatt--{}", path.join("--"));
        let nested = match attr_ty {
            Type::Object(_) => Some(attr_ty),
            Type::List(e) | Type::Set(e) | Type::Map(e) if matches!(**e, Type::Object(_)) => {
                Some(&**e)
            }
            _ => None,
        };
        if let Some(nested) = nested {
            let _ = write!(out, " (see [below for nested schema](#{anchor}))");
            sections.push(Section {
                anchor,
                path,
                what: Nested::Object(nested),
                group,
            });
        }
        out.push('\n');
    }
    out.push('\n');
    nested_sections(out, warnings, sections)
}

fn nested_attribute_children(
    out: &mut String,
    warnings: &mut Vec<String>,
    parents: &[String],
    nested: &NestedType,
    group: Group,
) -> Result<(), DocsError> {
    let mut sections = Vec::new();
    for g in Group::ALL {
        let names: Vec<&String> = nested
            .attributes
            .iter()
            .filter(|(_, a)| Group::of_attribute(a) == Some(g))
            .map(|(n, _)| n)
            .collect();
        if names.is_empty() {
            continue;
        }
        out.push_str(g.title(false));
        out.push_str("\n\n");
        for name in names {
            let a = &nested.attributes[name];
            sections.extend(attribute_line(
                out,
                path_vec(parents, name),
                a,
                &a.description,
                group,
            )?);
        }
        out.push('\n');
    }
    if let Some((name, _)) = nested
        .attributes
        .iter()
        .find(|(_, a)| Group::of_attribute(a).is_none())
    {
        return Err(DocsError::schema(format!(
            "attribute {:?} is neither required, optional nor computed",
            path_of(parents, name)
        )));
    }
    nested_sections(out, warnings, sections)
}

/// A type as tfplugindocs names it: `String`, `Boolean`, `List of Strings`,
/// `Map of List of Strings`, `Object`, `Dynamic`.
pub(crate) fn type_name(ty: &Type) -> String {
    match ty {
        Type::String => "String".into(),
        Type::Number => "Number".into(),
        Type::Bool => "Boolean".into(),
        Type::Dynamic => "Dynamic".into(),
        Type::Object(_) => "Object".into(),
        Type::Tuple(_) => "Tuple".into(),
        Type::List(e) | Type::Set(e) | Type::Map(e) => {
            let kind = match ty {
                Type::List(_) => "List",
                Type::Set(_) => "Set",
                _ => "Map",
            };
            let plural = if e.is_collection() { "" } else { "s" };
            format!("{kind} of {}{plural}", type_name(e))
        }
    }
}

/// ` <description>`, trimmed, when there is one.
fn push_description(out: &mut String, description: &str) {
    let d = description.trim();
    if !d.is_empty() {
        out.push(' ');
        out.push_str(d);
    }
}

/// Runs of blank lines as a Markdown line break (`"  \n"`).
fn collapse_blank_lines(text: &str) -> String {
    let text = text.trim();
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("\n\n") {
        out.push_str(&rest[..i]);
        out.push_str("  \n");
        rest = rest[i..].trim_start_matches('\n');
    }
    out.push_str(rest);
    out
}

fn path_vec(parents: &[String], name: &str) -> Vec<String> {
    let mut path = parents.to_vec();
    path.push(name.to_owned());
    path
}

fn path_of(parents: &[String], name: &str) -> String {
    path_vec(parents, name).join(".")
}
