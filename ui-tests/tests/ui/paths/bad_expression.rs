use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Server {
    #[tf(conflicts_with = ["image/id"])]
    snapshot_id: Option<String>,
    #[tf(exactly_one_of = ["[*].name"])]
    image_id: Option<String>,
    #[tf(required_with = ["disk[one]"])]
    zone: Option<String>,
}

fn main() {}
