//! [`EphemeralSchema`]: the mark of a model struct declared
//! `#[tf(ephemeral)]`, which the typed layer's ephemeral resources require.

use crate::model::schema::TfSchema;

/// A model struct declared `#[tf(ephemeral)]`: the schema of an ephemeral
/// resource, which Terraform opens for one run and never plans or stores.
/// The derive refuses on it what only a plan or a state gives meaning to
/// (`write_only`, `requires_replace`, `use_state_for_unknown`, `default`,
/// `semantic_equal`, a schema `version`), in its blocks and nested
/// attributes too.
///
/// ```
/// use tfschema::{EphemeralSchema, TfSchema, TfValue, Unknown};
///
/// /// A short-lived API token.
/// #[derive(TfSchema, TfValue)]
/// #[tf(ephemeral)]
/// struct Token {
///     scope: String,
///     #[tf(computed, sensitive)]
///     token: Unknown<String>,
/// }
///
/// fn ephemeral<M: EphemeralSchema>() {}
/// ephemeral::<Token>();
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not declared as an ephemeral resource's model",
    label = "not `#[tf(ephemeral)]`",
    note = "add `#[tf(ephemeral)]` to the struct (beside `#[derive(TfSchema, TfValue)]`): the derive then checks that nothing in it needs a plan or a state"
)]
pub trait EphemeralSchema: TfSchema {}
