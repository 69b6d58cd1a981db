use tfschema::TfValue;

#[derive(TfValue)]
struct Resource {
    name: String,
}

fn main() {}
