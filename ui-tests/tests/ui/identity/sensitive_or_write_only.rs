use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
#[tf(identity)]
struct UserIdentity {
    name: String,
    #[tf(sensitive)]
    token: String,
    #[tf(write_only)]
    password: Option<String>,
}

fn main() {}
