//! The checks of a [`ProviderSchema`] before it is served: names
//! Terraform reserves, and list resource types it cannot use (every check
//! of a list resource is here, the typed layer's included).

use super::ProviderSchema;
use crate::diag::Diagnostics;
use crate::schema::Schema;

/// Names Terraform keeps for itself at the top of a resource block
/// (meta-arguments), of a data (and ephemeral) block and of a provider
/// block. An attribute or block type with one of these names cannot be set
/// in a configuration.
const RESERVED_IN_RESOURCES: &[&str] = &[
    "connection",
    "count",
    "depends_on",
    "for_each",
    "lifecycle",
    "provider",
    "provisioner",
];
const RESERVED_IN_DATA_SOURCES: &[&str] =
    &["count", "depends_on", "for_each", "lifecycle", "provider"];
const RESERVED_IN_PROVIDERS: &[&str] = &["alias", "version"];

impl ProviderSchema {
    /// Errors for schemas Terraform cannot use, after the provider's own
    /// [`errors`](Self::errors): a list resource type with no resource type
    /// of its name or one without an identity, computed blocks against
    /// Terraform's rules for them (protocol 6.11; see
    /// [`Block::computed`](crate::schema::Block::computed)), and top-level attributes or block types named like a
    /// meta-argument (`count`, `for_each`, ..., and `alias`/`version` in the
    /// provider block). The server returns them from `GetProviderSchema`,
    /// so Terraform stops with the reason.
    pub fn problems(&self) -> Diagnostics {
        let mut diagnostics = self.errors.clone();
        self.list_problems(&mut diagnostics);
        self.computed_block_problems(&mut diagnostics);
        let mut check = |what: &str, name: &str, schema: &Schema, reserved: &[&str]| {
            let names = schema
                .block
                .attributes
                .iter()
                .map(|a| a.name.as_str())
                .chain(
                    schema
                        .block
                        .block_types
                        .iter()
                        .map(|b| b.type_name.as_str()),
                );
            for field in names.filter(|n| reserved.contains(n)) {
                diagnostics.error(
                    &[],
                    "Reserved attribute name",
                    format!(
                        "The {what} {name:?} has an attribute or block named {field:?}, which Terraform \
                         reserves for itself; rename it (e.g. `#[tf(rename = \"{field}_value\")]`)."
                    ),
                );
            }
        };
        check(
            "provider configuration",
            "provider",
            &self.provider,
            RESERVED_IN_PROVIDERS,
        );
        for (name, schema) in &self.resources {
            check("resource type", name, schema, RESERVED_IN_RESOURCES);
        }
        for (name, schema) in &self.data_sources {
            check("data source", name, schema, RESERVED_IN_DATA_SOURCES);
        }
        // An `ephemeral` block has the meta-arguments of a `data` block.
        for (name, schema) in &self.ephemeral_resources {
            check("ephemeral resource", name, schema, RESERVED_IN_DATA_SOURCES);
        }
        diagnostics
    }

    /// Errors for list resource types Terraform cannot use: each must also
    /// be a managed resource type with an identity schema, since every
    /// result names its object by identity (Terraform 1.15 otherwise fails
    /// the query with "Identity schema not found for resource type").
    fn list_problems(&self, diagnostics: &mut Diagnostics) {
        for name in self.list_resources.keys() {
            if !self.resources.contains_key(name) {
                diagnostics.error(
                    &[],
                    "List resource without a resource type",
                    format!(
                        "The list resource type {name:?} has no managed resource type of the same name; \
                         a list resource lists the objects of the resource type it is named after."
                    ),
                );
            } else if !self.identities.contains_key(name) {
                diagnostics.error(
                    &[],
                    "List resource of a resource type without identity",
                    format!(
                        "The list resource type {name:?} lists a resource type without an identity schema; \
                         Terraform names every object listed by its identity. Give the resource type one \
                         (register it with `resource_with_identity`)."
                    ),
                );
            }
        }
    }
}

/// The errors for typed list resources registered under the name of a
/// resource type that is another Rust type than the one they list: each
/// `(name, lists)` pair is such a list resource and the name of the type it
/// lists. (The typed layer knows the Rust types; the errors reach Terraform
/// through [`ProviderSchema::errors`].)
pub(crate) fn lists_another_type<'a>(
    mislisted: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Diagnostics {
    let mut diagnostics = Diagnostics::new();
    for (name, lists) in mislisted {
        diagnostics.error(
            &[],
            "List resource of another resource type",
            format!(
                "The list resource type {name:?} lists {lists}, but the resource type {name:?} is another \
                 Rust type; register the list under the name of the resource type it lists."
            ),
        );
    }
    diagnostics
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserved_names_are_schema_problems() {
        use crate::schema::{Attribute, Block};
        use crate::types::Type;
        let with = |names: &[&str]| Schema {
            version: 0,
            block: Block {
                attributes: names
                    .iter()
                    .map(|n| Attribute::new(*n, Type::String))
                    .collect(),
                ..Block::default()
            },
        };
        let mut schema = ProviderSchema {
            provider: with(&["alias", "region"]),
            ..ProviderSchema::default()
        };
        schema
            .resources
            .insert("x_item".into(), with(&["count", "name"]));
        schema
            .data_sources
            .insert("x_items".into(), with(&["provisioner"]));
        let got: Vec<String> = schema.problems().iter().map(|d| d.detail.clone()).collect();
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(
            got[0].contains(
                r#"provider configuration "provider" has an attribute or block named "alias""#
            ),
            "{got:?}"
        );
        assert!(
            got[1].contains(r#"resource type "x_item" has an attribute or block named "count""#),
            "{got:?}"
        );
    }
}
