//! Computed nested blocks (protocol 6.11, `Schema.Block.computed`): the
//! rules a schema must follow to declare one, as Terraform's own schema
//! validation states them, and the refusal of a resource type that has one
//! when Terraform does not advertise `computed_blocks_allowed` (older
//! releases ignore the flag, and would plan such a block wrongly).

use super::ProviderSchema;
use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::schema::{Block, NestingMode};

impl ProviderSchema {
    /// Errors for computed blocks Terraform cannot use: one outside a
    /// managed resource type (only resource requests carry the capability
    /// that says Terraform honours it), a group block or one with
    /// `min_items` above 0 that is computed, and a computed block holding
    /// an attribute or block that is not computed.
    pub(super) fn computed_block_problems(&self, diagnostics: &mut Diagnostics) {
        for (name, schema) in &self.resources {
            let mut path = Vec::new();
            inside_computed(&schema.block, false, name, &mut path, diagnostics);
        }
        let elsewhere = std::iter::once(("provider configuration", "provider", &self.provider))
            .chain(
                self.provider_meta
                    .iter()
                    .map(|s| ("provider_meta", "provider_meta", s)),
            )
            .chain(
                self.data_sources
                    .iter()
                    .map(|(n, s)| ("data source", n.as_str(), s)),
            )
            .chain(
                self.ephemeral_resources
                    .iter()
                    .map(|(n, s)| ("ephemeral resource", n.as_str(), s)),
            )
            .chain(
                self.list_resources
                    .iter()
                    .map(|(n, s)| ("list resource", n.as_str(), s)),
            )
            .chain(self.actions.iter().map(|(n, s)| ("action", n.as_str(), s)));
        for (what, name, schema) in elsewhere {
            for path in computed_block_paths(&schema.block) {
                diagnostics.error(
                    &path,
                    "Computed block outside a resource",
                    format!(
                        "The {what} {name:?} has a computed block at {}; Terraform honours computed \
                         blocks in managed resource types only. Make it an optional block, or a \
                         computed nested attribute.",
                        dotted(&path)
                    ),
                );
            }
        }
    }
}

/// Checks the nested blocks of `block` (`computed`: whether `block` is a
/// computed block itself, so that everything in it must be computed).
fn inside_computed(
    block: &Block,
    computed: bool,
    name: &str,
    path: &mut Vec<PathStep>,
    diagnostics: &mut Diagnostics,
) {
    if computed {
        for a in block.attributes.iter().filter(|a| !a.computed) {
            path.push(PathStep::Attr(a.name.clone()));
            diagnostics.error(
                path,
                "Attribute of a computed block not computed",
                format!(
                    "In the resource type {name:?}, {} is inside a computed block, and every attribute \
                     of a computed block must be computed (Terraform refuses the schema otherwise): \
                     mark it `computed`.",
                    dotted(path)
                ),
            );
            path.pop();
        }
    }
    for nb in &block.block_types {
        path.push(PathStep::Attr(nb.type_name.clone()));
        let problem = if computed && !nb.block.computed {
            Some("every block inside a computed block must be computed too")
        } else if nb.block.computed && nb.nesting == NestingMode::Group {
            Some("a group block cannot be computed")
        } else if nb.block.computed && nb.min_items > 0 {
            Some("a computed block cannot have min_items above 0")
        } else {
            None
        };
        if let Some(problem) = problem {
            diagnostics.error(
                path,
                "Invalid computed block",
                format!(
                    "In the resource type {name:?}, the block {}: {problem} (Terraform refuses the \
                     schema otherwise).",
                    dotted(path)
                ),
            );
        }
        inside_computed(&nb.block, nb.block.computed, name, path, diagnostics);
        path.pop();
    }
}

/// The paths of the outermost computed nested blocks of `block`.
pub(crate) fn computed_block_paths(block: &Block) -> Vec<Vec<PathStep>> {
    let mut found = Vec::new();
    let mut path = Vec::new();
    collect(block, &mut path, &mut found);
    found
}

fn collect(block: &Block, path: &mut Vec<PathStep>, found: &mut Vec<Vec<PathStep>>) {
    for nb in &block.block_types {
        path.push(PathStep::Attr(nb.type_name.clone()));
        if nb.block.computed {
            found.push(path.clone());
        } else {
            collect(&nb.block, path, found);
        }
        path.pop();
    }
}

/// The refusal of a resource type with computed blocks, for a Terraform
/// that does not honour them (no `computed_blocks_allowed`: every release
/// before protocol 6.11, and protocol 5, which has no computed blocks).
pub(crate) fn computed_blocks_refused(type_name: &str, block: &Block) -> Diagnostics {
    let mut diagnostics = Diagnostics::new();
    for path in computed_block_paths(block) {
        diagnostics.error(
            &path,
            "Computed blocks not supported by this Terraform",
            format!(
                "The resource type {type_name:?} has the computed block {}, which this Terraform \
                 ignores (it does not advertise computed_blocks_allowed, protocol 6.11). Use a \
                 Terraform release that supports computed blocks, over protocol 6.",
                dotted(&path)
            ),
        );
    }
    diagnostics
}

/// `a.b.c`, the path as a configuration names it: Terraform's notation
/// (each step's `Display`) without the leading dot.
fn dotted(path: &[PathStep]) -> String {
    let text: String = path.iter().map(ToString::to_string).collect();
    text.trim_start_matches('.').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{Attribute, NestedBlock, PlanPolicy, Schema};
    use crate::types::Type;

    fn attr(name: &str, computed: bool) -> Attribute {
        let mut a = Attribute::new(name, Type::String);
        a.computed = computed;
        a.optional = !computed;
        a
    }

    fn nested(name: &str, block: Block, nesting: NestingMode, min_items: u64) -> NestedBlock {
        NestedBlock {
            type_name: name.into(),
            block,
            nesting,
            min_items,
            max_items: 0,
            plan: PlanPolicy::default(),
        }
    }

    fn computed_block(attributes: Vec<Attribute>) -> Block {
        Block {
            attributes,
            computed: true,
            ..Block::default()
        }
    }

    fn resource(blocks: Vec<NestedBlock>) -> ProviderSchema {
        let mut schema = ProviderSchema::default();
        let block = Block {
            block_types: blocks,
            ..Block::default()
        };
        schema
            .resources
            .insert("x_thing".into(), Schema { version: 0, block });
        schema
    }

    fn summaries(schema: &ProviderSchema) -> Vec<(String, String)> {
        let mut d = Diagnostics::new();
        schema.computed_block_problems(&mut d);
        d.iter()
            .map(|d| (d.summary.clone(), format!("{:?}", d.path)))
            .collect()
    }

    #[test]
    fn a_computed_list_block_of_computed_attributes_is_fine() {
        let ok = computed_block(vec![attr("size", true)]);
        let schema = resource(vec![nested("disk", ok, NestingMode::List, 0)]);
        assert_eq!(summaries(&schema), Vec::<(String, String)>::new());
        let refused = computed_blocks_refused("x_thing", &schema.resources["x_thing"].block);
        let only = refused.iter().next().expect("one error");
        assert_eq!(
            only.summary,
            "Computed blocks not supported by this Terraform"
        );
        assert_eq!(only.path, vec![PathStep::Attr("disk".into())]);
    }

    #[test]
    fn terraforms_rules_for_computed_blocks_are_schema_problems() {
        let not_computed_inside = computed_block(vec![attr("size", false)]);
        let mut group = computed_block(vec![]);
        group.block_types = vec![nested("inner", Block::default(), NestingMode::List, 0)];
        let schema = resource(vec![
            nested("a", not_computed_inside, NestingMode::List, 0),
            nested("b", group, NestingMode::Group, 0),
            nested("c", computed_block(vec![]), NestingMode::Set, 1),
        ]);
        let found = summaries(&schema);
        let expected = [
            (
                "Attribute of a computed block not computed",
                "[Attr(\"a\"), Attr(\"size\")]",
            ),
            ("Invalid computed block", "[Attr(\"b\")]"),
            ("Invalid computed block", "[Attr(\"b\"), Attr(\"inner\")]"),
            ("Invalid computed block", "[Attr(\"c\")]"),
        ];
        let expected: Vec<(String, String)> = expected
            .iter()
            .map(|(s, p)| (s.to_string(), p.to_string()))
            .collect();
        assert_eq!(found, expected);
    }

    #[test]
    fn a_computed_block_outside_a_resource_is_a_problem() {
        let mut schema = ProviderSchema::default();
        let block = Block {
            block_types: vec![nested("d", computed_block(vec![]), NestingMode::List, 0)],
            ..Block::default()
        };
        schema
            .data_sources
            .insert("x_info".into(), Schema { version: 0, block });
        let found = summaries(&schema);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0, "Computed block outside a resource");
    }
}
