use tfschema::diag::Diagnostics;
use tfschema::{TfSchema, TfValue};

fn check(_: &BucketIdentityPlan) -> Diagnostics {
    Diagnostics::new()
}

#[derive(TfSchema, TfValue)]
#[tf(identity, validate_with = check)]
struct BucketIdentity {
    #[tf(validate(length(min = 3)))]
    name: String,
    #[tf(conflicts_with = ["name"])]
    arn: Option<String>,
}

fn main() {}
