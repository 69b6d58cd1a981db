use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Login {
    #[tf(validate(prefer_write_only_attribute = "password_w"))]
    password: Option<String>,
    #[tf(validate(prefer_write_only_attribute = "token"))]
    token: Option<String>,
    #[tf(validate(prefer_write_only_attribute = "user"))]
    secret: Option<String>,
    #[tf(validate(warn(prefer_write_only_attribute = "password_wo")))]
    key: Option<String>,
    user: Option<String>,
    #[tf(write_only)]
    password_wo: Option<String>,
}

fn main() {}
