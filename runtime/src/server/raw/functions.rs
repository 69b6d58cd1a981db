//! Provider-defined functions (protocol 5.5/6.5): their signatures and
//! calls.

use crate::schema::StringKind;
use crate::text::Quoting;
use crate::types::Type;

use super::DynamicValue;

/// A function's signature, as `GetProviderSchema` and `GetFunctions`
/// describe it to Terraform.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionSignature {
    /// The positional parameters, in order.
    pub parameters: Vec<FunctionParameter>,
    /// A trailing parameter that takes any number of arguments (each
    /// arrives as its own value of this parameter's type).
    pub variadic: Option<FunctionParameter>,
    /// The type of the result. Terraform needs one: a function declared
    /// without it stops Terraform 1.15.
    pub return_type: Type,
    /// A one-line summary.
    pub summary: String,
    /// The full description.
    pub description: String,
    /// How the description is written.
    pub description_kind: StringKind,
    /// Set when the function is deprecated: what to use instead.
    pub deprecation_message: String,
}

impl FunctionSignature {
    /// A signature of `parameters` returning `return_type`, with nothing
    /// else set.
    pub fn new(parameters: Vec<FunctionParameter>, return_type: Type) -> Self {
        FunctionSignature {
            parameters,
            variadic: None,
            return_type,
            summary: String::new(),
            description: String::new(),
            description_kind: StringKind::Plain,
            deprecation_message: String::new(),
        }
    }

    /// The signature in the JSON shape of `terraform providers schema
    /// -json` (`functions.<name>`): keys in Terraform's order, empty texts
    /// left out; a parameter shows `is_nullable` (its `allow_null`) but
    /// neither `allow_unknown` nor a description kind, as Terraform prints
    /// neither.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{");
        for (key, text) in [
            ("description", &self.description),
            ("summary", &self.summary),
            ("deprecation_message", &self.deprecation_message),
        ] {
            if !text.is_empty() {
                out.push('"');
                out.push_str(key);
                out.push_str("\":");
                Quoting::JSON.write(&mut out, text);
                out.push(',');
            }
        }
        out.push_str("\"return_type\":");
        self.return_type.write_json(&mut out);
        if !self.parameters.is_empty() {
            out.push_str(",\"parameters\":[");
            for (i, p) in self.parameters.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                p.write_json(&mut out);
            }
            out.push(']');
        }
        if let Some(v) = &self.variadic {
            out.push_str(",\"variadic_parameter\":");
            v.write_json(&mut out);
        }
        out.push('}');
        out
    }

    /// The type argument `index` of a call is read with: its parameter's,
    /// or past the positional ones the variadic parameter's; `None` when
    /// there is no such parameter.
    pub fn argument_type(&self, index: usize) -> Option<&Type> {
        match self.parameters.get(index) {
            Some(p) => Some(&p.ty),
            None => self.variadic.as_ref().map(|v| &v.ty),
        }
    }
}

/// One parameter of a [`FunctionSignature`].
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionParameter {
    /// The name shown in Terraform's messages.
    pub name: String,
    /// The type constraint.
    pub ty: Type,
    /// Whether a null argument reaches the function (otherwise Terraform
    /// refuses it first).
    pub allow_null: bool,
    /// Whether an argument that is not wholly known reaches the function
    /// (otherwise Terraform skips the call and the result is unknown).
    pub allow_unknown: bool,
    /// What the parameter is for.
    pub description: String,
    /// How the description is written.
    pub description_kind: StringKind,
}

impl FunctionParameter {
    /// A parameter of type `ty` that takes neither null nor unknown values.
    pub fn new(name: impl Into<String>, ty: Type) -> Self {
        FunctionParameter {
            name: name.into(),
            ty,
            allow_null: false,
            allow_unknown: false,
            description: String::new(),
            description_kind: StringKind::Plain,
        }
    }
}

impl FunctionParameter {
    fn write_json(&self, out: &mut String) {
        out.push_str("{\"name\":");
        Quoting::JSON.write(out, &self.name);
        if !self.description.is_empty() {
            out.push_str(",\"description\":");
            Quoting::JSON.write(out, &self.description);
        }
        if self.allow_null {
            out.push_str(",\"is_nullable\":true");
        }
        out.push_str(",\"type\":");
        self.ty.write_json(out);
        out.push('}');
    }
}

/// `CallFunction`: each argument is its own value, typed by its parameter
/// (variadic arguments by the variadic parameter). An argument Terraform
/// sent as nothing reads as null.
#[derive(Clone)]
pub struct CallFunctionRequest {
    /// The function's name.
    pub name: String,
    /// The arguments, in order.
    pub arguments: Vec<DynamicValue>,
}

/// The result of a call, or the error that stopped it.
#[derive(Clone, Default)]
pub struct CallFunctionResponse {
    /// The result, of the signature's return type.
    pub result: Option<DynamicValue>,
    /// What went wrong.
    pub error: Option<FunctionError>,
}

/// An error of a function call: Terraform shows it at the argument it
/// names (`Invalid value for "sku" parameter: ...`), or for the whole call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionError {
    /// What went wrong.
    pub text: String,
    /// The index of the argument at fault, counting variadic arguments.
    pub argument: Option<usize>,
}

impl FunctionError {
    /// An error of the whole call.
    pub fn new(text: impl Into<String>) -> Self {
        FunctionError {
            text: text.into(),
            argument: None,
        }
    }

    /// An error of argument `index` (0 is the first).
    pub fn argument(index: usize, text: impl Into<String>) -> Self {
        FunctionError {
            text: text.into(),
            argument: Some(index),
        }
    }
}

impl std::fmt::Display for FunctionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.argument {
            Some(i) => write!(f, "argument {i}: {}", self.text),
            None => f.write_str(&self.text),
        }
    }
}

impl std::error::Error for FunctionError {}

impl CallFunctionResponse {
    /// A response with only `error`.
    pub fn from_error(error: FunctionError) -> Self {
        CallFunctionResponse {
            result: None,
            error: Some(error),
        }
    }
}

redacted_debug!(CallFunctionRequest { name } hides { arguments });
redacted_debug!(CallFunctionResponse { error } hides { result });

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_as_terraform_prints_it() {
        let mut tags = FunctionParameter::new("tags", Type::String);
        tags.description = "The \"tags\".".into();
        let mut separator = FunctionParameter::new("separator", Type::String);
        separator.allow_null = true;
        separator.allow_unknown = true;
        let mut f = FunctionSignature::new(vec![separator], Type::list(Type::String));
        f.variadic = Some(tags);
        f.summary = "Joins.".into();
        f.description = "Joins tags.".into();
        f.description_kind = StringKind::Markdown;
        assert_eq!(
            f.to_json(),
            r#"{"description":"Joins tags.","summary":"Joins.","return_type":["list","string"],"parameters":[{"name":"separator","is_nullable":true,"type":"string"}],"variadic_parameter":{"name":"tags","description":"The \"tags\".","type":"string"}}"#
        );
        let bare = FunctionSignature::new(Vec::new(), Type::Dynamic);
        assert_eq!(bare.to_json(), r#"{"return_type":"dynamic"}"#);
    }
}
