use tfschema::{TfSchema, TfValue, Unknown};

/// Optional and computed through the alias; the literal is checked by the
/// compiler against the type the alias stands for.
type Iops = Unknown<Option<i64>>;

#[derive(TfSchema, TfValue)]
struct Volume {
    #[tf(optional, computed, default = "many")]
    iops: Iops,
}

fn main() {}
