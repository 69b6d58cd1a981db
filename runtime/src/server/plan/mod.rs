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
//!   `use_state_for_unknown` attributes, which keep their prior value
//!   (null included), and `use_non_null_state_for_unknown` ones, which keep
//!   a prior value that is not null;
//! - a computed block (protocol 6.11) the configuration leaves out is
//!   planned as a computed attribute is: unknown on create, and on an
//!   update that changes anything (its prior value with
//!   `use_state_for_unknown`);
//! - `default` fills optional+computed attributes left unset;
//! - `write_only` attributes are null in the plan (and so in the state), and
//!   a configuration that sets one is refused when Terraform cannot handle
//!   write-only attributes;
//! - `requires_replace`, `requires_replace_if` and
//!   `requires_replace_if_configured` attributes and blocks that change are
//!   reported as replacement paths ([`requires_replace`] finds them again
//!   in a plan a resource's hook changed), with the diagnostics of the
//!   `requires_replace_if` functions asked.
//!
//! [`keep_semantically_equal`] keeps the prior spelling of values that mean
//! the same (`semantic_equal`): in a plan, and in the states that create,
//! update and read return.
//!
//! [`check_applied`] compares an apply's result with the plan: no unknown may
//! remain, and every refinement promised in the plan (not null, a string
//! prefix, number or length bounds) must hold.
//!
//! [`proposed_new`] is Terraform's own proposal rule, for tests that drive a
//! provider without Terraform.

mod applied;
mod propose;
mod semantic;
#[cfg(test)]
mod tests;

use super::walk::{walk, At, Counterpart, Flow, Node, Object, Path, Visitor};
use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::schema::{Block, PlanPolicy, ReplaceIfRequest};
use crate::types::Type;
use crate::value::Value;

pub use applied::check_applied;
pub use propose::proposed_new;
pub(crate) use semantic::holds_semantic_equal;
pub use semantic::keep_semantically_equal;
use semantic::same;

/// What the planner needs to know besides the values.
#[derive(Debug, Clone, Copy)]
pub struct PlanOptions {
    /// Terraform can handle write-only attributes (1.11+).
    pub write_only_allowed: bool,
}

/// The outcome of [`plan`].
#[derive(Debug, Clone)]
pub struct DefaultPlan {
    /// The planned new state (null for a destroy).
    pub planned_state: Value,
    /// Paths whose planned change forces replacement (none on create or
    /// destroy).
    pub requires_replace: Vec<Vec<PathStep>>,
    /// Planning errors, e.g. a write-only attribute Terraform cannot keep
    /// out of the plan.
    pub diagnostics: Diagnostics,
    /// What the `requires_replace_if` functions asked said, each at its
    /// attribute's path unless it has a path of its own.
    pub replace_diagnostics: Diagnostics,
}

/// What [`requires_replace`] finds in a final plan: the paths that force
/// replacement, and what the `requires_replace_if` functions asked said.
#[derive(Debug, Clone, Default)]
pub struct Replacement {
    /// Paths whose planned change forces replacement.
    pub paths: Vec<Vec<PathStep>>,
    /// The functions' diagnostics, as in
    /// [`DefaultPlan::replace_diagnostics`].
    pub diagnostics: Diagnostics,
}

/// Plans a change of an object of `block` (see the module documentation).
/// A null proposal is a destroy: the plan is null.
///
/// The proposed new state is taken by value and becomes the planned state
/// in place, so that a large value is not held twice.
pub fn plan(
    block: &Block,
    prior: &Value,
    proposed: Value,
    config: &Value,
    options: PlanOptions,
) -> DefaultPlan {
    plan_against(block, prior, proposed, Config::Value(Some(config)), options)
}

/// [`plan`] of a create whose proposal is the configuration itself, byte
/// for byte (as Terraform proposes a new object), in a `block` without
/// write-only attributes ([`holds_write_only`]): the proposal answers for
/// the configuration, which is not held a second time. (Terraform's
/// proposal keeps a configured write-only value, which planning nulls
/// before it could be asked whether it was configured.)
pub(crate) fn plan_create_as_configured(
    block: &Block,
    prior: &Value,
    proposed: Value,
    options: PlanOptions,
) -> DefaultPlan {
    plan_against(block, prior, proposed, Config::Proposed, options)
}

/// Whether `block` has a write-only attribute, at any depth.
pub(crate) fn holds_write_only(block: &Block) -> bool {
    Object::from(block).holds(&|a| a.write_only)
}

/// [`plan`], against a configuration that may be the proposal itself.
fn plan_against(
    block: &Block,
    prior: &Value,
    proposed: Value,
    config: Config<'_>,
    options: PlanOptions,
) -> DefaultPlan {
    // Values that mean the same as the prior ones (`semantic_equal`) keep
    // the prior spelling, and do not count as a change.
    let mut planned_state = proposed;
    keep_semantically_equal(block, prior, &mut planned_state);
    let mut planner = Planner {
        create: prior.is_null(),
        changed: !same(prior, &planned_state),
        options,
        replacement: Replacement::default(),
        diagnostics: Diagnostics::new(),
    };
    if !planned_state.is_null() {
        let others = (Some(prior), config);
        walk(block, &mut planned_state, others, &mut planner);
    }
    DefaultPlan {
        planned_state,
        requires_replace: planner.replacement.paths,
        diagnostics: planner.diagnostics,
        replace_diagnostics: planner.replacement.diagnostics,
    }
}

/// Whether [`plan`] gives back a proposal equal to the prior state as it
/// is, with no replacement path and no diagnostic: nothing changed, so
/// computed attributes keep their values and no replacement policy fires;
/// only a write-only attribute (nulled) or a default (filled) could make
/// the plan differ, and `block` has neither, at any depth. The typed layer
/// then takes the prior state's value as the plan without copying it.
pub(crate) fn plans_unchanged_as_is(block: &Block) -> bool {
    !Object::from(block).holds(&|a| a.write_only || a.plan.default.is_some())
}

/// The planner's pass over the proposal, paired with the prior state and
/// the configuration.
struct Planner {
    create: bool,
    changed: bool,
    options: PlanOptions,
    replacement: Replacement,
    diagnostics: Diagnostics,
}

/// The configuration counterpart of a proposed value. (A value is checked
/// before the planner changes it, so where the proposal is its own
/// configuration it answers as the configuration would.)
#[derive(Debug, Clone, Copy)]
enum Config<'a> {
    Value(Option<&'a Value>),
    /// Inside a set element: the element came from the configuration, so
    /// the proposed value is its own configuration.
    Proposed,
}

impl Counterpart for Config<'_> {
    fn attr(self, name: &str) -> Self {
        match self {
            Config::Value(v) => Config::Value(v.attr(name)),
            Config::Proposed => Config::Proposed,
        }
    }

    fn index(self, i: usize) -> Self {
        match self {
            Config::Value(v) => Config::Value(v.index(i)),
            Config::Proposed => Config::Proposed,
        }
    }

    fn key(self, key: &str) -> Self {
        match self {
            Config::Value(v) => Config::Value(v.key(key)),
            Config::Proposed => Config::Proposed,
        }
    }

    fn set_elements(self, items: &[Value]) -> Vec<Self> {
        vec![Config::Proposed; items.len()]
    }
}

impl Config<'_> {
    /// Whether the configuration sets the value (`proposed` is the value
    /// the configuration is the counterpart of).
    fn is_set(self, proposed: &Value) -> bool {
        match self {
            Config::Value(v) => v.is_some_and(|v| !v.is_null()),
            Config::Proposed => !proposed.is_null(),
        }
    }

    /// Whether the configuration writes the block: not null, and not an
    /// empty list, set or map.
    fn block_is_set(self, proposed: &Value) -> bool {
        match self {
            Config::Value(v) => v.is_some_and(|v| !propose::block_absent(v)),
            Config::Proposed => !propose::block_absent(proposed),
        }
    }
}

impl<'v, 'c> Visitor<(Option<&'v Value>, Config<'c>)> for Planner {
    /// Only computed and write-only attributes change.
    fn may_change(&self, object: Object<'_>) -> bool {
        plans_values(object)
    }

    /// Set elements are paired with identical prior ones, which only a
    /// computed attribute (its prior value) or a replacement policy (a
    /// change to compare) inside them can use: without either, pairing
    /// would hash every element for nothing.
    fn pair_set(
        &mut self,
        object: Object<'_>,
        items: &[Value],
        other: (Option<&'v Value>, Config<'c>),
    ) -> Vec<(Option<&'v Value>, Config<'c>)> {
        if object.holds(&|a| a.computed) || holds_replacement(object) {
            other.set_elements(items)
        } else {
            vec![(None, Config::Proposed); items.len()]
        }
    }

    fn enter(&mut self, at: At<'_, (Option<&Value>, Config<'_>)>, value: &mut Value) -> Flow {
        let (prior, config) = at.other;
        let a = match at.node {
            Node::Attribute(a) => a,
            Node::Block(nb) if nb.block.computed && !config.block_is_set(value) => {
                let proposed = std::mem::replace(value, Value::Null(Type::Dynamic));
                *value = self.computed(&nb.plan, &nb.implied_type(), prior, proposed);
                return Flow::Skip;
            }
            node => return descend(node),
        };
        let configured = config.is_set(value);
        if a.write_only {
            if configured && !self.options.write_only_allowed {
                self.diagnostics.error(
                    &at.path.to_vec(),
                    "Write-only attribute not supported",
                    format!(
                        "The attribute {:?} is write-only, which needs Terraform 1.11 or later; \
                         this Terraform cannot keep it out of the plan and state.",
                        a.name
                    ),
                );
            }
            *value = Value::Null(a.ty.implied_type());
            return Flow::Skip;
        }
        if a.computed && !configured {
            let proposed = std::mem::replace(value, Value::Null(Type::Dynamic));
            *value = self.computed(&a.plan, &a.ty.implied_type(), prior, proposed);
            return Flow::Skip;
        }
        descend(at.node)
    }

    fn leave(&mut self, at: At<'_, (Option<&Value>, Config<'_>)>, planned: &Value) {
        let policy = match at.node {
            Node::Attribute(a) if a.write_only => return,
            Node::Attribute(a) => &a.plan,
            Node::Block(nb) => &nb.plan,
        };
        if !self.create {
            self.replacement.judge(policy, at.other, planned, at.path);
        }
    }
}

impl Planner {
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
        // Here Go's framework would have planned the value unknown (an
        // update that changes something, a value the configuration leaves
        // null, so neither known nor unknown there), which is when its
        // `UseStateForUnknown` keeps the prior value, null included (also
        // where the object around it is new: its prior value is null), and
        // `UseNonNullStateForUnknown` keeps one that is not null.
        match prior {
            Some(p) if policy.use_non_null_state_for_unknown && !p.is_null() => p.clone(),
            Some(p) if policy.use_state_for_unknown => p.clone(),
            None if policy.use_state_for_unknown => Value::Null(ty.clone()),
            _ => Value::unknown(ty.clone()),
        }
    }
}

/// Whether the planner has anything to do inside the objects under
/// `node`: a computed or write-only attribute to plan, or a replacement
/// policy to apply, at any depth. Without one, a large set or list of
/// objects is not visited at all (nor put in order again: only computed
/// and write-only attributes change).
fn descend(node: Node<'_>) -> Flow {
    match node.object() {
        Some(object) if plans_values(object) || holds_replacement(object) => Flow::Descend,
        _ => Flow::Skip,
    }
}

impl Replacement {
    /// Adds the path of a value whose change from its prior state
    /// (`other.0`) to `planned` forces replacement under `policy`, with
    /// what a `requires_replace_if` function asked said. Only a value that
    /// changed can force it (Go's `PlanValue.Equal(StateValue)`), and
    /// nothing is asked of a value without a prior one. Terraform cannot
    /// address set elements: the path stops at the set (once, however many
    /// of its elements changed).
    fn judge(
        &mut self,
        policy: &PlanPolicy,
        (prior, config): (Option<&Value>, Config<'_>),
        planned: &Value,
        path: Path<'_>,
    ) {
        let Some(prior) = prior else { return };
        if !may_replace(policy) || same(prior, planned) {
            return;
        }
        let null;
        let config = match config {
            Config::Value(Some(v)) => v,
            Config::Value(None) => {
                null = Value::Null(planned.ty());
                &null
            }
            Config::Proposed => planned,
        };
        let path = path.to_vec();
        let mut replace =
            policy.requires_replace || (policy.requires_replace_if_configured && !config.is_null());
        if let Some(replace_if) = &policy.requires_replace_if {
            let answer = replace_if.requires_replace(&ReplaceIfRequest {
                prior,
                config,
                planned,
                path: &path,
            });
            replace |= answer.requires_replace;
            for d in answer.diagnostics.into_vec() {
                let d = if d.path.is_empty() { d.at(&path) } else { d };
                self.diagnostics.push(d);
            }
        }
        if replace {
            push_path(&mut self.paths, path);
        }
    }
}

/// The paths whose planned change forces replacement, as [`plan`] reports
/// them, judged on `planned` as it is: used when a resource's plan hook
/// changed the default plan, so that replacement follows the final plan
/// (as terraform-plugin-framework decides it after plan modification).
/// Nothing is replaced on create or destroy.
pub fn requires_replace(
    block: &Block,
    prior: &Value,
    planned: &Value,
    config: &Value,
) -> Replacement {
    if prior.is_null() || planned.is_null() {
        return Replacement::default();
    }
    let mut pass = Replacements(Replacement::default());
    let mut planned = planned.clone();
    walk(
        block,
        &mut planned,
        (Some(prior), Config::Value(Some(config))),
        &mut pass,
    );
    pass.0
}

/// [`requires_replace`]'s pass: what it found so far.
struct Replacements(Replacement);

impl Visitor<(Option<&Value>, Config<'_>)> for Replacements {
    fn enter(&mut self, at: At<'_, (Option<&Value>, Config<'_>)>, _: &mut Value) -> Flow {
        match at.node {
            Node::Attribute(a) if a.write_only => Flow::Skip,
            _ => Flow::Descend,
        }
    }

    fn leave(&mut self, at: At<'_, (Option<&Value>, Config<'_>)>, planned: &Value) {
        let policy = match at.node {
            Node::Attribute(a) if a.write_only => return,
            Node::Attribute(a) => &a.plan,
            Node::Block(nb) => &nb.plan,
        };
        self.0.judge(policy, at.other, planned, at.path);
    }
}

/// Whether `object` holds, at any depth, an attribute the planner plans:
/// a computed one (unknown, a default, the prior value) or a write-only
/// one (nulled).
fn plans_values(object: Object<'_>) -> bool {
    object.holds(&|a| a.computed || a.write_only)
}

/// Whether a change of `policy`'s attribute or block can force
/// replacement.
fn may_replace(policy: &PlanPolicy) -> bool {
    policy.requires_replace
        || policy.requires_replace_if.is_some()
        || policy.requires_replace_if_configured
}

/// Whether an attribute or a block type inside `object`, at any depth,
/// can force replacement.
fn holds_replacement(object: Object<'_>) -> bool {
    object.holds(&|a| may_replace(&a.plan))
        || (object.blocks.iter())
            .any(|nb| may_replace(&nb.plan) || holds_replacement(Object::from(&nb.block)))
}

/// Adds `path` unless it is there already.
pub(crate) fn push_path(paths: &mut Vec<Vec<PathStep>>, path: Vec<PathStep>) {
    if !paths.contains(&path) {
        paths.push(path);
    }
}
