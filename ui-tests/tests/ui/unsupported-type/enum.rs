use tfschema::{TfSchema, TfValue};

#[derive(TfSchema, TfValue)]
enum Protocol {
    Tcp,
    Udp,
}

// No follow-on errors where the enum is used: the derive leaves stub impls.
#[derive(TfSchema, TfValue)]
struct Listener {
    protocol: Protocol,
}

fn main() {}
