use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Credentials {
    user: String,
}

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block, sensitive)]
    credentials: Option<Credentials>,
}

fn main() {}
