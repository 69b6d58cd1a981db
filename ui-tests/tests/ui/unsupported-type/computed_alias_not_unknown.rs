use tfschema::{TfSchema, TfValue};

type Zone = Option<String>;

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(optional, computed)]
    zone: Zone,
}

fn main() {}
