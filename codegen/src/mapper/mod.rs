//! From a parsed OpenAPI document and generator config to the mapped model.
//!
//! Resources merge (in priority order) the create request body, the create
//! response, the read response and the read parameters; data sources merge the
//! read parameters and the read response. Whatever cannot be mapped is skipped
//! with a [`Warning`]; broken references and `$ref` cycles stop generation.

mod attributes;
mod merge;
mod names;
mod operations;
mod schema;
mod validators;
mod warnings;

use crate::config::{Config, DataSourceConfig, ResourceConfig};
use crate::error::{Error, ErrorKind, Warning};
use crate::model::{Attribute, Behavior, Named, Schema, Spec, Target};
use crate::refs::Document;

use attributes::Builder;
use merge::{apply_overrides, merge_attributes};
use operations::{operation, read_parameters, request_schema, response_schema, Operation};
use schema::SchemaOpts;
pub(crate) use warnings::Warnings;

/// Maps the whole document.
pub(crate) fn map_spec(
    doc: &Document,
    config: &Config,
    warnings: &mut Warnings,
) -> Result<Spec, Error> {
    // The Go tool looks up every configured operation first and fails on any
    // missing path or unknown method before mapping anything.
    let mut resource_ops = Vec::new();
    for (name, cfg) in &config.resources {
        resource_ops.push((name, cfg, find_ops(doc, name, cfg)?));
    }
    let mut ds_ops = Vec::new();
    for (name, cfg) in &config.data_sources {
        let read = match &cfg.read {
            Some(loc) => operation(doc, loc).map_err(|e| wrap_find(name, "read", e))?,
            None => None,
        };
        ds_ops.push((name, cfg, read));
    }

    let mut resources = Vec::new();
    for (name, cfg, (create, read)) in resource_ops {
        if let Some(mut attributes) = map_resource(doc, name, cfg, create, read, warnings)? {
            names::finish(&format!("resource {name:?}"), &mut attributes, warnings);
            resources.push(named(name, attributes));
        }
    }
    let mut data_sources = Vec::new();
    for (name, cfg, read) in ds_ops {
        if let Some(mut attributes) = map_data_source(doc, name, cfg, read, warnings)? {
            names::finish(&format!("data source {name:?}"), &mut attributes, warnings);
            data_sources.push(named(name, attributes));
        }
    }
    let provider = map_provider(doc, config, warnings)?;
    let spec = Spec {
        provider_name: config.provider.name.clone(),
        provider: provider.map(|attributes| Schema {
            attributes,
            ..Schema::default()
        }),
        resources,
        data_sources,
        ..Spec::default()
    };
    check_spec(&spec, warnings);
    Ok(spec)
}

fn named(name: &str, attributes: Vec<Attribute>) -> Named {
    Named::new(
        name,
        Schema {
            attributes,
            ..Schema::default()
        },
    )
}

/// The checks of the Provider Code Specification's JSON Schema that the
/// mapping itself can break; like the Go tool, the spec is still written and
/// each failure is a warning.
fn check_spec(spec: &Spec, warnings: &mut Warnings) {
    let action = "generated provider code spec failed validation";
    let mut named = vec![("provider", &spec.provider_name, None)];
    named.extend(
        spec.resources
            .iter()
            .map(|r| ("resource", &r.name, Some(&r.schema.attributes))),
    );
    named.extend(
        spec.data_sources
            .iter()
            .map(|d| ("data source", &d.name, Some(&d.schema.attributes))),
    );
    for (what, name, attrs) in named {
        if !is_valid_identifier(name) {
            warnings.push(Warning {
                context: format!("{what} {name:?}"),
                action: action.into(),
                reason: "the name is not a valid Terraform identifier ([a-z_][a-z0-9_]*)".into(),
                pointer: None,
                attribute_path: None,
            });
        }
        if attrs.is_some_and(Vec::is_empty) {
            warnings.push(Warning {
                context: format!("{what} {name:?}"),
                action: action.into(),
                reason: "the schema has no attributes".into(),
                pointer: None,
                attribute_path: None,
            });
        }
    }
}

fn is_valid_identifier(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_lowercase() || b == b'_')
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

fn wrap_find(name: &str, what: &str, e: Error) -> Error {
    Error::new(
        e.kind(),
        format!(
            "error finding resource(s) or data source(s): failed to extract '{name}.{what}': {e}"
        ),
    )
}

type Ops<'d> = (Option<Operation<'d>>, Option<Operation<'d>>);

fn find_ops<'d>(doc: &'d Document, name: &str, cfg: &ResourceConfig) -> Result<Ops<'d>, Error> {
    let mut found = Vec::new();
    for (what, loc) in [
        ("create", &cfg.create),
        ("read", &cfg.read),
        ("update", &cfg.update),
        ("delete", &cfg.delete),
    ] {
        let op = match loc {
            Some(loc) => operation(doc, loc).map_err(|e| wrap_find(name, what, e))?,
            None => None,
        };
        found.push(op);
    }
    let mut it = found.into_iter();
    let create = it.next().flatten();
    let read = it.next().flatten();
    Ok((create, read))
}

fn map_resource<'d>(
    doc: &'d Document,
    name: &str,
    cfg: &ResourceConfig,
    create: Option<Operation<'d>>,
    read: Option<Operation<'d>>,
    warnings: &mut Warnings,
) -> Result<Option<Vec<Attribute>>, Error> {
    let context = format!("resource {name:?}");
    let skip_resource = "skipping resource schema mapping";
    let builder = Builder::new(doc, Target::Resource);
    let ignores = &cfg.schema.ignores;
    let opts = || SchemaOpts {
        ignores: ignores.clone(),
        override_description: None,
    };

    // Create request body: required.
    let found = match request_schema(doc, create.as_ref()) {
        Ok(Some(found)) => found,
        Ok(None) => {
            let pointer = create.as_ref().map(|op| op.pointer.clone());
            warnings.push(Warning {
                context,
                action: skip_resource.into(),
                reason: "no compatible schema found in the create operation's request body".into(),
                pointer,
                attribute_path: None,
            });
            return Ok(None);
        }
        Err(e) => {
            warnings.skip(&context, skip_resource, e)?;
            return Ok(None);
        }
    };
    let mut attrs = match builder
        .schema(found.0, &found.1, opts(), None)
        .and_then(|oas| builder.attributes(&oas))
    {
        Ok(a) => a,
        Err(e) => {
            warnings.skip(&context, skip_resource, e)?;
            return Ok(None);
        }
    };

    // Create and read response bodies: optional, everything computed.
    for (op, action) in [
        (
            &create,
            "skipping mapping of create operation response body",
        ),
        (&read, "skipping mapping of read operation response body"),
    ] {
        let mapped = response_schema(doc, op.as_ref()).and_then(|found| match found {
            Some((v, p)) => builder
                .schema(v, &p, opts(), Some(Behavior::Computed))
                .and_then(|oas| builder.attributes(&oas))
                .map(Some),
            None => Ok(None),
        });
        match mapped {
            Ok(Some(more)) => merge_attributes(&mut attrs, more),
            Ok(None) => {}
            Err(e) => warnings.skip(&context, action, e)?,
        }
    }

    // Read parameters: optional, computed_optional.
    let param_attrs = map_read_parameters(
        doc,
        &builder,
        ReadParams {
            location: cfg.read.as_ref(),
            op: read.as_ref(),
            context: &context,
            ignores,
            aliases: &cfg.schema.attributes.aliases,
            schema_behavior: Some(Behavior::ComputedOptional),
            behavior: |_| Behavior::ComputedOptional,
        },
        warnings,
    )?;
    merge_attributes(&mut attrs, param_attrs);
    apply_overrides(&mut attrs, &cfg.schema.attributes.overrides);
    Ok(Some(attrs))
}

/// Where a resource's or data source's read parameters come from and how
/// they map.
struct ReadParams<'a, 'd, F> {
    location: Option<&'a crate::config::OperationLocation>,
    op: Option<&'a Operation<'d>>,
    context: &'a str,
    ignores: &'a Vec<String>,
    aliases: &'a std::collections::BTreeMap<String, String>,
    /// The behaviour the parameter schemas are read with.
    schema_behavior: Option<Behavior>,
    /// The behaviour of a parameter's attribute, from whether it is required.
    behavior: F,
}

/// The path and query parameters of the read operation, as attributes
/// (aliases and ignores applied); what cannot be mapped is skipped with a
/// warning, as the Go tool does.
fn map_read_parameters<'d, F: Fn(bool) -> Behavior>(
    doc: &'d Document,
    builder: &Builder<'d>,
    params: ReadParams<'_, 'd, F>,
    warnings: &mut Warnings,
) -> Result<Vec<Attribute>, Error> {
    let ReadParams {
        location,
        op,
        context,
        ignores,
        aliases,
        schema_behavior,
        behavior,
    } = params;
    let found = match location {
        Some(loc) => match read_parameters(doc, &loc.path, op) {
            Ok(p) => p,
            Err(e) => {
                warnings.skip(context, "skipping mapping of read operation parameters", e)?;
                Vec::new()
            }
        },
        None => Vec::new(),
    };
    let mut attrs = Vec::new();
    for p in found {
        if p.location != "path" && p.location != "query" {
            continue;
        }
        let pcontext = format!("{context} parameter {:?}", p.name);
        let action = "skipping mapping of read operation parameter";
        let attr_behavior = behavior(p.required);
        let Some((schema, pointer)) = p.schema else {
            warnings.push(Warning {
                context: pcontext,
                action: action.into(),
                reason: "parameter has no schema".into(),
                pointer: Some(p.pointer.clone()),
                attribute_path: None,
            });
            continue;
        };
        let popts = SchemaOpts {
            ignores: ignores.clone(),
            override_description: p.description.clone(),
        };
        let oas = match builder.schema(schema, &pointer, popts, schema_behavior) {
            Ok(oas) => oas,
            Err(e) => {
                warnings.skip(&pcontext, action, e)?;
                continue;
            }
        };
        let attr_name = aliases.get(&p.name).unwrap_or(&p.name);
        if oas.is_ignored(attr_name) {
            continue;
        }
        match builder.attribute(&oas, attr_name, attr_behavior) {
            Ok(a) => attrs.push(a),
            Err(e) => warnings.skip(&pcontext, action, e.nest(attr_name))?,
        }
    }
    Ok(attrs)
}

fn map_data_source<'d>(
    doc: &'d Document,
    name: &str,
    cfg: &DataSourceConfig,
    read: Option<Operation<'d>>,
    warnings: &mut Warnings,
) -> Result<Option<Vec<Attribute>>, Error> {
    let context = format!("data source {name:?}");
    let skip_ds = "skipping data source schema mapping";
    let builder = Builder::new(doc, Target::DataSource);
    let ignores = &cfg.schema.ignores;

    // Read response body: required, computed.
    let found = match response_schema(doc, read.as_ref()) {
        Ok(Some(found)) => found,
        Ok(None) => {
            warnings.push(Warning {
                context,
                action: skip_ds.into(),
                reason: "no compatible schema found in the read operation's 2xx responses".into(),
                pointer: read.as_ref().map(|op| op.pointer.clone()),
                attribute_path: None,
            });
            return Ok(None);
        }
        Err(e) => {
            warnings.skip(&context, skip_ds, e)?;
            return Ok(None);
        }
    };
    let opts = SchemaOpts {
        ignores: ignores.clone(),
        override_description: None,
    };
    let mapped = builder
        .schema(found.0, &found.1, opts, Some(Behavior::Computed))
        .and_then(|mut oas| {
            if oas.ty == "array" {
                // Collection responses rarely guarantee order: a set named after
                // the data source.
                oas.format = "set".into();
                builder
                    .attribute(&oas, name, Behavior::Computed)
                    .map(|a| vec![a])
                    .map_err(|e| e.nest(name))
            } else {
                builder.attributes(&oas)
            }
        });
    let response_attrs = match mapped {
        Ok(a) => a,
        Err(e) => {
            warnings.skip(&context, skip_ds, e)?;
            return Ok(None);
        }
    };

    // Read parameters: the main schema (required ones required).
    let mut attrs = map_read_parameters(
        doc,
        &builder,
        ReadParams {
            location: cfg.read.as_ref(),
            op: read.as_ref(),
            context: &context,
            ignores,
            aliases: &cfg.schema.attributes.aliases,
            schema_behavior: None,
            behavior: |required| {
                if required {
                    Behavior::Required
                } else {
                    Behavior::ComputedOptional
                }
            },
        },
        warnings,
    )?;
    merge_attributes(&mut attrs, response_attrs);
    apply_overrides(&mut attrs, &cfg.schema.attributes.overrides);
    Ok(Some(attrs))
}

fn map_provider(
    doc: &Document,
    config: &Config,
    warnings: &mut Warnings,
) -> Result<Option<Vec<Attribute>>, Error> {
    let name = &config.provider.name;
    let reference = &config.provider.schema_ref;
    if reference.is_empty() {
        return Ok(None);
    }
    let value = doc.lookup(reference).ok_or_else(|| {
        Error::new(
            ErrorKind::Reference,
            format!("error finding provider: error extracting provider schema from ref: unable to find reference: {reference}"),
        )
    })?;
    let builder = Builder::new(doc, Target::Provider);
    let opts = SchemaOpts {
        ignores: config.provider.ignores.clone(),
        override_description: None,
    };
    let mut attrs = builder
        .schema(value, reference, opts, None)
        .and_then(|oas| builder.attributes(&oas))
        .map_err(|e| {
            let mut msg = format!("error mapping provider schema: {}", e.reason);
            if let Some(path) = e.path_string() {
                msg.push_str(&format!(" (attribute {path})"));
            }
            msg.push_str(&format!(" (schema {})", e.pointer));
            Error::new(
                if e.fatal {
                    ErrorKind::Reference
                } else {
                    ErrorKind::Mapping
                },
                msg,
            )
        })?;
    names::finish(&format!("provider {name:?}"), &mut attrs, warnings);
    Ok(Some(attrs))
}
