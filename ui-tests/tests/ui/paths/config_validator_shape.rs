use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
#[tf(config_validators(exactly_one_of("../image", "template"), at_least_one_of("image")))]
struct Server {
    image: Option<String>,
    template: Option<String>,
}

fn main() {}
