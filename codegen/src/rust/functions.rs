//! Provider-defined functions: a `#[tfschema::function]` stub per function,
//! with the signature's name, summary, description, deprecation and
//! parameters, whose body reports "not implemented yet"; object types of
//! parameters and results become structs beside them.

use super::emit::File;
use super::emitter::{rust_str, FileEmitter};
use super::names;
use crate::error::Warning;
use crate::model::{Function, Parameter, Spec, Target};

/// A generated function: the Rust name of the type `#[tfschema::function]`
/// makes beside the `fn`, below the functions module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionRef {
    /// The Terraform name.
    pub name: String,
    /// The `fn` (and struct) identifier, e.g. `parse_location` or `r#type`.
    pub ident: String,
}

/// `src/functions.rs` for the spec's functions (`None` without any).
pub fn file(
    spec: &Spec,
    header: &str,
    warnings: &mut Vec<Warning>,
) -> Option<(File, Vec<FunctionRef>)> {
    if spec.functions.is_empty() {
        return None;
    }
    // Only element types are written here; the target does not matter.
    let mut emitter = FileEmitter::new(Target::Action, "functions".into(), warnings);
    let idents = names::field_names(spec.functions.iter().map(|f| f.name.as_str()));
    let mut stubs = String::new();
    let mut refs = Vec::new();
    for (function, ident) in spec.functions.iter().zip(idents) {
        let Some(ident) = ident else {
            emitter.warn(
                std::slice::from_ref(&function.name),
                "skipping function",
                "the name is not a Terraform identifier ([a-z0-9_]+)",
            );
            continue;
        };
        match stub(&mut emitter, function, &ident) {
            Ok(text) => {
                stubs.push('\n');
                stubs.push_str(&text);
                refs.push(FunctionRef {
                    name: function.name.clone(),
                    ident: ident.ident,
                });
            }
            Err(reason) => emitter.warn(
                std::slice::from_ref(&function.name),
                "skipping function",
                reason,
            ),
        }
    }
    let mut text = header.to_owned();
    text.push_str(
        "//! The provider's functions: each reports \"not implemented yet\" until its\n\
         //! body is written.\n\n",
    );
    if emitter.uses_map {
        text.push_str("use std::collections::BTreeMap;\n\n");
    }
    let uses = emitter
        .uses(&[])
        .replace("use std::collections::BTreeMap;\n\n", "");
    text.push_str(&uses);
    text.push_str("use tfschema::server::raw::FunctionError;\n");
    for s in &emitter.structs {
        text.push('\n');
        text.push_str(s);
    }
    text.push_str(&stubs);
    Some((
        File {
            path: "src/functions.rs".into(),
            text,
        },
        refs,
    ))
}

/// One `#[tfschema::function]` stub.
fn stub(
    emitter: &mut FileEmitter<'_>,
    function: &Function,
    ident: &names::FieldName,
) -> Result<String, String> {
    let base = names::pascal(&function.name);
    let path = [function.name.clone()];
    let mut args = Vec::new();
    if ident.rename.is_some() {
        args.push(format!("name = {}", rust_str(&function.name)));
    }
    args.push(format!("summary = {}", rust_str(&function.summary)));
    args.push(format!("description = {}", rust_str(&function.description)));
    if !function.deprecation_message.is_empty() {
        args.push(format!(
            "deprecated = {}",
            rust_str(&function.deprecation_message)
        ));
    }
    let all: Vec<&Parameter> = function
        .parameters
        .iter()
        .chain(&function.variadic)
        .collect();
    let param_names = names::field_names(all.iter().map(|p| p.name.as_str()));
    let mut params = Vec::new();
    for (i, (p, field)) in all.iter().zip(param_names).enumerate() {
        let variadic = i == function.parameters.len();
        let field = field.filter(|f| f.rename.is_none()).ok_or_else(|| {
            format!(
                "parameter {:?} cannot be a Rust parameter name, and the function macro takes the name from the parameter",
                p.name
            )
        })?;
        let ty = emitter.element_type(
            &format!("{base}{}", names::pascal(&p.name)),
            &p.element_type,
            &path,
        )?;
        let dynamic = ty == "Value";
        let mut flags = Vec::new();
        if variadic {
            flags.push("variadic".to_owned());
        }
        if p.nullable && dynamic {
            flags.push("allow_null".to_owned());
        }
        if !p.description.is_empty() {
            flags.push(format!("description = {}", rust_str(&p.description)));
        }
        let ty = if p.nullable && !dynamic {
            format!("Option<{ty}>")
        } else {
            ty
        };
        let ty = if variadic { format!("Vec<{ty}>") } else { ty };
        let attr = if flags.is_empty() {
            String::new()
        } else {
            format!("#[tf({})] ", flags.join(", "))
        };
        params.push(format!("    {attr}{}: {ty},\n", field.ident));
    }
    let ret = emitter.element_type(&format!("{base}Result"), &function.return_type, &path)?;
    let message = format!(
        "{} is not implemented yet in this provider (generated skeleton).",
        function.name
    );
    Ok(format!(
        "#[tfschema::function({})]\n\
         #[allow(unused_variables)]\n\
         pub fn {}(\n{}) -> Result<{ret}, FunctionError> {{\n\
         \x20   Err(FunctionError::new({}))\n\
         }}\n",
        args.join(", "),
        ident.ident,
        params.join(""),
        rust_str(&message)
    ))
}
