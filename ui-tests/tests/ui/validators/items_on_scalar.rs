use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Server {
    #[tf(validate(items(min = 1), unique))]
    name: String,
}

fn main() {}
