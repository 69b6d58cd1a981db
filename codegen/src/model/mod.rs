//! The one model of a Provider Code Specification: what the OpenAPI mapper
//! builds, the code spec reader reads, the code spec writer writes and the
//! Rust generator (and its derived-schema converter) works from.
//!
//! It is the code spec's own shape: attributes with their kinds, blocks,
//! static defaults and validators in structured form (see [`Validator`]),
//! under the target's rules ([`Target`]).

mod attribute;
mod validator;

pub use attribute::{Attribute, Behavior, DefaultValue, ElementType, Kind, ObjectAttributeType};
pub use validator::{Collection, Validator};

/// A whole provider: its configuration schema, resources and data sources.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The provider's name (`provider.name`).
    pub provider_name: String,
    /// The provider configuration schema, if the spec has one.
    pub provider: Option<Schema>,
    /// Resources, in spec order.
    pub resources: Vec<Named>,
    /// Data sources, in spec order.
    pub data_sources: Vec<Named>,
}

/// A resource or data source.
#[derive(Debug, Clone, PartialEq)]
pub struct Named {
    /// Its name without the provider prefix.
    pub name: String,
    /// Its schema.
    pub schema: Schema,
}

/// A schema or the body of a block.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Schema {
    /// Attributes, in spec order.
    pub attributes: Vec<Attribute>,
    /// Nested blocks, in spec order.
    pub blocks: Vec<Block>,
    /// The schema's description.
    pub description: Option<String>,
}

/// Where a schema belongs: providers spell the behaviour `optional_required`
/// and have no computed attributes, only resources record defaults, and the
/// OpenAPI mapping gives computed attributes of resources and data sources
/// no validators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The provider configuration.
    Provider,
    /// A managed resource.
    Resource,
    /// A data source.
    DataSource,
}

impl Target {
    /// The code spec key of an attribute's behaviour.
    pub fn behavior_key(self) -> &'static str {
        match self {
            Target::Provider => "optional_required",
            Target::Resource | Target::DataSource => "computed_optional_required",
        }
    }
}

/// How a block nests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockNesting {
    /// `list_nested`.
    List,
    /// `set_nested`.
    Set,
    /// `single_nested`.
    Single,
}

/// A nested block (code specs only; the OpenAPI mapping writes none).
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// The block type name.
    pub name: String,
    /// How it nests.
    pub nesting: BlockNesting,
    /// Its attributes and blocks.
    pub body: Schema,
    /// The block's description.
    pub description: Option<String>,
    /// Set when the block is deprecated.
    pub deprecation_message: Option<String>,
    /// Validators (size validators for list and set blocks).
    pub validators: Vec<Validator>,
}

impl Spec {
    /// The spec as a code spec carries it: the OpenAPI mapping without the
    /// schema pointers ([`Attribute::source`]), equal to what reading back
    /// the JSON written from it gives.
    pub fn from_mapped(mapped: &Spec) -> Spec {
        let mut spec = mapped.clone();
        let schemas = spec.provider.iter_mut().chain(
            spec.resources
                .iter_mut()
                .chain(&mut spec.data_sources)
                .map(|n| &mut n.schema),
        );
        for schema in schemas {
            forget_sources(schema);
        }
        spec
    }
}

fn forget_sources(schema: &mut Schema) {
    fn attributes(list: &mut [Attribute]) {
        for a in list {
            a.source = None;
            if let Some(children) = a.kind.nested_mut() {
                attributes(children);
            }
        }
    }
    attributes(&mut schema.attributes);
    for b in &mut schema.blocks {
        forget_sources(&mut b.body);
    }
}
