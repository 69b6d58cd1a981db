use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
struct Disk {
    size: Option<i64>,
}

#[derive(TfSchema, TfValue)]
#[tf(config_validators(conflicting("image", "disks[*].size")))]
struct Server {
    #[tf(conflicts_with = ["disks[*].size"])]
    image: Option<String>,
    #[tf(block)]
    disk: Vec<Disk>,
}

fn main() {}
