//! `provider::{{name}}::example(...)`: a provider-defined function
//! (Terraform 1.8+). A plain `fn`; `#[tfschema::function]` reads its
//! signature from the parameters and the return type, and its summary and
//! description from the doc comment.

use tfschema::server::typed::FunctionError;

/// Example function.
///
/// Echoes the given string as the result, refusing an empty one.
#[tfschema::function]
pub fn example(
    #[tf(description = "String to echo.")] input: &str,
) -> Result<String, FunctionError> {
    if input.is_empty() {
        // Terraform shows it as `Invalid value for "input" parameter: ...`.
        return Err(FunctionError::argument(0, "the input must not be empty"));
    }
    Ok(input.to_owned())
}
