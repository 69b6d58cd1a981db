use tfschema::{TfSchema, TfValue, Unknown};

#[derive(TfSchema, TfValue)]
struct Disk {
    #[tf(computed)]
    size_gb: Unknown<i64>,
}

#[derive(TfSchema, TfValue)]
struct Machine {
    // Terraform refuses a computed group block, ...
    #[tf(block, nesting = "group", computed)]
    boot: Disk,
    // ... a computed single block that must appear (not an Option), ...
    #[tf(block, computed)]
    root: Disk,
    // ... and a computed list block with min_items.
    #[tf(block, computed, min_items = 1)]
    data: Vec<Disk>,
}

fn main() {}
