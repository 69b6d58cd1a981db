//! `GenerateResourceConfig` in the typed layer: the configuration Terraform
//! writes for an object (`terraform query -generate-config-out=FILE`, and
//! `terraform plan -generate-config-out=FILE` for `import` blocks), made
//! from the object's state, then adjusted by
//! [`Resource::generate_config`].
//!
//! The default follows terraform-plugin-framework's
//! `GenerateResourceConfig`: the state, with null for what a configuration
//! cannot or should not set. Computed-only attributes (read-only) and
//! deprecated attributes and blocks are left out; optional+computed
//! attributes keep the state's value, and so do attributes equal to their
//! default. Two of the framework's rules exist for state written by the
//! legacy SDK and are not followed: an optional+computed `id` is kept, and
//! an empty string stays an empty string (a tfschema state never means
//! null by it).

use super::read::{read_or_note, typed};
use super::{PlanView, Resource};
use crate::model::{TfEncode, TfType};
use crate::schema::{Block, NestedBlock, NestingMode};
use crate::server::raw::{DynamicValue, GenerateResourceConfigResponse};
use crate::server::walk::{walk, At, Flow, Node, Visitor};
use crate::value::Value;

/// The default configuration for a state of `block`.
pub(super) fn config_from_state(block: &Block, mut state: Value) -> Value {
    walk(block, &mut state, (), &mut ConfigFromState);
    state
}

/// Null (or no blocks) where a configuration sets nothing.
struct ConfigFromState;

impl Visitor<()> for ConfigFromState {
    fn enter(&mut self, at: At<'_, ()>, value: &mut Value) -> Flow {
        match at.node {
            // Read-only: not written in a configuration.
            Node::Attribute(a) if a.computed && !a.optional => {
                *value = Value::Null(value.ty());
                Flow::Skip
            }
            // A required one stays, or the configuration would be invalid.
            Node::Attribute(a) if a.deprecated && !a.required => {
                *value = Value::Null(value.ty());
                Flow::Skip
            }
            Node::Block(nb) if nb.block.deprecated => {
                *value = no_blocks(nb, value);
                Flow::Skip
            }
            _ => Flow::Descend,
        }
    }
}

/// A block type with no blocks in the configuration: an empty collection,
/// or null for a single block (a group block cannot be absent: its
/// attributes are nulled instead, and its own block types have no blocks).
fn no_blocks(nb: &NestedBlock, value: &Value) -> Value {
    match (nb.nesting, value) {
        (NestingMode::List, Value::List(ty, _)) => Value::List(ty.clone(), Vec::new()),
        (NestingMode::Set, Value::Set(ty, _)) => Value::Set(ty.clone(), Vec::new()),
        (NestingMode::Map, Value::Map(ty, _)) => Value::Map(ty.clone(), Default::default()),
        (NestingMode::Group, Value::Object(attrs)) => Value::Object(
            attrs
                .iter()
                .map(|(k, v)| {
                    let inner = nb.block.block_types.iter().find(|t| t.type_name == *k);
                    let empty = inner.map_or_else(|| Value::Null(v.ty()), |t| no_blocks(t, v));
                    (k.clone(), empty)
                })
                .collect(),
        ),
        (NestingMode::List, Value::Tuple(_)) => Value::Tuple(Vec::new()),
        (NestingMode::Map, Value::Object(_)) => Value::Object(Default::default()),
        _ => Value::Null(value.ty()),
    }
}

/// `GenerateResourceConfig` for `resource`: the default configuration
/// from `state`, adjusted by its hook, checked to be wholly known.
pub(super) fn generate<R: Resource>(
    resource: &R,
    block: &Block,
    state: &DynamicValue,
) -> GenerateResourceConfigResponse {
    let mut response = GenerateResourceConfigResponse::default();
    let d = &mut response.diagnostics;
    if state.is_null() {
        d.error(
            &[],
            "Missing state",
            "Terraform asked for the configuration of an object without sending its state.",
        );
        return response;
    }
    let value = match state.read_value() {
        Ok(value) => value,
        Err(e) => {
            d.extend(e);
            return response;
        }
    };
    let Some(model) = read_or_note::<R::Model>(state, d) else {
        return response;
    };
    let default = config_from_state(block, value);
    let Some(mut view) = typed::<PlanView<R::Model>>(&default, d) else {
        return response;
    };
    if let Err(e) = resource.generate_config(&model, &mut view) {
        d.extend(e);
        return response;
    }
    // The view, default or adjusted, encoded once: the encoder says
    // whether it wrote an unknown.
    let mut enc = crate::msgpack::Encoder::new();
    if let Err(err) = view.encode(&mut enc) {
        let mut diagnostic = crate::diag::Diagnostic::from(err);
        diagnostic.summary = "Provider generated an invalid configuration".into();
        d.push(diagnostic);
        return response;
    }
    if enc.wrote_unknown() {
        d.error(
            &[],
            "Provider generated an unknown value",
            "The generated configuration holds an unknown value; a configuration written to a \
             file must be wholly known. This is a bug in the provider.",
        );
        return response;
    }
    response.config = Some(DynamicValue::msgpack(enc.into_vec(), R::Model::tf_type()));
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{Attribute, NestedBlock};
    use crate::types::Type;

    fn attribute(name: &str, set: impl FnOnce(&mut Attribute)) -> Attribute {
        let mut a = Attribute::new(name, Type::String);
        set(&mut a);
        a
    }

    #[test]
    fn read_only_and_deprecated_attributes_are_left_out() {
        let mut old = Block::default();
        old.deprecated = true;
        old.attributes.push(attribute("x", |a| a.optional = true));
        let block = Block {
            attributes: vec![
                attribute("id", |a| a.computed = true),
                attribute("name", |a| a.required = true),
                attribute("size", |a| {
                    a.optional = true;
                    a.computed = true;
                }),
                attribute("old", |a| {
                    a.optional = true;
                    a.deprecated = true;
                }),
                attribute("kept", |a| {
                    a.required = true;
                    a.deprecated = true;
                }),
            ],
            block_types: vec![NestedBlock {
                type_name: "legacy".into(),
                block: old,
                nesting: NestingMode::List,
                min_items: 0,
                max_items: 0,
                plan: crate::schema::PlanPolicy::NONE,
            }],
            ..Block::default()
        };
        let legacy_ty = Type::object([("x", Type::String)]);
        let state = Value::object([
            ("id", Value::from("i-1")),
            ("name", Value::from("a")),
            ("size", Value::from("")),
            ("old", Value::from("o")),
            ("kept", Value::from("k")),
            (
                "legacy",
                Value::List(
                    legacy_ty.clone(),
                    vec![Value::object([("x", Value::from("1"))])],
                ),
            ),
        ]);
        let config = config_from_state(&block, state);
        let expected = Value::object([
            ("id", Value::Null(Type::String)),
            ("name", Value::from("a")),
            ("size", Value::from("")),
            ("old", Value::Null(Type::String)),
            ("kept", Value::from("k")),
            ("legacy", Value::List(legacy_ty, Vec::new())),
        ]);
        assert_eq!(config, expected);
    }

    #[test]
    fn a_deprecated_group_block_keeps_its_nested_blocks_empty_not_null() {
        let nested = |type_name: &str, block: Block, nesting: NestingMode| NestedBlock {
            type_name: type_name.into(),
            block,
            nesting,
            min_items: 0,
            max_items: 0,
            plan: crate::schema::PlanPolicy::NONE,
        };
        let rule = Block {
            attributes: vec![attribute("port", |a| a.optional = true)],
            ..Block::default()
        };
        let group = Block {
            attributes: vec![attribute("mode", |a| a.optional = true)],
            block_types: vec![nested("rule", rule, NestingMode::List)],
            deprecated: true,
            ..Block::default()
        };
        let block = Block {
            block_types: vec![nested("settings", group, NestingMode::Group)],
            ..Block::default()
        };
        let rule_ty = Type::object([("port", Type::String)]);
        let state = Value::object([(
            "settings",
            Value::object([
                ("mode", Value::from("fast")),
                (
                    "rule",
                    Value::List(
                        rule_ty.clone(),
                        vec![Value::object([("port", Value::from("80"))])],
                    ),
                ),
            ]),
        )]);
        let expected = Value::object([(
            "settings",
            Value::object([
                ("mode", Value::Null(Type::String)),
                ("rule", Value::List(rule_ty, Vec::new())),
            ]),
        )]);
        assert_eq!(config_from_state(&block, state), expected);
    }
}
