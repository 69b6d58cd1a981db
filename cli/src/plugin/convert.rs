//! A provider's schema answer as `terraform providers schema -json` prints
//! it: what Terraform 1.15's `plugin6` client keeps of the answer
//! (`convert.ProtoToProviderSchema` and friends), then what its
//! `jsonprovider` package writes of that.
//!
//! What Terraform does on the way, and this does too: type constraints are
//! parsed and printed again (go-cty's canonical form); every description
//! gets a kind (`plain` unless `markdown`); an identity schema shows only
//! for a resource type the provider also declares; a list resource shows
//! the version the provider gave; an action shows its block without a
//! version; function parameters lose their description kinds and
//! `allow_unknown_values`. A schema Terraform
//! cannot use (no provider schema, a schema without a block, an invalid
//! nesting mode or type constraint, a function without a return type) is
//! an error here, as it is for Terraform.

use std::collections::BTreeMap;

use anyhow::{anyhow, bail, Context, Result};
use tfschema::server::proto::tfplugin6 as pb;
use tfschema::Type;
use tfschema_codegen::tfjson;

use super::client::Answer;

/// The provider's entry of `providers schema -json`.
pub(super) fn provider_schema(answer: Answer) -> Result<tfjson::ProviderSchema> {
    let r = answer.schema;
    let provider = r
        .provider
        .ok_or_else(|| anyhow!("missing provider schema"))?;
    let mut identities = answer.identities.identity_schemas;
    let resource_identity_schemas = r
        .resource_schemas
        .keys()
        .filter_map(|name| identities.remove_entry(name))
        .map(|(name, s)| {
            let identity =
                identity(s).with_context(|| format!("identity of resource type {name}"))?;
            Ok((name, identity))
        })
        .collect::<Result<_>>()?;
    Ok(tfjson::ProviderSchema {
        provider: Some(schema(provider).context("provider schema")?),
        resource_schemas: schemas(r.resource_schemas, "resource type")?,
        data_source_schemas: schemas(r.data_source_schemas, "data source")?,
        ephemeral_resource_schemas: schemas(
            r.ephemeral_resource_schemas,
            "ephemeral resource type",
        )?,
        list_resource_schemas: schemas(r.list_resource_schemas, "list resource type")?,
        functions: r
            .functions
            .into_iter()
            .map(|(name, f)| {
                let f = function(f).with_context(|| format!("function {name}"))?;
                Ok((name, f))
            })
            .collect::<Result<_>>()?,
        resource_identity_schemas,
        action_schemas: r
            .action_schemas
            .into_iter()
            .map(|(name, a)| {
                let block = a
                    .schema
                    .and_then(|s| s.block)
                    .ok_or_else(|| anyhow!("action type {name} has no schema block"))?;
                let block = self::block(block).with_context(|| format!("action type {name}"))?;
                Ok((name, tfjson::ActionSchema { block: Some(block) }))
            })
            .collect::<Result<_>>()?,
        // Not in the protocol definitions tfschema compiles (experimental
        // upstream).
        state_store_schemas: BTreeMap::new(),
    })
}

fn schemas(
    m: BTreeMap<String, pb::Schema>,
    kind: &str,
) -> Result<BTreeMap<String, tfjson::Schema>> {
    m.into_iter()
        .map(|(name, s)| {
            let s = schema(s).with_context(|| format!("{kind} {name}"))?;
            Ok((name, s))
        })
        .collect()
}

fn schema(s: pb::Schema) -> Result<tfjson::Schema> {
    let block = s.block.ok_or_else(|| anyhow!("the schema has no block"))?;
    Ok(tfjson::Schema {
        version: u64::try_from(s.version)
            .map_err(|_| anyhow!("negative schema version {}", s.version))?,
        block: Some(self::block(block)?),
    })
}

fn block(b: pb::schema::Block) -> Result<tfjson::Block> {
    let attributes = attributes(b.attributes)?;
    let mut block_types = BTreeMap::new();
    for n in b.block_types {
        let name = n.type_name.clone();
        let nested = nested_block(n).with_context(|| format!("block {name}"))?;
        block_types.insert(name, nested);
    }
    Ok(tfjson::Block {
        attributes,
        block_types,
        description: b.description,
        description_kind: Some(kind(b.description_kind)),
        deprecated: b.deprecated,
        deprecation_message: b.deprecation_message,
    })
}

fn nested_block(n: pb::schema::NestedBlock) -> Result<tfjson::BlockType> {
    use pb::schema::nested_block::NestingMode as M;
    let nesting_mode = match M::try_from(n.nesting) {
        Ok(M::Single) => tfjson::NestingMode::Single,
        Ok(M::Group) => tfjson::NestingMode::Group,
        Ok(M::List) => tfjson::NestingMode::List,
        Ok(M::Set) => tfjson::NestingMode::Set,
        Ok(M::Map) => tfjson::NestingMode::Map,
        Ok(M::Invalid) | Err(_) => bail!("invalid nesting mode {}", n.nesting),
    };
    let block = n
        .block
        .ok_or_else(|| anyhow!("the nested block has no block"))?;
    let count = |what: &str, n: i64| u64::try_from(n).map_err(|_| anyhow!("negative {what} {n}"));
    Ok(tfjson::BlockType {
        nesting_mode,
        block: Some(self::block(block)?),
        min_items: count("min_items", n.min_items)?,
        max_items: count("max_items", n.max_items)?,
    })
}

fn attribute(a: pb::schema::Attribute) -> Result<tfjson::Attribute> {
    let r#type = type_constraint(&a.r#type)?;
    let nested_type = a.nested_type.map(object).transpose()?;
    if r#type.is_some() == nested_type.is_some() {
        bail!("an attribute needs exactly one of a type and nested attributes");
    }
    Ok(tfjson::Attribute {
        r#type,
        nested_type,
        description: a.description,
        description_kind: Some(kind(a.description_kind)),
        deprecated: a.deprecated,
        deprecation_message: a.deprecation_message,
        required: a.required,
        optional: a.optional,
        computed: a.computed,
        sensitive: a.sensitive,
        write_only: a.write_only,
    })
}

fn object(o: pb::schema::Object) -> Result<tfjson::NestedType> {
    use pb::schema::object::NestingMode as M;
    let nesting_mode = match M::try_from(o.nesting) {
        Ok(M::Single) => tfjson::NestingMode::Single,
        Ok(M::List) => tfjson::NestingMode::List,
        Ok(M::Set) => tfjson::NestingMode::Set,
        Ok(M::Map) => tfjson::NestingMode::Map,
        Ok(M::Invalid) | Err(_) => bail!("invalid nesting mode {} of nested attributes", o.nesting),
    };
    Ok(tfjson::NestedType {
        attributes: attributes(o.attributes)?,
        nesting_mode,
    })
}

/// Attributes by name (a later one of the same name wins, as in Terraform).
fn attributes(list: Vec<pb::schema::Attribute>) -> Result<BTreeMap<String, tfjson::Attribute>> {
    let mut attributes = BTreeMap::new();
    for a in list {
        let name = a.name.clone();
        let a = attribute(a).with_context(|| format!("attribute {name}"))?;
        attributes.insert(name, a);
    }
    Ok(attributes)
}

fn identity(s: pb::ResourceIdentitySchema) -> Result<tfjson::IdentitySchema> {
    let mut attributes = BTreeMap::new();
    for a in s.identity_attributes {
        let ty = type_constraint(&a.r#type).with_context(|| format!("attribute {}", a.name))?;
        attributes.insert(
            a.name,
            tfjson::IdentityAttribute {
                r#type: ty,
                description: a.description,
                required_for_import: a.required_for_import,
                optional_for_import: a.optional_for_import,
            },
        );
    }
    Ok(tfjson::IdentitySchema {
        version: u64::try_from(s.version)
            .map_err(|_| anyhow!("negative identity version {}", s.version))?,
        attributes,
    })
}

fn function(f: pb::Function) -> Result<tfjson::FunctionSignature> {
    let return_type = f
        .r#return
        .and_then(|r| type_constraint(&r.r#type).transpose())
        .ok_or_else(|| anyhow!("no return type"))??;
    let parameter = |p: pb::function::Parameter| -> Result<tfjson::FunctionParameter> {
        let ty = type_constraint(&p.r#type)
            .with_context(|| format!("parameter {}", p.name))?
            .ok_or_else(|| anyhow!("parameter {} has no type", p.name))?;
        Ok(tfjson::FunctionParameter {
            name: p.name,
            description: p.description,
            is_nullable: p.allow_null_value,
            r#type: ty,
        })
    };
    Ok(tfjson::FunctionSignature {
        description: f.description,
        summary: f.summary,
        deprecation_message: f.deprecation_message,
        return_type,
        parameters: f
            .parameters
            .into_iter()
            .map(parameter)
            .collect::<Result<_>>()?,
        variadic_parameter: f.variadic_parameter.map(parameter).transpose()?,
    })
}

/// A type constraint's JSON, parsed; empty bytes are no type.
fn type_constraint(json: &[u8]) -> Result<Option<Type>> {
    if json.is_empty() {
        return Ok(None);
    }
    Type::from_json(json).map(Some).map_err(|e| {
        anyhow!(
            "invalid type constraint {}: {e}",
            String::from_utf8_lossy(json)
        )
    })
}

/// Terraform reads any kind other than markdown as plain.
fn kind(k: i32) -> tfjson::StringKind {
    if k == pb::StringKind::Markdown as i32 {
        tfjson::StringKind::Markdown
    } else {
        tfjson::StringKind::Plain
    }
}
