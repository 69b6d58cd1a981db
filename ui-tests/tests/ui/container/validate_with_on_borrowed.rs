use tfschema::{diag::Diagnostics, TfSchema, TfValue};

fn check(_: &NamePlan<'_>) -> Diagnostics {
    Diagnostics::new()
}

#[derive(TfSchema, TfValue)]
#[tf(validate_with = check)]
struct Name<'a> {
    value: &'a str,
}

fn main() {}
