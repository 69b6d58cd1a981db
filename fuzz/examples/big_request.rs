//! The memory a very large request costs the example provider served by
//! `GrpcProvider`: a `PlanResourceChange` of `inventory_item` of about `--mib` MiB (200 by
//! default; its configuration travels twice, as `config` and as
//! `proposed_new_state`), once as one long `description` and once as `tags`
//! of many 16-byte strings, then (at `--dense-kib`, 4096 by default) as `tags`
//! of 1-byte strings, the most elements a byte can buy, each sent through tonic's `ProviderServer` with the server's
//! message limit ([`MAX_MESSAGE_SIZE`]), then a request just over that
//! limit. Prints, per request, its size, the answer, and the peak of the
//! bytes allocated above what was live before the call (counted by a global
//! allocator), with its ratio to the request size, and at the end the
//! process's peak resident set (`VmHWM`).
//!
//! ```sh
//! cargo run --release --example big_request -- [--mib 200] [--dense-kib 4096]
//! ```

use peak_alloc::PeakAlloc;
use prost::Message;
use terraform_provider_inventory::{provider, Options};
use tfschema::server::proto::GrpcProvider;
use tfschema::server::proto::tfplugin6 as pb;
use tfschema::server::MAX_MESSAGE_SIZE;
use tfschema::{json, msgpack, Type};
use tfschema_fuzz::grpc::Server;

#[global_allocator]
static ALLOCATOR: PeakAlloc = PeakAlloc;

/// msgpack of the item's configuration: the attributes every item needs,
/// and `extra` (JSON members) once.
fn item_config(ty: &Type, extra: &str) -> Vec<u8> {
    let text = format!(
        r#"{{"name":"big","sku":"BIG-1","audit":{{"owner":"ops"}},
            "location":[{{"warehouse":"north"}}],"supplier":[],"variant":{{}},{extra}}}"#
    );
    let value = json::value_from_slice(text.as_bytes(), ty).expect("the configuration");
    msgpack::value_to_vec(&value, ty).expect("the configuration encodes")
}

/// `description` = one string of `bytes` bytes.
fn one_string(bytes: usize) -> String {
    format!(r#""description":"{}""#, "d".repeat(bytes))
}

/// `tags` = a list of `width`-byte strings adding up to about `bytes` of
/// msgpack.
fn many_strings(bytes: usize, width: usize) -> String {
    let count = bytes / (width + 1);
    let mut extra = String::with_capacity(count * 19 + 16);
    extra.push_str(r#""tags":["#);
    for i in 0..count {
        if i > 0 {
            extra.push(',');
        }
        let digits = format!("{i:016}");
        extra.push('"');
        extra.push_str(&digits[16 - width..]);
        extra.push('"');
    }
    extra.push(']');
    extra
}

fn main() {
    let mut mib = 200usize;
    let mut dense_kib = 4096usize;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--mib" => mib = args.next().and_then(|v| v.parse().ok()).expect("--mib N"),
            "--dense-kib" => {
                dense_kib = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--dense-kib N")
            }
            other => panic!("unknown argument {other}"),
        }
    }
    let mut server = Server::new();
    let ty = GrpcProvider::new(provider(Options::default()))
        .schema()
        .resources["inventory_item"]
        .block
        .implied_type();
    let bytes = mib << 20;
    println!("message limit: {} MiB", MAX_MESSAGE_SIZE >> 20);
    // What each element of a decoded collection costs at least.
    println!(
        "size of a Value: {} bytes (Type {}, Refinements {})",
        std::mem::size_of::<tfschema::Value>(),
        std::mem::size_of::<Type>(),
        std::mem::size_of::<tfschema::Refinements>()
    );
    println!("| request | size (MiB) | answer | peak allocated above before (MiB) | peak / size |");
    println!("|---|---|---|---|---|");
    for (shape, extra) in [
        // The configuration travels twice, as `config` and as
        // `proposed_new_state`: half the request each.
        ("one long string", one_string(bytes / 2)),
        ("tags: 16-byte strings", many_strings(bytes / 2, 16)),
        // The densest list there is, at `--dense-kib`: the cost per element
        // is what counts.
        (
            "tags: 1-byte strings",
            many_strings((dense_kib << 10) / 2, 1),
        ),
    ] {
        let config = pb::DynamicValue {
            msgpack: item_config(&ty, &extra),
            json: Vec::new(),
        };
        drop(extra);
        let plan = pb::plan_resource_change::Request {
            type_name: "inventory_item".into(),
            prior_state: Some(pb::DynamicValue {
                msgpack: vec![0xc0],
                json: Vec::new(),
            }),
            proposed_new_state: Some(config.clone()),
            config: Some(config),
            ..Default::default()
        }
        .encode_to_vec();
        run(
            &mut server,
            &format!("plan, {shape}"),
            "PlanResourceChange",
            &plan,
        );
    }
    // Just over the limit: refused before it is decoded.
    let over = MAX_MESSAGE_SIZE + 1;
    let message = pb::validate_resource_config::Request {
        type_name: "inventory_item".into(),
        config: Some(pb::DynamicValue {
            msgpack: item_config(&ty, &one_string(over)),
            json: Vec::new(),
        }),
        client_capabilities: None,
    }
    .encode_to_vec();
    run(
        &mut server,
        "validate, over the limit",
        "ValidateResourceConfig",
        &message,
    );
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    for line in status.lines().filter(|l| l.starts_with("VmHWM")) {
        println!("process peak resident set: {line}");
    }
}

fn run(server: &mut Server, what: &str, rpc: &str, message: &[u8]) {
    ALLOCATOR.reset_peak_usage();
    let base = ALLOCATOR.current_usage();
    let outcome = server.request(&format!("/tfplugin6.Provider/{rpc}"), message);
    let peak = ALLOCATOR.peak_usage().saturating_sub(base);
    let answer = if outcome.status.code() == tonic::Code::Ok {
        let diagnostics = if rpc == "PlanResourceChange" {
            outcome
                .first_message::<pb::plan_resource_change::Response>()
                .map(|r| r.diagnostics)
        } else {
            outcome
                .first_message::<pb::validate_resource_config::Response>()
                .map(|r| r.diagnostics)
        };
        let diagnostics: Vec<String> = diagnostics
            .unwrap_or_default()
            .iter()
            .map(|d| format!("{}: {}", d.summary, d.detail))
            .collect();
        format!(
            "OK, {} bytes, diagnostics: {diagnostics:?}",
            outcome.body.len()
        )
    } else {
        format!("{:?}: {}", outcome.status.code(), outcome.status.message())
    };
    println!(
        "| {what} | {:.3} | {answer} | {:.3} | {:.2} |",
        message.len() as f64 / f64::from(1 << 20),
        peak as f64 / f64::from(1 << 20),
        peak as f64 / message.len() as f64,
    );
}
