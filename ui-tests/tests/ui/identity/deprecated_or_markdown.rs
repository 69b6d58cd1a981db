use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
#[tf(identity)]
struct ZoneIdentity {
    /// The zone's **name**.
    #[tf(markdown)]
    name: String,
    #[tf(deprecated = "use name")]
    zone_id: Option<String>,
}

fn main() {}
