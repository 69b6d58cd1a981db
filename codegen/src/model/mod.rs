//! The one model of a Provider Code Specification: what the OpenAPI mapper
//! builds, the code spec reader reads, the code spec writer writes and the
//! Rust generator (and its derived-schema converter) works from.
//!
//! It is the code spec's own shape: attributes with their kinds, blocks,
//! static defaults and validators in structured form (see [`Validator`]),
//! under the target's rules ([`Target`]). A schema imported from
//! `terraform providers schema -json` ([`crate::import`]) fills in what
//! only Terraform's schemas carry: schema versions, write-only attributes,
//! Markdown descriptions, deprecated blocks, group and map blocks, tuple
//! and dynamic element types, identities, ephemeral resources, list
//! resources, actions and functions. The code spec writer leaves those
//! out (code specs cannot say them).

mod attribute;
mod function;
mod identity;
mod validator;

pub use attribute::{Attribute, Behavior, DefaultValue, ElementType, Kind, ObjectAttributeType};
pub use function::{Function, Parameter};
pub use identity::{Identity, IdentityAttribute};
pub use validator::{Collection, Validator};

/// A whole provider: its configuration schema, resources and data sources
/// (and, imported from Terraform, the other kinds of types it serves).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Spec {
    /// The provider's name (`provider.name`).
    pub provider_name: String,
    /// The provider configuration schema, if the spec has one.
    pub provider: Option<Schema>,
    /// Resources, in spec order.
    pub resources: Vec<Named>,
    /// Data sources, in spec order.
    pub data_sources: Vec<Named>,
    /// Ephemeral resources (not in code specs).
    pub ephemeral_resources: Vec<Named>,
    /// List resources: the schemas of their `config` blocks (not in code
    /// specs).
    pub list_resources: Vec<Named>,
    /// Actions: the schemas of their `config` blocks (not in code specs).
    pub actions: Vec<Named>,
    /// Provider-defined functions (not in code specs).
    pub functions: Vec<Function>,
}

/// A resource, data source, ephemeral resource, list resource or action.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Named {
    /// Its name without the provider prefix.
    pub name: String,
    /// The whole type name when it is not `<provider>_<name>` (a data
    /// source named after its provider, such as `http`); `None` in code
    /// specs.
    pub type_name: Option<String>,
    /// Its schema.
    pub schema: Schema,
    /// A resource's identity schema (not in code specs).
    pub identity: Option<Identity>,
}

impl Named {
    /// A type of `name` (without the provider prefix) with no identity.
    pub fn new(name: impl Into<String>, schema: Schema) -> Named {
        Named {
            name: name.into(),
            schema,
            ..Named::default()
        }
    }

    /// The Terraform type name: `<provider>_<name>` unless
    /// [`type_name`](Self::type_name) says otherwise.
    pub fn full_name(&self, provider_name: &str) -> String {
        match &self.type_name {
            Some(t) => t.clone(),
            None => format!("{provider_name}_{}", self.name),
        }
    }
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
    /// The description is Markdown (not in code specs).
    pub markdown: bool,
    /// The schema version (top-level schemas; not in code specs).
    pub version: i64,
    /// Set when the block is deprecated, what to use instead (empty when
    /// deprecated without a message): a resource's, data source's or
    /// provider's own (not in code specs); a nested block's is its
    /// [`Block::deprecation_message`].
    pub deprecation_message: Option<String>,
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
    /// An ephemeral resource.
    EphemeralResource,
    /// The `config` block of a list resource.
    ListResource,
    /// The `config` block of an action.
    Action,
}

impl Target {
    /// The code spec key of an attribute's behaviour.
    pub fn behavior_key(self) -> &'static str {
        match self {
            Target::Provider => "optional_required",
            _ => "computed_optional_required",
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
    /// `group`: one block, never null (Terraform schemas only).
    Group,
    /// `map`: labelled blocks (Terraform schemas only).
    Map,
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
    /// Set when the block is deprecated: what to use instead, empty when
    /// deprecated without a message.
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
                .chain(&mut spec.ephemeral_resources)
                .chain(&mut spec.list_resources)
                .chain(&mut spec.actions)
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
