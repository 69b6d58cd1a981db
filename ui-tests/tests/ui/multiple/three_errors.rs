use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Resource {
    #[tf(required, optional)]
    name: Option<String>,
    #[tf(computed)]
    id: String,
    #[tf(rename = "Zone")]
    zone: Option<String>,
}

fn main() {
    // No follow-on errors: the stubs keep uses of the type compiling.
    let _ = tfschema::msgpack::to_vec(&Resource {
        name: None,
        id: String::new(),
        zone: None,
    });
    let _ = <Resource as tfschema::TfSchema>::schema();
}
