use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Server {
    #[tf(conflicts_with = ["image"])]
    snapshot_id: Option<String>,
    image_id: Option<String>,
}

fn main() {}
