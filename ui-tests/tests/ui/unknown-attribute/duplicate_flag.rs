use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(sensitive)]
    #[tf(sensitive)]
    password: String,
}

fn main() {}
