//! Sensitive attributes never show in `Debug`: the plan view always redacts
//! them, and `#[tf(debug)]` generates a redacting `Debug` for the struct.

use tfschema::{Sensitive, TfSchema, TfValue, Unknown};

#[derive(TfSchema, TfValue, Clone, PartialEq)]
#[tf(debug)]
struct Login {
    user: String,
    #[tf(sensitive)]
    password: Option<String>,
    token: Option<Sensitive<String>>,
    #[tf(skip)]
    attempts: u32,
}

#[test]
fn sensitive_attributes_are_redacted() {
    let login = Login {
        user: "admin".into(),
        password: Some("hunter2".into()),
        token: Some(Sensitive("s3cr3t".into())),
        attempts: 3,
    };
    let text = format!("{login:?}");
    assert_eq!(
        text,
        "Login { password: (sensitive), token: Some(Sensitive(***)), user: \"admin\", attempts: 3 }"
    );
    let plan = LoginPlan {
        user: Unknown::Known("admin".into()),
        password: Unknown::Known(Some("hunter2".into())),
        token: Unknown::Unknown,
    };
    let text = format!("{plan:?}");
    assert!(!text.contains("hunter2"), "{text}");
    assert!(text.contains("password: (sensitive)"), "{text}");
}
