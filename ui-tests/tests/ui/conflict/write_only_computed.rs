use tfschema::{TfSchema, TfValue, Unknown};

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(write_only, optional, computed)]
    password: Unknown<Option<String>>,
}

fn main() {}
