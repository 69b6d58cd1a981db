//! How much memory a large `PlanResourceChange` costs the provider served by
//! `GrpcProvider`, counted by a global allocator (`peak_alloc`, as `fuzz/`
//! counts) as the peak of the bytes live above what was live before the
//! call:
//!
//! * a long string costs at most 1.75x the request's bytes (the goal is 4x;
//!   it costs 1.5x, and 3.0x when the encoder doubles its buffer around the
//!   string);
//! * a dense list costs at most 4x the request plus 128 bytes per element.
//!   It costs about 116: while planning, the configuration and the plan as
//!   `Value`s (57 bytes each with a 1-byte string); after, the model's
//!   views (25 each) and the plan's msgpack. A `Value` that held its
//!   refinements inline (128 bytes), or a planned `Value` kept beside the
//!   views, breaks the bound.
//!
//! One test only: the counter is global to this binary.

mod common;

use common::{msgpack_dv, served, TempDir};
use peak_alloc::PeakAlloc;
use prost::Message;
use tfschema::server::proto::tfplugin6 as pb;
use tfschema::server::proto::tfplugin6::provider_server::Provider as _;
use tfschema::{json, msgpack};
use tonic::Request;

#[global_allocator]
static ALLOCATOR: PeakAlloc = PeakAlloc;

/// A plan request creating an `inventory_item` whose configuration holds
/// `extra` (JSON members); the configuration travels twice, as `config` and
/// as `proposed_new_state`.
fn plan_request(extra: &str) -> pb::plan_resource_change::Request {
    let ty = tfschema::server::grpc::GrpcProvider::new(terraform_provider_inventory::provider(
        Default::default(),
    ))
    .schema()
    .resources["inventory_item"]
        .block
        .implied_type();
    let text = format!(
        r#"{{"name":"big","sku":"BIG-1","audit":{{"owner":"ops"}},
            "location":[{{"warehouse":"north"}}],"supplier":[],"variant":{{}},{extra}}}"#
    );
    let value = json::value_from_slice(text.as_bytes(), &ty).expect("the configuration");
    let config = msgpack_dv(msgpack::value_to_vec(&value, &ty).expect("encodes"));
    pb::plan_resource_change::Request {
        type_name: "inventory_item".into(),
        prior_state: Some(msgpack_dv(vec![0xc0])),
        proposed_new_state: Some(config.clone()),
        config: Some(config),
        ..Default::default()
    }
}

/// The peak bytes the plan allocates above what was live before it, and
/// the request's size.
async fn plan_peak(
    grpc: &common::Served,
    request: pb::plan_resource_change::Request,
) -> (usize, usize) {
    let size = request.encoded_len();
    ALLOCATOR.reset_peak_usage();
    let base = ALLOCATOR.current_usage();
    let answer = grpc
        .plan_resource_change(Request::new(request))
        .await
        .expect("answered")
        .into_inner();
    let peak = ALLOCATOR.peak_usage().saturating_sub(base);
    assert!(answer.diagnostics.is_empty(), "{:?}", answer.diagnostics);
    assert!(answer.planned_state.is_some());
    (peak, size)
}

#[tokio::test]
async fn a_large_plan_costs_a_bounded_multiple_of_its_request() {
    let dir = TempDir::new();
    let grpc = served(&dir).await;

    // One string of 4 MiB, twice in the request.
    let long = format!(r#""description":"{}""#, "d".repeat(4 << 20));
    let (peak, size) = plan_peak(&grpc, plan_request(&long)).await;
    drop(long);
    assert!(peak <= size * 7 / 4, "peak {peak} for a request of {size}");

    // 100,000 one-byte tags, twice in the request.
    let elements = 100_000;
    let tags: Vec<String> = (0..elements).map(|i| format!("\"{}\"", i % 10)).collect();
    let dense = format!(r#""tags":[{}]"#, tags.join(","));
    drop(tags);
    let (peak, size) = plan_peak(&grpc, plan_request(&dense)).await;
    assert!(
        peak <= 4 * size + 128 * elements,
        "peak {peak} for a request of {size} with {elements} elements"
    );
}
