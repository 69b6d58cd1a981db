use tfschema::{TfSchema, TfValue, Value};

#[derive(TfSchema, TfValue, Debug, Clone, PartialEq)]
struct Setting {
    value: Value,
}

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(block)]
    setting: Vec<Setting>,
}

fn main() {
    let _ = <Resource as TfSchema>::block();
}
