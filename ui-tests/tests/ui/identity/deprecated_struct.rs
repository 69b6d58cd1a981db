use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
#[tf(identity, deprecated = "use the zone's new identity")]
struct ZoneIdentity {
    name: String,
}

fn main() {}
