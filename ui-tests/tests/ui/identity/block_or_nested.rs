use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Parent {
    id: String,
}

#[derive(TfSchema, TfValue)]
#[tf(identity)]
struct TagIdentity {
    key: String,
    #[tf(block)]
    parent: Parent,
    #[tf(nested)]
    owner: Option<Parent>,
}

fn main() {}
