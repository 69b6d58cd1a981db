use tfschema::{TfIdentity, TfSchema, TfValue};

/// A model without `#[tf(identity)]`.
#[derive(TfSchema, TfValue)]
struct ItemId {
    id: String,
}

fn identity_version<I: TfIdentity>() -> i64 {
    I::VERSION
}

fn main() {
    let _ = identity_version::<ItemId>();
}
