//! Default planning on Terraform's `proposed_new_state`, driven by the
//! schema's [`PlanPolicy`], and the checks made on the state an apply
//! returns.
//!
//! Terraform proposes a new state from the configuration and the prior state
//! (computed attributes without a configured value keep their prior value).
//! [`plan`] turns that proposal into the planned state the way provider
//! authors expect by default:
//!
//! - on create, computed attributes without a configured value become
//!   unknown; on update the same happens when anything changed, except for
//!   `use_state_for_unknown` attributes, which keep their prior value;
//! - `default` fills optional+computed attributes left unset;
//! - `write_only` attributes are null in the plan (and so in the state), and
//!   a configuration that sets one is refused when Terraform cannot handle
//!   write-only attributes;
//! - `requires_replace` and `requires_replace_if` attributes and blocks that
//!   change are reported as replacement paths.
//!
//! [`check_applied`] compares an apply's result with the plan: no unknown may
//! remain, and every refinement promised in the plan (not null, a string
//! prefix, number or length bounds) must hold.
//!
//! [`proposed_new`] is Terraform's own proposal rule, for tests that drive a
//! provider without Terraform.

use std::collections::{BTreeMap, HashMap};

use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::refinement::Refinements;
use crate::schema::{
    Attribute, AttributeType, Block, NestedBlock, NestingMode, ObjectNesting, PlanPolicy,
};
use crate::set::SameKey;
use crate::types::Type;
use crate::value::Value;

/// What the planner needs to know besides the values.
#[derive(Debug, Clone, Copy)]
pub struct PlanOptions {
    /// Terraform can handle write-only attributes (1.11+).
    pub write_only_allowed: bool,
}

/// The outcome of [`plan`].
#[derive(Debug, Clone)]
pub struct Planned {
    pub planned_state: Value,
    pub requires_replace: Vec<Vec<PathStep>>,
    pub diagnostics: Diagnostics,
}

/// Plans a change of an object of `block` (see the module documentation).
/// A null proposal is a destroy: the plan is null.
pub fn plan(
    block: &Block,
    prior: &Value,
    proposed: &Value,
    config: &Value,
    options: PlanOptions,
) -> Planned {
    // Values that mean the same as the prior ones (`semantic_equal`) keep
    // the prior spelling, and do not count as a change.
    let mut proposed = proposed.clone();
    if !prior.is_null() {
        keep_semantically_equal(block, prior, &mut proposed);
    }
    let proposed = &proposed;
    let mut planner = Planner {
        create: prior.is_null(),
        changed: !same(prior, proposed),
        options,
        requires_replace: Vec::new(),
        diagnostics: Diagnostics::new(),
        path: Vec::new(),
    };
    let planned_state = if proposed.is_null() {
        proposed.clone()
    } else {
        planner.block(block, Some(prior), proposed.clone(), Some(config))
    };
    Planned {
        planned_state,
        requires_replace: planner.requires_replace,
        diagnostics: planner.diagnostics,
    }
}

/// Whether two values are the same as Terraform judges a change: go-cty's
/// `Equals`, under which numbers that are not integers compare as float64
/// (so a state's float64 0.1 and a configuration's decimal 0.1 are no
/// change), or identical (including unknowns with the same refinements).
fn same(a: &Value, b: &Value) -> bool {
    a == b || a.equals(b) == Some(true)
}

/// Replaces attribute values of `proposed` that the attribute's
/// `semantic_equal` function finds equal to the prior ones by the prior
/// values (in nested single blocks, and list and map elements, too).
fn keep_semantically_equal(block: &Block, prior: &Value, proposed: &mut Value) {
    let (Value::Object(p), Value::Object(n)) = (prior, proposed) else {
        return;
    };
    for a in &block.attributes {
        let (Some(pv), Some(nv)) = (p.get(&a.name), n.get_mut(&a.name)) else {
            continue;
        };
        if let Some(eq) = &a.plan.semantic_equal {
            if !same(pv, nv) && eq.equal(pv, nv) {
                *nv = pv.clone();
            }
        }
    }
    for nb in &block.block_types {
        let (Some(pv), Some(nv)) = (p.get(&nb.type_name), n.get_mut(&nb.type_name)) else {
            continue;
        };
        match (pv, nv) {
            (Value::List(_, ps), Value::List(_, ns)) => {
                for (pe, ne) in ps.iter().zip(ns.iter_mut()) {
                    keep_semantically_equal(&nb.block, pe, ne);
                }
            }
            (Value::Map(_, ps), Value::Map(_, ns)) => {
                for (k, ne) in ns.iter_mut() {
                    if let Some(pe) = ps.get(k) {
                        keep_semantically_equal(&nb.block, pe, ne);
                    }
                }
            }
            (pv @ Value::Object(_), nv @ Value::Object(_)) => {
                keep_semantically_equal(&nb.block, pv, nv)
            }
            _ => {}
        }
    }
}

struct Planner {
    create: bool,
    changed: bool,
    options: PlanOptions,
    requires_replace: Vec<Vec<PathStep>>,
    diagnostics: Diagnostics,
    path: Vec<PathStep>,
}

/// The attribute `name` of an object value, if the value is a known object.
fn attr<'v>(value: Option<&'v Value>, name: &str) -> Option<&'v Value> {
    match value {
        Some(Value::Object(attrs)) => attrs.get(name),
        _ => None,
    }
}

fn is_set(value: Option<&Value>) -> bool {
    value.is_some_and(|v| !v.is_null())
}

impl Planner {
    fn block(
        &mut self,
        block: &Block,
        prior: Option<&Value>,
        proposed: Value,
        config: Option<&Value>,
    ) -> Value {
        let Value::Object(mut attrs) = proposed else {
            return proposed;
        };
        for a in &block.attributes {
            let Some(value) = attrs.remove(&a.name) else {
                continue;
            };
            self.path.push(PathStep::Attr(a.name.clone()));
            let planned = self.attribute(a, attr(prior, &a.name), value, attr(config, &a.name));
            self.path.pop();
            attrs.insert(a.name.clone(), planned);
        }
        for nb in &block.block_types {
            let Some(value) = attrs.remove(&nb.type_name) else {
                continue;
            };
            self.path.push(PathStep::Attr(nb.type_name.clone()));
            let planned = self.nested_block(
                nb,
                attr(prior, &nb.type_name),
                value,
                attr(config, &nb.type_name),
            );
            self.replacement(&nb.plan, attr(prior, &nb.type_name), &planned);
            self.path.pop();
            attrs.insert(nb.type_name.clone(), planned);
        }
        Value::Object(attrs)
    }

    fn attribute(
        &mut self,
        a: &Attribute,
        prior: Option<&Value>,
        proposed: Value,
        config: Option<&Value>,
    ) -> Value {
        if a.write_only {
            if is_set(config) && !self.options.write_only_allowed {
                self.diagnostics.error(
                    &self.path,
                    "Write-only attribute not supported",
                    format!(
                        "The attribute {:?} is write-only, which needs Terraform 1.11 or later; \
                         this Terraform cannot keep it out of the plan and state.",
                        a.name
                    ),
                );
            }
            return Value::Null(a.ty.implied_type());
        }
        let planned = if a.computed && !is_set(config) {
            self.computed(&a.plan, &a.ty.implied_type(), prior, proposed)
        } else if let AttributeType::Nested(nested) = &a.ty {
            self.nested_attributes(&nested.attributes, nested.nesting, prior, proposed, config)
        } else {
            proposed
        };
        self.replacement(&a.plan, prior, &planned);
        planned
    }

    /// A computed attribute the configuration leaves unset.
    fn computed(
        &mut self,
        policy: &PlanPolicy,
        ty: &Type,
        prior: Option<&Value>,
        proposed: Value,
    ) -> Value {
        if let Some(default) = &policy.default {
            return default.clone();
        }
        if self.create {
            return Value::unknown(ty.clone());
        }
        if !self.changed {
            return proposed;
        }
        match prior {
            Some(p) if policy.use_state_for_unknown && !p.is_null() => p.clone(),
            _ => Value::unknown(ty.clone()),
        }
    }

    fn nested_attributes(
        &mut self,
        attributes: &[Attribute],
        nesting: ObjectNesting,
        prior: Option<&Value>,
        proposed: Value,
        config: Option<&Value>,
    ) -> Value {
        let block = Block {
            attributes: attributes.to_vec(),
            ..Block::default()
        };
        match nesting {
            ObjectNesting::Single => self.block(&block, prior, proposed, config),
            ObjectNesting::List => self.elements(&block, prior, proposed, config, false),
            ObjectNesting::Set => self.elements(&block, prior, proposed, config, true),
            ObjectNesting::Map => self.elements(&block, prior, proposed, config, false),
        }
    }

    fn nested_block(
        &mut self,
        nb: &NestedBlock,
        prior: Option<&Value>,
        proposed: Value,
        config: Option<&Value>,
    ) -> Value {
        match nb.nesting {
            NestingMode::Single | NestingMode::Group => {
                self.block(&nb.block, prior, proposed, config)
            }
            NestingMode::List | NestingMode::Map => {
                self.elements(&nb.block, prior, proposed, config, false)
            }
            NestingMode::Set => self.elements(&nb.block, prior, proposed, config, true),
        }
    }

    /// The objects of a list, map or set of `block`, each planned against
    /// its counterpart: by index in lists, by key in maps. Set elements have
    /// no identity: each is planned against the prior element it equals, and
    /// paths stop at the set.
    fn elements(
        &mut self,
        block: &Block,
        prior: Option<&Value>,
        proposed: Value,
        config: Option<&Value>,
        set: bool,
    ) -> Value {
        match proposed {
            Value::List(ty, items) => Value::List(ty, self.sequence(block, prior, items, config)),
            // A list block holding a `dynamic` attribute is a tuple.
            Value::Tuple(items) if !set => Value::Tuple(self.sequence(block, prior, items, config)),
            Value::Map(ty, items) => Value::Map(ty, self.keyed(block, prior, items, config)),
            // A map block holding a `dynamic` attribute is an object.
            Value::Object(items) if !set => Value::Object(self.keyed(block, prior, items, config)),
            Value::Set(ty, items) if set => {
                let prior_items = match prior {
                    Some(Value::Set(_, xs)) => xs.as_slice(),
                    _ => &[],
                };
                // Each element's identical prior element, found by hash.
                let mut by_value: HashMap<SameKey<'_>, &Value> =
                    HashMap::with_capacity(prior_items.len());
                for p in prior_items {
                    by_value.entry(SameKey(p)).or_insert(p);
                }
                let items = items
                    .into_iter()
                    .map(|item| {
                        let p = by_value.get(&SameKey(&item)).copied();
                        // The item came from the configuration: it is its own config.
                        // Paths stop at the set: no element step is pushed.
                        let c = item.clone();
                        self.block(block, p, item, Some(&c))
                    })
                    .collect();
                Value::set(ty, items)
            }
            other => other,
        }
    }

    /// List (or tuple) elements, planned against their counterparts by index.
    fn sequence(
        &mut self,
        block: &Block,
        prior: Option<&Value>,
        items: Vec<Value>,
        config: Option<&Value>,
    ) -> Vec<Value> {
        items
            .into_iter()
            .enumerate()
            .map(|(i, item)| {
                let pick = |v: Option<&Value>| sequence_items(v).get(i).cloned();
                let (p, c) = (pick(prior), pick(config));
                self.path.push(PathStep::Index(i as u64));
                let planned = self.block(block, p.as_ref(), item, c.as_ref());
                self.path.pop();
                planned
            })
            .collect()
    }

    /// Map (or object) elements, planned against their counterparts by key.
    fn keyed(
        &mut self,
        block: &Block,
        prior: Option<&Value>,
        items: BTreeMap<String, Value>,
        config: Option<&Value>,
    ) -> BTreeMap<String, Value> {
        items
            .into_iter()
            .map(|(k, item)| {
                let pick = |v: Option<&Value>| keyed_items(v).and_then(|m| m.get(&k)).cloned();
                let (p, c) = (pick(prior), pick(config));
                self.path.push(PathStep::Key(k.clone()));
                let planned = self.block(block, p.as_ref(), item, c.as_ref());
                self.path.pop();
                (k, planned)
            })
            .collect()
    }

    /// Reports `path` for replacement when the policy says its change
    /// forces one. Nothing is replaced on create.
    fn replacement(&mut self, policy: &PlanPolicy, prior: Option<&Value>, planned: &Value) {
        if self.create {
            return;
        }
        let Some(prior) = prior else { return };
        if same(prior, planned) {
            return;
        }
        let replace = policy.requires_replace
            || policy
                .requires_replace_if
                .as_ref()
                .is_some_and(|f| f.requires_replace(prior, planned));
        if replace {
            // Terraform cannot address set elements: the path stops at the set.
            self.requires_replace.push(self.path.clone());
        }
    }
}

/// The elements of a list or tuple (a list block holding `dynamic`).
fn sequence_items(value: Option<&Value>) -> &[Value] {
    match value {
        Some(Value::List(_, xs) | Value::Tuple(xs)) => xs,
        _ => &[],
    }
}

/// The elements of a map or object (a map block holding `dynamic`).
fn keyed_items(value: Option<&Value>) -> Option<&BTreeMap<String, Value>> {
    match value {
        Some(Value::Map(_, xs) | Value::Object(xs)) => Some(xs),
        _ => None,
    }
}

/// Checks the state an apply returned against the plan: no unknown values
/// may remain, and unknowns planned with refinements must have become values
/// that satisfy them. Errors name the attribute path.
pub fn check_applied(planned: &Value, applied: &Value, diagnostics: &mut Diagnostics) {
    let mut path = Vec::new();
    check(planned, applied, &mut path, diagnostics);
}

fn check(planned: &Value, applied: &Value, path: &mut Vec<PathStep>, diags: &mut Diagnostics) {
    if let Value::Unknown(_, r) = applied {
        let _ = r;
        diags.error(
            path,
            "Provider returned an unknown value after apply",
            "Every attribute must be known once the change is applied; this is a bug in the provider.",
        );
        return;
    }
    match (planned, applied) {
        (Value::Unknown(_, refinements), actual) => {
            if let Some(broken) = violated(refinements, actual) {
                diags.error(
                    path,
                    "Provider broke a planned refinement",
                    format!(
                        "The plan promised that this value would be {broken}, but the applied value is not; \
                         this is a bug in the provider."
                    ),
                );
            }
        }
        (Value::Object(p), Value::Object(a)) => {
            for (name, av) in a {
                path.push(PathStep::Attr(name.clone()));
                match p.get(name) {
                    Some(pv) => check(pv, av, path, diags),
                    None => check_known(av, path, diags),
                }
                path.pop();
            }
        }
        (Value::List(_, p), Value::List(_, a)) | (Value::Tuple(p), Value::Tuple(a)) => {
            for (i, av) in a.iter().enumerate() {
                path.push(PathStep::Index(i as u64));
                match p.get(i) {
                    Some(pv) => check(pv, av, path, diags),
                    None => check_known(av, path, diags),
                }
                path.pop();
            }
        }
        (Value::Map(_, p), Value::Map(_, a)) => {
            for (k, av) in a {
                path.push(PathStep::Key(k.clone()));
                match p.get(k) {
                    Some(pv) => check(pv, av, path, diags),
                    None => check_known(av, path, diags),
                }
                path.pop();
            }
        }
        (_, actual) => check_known(actual, path, diags),
    }
}

/// Reports the first unknown inside `value` (set elements have no path).
fn check_known(value: &Value, path: &mut Vec<PathStep>, diags: &mut Diagnostics) {
    if value.is_wholly_known() {
        return;
    }
    match value {
        Value::Object(attrs) => {
            for (name, v) in attrs {
                path.push(PathStep::Attr(name.clone()));
                check_known(v, path, diags);
                path.pop();
            }
        }
        Value::List(_, items) | Value::Tuple(items) => {
            for (i, v) in items.iter().enumerate() {
                path.push(PathStep::Index(i as u64));
                check_known(v, path, diags);
                path.pop();
            }
        }
        Value::Map(_, items) => {
            for (k, v) in items {
                path.push(PathStep::Key(k.clone()));
                check_known(v, path, diags);
                path.pop();
            }
        }
        _ => diags.error(
            path,
            "Provider returned an unknown value after apply",
            "Every attribute must be known once the change is applied; this is a bug in the provider.",
        ),
    }
}

/// The first refinement `actual` violates, described for a message.
fn violated(r: &Refinements, actual: &Value) -> Option<String> {
    if actual.is_null() {
        return r.not_null.then(|| "not null".to_owned());
    }
    match actual {
        Value::String(s) if !r.string_prefix.is_empty() && !s.starts_with(&r.string_prefix) => {
            Some(format!("a string starting with {:?}", r.string_prefix))
        }
        Value::Number(n) => {
            if let Some(lo) = &r.number_lower {
                let ok = if lo.inclusive {
                    *n >= lo.value
                } else {
                    *n > lo.value
                };
                if !ok {
                    let op = if lo.inclusive { ">=" } else { ">" };
                    return Some(format!("a number {op} {}", lo.value));
                }
            }
            if let Some(hi) = &r.number_upper {
                let ok = if hi.inclusive {
                    *n <= hi.value
                } else {
                    *n < hi.value
                };
                if !ok {
                    let op = if hi.inclusive { "<=" } else { "<" };
                    return Some(format!("a number {op} {}", hi.value));
                }
            }
            None
        }
        Value::List(_, items) | Value::Set(_, items) => length_violated(r, items.len()),
        Value::Map(_, items) => length_violated(r, items.len()),
        _ => None,
    }
}

fn length_violated(r: &Refinements, len: usize) -> Option<String> {
    let len = len as u64;
    if len < r.length_min {
        return Some(format!(
            "a collection of at least {} elements",
            r.length_min
        ));
    }
    match r.length_max {
        Some(max) if len > max => Some(format!("a collection of at most {max} elements")),
        _ => None,
    }
}

/// Terraform's proposed new state: the configuration, with computed
/// attributes the configuration leaves null taking their prior value, in
/// nested blocks and nested attributes too (list elements by index, map
/// elements by key, set elements by equal non-computed attributes). With a
/// null configuration (destroy) the proposal is null; with a null prior
/// (create) computed attributes stay null.
pub fn proposed_new(block: &Block, prior: &Value, config: &Value) -> Value {
    if config.is_null() {
        return config.clone();
    }
    let prior = (!prior.is_null()).then_some(prior);
    propose_block(block, prior, config)
}

fn propose_block(block: &Block, prior: Option<&Value>, config: &Value) -> Value {
    let Value::Object(cfg) = config else {
        return config.clone();
    };
    let mut out = cfg.clone();
    for a in &block.attributes {
        let Some(c) = cfg.get(&a.name) else { continue };
        let p = attr(prior, &a.name);
        let v = if a.computed && c.is_null() {
            p.cloned().unwrap_or_else(|| c.clone())
        } else if let AttributeType::Nested(n) = &a.ty {
            let inner = Block {
                attributes: n.attributes.clone(),
                ..Block::default()
            };
            let mode = match n.nesting {
                ObjectNesting::Single => NestingMode::Single,
                ObjectNesting::List => NestingMode::List,
                ObjectNesting::Set => NestingMode::Set,
                ObjectNesting::Map => NestingMode::Map,
            };
            propose_nested(&inner, mode, p, c)
        } else {
            c.clone()
        };
        out.insert(a.name.clone(), v);
    }
    for nb in &block.block_types {
        let Some(c) = cfg.get(&nb.type_name) else {
            continue;
        };
        let v = propose_nested(&nb.block, nb.nesting, attr(prior, &nb.type_name), c);
        out.insert(nb.type_name.clone(), v);
    }
    Value::Object(out)
}

fn propose_nested(
    block: &Block,
    mode: NestingMode,
    prior: Option<&Value>,
    config: &Value,
) -> Value {
    match (mode, config) {
        (NestingMode::Single | NestingMode::Group, c) => {
            let prior = prior.filter(|p| !p.is_null());
            if c.is_null() {
                c.clone()
            } else {
                propose_block(block, prior, c)
            }
        }
        (NestingMode::List, Value::List(ty, items)) => {
            Value::List(ty.clone(), propose_sequence(block, prior, items))
        }
        (NestingMode::List, Value::Tuple(items)) => {
            Value::Tuple(propose_sequence(block, prior, items))
        }
        (NestingMode::Map, Value::Map(ty, items)) => {
            Value::Map(ty.clone(), propose_keyed(block, prior, items))
        }
        (NestingMode::Map, Value::Object(items)) => {
            Value::Object(propose_keyed(block, prior, items))
        }
        (NestingMode::Set, Value::Set(ty, items)) => {
            let prior_items = match prior {
                Some(Value::Set(_, xs)) => xs.as_slice(),
                _ => &[],
            };
            let mut pairing = ConfiguredPairing::new(block, prior_items);
            let items = items
                .iter()
                .map(|c| propose_block(block, pairing.prior_of(c), c))
                .collect();
            Value::set(ty.clone(), items)
        }
        (_, c) => c.clone(),
    }
}

fn propose_sequence(block: &Block, prior: Option<&Value>, items: &[Value]) -> Vec<Value> {
    let prior_items = sequence_items(prior);
    items
        .iter()
        .enumerate()
        .map(|(i, c)| propose_block(block, prior_items.get(i), c))
        .collect()
}

fn propose_keyed(
    block: &Block,
    prior: Option<&Value>,
    items: &BTreeMap<String, Value>,
) -> BTreeMap<String, Value> {
    let prior_items = keyed_items(prior);
    items
        .iter()
        .map(|(k, c)| {
            (
                k.clone(),
                propose_block(block, prior_items.and_then(|m| m.get(k)), c),
            )
        })
        .collect()
}

/// Pairs set elements of the configuration with those of the prior state
/// as Terraform does: the first prior object that agrees with the
/// configured one on every attribute and block, except computed attributes
/// the configuration leaves null. Found by hash: the prior objects are
/// indexed once for each set of computed attributes left null.
struct ConfiguredPairing<'a> {
    block: &'a Block,
    prior: &'a [Value],
    by_wildcards: HashMap<Vec<bool>, HashMap<Vec<Option<SameKey<'a>>>, &'a Value>>,
}

impl<'a> ConfiguredPairing<'a> {
    fn new(block: &'a Block, prior: &'a [Value]) -> Self {
        ConfiguredPairing {
            block,
            prior,
            by_wildcards: HashMap::new(),
        }
    }

    fn prior_of(&mut self, config: &Value) -> Option<&'a Value> {
        let block = self.block;
        let wildcards: Vec<bool> = block
            .attributes
            .iter()
            .map(|a| a.computed && attr(Some(config), &a.name).is_none_or(Value::is_null))
            .collect();
        let key = configured_key(block, &wildcards, config);
        let prior = self.prior;
        let index = self.by_wildcards.entry(wildcards).or_insert_with_key(|w| {
            let mut index = HashMap::with_capacity(prior.len());
            for p in prior {
                index.entry(configured_key(block, w, p)).or_insert(p);
            }
            index
        });
        index.get(&key).copied()
    }
}

/// The attributes and blocks of `object` that pairing compares: every one
/// but the wildcards.
fn configured_key<'v>(
    block: &Block,
    wildcards: &[bool],
    object: &'v Value,
) -> Vec<Option<SameKey<'v>>> {
    let attributes = block
        .attributes
        .iter()
        .zip(wildcards)
        .filter(|(_, w)| !**w)
        .map(|(a, _)| attr(Some(object), &a.name).map(SameKey));
    let blocks = block
        .block_types
        .iter()
        .map(|nb| attr(Some(object), &nb.type_name).map(SameKey));
    attributes.chain(blocks).collect()
}
