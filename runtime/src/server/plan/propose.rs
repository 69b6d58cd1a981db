//! Terraform's own proposal rule, for tests that drive a provider without
//! Terraform. A computed block (protocol 6.11) the configuration leaves out
//! takes its prior value as a computed attribute does.

use std::collections::HashMap;

use crate::schema::Block;
use crate::server::walk::{walk, At, Counterpart, Flow, Node, Object, Visitor};
use crate::set::SameKey;
use crate::value::Value;

/// Terraform's proposed new state: the configuration, with computed
/// attributes the configuration leaves null taking their prior value, in
/// nested blocks and nested attributes too (list elements by index, map
/// elements by key, set elements by equal non-computed attributes). With a
/// null configuration (destroy) the proposal is null; with a null prior
/// (create) computed attributes stay null.
pub fn proposed_new(block: &Block, prior: &Value, config: &Value) -> Value {
    let mut proposed = config.clone();
    if !config.is_null() {
        let prior = (!prior.is_null()).then_some(prior);
        walk(block, &mut proposed, prior, &mut Propose);
    }
    proposed
}

/// Terraform's proposal rule, as a pass over (a copy of) the configuration
/// paired with the prior state.
struct Propose;

impl Visitor<Option<&Value>> for Propose {
    fn enter(&mut self, at: At<'_, Option<&Value>>, value: &mut Value) -> Flow {
        match at.node {
            Node::Attribute(a) if a.computed && value.is_null() => {
                if let Some(p) = at.other {
                    *value = p.clone();
                }
                Flow::Skip
            }
            Node::Block(nb) if nb.block.computed && block_absent(value) => {
                if let Some(p) = at.other {
                    *value = p.clone();
                }
                Flow::Skip
            }
            // Objects without a computed attribute take nothing from the
            // prior state: a large set of them is not visited at all.
            node => match node.object() {
                Some(object) if self.may_change(object) => Flow::Descend,
                _ => Flow::Skip,
            },
        }
    }

    /// Only computed attributes change (taking their prior value).
    fn may_change(&self, object: Object<'_>) -> bool {
        object.holds(&|a| a.computed)
    }

    fn pair_set<'p>(
        &mut self,
        object: Object<'_>,
        items: &[Value],
        prior: Option<&'p Value>,
    ) -> Vec<Option<&'p Value>> {
        // Only a computed attribute takes anything from its prior element.
        if !self.may_change(object) {
            return vec![None; items.len()];
        }
        let prior_items = match prior {
            Some(Value::Set(_, xs)) => xs.as_slice(),
            _ => &[],
        };
        let mut pairing = ConfiguredPairing::new(object, prior_items);
        items.iter().map(|c| pairing.prior_of(c)).collect()
    }
}

/// Whether a block's configured value says it is not written: null, or no
/// elements.
pub(super) fn block_absent(value: &Value) -> bool {
    match value {
        Value::Null(_) => true,
        Value::List(_, xs) | Value::Set(_, xs) => xs.is_empty(),
        Value::Map(_, m) => m.is_empty(),
        _ => false,
    }
}

/// Pairs set elements of the configuration with those of the prior state
/// as Terraform does: the first prior object that agrees with the
/// configured one on every attribute and block, except computed attributes
/// the configuration leaves null. Found by hash: the prior objects are
/// indexed once for each set of computed attributes left null.
struct ConfiguredPairing<'s, 'a> {
    object: Object<'s>,
    prior: &'a [Value],
    by_wildcards: HashMap<Vec<bool>, HashMap<Vec<Option<SameKey<'a>>>, &'a Value>>,
}

impl<'s, 'a> ConfiguredPairing<'s, 'a> {
    fn new(object: Object<'s>, prior: &'a [Value]) -> Self {
        ConfiguredPairing {
            object,
            prior,
            by_wildcards: HashMap::new(),
        }
    }

    fn prior_of(&mut self, config: &Value) -> Option<&'a Value> {
        let object = self.object;
        let wildcards: Vec<bool> = object
            .attributes
            .iter()
            .map(|a| a.computed && Some(config).attr(&a.name).is_none_or(Value::is_null))
            .collect();
        let key = configured_key(object, &wildcards, config);
        let prior = self.prior;
        let index = self.by_wildcards.entry(wildcards).or_insert_with_key(|w| {
            let mut index = HashMap::with_capacity(prior.len());
            for p in prior {
                index.entry(configured_key(object, w, p)).or_insert(p);
            }
            index
        });
        index.get(&key).copied()
    }
}

/// The attributes and blocks of `value` that pairing compares: every one
/// but the wildcards.
fn configured_key<'v>(
    object: Object<'_>,
    wildcards: &[bool],
    value: &'v Value,
) -> Vec<Option<SameKey<'v>>> {
    let attributes = object
        .attributes
        .iter()
        .zip(wildcards)
        .filter(|(_, w)| !**w)
        .map(|(a, _)| Some(value).attr(&a.name).map(SameKey));
    let blocks = object
        .blocks
        .iter()
        .map(|nb| Some(value).attr(&nb.type_name).map(SameKey));
    attributes.chain(blocks).collect()
}
