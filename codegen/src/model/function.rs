//! A provider-defined function's signature (Terraform 1.8+).

use super::ElementType;

/// A function: its name, descriptions, parameters and return type.
#[derive(Debug, Clone, PartialEq)]
pub struct Function {
    /// The Terraform name (`provider::<provider>::<name>`).
    pub name: String,
    /// The one-line summary.
    pub summary: String,
    /// The description.
    pub description: String,
    /// Set when the function is deprecated: what to use instead.
    pub deprecation_message: String,
    /// The positional parameters, in order.
    pub parameters: Vec<Parameter>,
    /// The trailing parameter that takes any number of arguments.
    pub variadic: Option<Parameter>,
    /// The type of the result.
    pub return_type: ElementType,
}

/// One parameter of a [`Function`].
#[derive(Debug, Clone, PartialEq)]
pub struct Parameter {
    /// The name Terraform shows in messages.
    pub name: String,
    /// The description.
    pub description: String,
    /// A null argument reaches the function.
    pub nullable: bool,
    /// The type.
    pub element_type: ElementType,
}
