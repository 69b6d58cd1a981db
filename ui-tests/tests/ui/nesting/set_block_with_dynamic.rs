use tfschema::{Set, TfSchema, TfValue, Value};

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Tag {
    value: Value,
}

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block)]
    tag: Set<Tag>,
}

fn main() {
    let _ = <Resource as TfSchema>::block();
}
