//! Provider schemas: blocks, attributes, nested blocks and nested attribute
//! types, as the plugin protocol's `Schema` message describes them, with the
//! implied value type of each and the JSON shape of
//! `terraform providers schema -json`.

use std::collections::BTreeMap;

use crate::diag::Diagnostics;
use crate::error::PathStep;
use crate::text::Quoting;
use crate::types::{ObjectType, Type};
use crate::value::Value;

/// A versioned schema of a provider, resource or data source.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Schema {
    /// Bumped when the state format changes (drives state upgrades).
    pub version: i64,
    /// The top-level block: the resource's (or provider's, or data
    /// source's) attributes and nested blocks.
    pub block: Block,
}

/// How a description is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StringKind {
    /// Plain text.
    #[default]
    Plain,
    /// Markdown (for documentation generators; Terraform shows it as is).
    Markdown,
}

impl StringKind {
    fn as_str(self) -> &'static str {
        match self {
            StringKind::Plain => "plain",
            StringKind::Markdown => "markdown",
        }
    }
}

/// A configuration block: attributes and nested block types.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Block {
    /// The block's attributes.
    pub attributes: Vec<Attribute>,
    /// The block types that can be nested in it.
    pub block_types: Vec<NestedBlock>,
    /// What the block is for (the model struct's doc comment).
    pub description: String,
    /// How [`description`](Self::description) is written.
    pub description_kind: StringKind,
    /// Terraform warns when the block is used.
    pub deprecated: bool,
    /// What Terraform 1.15+ says when a deprecated block is used (what to
    /// use instead); only with [`deprecated`](Self::deprecated).
    pub deprecation_message: String,
    /// The provider may fill the block in (protocol 6.11, a nested block's
    /// own block): every attribute and nested block in it is computed too.
    /// Only Terraform releases that advertise `computed_blocks_allowed`
    /// (protocol 6.11) honour it; the server refuses the resource's
    /// configuration on others.
    pub computed: bool,
}

/// The type of an attribute: a type constraint, or (protocol 6) nested
/// attributes.
#[derive(Debug, Clone, PartialEq)]
pub enum AttributeType {
    /// A value of this type.
    Type(Type),
    /// Nested attributes (protocol 6 only).
    Nested(NestedType),
}

/// One attribute of a block.
#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    /// The name in configurations.
    pub name: String,
    /// The value's type, or nested attributes.
    pub ty: AttributeType,
    /// What the attribute is for (the field's doc comment).
    pub description: String,
    /// How [`description`](Self::description) is written.
    pub description_kind: StringKind,
    /// The configuration must set it.
    pub required: bool,
    /// The configuration may set it.
    pub optional: bool,
    /// The provider may set it (with `optional`: when the configuration
    /// does not).
    pub computed: bool,
    /// Terraform hides the value in plans and output.
    pub sensitive: bool,
    /// Terraform warns when the attribute is set.
    pub deprecated: bool,
    /// What Terraform 1.15+ says when a deprecated attribute is used (what to
    /// use instead); only with [`deprecated`](Self::deprecated).
    pub deprecation_message: String,
    /// Set in configurations but never kept in plan or state (Terraform
    /// 1.11+).
    pub write_only: bool,
    /// How the planner treats the attribute (not sent to Terraform).
    pub plan: PlanPolicy,
}

/// How the planner treats an attribute or block: the derive's
/// `requires_replace`, `requires_replace_if`,
/// `requires_replace_if_configured`, `use_state_for_unknown`,
/// `use_non_null_state_for_unknown`, `default` and `semantic_equal`. Not
/// part of the wire schema.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PlanPolicy {
    /// A change of the value replaces the resource.
    pub requires_replace: bool,
    /// A change replaces the resource when this says so.
    pub requires_replace_if: Option<ReplaceIf>,
    /// A change replaces the resource when the configuration sets the
    /// value (not null), as terraform-plugin-framework's
    /// `RequiresReplaceIfConfigured`: a value the provider computed that
    /// drifts does not.
    pub requires_replace_if_configured: bool,
    /// Where an update would plan a computed attribute (or computed block)
    /// the configuration leaves out as unknown, the prior state's value is
    /// planned instead, null included, as terraform-plugin-framework's
    /// `UseStateForUnknown`. Never on create; where the object around the
    /// attribute is new (a list element past the prior state's), its prior
    /// value is null, and null is planned.
    pub use_state_for_unknown: bool,
    /// As [`use_state_for_unknown`](Self::use_state_for_unknown), but only
    /// a prior value that is not null is kept (a null one stays planned
    /// unknown), as terraform-plugin-framework's
    /// `UseNonNullStateForUnknown`.
    pub use_non_null_state_for_unknown: bool,
    /// The value planned for an optional+computed attribute the
    /// configuration leaves out.
    pub default: Option<Value>,
    /// Semantic equality (`#[tf(with = module, semantic_equal)]`): when a
    /// new value (the configuration's in a plan, the one a create, update
    /// or read returns) differs from the prior one (the prior state, the
    /// plan, the state read) but this says they mean the same, the prior
    /// value is kept (no diff, no "inconsistent result after apply").
    pub semantic_equal: Option<SemanticEqual>,
    /// The canonical form behind semantic equality (`#[tf(with = module,
    /// semantic_key)]`): two values are semantically equal when their keys
    /// are equal (the equality used when `semantic_equal` is `None`). Elements of set blocks and set nested attributes are
    /// matched with their prior counterparts by it (found by hash, so in
    /// time linear in the set's size); without a key only identical set
    /// elements are paired.
    pub semantic_key: Option<SemanticKey>,
    /// [`semantic_equal`](Self::semantic_equal) and
    /// [`semantic_key`](Self::semantic_key) judge each element of the
    /// attribute's list, set or map rather than the whole value
    /// (`#[tf(with = module, each, semantic_equal)]` on a `Vec<T>`, a set
    /// or a map of a custom type), as terraform-plugin-framework compares
    /// the elements of a collection whose element type has semantic
    /// equality: list elements by index, map elements by key, set elements
    /// paired with a prior element by their keys (found by hash; without a
    /// key only identical elements pair, which changes nothing).
    pub semantic_elements: bool,
}

impl PlanPolicy {
    /// No policy: the planner's defaults.
    pub const NONE: PlanPolicy = PlanPolicy {
        requires_replace: false,
        requires_replace_if: None,
        requires_replace_if_configured: false,
        use_state_for_unknown: false,
        use_non_null_state_for_unknown: false,
        default: None,
        semantic_equal: None,
        semantic_key: None,
        semantic_elements: false,
    };
}

/// `semantic_equal`: whether two known, non-null values of an attribute
/// mean the same (e.g. two spellings of one JSON document or timestamp).
/// It answers `false` when either value is null, unknown or does not
/// convert.
#[derive(Clone, Copy)]
pub struct SemanticEqual(pub fn(prior: &Value, new: &Value) -> bool);

impl SemanticEqual {
    /// Whether `new` means the same as `prior`.
    pub fn equal(&self, prior: &Value, new: &Value) -> bool {
        (self.0)(prior, new)
    }
}

impl PartialEq for SemanticEqual {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::fn_addr_eq(self.0, other.0)
    }
}

impl std::fmt::Debug for SemanticEqual {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SemanticEqual(fn)")
    }
}

/// `semantic_key`: the canonical form of a known, non-null value of an
/// attribute (a timestamp as its instant, a JSON document without
/// whitespace and with sorted keys), or `None` when the value is null,
/// unknown or does not convert. Values with equal keys are semantically
/// equal.
#[derive(Clone, Copy)]
pub struct SemanticKey(pub fn(value: &Value) -> Option<Value>);

impl SemanticKey {
    /// The key of `value`, if it has one.
    pub fn key(&self, value: &Value) -> Option<Value> {
        (self.0)(value)
    }
}

impl PartialEq for SemanticKey {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::fn_addr_eq(self.0, other.0)
    }
}

impl std::fmt::Debug for SemanticKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SemanticKey(fn)")
    }
}

/// `requires_replace_if = path`: decides whether a planned change of the
/// attribute or block needs a new resource, as a function given to
/// terraform-plugin-framework's `RequiresReplaceIf` does.
///
/// The planner calls it under Go's conditions: only on an update (never on
/// create or destroy), and only where the planned value differs from the
/// prior state's (go-cty's equality; an unknown planned value counts as a
/// change). In the typed layer it is asked during default planning, which
/// fills `ResourcePlan::requires_replace` for the plan hook (feature
/// `server`), and, when the hook changed the plan, again after it, on the
/// final plan: the final plan decides. So it may run twice for one plan,
/// and should only decide, with no effects of its own. Inside a set the
/// attribute cannot be addressed: the path stops at the set, and `config`
/// is the set element's own value.
///
/// The derive takes a function of either shape:
///
/// - `fn(&ReplaceIfRequest<'_>) -> bool`: whether to replace;
/// - `fn(&ReplaceIfRequest<'_>, &mut ReplaceIfResponse)`, Go's
///   `RequiresReplaceIfFunc`: it sets
///   [`requires_replace`](ReplaceIfResponse::requires_replace) and may add
///   [`diagnostics`](ReplaceIfResponse::diagnostics), which reach
///   Terraform with the plan (a diagnostic without a path gets the
///   attribute's); an error stops the plan before the resource's plan hook.
///
/// ```
/// use tfschema::schema::{ReplaceIfRequest, ReplaceIfResponse};
/// use tfschema::{TfSchema, TfValue, Value};
///
/// /// A disk can grow in place; shrinking it needs a new one.
/// fn shrinking(change: &ReplaceIfRequest<'_>) -> bool {
///     match (change.prior, change.planned) {
///         (Value::Number(prior), Value::Number(planned)) => planned < prior,
///         _ => false,
///     }
/// }
///
/// /// Moving a volume replaces it, and says so.
/// fn moved(change: &ReplaceIfRequest<'_>, resp: &mut ReplaceIfResponse) {
///     resp.requires_replace = true;
///     resp.diagnostics.warning(
///         &[],
///         "Volume will be recreated",
///         "Changing the zone of a volume moves its data to a new volume.",
///     );
/// }
///
/// #[derive(TfSchema, TfValue)]
/// struct Disk {
///     #[tf(requires_replace_if = shrinking)]
///     size_gb: i64,
///     #[tf(requires_replace_if = moved)]
///     zone: String,
/// }
/// ```
#[derive(Clone, Copy)]
pub struct ReplaceIf(pub fn(change: &ReplaceIfRequest<'_>, response: &mut ReplaceIfResponse));

/// The change a [`ReplaceIf`] function decides on: the attribute's (or
/// block's) values and where it is.
#[derive(Debug, Clone, Copy)]
pub struct ReplaceIfRequest<'a> {
    /// The value in the prior state.
    pub prior: &'a Value,
    /// The value in the configuration (null where it is not set).
    pub config: &'a Value,
    /// The planned value (may be unknown).
    pub planned: &'a Value,
    /// Where the attribute or block is in the resource.
    pub path: &'a [PathStep],
}

/// What a [`ReplaceIf`] function answers, as Go's
/// `RequiresReplaceIfFuncResponse`: whether the change needs a new
/// resource, and diagnostics for Terraform. Starts as no replacement and
/// no diagnostics.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReplaceIfResponse {
    /// The change needs a new resource. (`false` does not take back a
    /// replacement another attribute asked for.)
    pub requires_replace: bool,
    /// Warnings or errors to report with the plan; one without a path is
    /// reported at the attribute's path.
    pub diagnostics: Diagnostics,
}

impl ReplaceIf {
    /// Asks the function about `change`.
    pub fn requires_replace(&self, change: &ReplaceIfRequest<'_>) -> ReplaceIfResponse {
        let mut response = ReplaceIfResponse::default();
        (self.0)(change, &mut response);
        response
    }
}

impl PartialEq for ReplaceIf {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::fn_addr_eq(self.0, other.0)
    }
}

impl std::fmt::Debug for ReplaceIf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ReplaceIf(fn)")
    }
}

impl Attribute {
    /// An attribute of type `ty` with every flag off.
    pub fn new(name: impl Into<String>, ty: Type) -> Self {
        Attribute {
            name: name.into(),
            ty: AttributeType::Type(ty),
            description: String::new(),
            description_kind: StringKind::Plain,
            required: false,
            optional: false,
            computed: false,
            sensitive: false,
            deprecated: false,
            deprecation_message: String::new(),
            write_only: false,
            plan: PlanPolicy::default(),
        }
    }
}

/// Nesting of a nested attribute type (protocol 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjectNesting {
    /// One object.
    Single,
    /// A list of objects.
    List,
    /// A set of objects.
    Set,
    /// A map of objects by key.
    Map,
}

/// Nested attributes (protocol 6 `Schema.Object`).
#[derive(Debug, Clone, PartialEq)]
pub struct NestedType {
    /// The attributes of each object.
    pub attributes: Vec<Attribute>,
    /// How many objects, and how they are addressed.
    pub nesting: ObjectNesting,
}

/// Nesting of a nested block type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NestingMode {
    /// At most one block (null when absent).
    Single,
    /// Blocks in order.
    List,
    /// Blocks without order or duplicates.
    Set,
    /// Labelled blocks (`name "label" {}`), by label.
    Map,
    /// At most one block, never null: its attributes are null when absent.
    Group,
}

impl NestingMode {
    fn as_str(self) -> &'static str {
        match self {
            NestingMode::Single => "single",
            NestingMode::List => "list",
            NestingMode::Set => "set",
            NestingMode::Map => "map",
            NestingMode::Group => "group",
        }
    }
}

/// A nested block type of a block.
#[derive(Debug, Clone, PartialEq)]
pub struct NestedBlock {
    /// The block's name in configurations.
    pub type_name: String,
    /// What each block holds.
    pub block: Block,
    /// How many blocks, and how they are addressed.
    pub nesting: NestingMode,
    /// The fewest blocks a configuration may write (list and set
    /// nesting; 0 for no minimum).
    pub min_items: u64,
    /// The most blocks a configuration may write (0 for no limit).
    pub max_items: u64,
    /// `requires_replace`/`requires_replace_if` of the block (not sent to
    /// Terraform).
    pub plan: PlanPolicy,
}

impl AttributeType {
    /// The value type of the attribute.
    pub fn implied_type(&self) -> Type {
        match self {
            AttributeType::Type(t) => t.clone(),
            AttributeType::Nested(n) => n.implied_type(),
        }
    }
}

impl NestedType {
    /// object / list(object) / set(object) / map(object), with the optional
    /// attributes marked optional.
    pub fn implied_type(&self) -> Type {
        let attrs = self
            .attributes
            .iter()
            .map(|a| (a.name.clone(), a.ty.implied_type()));
        let optional: Vec<String> = self
            .attributes
            .iter()
            .filter(|a| a.optional)
            .map(|a| a.name.clone())
            .collect();
        let object = ObjectType::new(attrs)
            .with_optional(optional)
            .map(|o| Type::Object(Box::new(o)))
            .unwrap_or(Type::Dynamic);
        match self.nesting {
            ObjectNesting::Single => object,
            ObjectNesting::List => Type::list(object),
            ObjectNesting::Set => Type::set(object),
            ObjectNesting::Map => Type::map(object),
        }
    }
}

impl NestedBlock {
    /// The type of the nested block's value in its parent: its block's
    /// object, or a list, set or map of them (`dynamic` for a list or map
    /// of blocks that contain `dynamic`).
    pub fn implied_type(&self) -> Type {
        let inner = self.block.implied_type();
        match self.nesting {
            NestingMode::Single | NestingMode::Group => inner,
            NestingMode::List if inner.has_dynamic() => Type::Dynamic,
            NestingMode::List => Type::list(inner),
            NestingMode::Set => Type::set(inner),
            NestingMode::Map if inner.has_dynamic() => Type::Dynamic,
            NestingMode::Map => Type::map(inner),
        }
    }
}

impl Block {
    /// The type of the block's value: an object of its attributes and block
    /// types. A list or map of blocks that contain `dynamic` is itself
    /// `dynamic` (its elements may differ in type), as in Terraform.
    pub fn implied_type(&self) -> Type {
        let mut attrs: BTreeMap<String, Type> = self
            .attributes
            .iter()
            .map(|a| (a.name.clone(), a.ty.implied_type()))
            .collect();
        for nested in &self.block_types {
            attrs.insert(nested.type_name.clone(), nested.implied_type());
        }
        Type::Object(Box::new(ObjectType::new(attrs)))
    }

    /// Whether any attribute, here or in nested blocks, uses nested
    /// attributes (which only protocol 6 can describe).
    pub fn requires_protocol_6(&self) -> bool {
        self.attributes
            .iter()
            .any(|a| matches!(a.ty, AttributeType::Nested(_)))
            || self
                .block_types
                .iter()
                .any(|b| b.block.requires_protocol_6())
    }

    /// The block in the JSON shape of `terraform providers schema -json`
    /// (keys in Terraform's order, empty and false fields left out).
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        write_block(&mut out, self);
        out
    }
}

impl Schema {
    /// `{"version":N,"block":{...}}` as `terraform providers schema -json`.
    pub fn to_json(&self) -> String {
        format!(
            "{{\"version\":{},\"block\":{}}}",
            self.version,
            self.block.to_json()
        )
    }
}

fn write_block(out: &mut String, block: &Block) {
    out.push('{');
    let mut first = true;
    let mut sep = |out: &mut String| {
        if !std::mem::take(&mut first) {
            out.push(',');
        }
    };
    if !block.attributes.is_empty() {
        sep(out);
        out.push_str("\"attributes\":");
        write_attributes(out, &block.attributes);
    }
    if !block.block_types.is_empty() {
        sep(out);
        out.push_str("\"block_types\":{");
        let mut sorted: Vec<&NestedBlock> = block.block_types.iter().collect();
        sorted.sort_by(|a, b| a.type_name.cmp(&b.type_name));
        for (i, nested) in sorted.into_iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            Quoting::JSON.write(out, &nested.type_name);
            out.push_str(":{\"nesting_mode\":\"");
            out.push_str(nested.nesting.as_str());
            out.push_str("\",\"block\":");
            write_block(out, &nested.block);
            if nested.min_items > 0 {
                out.push_str(&format!(",\"min_items\":{}", nested.min_items));
            }
            if nested.max_items > 0 {
                out.push_str(&format!(",\"max_items\":{}", nested.max_items));
            }
            out.push('}');
        }
        out.push('}');
    }
    if !block.description.is_empty() {
        sep(out);
        out.push_str("\"description\":");
        Quoting::JSON.write(out, &block.description);
    }
    sep(out);
    out.push_str("\"description_kind\":\"");
    out.push_str(block.description_kind.as_str());
    out.push('"');
    if block.deprecated {
        out.push_str(",\"deprecated\":true");
    }
    write_deprecation_message(out, &block.deprecation_message);
    out.push('}');
}

/// `"deprecation_message"`, which Terraform prints since 1.15 (left out
/// when empty).
fn write_deprecation_message(out: &mut String, message: &str) {
    if !message.is_empty() {
        out.push_str(",\"deprecation_message\":");
        Quoting::JSON.write(out, message);
    }
}

fn write_attributes(out: &mut String, attributes: &[Attribute]) {
    out.push('{');
    let mut sorted: Vec<&Attribute> = attributes.iter().collect();
    sorted.sort_by(|a, b| a.name.cmp(&b.name));
    for (i, attr) in sorted.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        Quoting::JSON.write(out, &attr.name);
        out.push(':');
        out.push('{');
        match &attr.ty {
            AttributeType::Type(t) => {
                out.push_str("\"type\":");
                t.write_json(out);
            }
            AttributeType::Nested(n) => {
                out.push_str("\"nested_type\":{\"attributes\":");
                write_attributes(out, &n.attributes);
                out.push_str(",\"nesting_mode\":\"");
                out.push_str(match n.nesting {
                    ObjectNesting::Single => "single",
                    ObjectNesting::List => "list",
                    ObjectNesting::Set => "set",
                    ObjectNesting::Map => "map",
                });
                out.push_str("\"}");
            }
        }
        if !attr.description.is_empty() {
            out.push_str(",\"description\":");
            Quoting::JSON.write(out, &attr.description);
        }
        out.push_str(",\"description_kind\":\"");
        out.push_str(attr.description_kind.as_str());
        out.push('"');
        if attr.deprecated {
            out.push_str(",\"deprecated\":true");
        }
        write_deprecation_message(out, &attr.deprecation_message);
        for (flag, name) in [
            (attr.required, "required"),
            (attr.optional, "optional"),
            (attr.computed, "computed"),
            (attr.sensitive, "sensitive"),
            (attr.write_only, "write_only"),
        ] {
            if flag {
                out.push_str(",\"");
                out.push_str(name);
                out.push_str("\":true");
            }
        }
        out.push('}');
    }
    out.push('}');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_terraform_schema_json_for_the_null_resource() {
        // `null_resource` as Terraform 1.15.5 prints it (conformance file
        // providers-schema-null-tf1.15.5.json, compacted).
        let mut id = Attribute::new("id", Type::String);
        id.optional = true;
        id.computed = true;
        let mut triggers = Attribute::new("triggers", Type::map(Type::String));
        triggers.optional = true;
        let schema = Schema {
            version: 0,
            block: Block {
                attributes: vec![triggers, id],
                ..Block::default()
            },
        };
        assert_eq!(
            schema.to_json(),
            r#"{"version":0,"block":{"attributes":{"id":{"type":"string","description_kind":"plain","optional":true,"computed":true},"triggers":{"type":["map","string"],"description_kind":"plain","optional":true}},"description_kind":"plain"}}"#
        );
    }

    #[test]
    fn implied_types() {
        let mut opt = Attribute::new("port", Type::Number);
        opt.optional = true;
        let nested = NestedType {
            attributes: vec![Attribute::new("name", Type::String), opt],
            nesting: ObjectNesting::List,
        };
        assert_eq!(
            nested.implied_type().to_json(),
            r#"["list",["object",{"name":"string","port":"number"},["port"]]]"#
        );
        let block = Block {
            attributes: vec![Attribute {
                ty: AttributeType::Nested(nested),
                ..Attribute::new("rules", Type::Dynamic)
            }],
            block_types: vec![NestedBlock {
                type_name: "extra".into(),
                block: Block {
                    attributes: vec![Attribute::new("any", Type::Dynamic)],
                    ..Block::default()
                },
                nesting: NestingMode::List,
                min_items: 0,
                max_items: 0,
                plan: PlanPolicy::default(),
            }],
            ..Block::default()
        };
        assert!(block.requires_protocol_6());
        assert_eq!(
            block.implied_type().to_json(),
            r#"["object",{"extra":"dynamic","rules":["list",["object",{"name":"string","port":"number"},["port"]]]}]"#
        );
    }
}
