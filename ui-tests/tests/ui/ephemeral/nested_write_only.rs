use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Login {
    user: String,
    #[tf(write_only)]
    password: Option<String>,
}

#[derive(TfSchema, TfValue)]
#[tf(ephemeral)]
struct Session {
    #[tf(nested)]
    login: Login,
}

fn main() {
    let _ = <Session as TfSchema>::block();
}
