use tfschema::{Set, TfSchema, TfValue};

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Credential {
    #[tf(write_only)]
    password: Option<String>,
}

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block)]
    credential: Set<Credential>,
}

fn main() {
    let _ = <Resource as TfSchema>::block();
}
