//! One schema-guided walk over a [`Value`], shared by every pass that goes
//! through a value attribute by attribute: the configuration view, the
//! write-only helpers, semantic equality, Terraform's proposal rule and the
//! planner.
//!
//! [`walk`] does the descent once (attributes, nested attributes and nested
//! blocks of every nesting, lists and maps of blocks holding `dynamic`),
//! pairing each position with its counterparts in other values; a
//! [`Visitor`] decides what happens at each position, as terraform-plugin-go's
//! `tftypes.Transform` serves terraform-plugin-framework's passes.

use std::collections::HashMap;

use crate::error::PathStep;
use crate::schema::{Attribute, AttributeType, Block, NestedBlock, NestingMode, ObjectNesting};
use crate::set::SameKey;
use crate::value::Value;

/// A position in an object: an attribute or a nested block type.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Node<'s> {
    Attribute(&'s Attribute),
    Block(&'s NestedBlock),
}

impl<'s> Node<'s> {
    /// The objects under the node and how they are laid out; `None` for an
    /// attribute of a plain type.
    pub(crate) fn contents(self) -> Option<(Object<'s>, Nesting)> {
        match self {
            Node::Attribute(a) => match &a.ty {
                AttributeType::Nested(n) => Some((
                    Object {
                        attributes: &n.attributes,
                        blocks: &[],
                    },
                    match n.nesting {
                        ObjectNesting::Single => Nesting::Single,
                        ObjectNesting::List => Nesting::List,
                        ObjectNesting::Set => Nesting::Set,
                        ObjectNesting::Map => Nesting::Map,
                    },
                )),
                AttributeType::Type(_) => None,
            },
            Node::Block(nb) => Some((
                Object::from(&nb.block),
                match nb.nesting {
                    NestingMode::Single | NestingMode::Group => Nesting::Single,
                    NestingMode::List => Nesting::List,
                    NestingMode::Set => Nesting::Set,
                    NestingMode::Map => Nesting::Map,
                },
            )),
        }
    }

    /// The schema of the objects under the node; `None` for an attribute
    /// of a plain type.
    pub(crate) fn object(self) -> Option<Object<'s>> {
        self.contents().map(|(object, _)| object)
    }

    /// Whether the node holds a set of objects.
    pub(crate) fn holds_set(self) -> bool {
        matches!(self.contents(), Some((_, Nesting::Set)))
    }
}

/// How the objects under a node are laid out.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Nesting {
    Single,
    /// A list, or a tuple when the block holds `dynamic`.
    List,
    Set,
    /// A map, or an object of elements when the block holds `dynamic`.
    Map,
}

/// The schema of an object: a block's attributes and block types, or the
/// attributes of a nested attribute type.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Object<'s> {
    pub(crate) attributes: &'s [Attribute],
    pub(crate) blocks: &'s [NestedBlock],
}

impl<'s> From<&'s Block> for Object<'s> {
    fn from(block: &'s Block) -> Self {
        Object {
            attributes: &block.attributes,
            blocks: &block.block_types,
        }
    }
}

impl Object<'_> {
    /// Whether the object holds, at any depth (in nested attributes and
    /// nested blocks too), an attribute `which` picks.
    pub(crate) fn holds(self, which: &impl Fn(&Attribute) -> bool) -> bool {
        let nested = |a: &Attribute| match &a.ty {
            AttributeType::Nested(n) => Object {
                attributes: &n.attributes,
                blocks: &[],
            }
            .holds(which),
            AttributeType::Type(_) => false,
        };
        self.attributes.iter().any(|a| which(a) || nested(a))
            || (self.blocks.iter()).any(|nb| Object::from(&nb.block).holds(which))
    }
}

/// What the walk does after [`Visitor::enter`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Visit the objects under the node.
    Descend,
    /// Leave them alone.
    Skip,
}

/// Where a node is: steps kept on the stack, made into [`PathStep`]s only
/// when a visitor needs them (a diagnostic, a replacement path).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Path<'p> {
    Root,
    Attr(&'p Path<'p>, &'p str),
    Index(&'p Path<'p>, usize),
    Key(&'p Path<'p>, &'p str),
}

impl Path<'_> {
    pub(crate) fn to_vec(self) -> Vec<PathStep> {
        let mut steps = Vec::new();
        let mut at = self;
        loop {
            let (parent, step) = match at {
                Path::Root => break,
                Path::Attr(p, name) => (p, PathStep::Attr(name.to_owned())),
                Path::Index(p, i) => (p, PathStep::Index(i as u64)),
                Path::Key(p, key) => (p, PathStep::Key(key.to_owned())),
            };
            steps.push(step);
            at = *parent;
        }
        steps.reverse();
        steps
    }
}

/// What a position is paired with in the other values of a walk: nothing
/// (`()`), a value (`Option<&Value>`), or several (tuples).
pub(crate) trait Counterpart: Copy {
    /// The counterpart of an attribute or block of the object.
    fn attr(self, name: &str) -> Self;
    /// The counterpart of a list (or tuple) element.
    fn index(self, i: usize) -> Self;
    /// The counterpart of a map (or object-of-elements) element.
    fn key(self, key: &str) -> Self;
    /// The counterparts of a set's elements. Set elements have no identity:
    /// an element pairs with an identical one.
    fn set_elements(self, items: &[Value]) -> Vec<Self>;
}

impl Counterpart for () {
    fn attr(self, _: &str) -> Self {}
    fn index(self, _: usize) -> Self {}
    fn key(self, _: &str) -> Self {}
    fn set_elements(self, items: &[Value]) -> Vec<Self> {
        vec![(); items.len()]
    }
}

impl Counterpart for Option<&Value> {
    fn attr(self, name: &str) -> Self {
        match self {
            Some(Value::Object(attrs)) => attrs.get(name),
            _ => None,
        }
    }

    fn index(self, i: usize) -> Self {
        match self {
            Some(Value::List(_, items) | Value::Tuple(items)) => items.get(i),
            _ => None,
        }
    }

    fn key(self, key: &str) -> Self {
        match self {
            Some(Value::Map(_, items) | Value::Object(items)) => items.get(key),
            _ => None,
        }
    }

    fn set_elements(self, items: &[Value]) -> Vec<Self> {
        let others = match self {
            Some(Value::Set(_, xs)) => xs.as_slice(),
            _ => &[],
        };
        // Found by hash, not by comparing every pair.
        let mut by_value: HashMap<SameKey<'_>, &Value> = HashMap::with_capacity(others.len());
        for o in others {
            by_value.entry(SameKey(o)).or_insert(o);
        }
        items
            .iter()
            .map(|item| by_value.get(&SameKey(item)).copied())
            .collect()
    }
}

impl<A: Counterpart, B: Counterpart> Counterpart for (A, B) {
    fn attr(self, name: &str) -> Self {
        (self.0.attr(name), self.1.attr(name))
    }

    fn index(self, i: usize) -> Self {
        (self.0.index(i), self.1.index(i))
    }

    fn key(self, key: &str) -> Self {
        (self.0.key(key), self.1.key(key))
    }

    fn set_elements(self, items: &[Value]) -> Vec<Self> {
        let a = self.0.set_elements(items);
        let b = self.1.set_elements(items);
        a.into_iter().zip(b).collect()
    }
}

/// Where the walk is: the node, its counterpart and its path.
#[derive(Debug, Clone, Copy)]
pub(crate) struct At<'a, C> {
    pub(crate) node: Node<'a>,
    pub(crate) other: C,
    pub(crate) path: Path<'a>,
}

/// A pass over a value: called at every attribute and block position.
pub(crate) trait Visitor<C: Counterpart> {
    /// Before the objects under the node (if any) are visited; may change
    /// `value`.
    fn enter(&mut self, at: At<'_, C>, value: &mut Value) -> Flow;

    /// After them (or right after [`enter`](Self::enter) when it skipped).
    fn leave(&mut self, at: At<'_, C>, value: &Value) {
        let _ = (at, value);
    }

    /// The counterparts of a set's elements, before any is visited.
    fn pair_set(&mut self, object: Object<'_>, items: &[Value], other: C) -> Vec<C> {
        let _ = object;
        other.set_elements(items)
    }

    /// Whether the pass can change a value inside an object of `object`'s
    /// schema. A set whose element objects it cannot change keeps its
    /// elements in their order; otherwise the set is put in canonical
    /// order again after the visit (sorting every element by its set
    /// key, the costly part of walking a large set).
    fn may_change(&self, object: Object<'_>) -> bool {
        let _ = object;
        true
    }
}

/// Visits every attribute and block position of `value`, an object of
/// `block`, with `other` as its counterpart. Sets whose elements the
/// visitor may have changed ([`Visitor::may_change`]) are put back in
/// canonical order ([`Value::set`]); set elements add no step to the path
/// (Terraform cannot address them).
pub(crate) fn walk<C: Counterpart>(
    block: &Block,
    value: &mut Value,
    other: C,
    visitor: &mut impl Visitor<C>,
) {
    walk_object(Object::from(block), value, other, visitor, Path::Root);
}

fn walk_object<C: Counterpart>(
    object: Object<'_>,
    value: &mut Value,
    other: C,
    visitor: &mut impl Visitor<C>,
    path: Path<'_>,
) {
    let Value::Object(attrs) = value else { return };
    let nodes = (object.attributes.iter())
        .map(|a| (&a.name, Node::Attribute(a)))
        .chain(
            object
                .blocks
                .iter()
                .map(|nb| (&nb.type_name, Node::Block(nb))),
        );
    for (name, node) in nodes {
        let Some(v) = attrs.get_mut(name) else {
            continue;
        };
        let at = At {
            node,
            other: other.attr(name),
            path: Path::Attr(&path, name),
        };
        if visitor.enter(at, v) == Flow::Descend {
            if let Some((object, nesting)) = node.contents() {
                walk_nested(object, nesting, v, at.other, visitor, at.path);
            }
        }
        visitor.leave(at, v);
    }
}

fn walk_nested<C: Counterpart>(
    object: Object<'_>,
    nesting: Nesting,
    value: &mut Value,
    other: C,
    visitor: &mut impl Visitor<C>,
    path: Path<'_>,
) {
    match (nesting, &mut *value) {
        (Nesting::Single, _) => walk_object(object, value, other, visitor, path),
        (Nesting::List, Value::List(_, items) | Value::Tuple(items)) => {
            for (i, item) in items.iter_mut().enumerate() {
                walk_object(object, item, other.index(i), visitor, Path::Index(&path, i));
            }
        }
        (Nesting::Map, Value::Map(_, items) | Value::Object(items)) => {
            for (k, item) in items.iter_mut() {
                walk_object(object, item, other.key(k), visitor, Path::Key(&path, k));
            }
        }
        (Nesting::Set, Value::Set(_, items)) if !visitor.may_change(object) => {
            let others = visitor.pair_set(object, items, other);
            for (item, other) in items.iter_mut().zip(others) {
                walk_object(object, item, other, visitor, path);
            }
        }
        (Nesting::Set, Value::Set(ty, items)) => {
            let others = visitor.pair_set(object, items, other);
            let ty = ty.clone();
            let mut items = std::mem::take(items);
            for (item, other) in items.iter_mut().zip(others) {
                walk_object(object, item, other, visitor, path);
            }
            *value = Value::set(ty, items);
        }
        _ => {}
    }
}
