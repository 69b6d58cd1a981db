//! What the derive generates is documented as the model is: a crate with
//! `#![deny(missing_docs)]` compiles with public derived models (the plan
//! view struct `<Name>Plan` carries the fields' doc comments).
#![deny(missing_docs)]

use tfschema::{TfSchema, TfValue, Unknown};

/// A documented model.
#[derive(TfSchema, TfValue, Debug)]
pub struct Documented {
    /// The name.
    pub name: String,
    /// Set by the provider.
    #[tf(computed)]
    pub id: Unknown<String>,
}

#[test]
fn the_plan_view_keeps_the_field_docs() {
    // Compiling this file is the check; the docs also reach the schema.
    let block = Documented::block();
    let described: Vec<(&str, &str)> = block
        .attributes
        .iter()
        .map(|a| (a.name.as_str(), a.description.as_str()))
        .collect();
    assert_eq!(
        described,
        [("id", "Set by the provider."), ("name", "The name.")]
    );
    let view = DocumentedPlan {
        name: Unknown::Known("n".into()),
        id: Unknown::Known(None),
    };
    assert!(format!("{view:?}").contains("DocumentedPlan"));
}
